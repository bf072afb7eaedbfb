/**
 * Binds an element to the store it shows: resolves the active store (`.store`, else the one of its
 * connection; none on the server), follows it with one `StoreController` per atom the element renders, and
 * holds the store's listeners while the element is connected, all moved together when the store changes.
 * One base for every element: `InboxBinding` (bell, inbox, toast) and `PreferencesBinding` (preferences)
 * only name their atoms and listeners.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';
import { StoreController } from './store-controller.js';

export abstract class StoreBinding<S extends object> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #resolve: () => S | undefined;
  /** The atoms' controllers, with how each reads its atom from a store. */
  readonly #atoms: [StoreController<unknown>, (store: S) => ReadableAtom<unknown>][] = [];
  #bound?: S;
  #connected = false;
  #stopListening?: () => void;

  /**
   * `resolve` gives the active store: see `NotifElement.storeSource`. A subclass calls
   * `host.addController(this)` at the end of its constructor, after its atoms: the atoms are then followed
   * before the listeners start, and left after they stop.
   */
  constructor(host: ReactiveControllerHost, resolve: () => S | undefined) {
    this.#host = host;
    this.#resolve = resolve;
  }

  /** The store the element uses now (resolved afresh: a `.store` set a moment ago counts). */
  get active(): S | undefined {
    return this.#resolve();
  }

  /** The store bound by the last `bind()`. */
  get bound(): S | undefined {
    return this.#bound;
  }

  /**
   * Follows the active store: call it in `willUpdate`, before the values are read. Nothing happens when it
   * is the bound one; returns the store it replaced when it moved from one store to another.
   */
  bind(): S | undefined {
    const store = this.#resolve();
    const previous = this.#bound;
    if (store === previous) return undefined;
    this.#stop();
    this.#bound = store;
    for (const [controller, atomOf] of this.#atoms) controller.store = store && atomOf(store);
    if (this.#connected) this.#listen();
    return previous;
  }

  /** A controller of the atom `atomOf` reads from the bound store; `value` is `undefined` without one. */
  protected atom<T>(atomOf: (store: S) => ReadableAtom<T>): StoreController<T> {
    const controller = new StoreController<T>(this.#host);
    this.#atoms.push([controller as StoreController<unknown>, atomOf]);
    return controller;
  }

  /** Starts the store's listeners (held only while the element is connected); returns what stops them. */
  protected abstract listen(store: S): () => void;

  hostConnected(): void {
    this.#connected = true;
    this.#listen();
  }

  hostDisconnected(): void {
    // An update may still run after this (one was pending): `bind` then listens only once reconnected, or a
    // store that outlives the element would keep it, and call it, forever.
    this.#connected = false;
    this.#stop();
  }

  #listen(): void {
    const store = this.#bound;
    if (this.#stopListening || !store) return;
    this.#stopListening = this.listen(store);
  }

  #stop(): void {
    this.#stopListening?.();
    this.#stopListening = undefined;
  }
}
