/**
 * The seam of `body-format`: the formatter of message bodies, when the element asks for one. The Markdown
 * subset's code (`internal/markdown.ts`) is its own chunk, loaded with `import()` the first time an element
 * sets `body-format="markdown"`; until it is there (a moment), bodies show as plain text, then the element
 * renders again. An element without `body-format` never loads it.
 */
import type { ReactiveControllerHost } from 'lit';
import type { BodyFormatter } from './inbox-message.js';

/** How message bodies are read: `text` (default, shown as they are) or `markdown` (a small, safe subset). */
export type NotifBodyFormat = 'text' | 'markdown';

let formatter: BodyFormatter | undefined;
let loading: Promise<unknown> | undefined;
const waiting = new Set<ReactiveControllerHost>();

/** Starts loading the Markdown renderer (once); resolves when it is ready (or failed: bodies stay plain). */
export function loadMarkdown(): Promise<unknown> {
  return (loading ??= import('../../internal/markdown.js').then(
    ({ renderMarkdown }) => {
      formatter = (text, focusable) => renderMarkdown(text, { focusable });
    },
    (error: unknown) => console.error('notif-elements: the Markdown renderer could not be loaded.', error),
  ));
}

/**
 * The formatter for `format`, or `undefined` for plain text: when `format` is not `markdown`, or while its
 * module loads (`host` renders again once it is there).
 */
export function bodyFormatter(host: ReactiveControllerHost, format: unknown): BodyFormatter | undefined {
  if (format !== 'markdown') return undefined;
  if (formatter) return formatter;
  if (!waiting.has(host)) {
    waiting.add(host);
    void loadMarkdown().then(() => {
      waiting.delete(host);
      host.requestUpdate();
    });
  }
  return undefined;
}
