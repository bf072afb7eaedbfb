/**
 * Formatted message bodies (`body-format="markdown"`): a small subset of Markdown turned into Lit templates.
 * Never into HTML: the body is read character by character into a tree of a few node kinds, and each node is
 * rendered through a fixed template whose only holes are text bindings and a link's `href`, which passes
 * `safeUrl` (http, https or relative) or the link shows as its text. Angle brackets, entities and everything
 * outside the subset are literal text.
 *
 * The subset (see docs/formatted-bodies.md):
 * - `*emphasis*` or `_emphasis_`, `**strong**` or `__strong__`, `` `inline code` ``;
 * - `[text](https://…)` links (the URL without spaces, with at most one pair of parentheses);
 * - a line break ends a line; a blank line starts a new paragraph;
 * - lines starting with `- `, `* ` or `+ ` make a bulleted list, with `1. ` or `1) ` a numbered one;
 * - `\` before one of ``\`*_[]()`` shows that character as it is.
 *
 * Bounded work on hostile input: every search for a closing delimiter remembers its answer, so no character
 * is searched past more than once per delimiter and nesting level, and nesting stops at `MAX_DEPTH`: the
 * work is linear in the length of the body (no regular expression can backtrack).
 *
 * Loaded with `import()` only when an element's `body-format` is `markdown`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { safeUrl } from './safe-url.js';

/** A piece of a formatted body. */
export type InlineNode =
  | string
  | { kind: 'br' }
  | { kind: 'strong' | 'em'; children: InlineNode[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string | undefined; children: InlineNode[] };

export type BlockNode =
  { kind: 'p'; children: InlineNode[] } | { kind: 'ul' | 'ol'; start: number; items: InlineNode[][] };

/** Emphasis inside a link inside strong... deeper than this shows as text. */
const MAX_DEPTH = 4;
/** Characters a backslash escapes. */
const ESCAPABLE = new Set(['\\', '`', '*', '_', '[', ']', '(', ')', '#', '-', '+', '.', '!']);

/**
 * First index of `token` at or after `from`, remembering the answer: a later search from a position up to
 * that answer gets it without scanning again. Searches move forward as the parser does, so each token's
 * scans cover the text about once.
 */
class Finder {
  readonly #text: string;
  readonly #cache = new Map<string, { from: number; at: number }>();
  constructor(text: string) {
    this.#text = text;
  }
  find(token: string, from: number): number {
    const hit = this.#cache.get(token);
    if (hit && from >= hit.from && (hit.at === -1 || from <= hit.at)) return hit.at;
    const at = this.#text.indexOf(token, from);
    this.#cache.set(token, { from, at });
    return at;
  }
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n';
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Reads the inline formatting of `text[start, end)`. */
function parseInline(
  text: string,
  start: number,
  end: number,
  finder: Finder,
  depth: number,
  inLink: boolean,
): InlineNode[] {
  const out: InlineNode[] = [];
  let literal = '';
  const flush = () => {
    if (literal) out.push(literal);
    literal = '';
  };
  let i = start;
  while (i < end) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < end && ESCAPABLE.has(text[i + 1]!)) {
      literal += text[i + 1];
      i += 2;
      continue;
    }
    if (char === '\n') {
      flush();
      out.push({ kind: 'br' });
      i++;
      continue;
    }
    if (char === '`') {
      const close = finder.find('`', i + 1);
      if (close !== -1 && close < end && close > i + 1) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
    } else if ((char === '*' || char === '_') && depth < MAX_DEPTH) {
      const found = emphasis(text, i, end, finder);
      if (found) {
        flush();
        out.push({
          kind: found.kind,
          children: parseInline(text, found.inner, found.innerEnd, finder, depth + 1, inLink),
        });
        i = found.next;
        continue;
      }
    } else if (char === '[' && !inLink && depth < MAX_DEPTH) {
      const found = link(text, i, end, finder);
      if (found) {
        flush();
        out.push({
          kind: 'link',
          href: safeUrl(found.url),
          children: parseInline(text, i + 1, found.textEnd, finder, depth + 1, true),
        });
        i = found.next;
        continue;
      }
    }
    literal += char;
    i++;
  }
  flush();
  return out;
}

/** `**strong**`, `__strong__`, `*em*` or `_em_` opening at `i`, when it closes before `end`. */
function emphasis(
  text: string,
  i: number,
  end: number,
  finder: Finder,
): { kind: 'strong' | 'em'; inner: number; innerEnd: number; next: number } | undefined {
  const char = text[i]!;
  // `_` inside a word (snake_case) is a letter, not emphasis.
  if (char === '_' && isWordChar(text[i - 1])) return undefined;
  const double = text[i + 1] === char;
  const delimiter = double ? char + char : char;
  const inner = i + delimiter.length;
  if (inner >= end || isSpace(text[inner]) || text[inner] === char) return undefined;
  const close = finder.find(delimiter, inner);
  if (close === -1 || close + delimiter.length > end || isSpace(text[close - 1])) return undefined;
  if (char === '_' && isWordChar(text[close + delimiter.length])) return undefined;
  return { kind: double ? 'strong' : 'em', inner, innerEnd: close, next: close + delimiter.length };
}

