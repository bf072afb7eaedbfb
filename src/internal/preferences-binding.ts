/**
 * Binds `<notif-preferences>` to a preferences store: its atoms, and its save and load listeners. The store
 * is resolved and followed by `StoreBinding`.
 */
import type { ReactiveControllerHost } from 'lit';
import type { SubscriberPreferences, UpdatePreferencesBody } from '../client/types.js';
import type { PreferencesStatus, PreferencesStore } from '../store/preferences.js';
import { StoreBinding } from './store-binding.js';

export interface PreferencesListeners {
  saved(preferences: SubscriberPreferences, change: UpdatePreferencesBody): void;
  failed(error: unknown): void;
  status(status: PreferencesStatus): void;
}

export class PreferencesBinding extends StoreBinding<PreferencesStore> {
  readonly preferences = this.atom((store) => store.$preferences);
  readonly status = this.atom((store) => store.$status);
  readonly pending = this.atom((store) => store.$pending);
  readonly saving = this.atom((store) => store.$saving);
  readonly saveError = this.atom((store) => store.$saveError);
  readonly #on: PreferencesListeners;

  constructor(
    host: ReactiveControllerHost,
    resolve: () => PreferencesStore | undefined,
    on: PreferencesListeners,
  ) {
    super(host, resolve);
    this.#on = on;
    host.addController(this);
  }

  protected listen(store: PreferencesStore): () => void {
    const on = this.#on;
    const stops = [store.onSaved(on.saved), store.onError(on.failed), store.$status.listen(on.status)];
    return () => stops.forEach((stop) => stop());
  }
}
