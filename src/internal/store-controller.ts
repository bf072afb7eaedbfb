import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Renders a Lit element from a nanostores store: subscribes while the element is connected (so the store
 * starts its work, `onMount`, only while shown), unsubscribes when it is disconnected, and requests an
 * update of the element on every change.
 *
 * ```ts
 * private readonly inbox = new StoreController(this, createInboxStore(client));
 * render() { return html`${this.inbox.value.unreadCount}`; }
 * ```
 *
 * The store can be given later or swapped (`controller.store = other`), for example when the element is
 * given another client: the old one is left, the new one followed, and the element updated. Without a
 * store, `value` is `undefined`.
 */
export class StoreController<T> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #store: ReadableAtom<T> | undefined;
  #unsubscribe: (() => void) | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, store?: ReadableAtom<T>) {
    this.#host = host;
    this.#store = store;
    host.addController(this);
  }

  /** The store's current value, `undefined` without a store. */
  get value(): T | undefined {
    return this.#store?.get();
  }

  /** The store followed. Setting another one leaves the old one and follows the new one if connected. */
  get store(): ReadableAtom<T> | undefined {
    return this.#store;
  }

  set store(store: ReadableAtom<T> | undefined) {
    if (store === this.#store) return;
    this.#leave();
    this.#store = store;
    if (this.#connected) this.#follow();
    this.#host.requestUpdate();
  }

  /** Whether the controller currently listens to its store. */
  get listening(): boolean {
    return this.#unsubscribe !== undefined;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#follow();
    // The value may have changed while the element was away.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#leave();
  }

  #follow(): void {
    if (this.#unsubscribe || !this.#store) return;
    this.#unsubscribe = this.#store.listen(() => this.#host.requestUpdate());
  }

  #leave(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