/** `[text](url)` opening at `i`: the first `]` must be followed by `(`, and the URL holds no space. */
function link(
  text: string,
  i: number,
  end: number,
  finder: Finder,
): { textEnd: number; url: string; next: number } | undefined {
  const textEnd = finder.find(']', i + 1);
  if (textEnd === -1 || textEnd === i + 1 || textEnd + 1 >= end || text[textEnd + 1] !== '(')
    return undefined;
  let close = finder.find(')', textEnd + 2);
  // One pair of parentheses inside the URL (`https://w.org/A_(b)`): the `)` after the first one closes.
  const open = finder.find('(', textEnd + 2);
  if (close !== -1 && open !== -1 && open < close) close = finder.find(')', close + 1);
  if (close === -1 || close >= end) return undefined;
  // No space nor line break in the URL: the next one (remembered as the others) must come after `)`.
  const space = Math.min(
    ...[' ', '\n', '\t'].map((s) => {
      const at = finder.find(s, textEnd + 2);
      return at === -1 ? Infinity : at;
    }),
  );
  if (space < close) return undefined;
  return { textEnd, url: text.slice(textEnd + 2, close), next: close + 1 };
}

/** A list item's marker at the start of `line`: its kind, number and where its text starts. */
function listMarker(line: string): { kind: 'ul' | 'ol'; start: number; text: number } | undefined {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  const char = line[i];
  if ((char === '-' || char === '*' || char === '+') && (line[i + 1] === ' ' || line[i + 1] === '\t')) {
    return { kind: 'ul', start: 1, text: i + 2 };
  }
  let digits = 0;
  while (digits < 9 && line[i + digits]! >= '0' && line[i + digits]! <= '9') digits++;
  if (digits === 0) return undefined;
  const after = line[i + digits];
  if ((after === '.' || after === ')') && (line[i + digits + 1] === ' ' || line[i + digits + 1] === '\t')) {
    return { kind: 'ol', start: Number(line.slice(i, i + digits)), text: i + digits + 2 };
  }
  return undefined;
}

/** Reads a body into paragraphs and lists. */
export function parseMarkdown(source: string): BlockNode[] {
  const text = source.replace(/\r\n?/g, '\n');
  const finder = new Finder(text);
  const blocks: BlockNode[] = [];
  let paragraph: [number, number] | undefined;
  let list: { kind: 'ul' | 'ol'; start: number; items: InlineNode[][] } | undefined;
  const endParagraph = () => {
    if (paragraph) blocks.push({ kind: 'p', children: parseInline(text, ...paragraph, finder, 0, false) });
    paragraph = undefined;
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = undefined;
  };
  let at = 0;
  while (at <= text.length) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(at, lineEnd);
    if (line.trim() === '') {
      endParagraph();
      endList();
    } else {
      const marker = listMarker(line);
      if (marker) {
        endParagraph();
        if (list && list.kind !== marker.kind) endList();
        list ??= { kind: marker.kind, start: marker.start, items: [] };
        list.items.push(parseInline(text, at + marker.text, lineEnd, finder, 0, false));
      } else {
        endList();
        // Lines of one paragraph keep their breaks: the paragraph runs to this line's end.
        paragraph = paragraph ? [paragraph[0], lineEnd] : [at, lineEnd];
      }
    }
    if (newline === -1) break;
    at = newline + 1;
  }
  endParagraph();
  endList();
  return blocks;
}

/** Options of {@link renderMarkdown}. */
export interface MarkdownRenderOptions {
  /** Whether the row holds the roving focus: its links are in the tab order only then. */
  focusable: boolean;
}

function renderInline(nodes: InlineNode[], options: MarkdownRenderOptions): unknown[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    switch (node.kind) {
      case 'br':
        return html`<br />`;
      case 'strong':
        return html`<strong>${renderInline(node.children, options)}</strong>`;
      case 'em':
        return html`<em>${renderInline(node.children, options)}</em>`;
      case 'code':
        return html`<code part="body-code">${node.text}</code>`;
      case 'link':
        // An unsafe URL: the link's text only, no `<a>`.
        return node.href
          ? html`<a
              part="body-link"
              href=${node.href}
              rel="noopener noreferrer nofollow"
              referrerpolicy="no-referrer"
              tabindex=${options.focusable ? 0 : -1}
              >${renderInline(node.children, options)}</a
            >`
          : renderInline(node.children, options);
    }
  });
}

/** A body in the subset, as a Lit template: paragraphs and lists in a `<div class="md">`. */
export function renderMarkdown(source: string, options: MarkdownRenderOptions): TemplateResult {
  const blocks = parseMarkdown(source);
  return html`<div class="md">
    ${blocks.map((block) =>
      block.kind === 'p'
        ? html`<p>${renderInline(block.children, options)}</p>`
        : block.kind === 'ul'
          ? html`<ul>
              ${block.items.map((item) => html`<li>${renderInline(item, options)}</li>`)}
            </ul>`
          : html`<ol start=${block.start === 1 ? nothing : block.start}>
              ${block.items.map((item) => html`<li>${renderInline(item, options)}</li>`)}
            </ol>`,
    )}
  </div>`;
}

/** The text of a body in the subset, without its marks (for names and descriptions). */
export function markdownText(source: string): string {
  const text = (nodes: InlineNode[]): string =>
    nodes
      .map((node) =>
        typeof node === 'string'
          ? node
          : node.kind === 'br'
            ? ' '
            : node.kind === 'code'
              ? node.text
              : text(node.children),
      )
      .join('');
  return parseMarkdown(source)
    .map((block) => (block.kind === 'p' ? text(block.children) : block.items.map(text).join(' ')))
    .join(' ');
}
