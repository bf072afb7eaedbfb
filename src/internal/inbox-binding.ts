/**
 * Binds an element to an inbox store (the bell, the inbox, the toast): its atoms and its new-message
 * listener. The store is resolved and followed by `StoreBinding`.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Message } from '../client/types.js';
import type { InboxStore, ListOperation } from '../store/inbox.js';
import { StoreBinding } from './store-binding.js';

export class InboxBinding extends StoreBinding<InboxStore> {
  readonly messages = this.atom((store) => store.$messages);
  readonly status = this.atom((store) => store.$status);
  readonly loaded = this.atom((store) => store.$loaded);
  readonly hasMore = this.atom((store) => store.$hasMore);
  readonly counts = this.atom((store) => store.$counts);
  readonly actionError = this.atom((store) => store.$actionError);
  readonly #onNewMessages: (messages: readonly Message[]) => void;
  readonly #onListError: ((error: unknown, operation: ListOperation) => void) | undefined;

  /** `onListError` hears each failed list request (not the background polls, which stay quiet). */
  constructor(
    host: ReactiveControllerHost,
    resolve: () => InboxStore | undefined,
    onNewMessages: (messages: readonly Message[]) => void,
    onListError?: (error: unknown, operation: ListOperation) => void,
  ) {
    super(host, resolve);
    this.#onNewMessages = onNewMessages;
    this.#onListError = onListError;
    host.addController(this);
  }

  protected listen(store: InboxStore): () => void {
    const stopNew = store.onNewMessages(this.#onNewMessages);
    const report = this.#onListError;
    const stopStatus =
      report &&
      store.$status.listen((status) => {
        if (status.state === 'error') report(status.error, status.operation);
      });
    return () => {
      stopNew();
      stopStatus?.();
    };
  }
}
