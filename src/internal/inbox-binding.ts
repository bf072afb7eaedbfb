/**
 * Binds an element to an inbox store: one `StoreController` per atom the elements render, and the store's
 * new-message listener, all moved together when the element's store changes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../client/types.js';
import type {
  InboxActionError,
  InboxCounts,
  InboxStatus,
  InboxStore,
  ListOperation,
} from '../store/inbox.js';
import { StoreController } from './store-controller.js';

export class InboxBinding implements ReactiveController {
  readonly messages: StoreController<readonly Message[]>;
  readonly status: StoreController<InboxStatus>;
  readonly loaded: StoreController<boolean>;
  readonly hasMore: StoreController<boolean>;
  readonly counts: StoreController<InboxCounts>;
  readonly actionError: StoreController<InboxActionError | null>;
  readonly #onNewMessages: (messages: readonly Message[]) => void;
  readonly #onListError: ((error: unknown, operation: ListOperation) => void) | undefined;
  #bound?: InboxStore;
  #connected = false;
  #stopListening?: () => void;

  /** `onListError` hears each failed list request (not the background polls, which stay quiet). */
  constructor(
    host: ReactiveControllerHost,
    onNewMessages: (messages: readonly Message[]) => void,
    onListError?: (error: unknown, operation: ListOperation) => void,
  ) {
    this.messages = new StoreController(host);
    this.status = new StoreController(host);
    this.loaded = new StoreController(host);
    this.hasMore = new StoreController(host);
    this.counts = new StoreController(host);
    this.actionError = new StoreController(host);
    this.#onNewMessages = onNewMessages;
    this.#onListError = onListError;
    host.addController(this);
  }

  /** Follows `store` (call it before every render); nothing happens when it is the bound one. */
  bind(store: InboxStore | undefined): void {
    if (store === this.#bound) return;
    this.#stop();
    this.#bound = store;
    this.messages.store = store?.$messages;
    this.status.store = store?.$status;
    this.loaded.store = store?.$loaded;
    this.hasMore.store = store?.$hasMore;
    this.counts.store = store?.$counts;
    this.actionError.store = store?.$actionError;
    if (this.#connected) this.#listen();
  }

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
    const stopNew = store.onNewMessages(this.#onNewMessages);
    const report = this.#onListError;
    const stopStatus =
      report &&
      store.$status.listen((status) => {
        if (status.state === 'error') report(status.error, status.operation);
      });
    this.#stopListening = () => {
      stopNew();
      stopStatus?.();
    };
  }

  #stop(): void {
    this.#stopListening?.();
    this.#stopListening = undefined;
  }
}
