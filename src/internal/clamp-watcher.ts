/**
 * Tells which message bodies overflow their clamped lines, so only those offer "Show more". One
 * `ResizeObserver` for the whole list; each row gets a `ref` callback of its own (by message id), which
 * starts watching its body when the row renders and stops when it goes, so rows that a virtualized list
 * drops are not kept alive.
 */
const ATTRIBUTE = 'data-clamped';

export class ClampWatcher {
  private observer?: ResizeObserver;
  private readonly callbacks = new Map<
    string,
    { ref: (element: Element | undefined) => void; on?: Element }
  >();

  /** The `ref` callback for the body of the message `key`. */
  for(key: string): (element: Element | undefined) => void {
    let entry = this.callbacks.get(key);
    if (!entry) {
      const created: { ref: (element: Element | undefined) => void; on?: Element } = {
        ref: (element) => {
          if (created.on === element) return;
          if (created.on) this.observer?.unobserve(created.on);
          created.on = element;
          if (element) this.observe(element);
        },
      };
      entry = created;
      this.callbacks.set(key, entry);
      if (this.callbacks.size > 500) this.prune();
    }
    return entry.ref;
  }

  /** Stops watching everything (the element left the page). */
  disconnect(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.callbacks.clear();
  }

  private observe(element: Element) {
    this.observer ??= new ResizeObserver((entries) => {
      for (const { target } of entries) {
        const clamped = target.scrollHeight > target.clientHeight + 1;
        target.closest('article')?.toggleAttribute(ATTRIBUTE, clamped);
      }
    });
    this.observer.observe(element);
  }

  /** Forgets the callbacks of rows that are not rendered (a new one is made if they come back). */
  private prune() {
    for (const [key, entry] of this.callbacks) if (!entry.on) this.callbacks.delete(key);
  }
}
