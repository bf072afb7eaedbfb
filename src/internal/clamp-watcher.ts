/**
 * Tells which message bodies overflow their clamped lines, so only those offer "Show more". One
 * `ResizeObserver` for the whole list; each row's body hands itself over through `clampWatch` as it renders
 * (by message id), and the bodies that left the page are let go at the list's next update, so rows that a
 * virtualized list drops are not kept alive. Rows are keyed by message (`repeat`, `virtualize`), so a body
 * element belongs to one message for its whole life.
 */
import { nothing } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';

const ATTRIBUTE = 'data-clamped';

/** Hands the element it is bound to over to `callback` at each render: `<div ${clampWatch(callback)}>`. */
class ElementCallback extends Directive {
  render(_callback: (element: Element) => void) {
    return nothing;
  }

  override update(part: ElementPart, [callback]: [(element: Element) => void]) {
    callback(part.element);
    return nothing;
  }
}

/**
 * Binds the body of a message to the callback that `ClampWatcher.for` gave for it. Not Lit's `ref`: its
 * disconnection tracking costs 0.6 KB gzip that `ClampWatcher.sweep` does without.
 */
export const clampWatch = directive(ElementCallback);

export class ClampWatcher {
  #observer?: ResizeObserver;
  readonly #watched = new Map<string, { callback: (element: Element) => void; on?: Element }>();

  /** The callback for the body of the message `key`, to bind with `clampWatch`. */
  for(key: string): (element: Element) => void {
    let entry = this.#watched.get(key);
    if (!entry) {
      const created: { callback: (element: Element) => void; on?: Element } = {
        callback: (element) => {
          if (created.on === element) return;
          if (created.on) this.#observer?.unobserve(created.on);
          created.on = element;
          this.#observe(element);
        },
      };
      entry = created;
      if (this.#watched.size >= 500) this.sweep();
      this.#watched.set(key, entry);
    }
    return entry.callback;
  }

  /** Lets go of the bodies no longer on the page and forgets their callbacks. */
  sweep(): void {
    for (const [key, entry] of this.#watched) {
      if (entry.on?.isConnected) continue;
      if (entry.on) this.#observer?.unobserve(entry.on);
      this.#watched.delete(key);
    }
  }

  /** Stops watching everything (the element left the page). */
  disconnect(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#watched.clear();
  }

  #observe(element: Element) {
    this.#observer ??= new ResizeObserver((entries) => {
      for (const { target } of entries) {
        const clamped = target.scrollHeight > target.clientHeight + 1;
        target.closest('article')?.toggleAttribute(ATTRIBUTE, clamped);
      }
    });
    this.#observer.observe(element);
  }
}
