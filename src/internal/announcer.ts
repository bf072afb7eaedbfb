/**
 * A polite live region for an element: `announce(text)` puts the text in it for a while, so screen readers
 * read it once without moving focus.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

export class Announcer implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #clearAfterMs: number;
  #text = '';
  #timer?: ReturnType<typeof setTimeout>;

  constructor(host: ReactiveControllerHost, clearAfterMs = 7000) {
    this.#host = host;
    this.#clearAfterMs = clearAfterMs;
    host.addController(this);
  }

  /** Announces `text`. The region is emptied first, so the same text twice in a row is read twice. */
  announce(text: string): void {
    this.#set('');
    void this.#host.updateComplete.then(() => this.#set(text));
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#set(''), this.#clearAfterMs);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
    this.#text = '';
  }

  /** The live region; render it once, anywhere in the shadow root. */
  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      ${this.#text}
    </div>`;
  }

  #set(text: string) {
    if (text === this.#text) return;
    this.#text = text;
    this.#host.requestUpdate();
  }
}
