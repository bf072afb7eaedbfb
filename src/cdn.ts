/**
 * Entry of the self-contained bundle (`dist/cdn/notif-elements.js`, named by the `unpkg` and `jsdelivr`
 * fields of package.json), Lit and nanostores included, for a plain `<script type="module" src="...">`.
 *
 * Light at first paint (issue 24): it defines every element, but carries the code of only the provider and
 * the bell's button and count. `<notif-inbox>`, `<notif-preferences>` and `<notif-toast>` are defined on
 * demand: their code is a chunk beside this file, loaded the first time one is in the document (wait for one
 * with `customElements.whenDefined('notif-inbox')`, or load it at once with `loadElement`). The bell's panel
 * loads its own chunk when the page is idle after the count shows, or at the first hover, focus or click.
 *
 * It exports the light part of the public API (the client, the stores' types, events, i18n, context). The
 * whole API as `notif-elements` exports it, heavy parts included (`NotifInbox`, `NotifPreferences`,
 * `INBOX_VIEWS`, `DENSITIES`, `NOTIF_ICON_NAMES`, `createInboxStore`, `inboxOf`, `createPreferencesStore` and
 * the schedule helpers, `en`), is one `await loadApi()` away (a chunk beside this file,
 * which loads every element's code), and one element's class is `await loadElement('notif-inbox')`.
 */
// First: it asks for the chunks of the elements already in the page (and an inbox's first page) before
// the rest of this file (Lit, the provider, the bell) has run.
import './internal/elements-on-demand.js';
import './components/provider/provider.js';
import './components/bell/bell.js';

export { loadElement } from './internal/define-on-demand.js';

/**
 * The whole public API of `notif-elements`, heavy element classes included: loads the code of every
 * element (a chunk beside this file).
 *
 * @example
 * const { NotifInbox, INBOX_VIEWS } = await loadApi();
 */
export function loadApi(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}
export { NotifProvider } from './components/provider/provider.component.js';
export { NotifBell, BELL_BADGES, type BellBadge } from './components/bell/bell.component.js';
export type { InboxView, NotifDensity } from './components/inbox/inbox.component.js';
export type { NotifIconName, NotifIcons } from './internal/icons.js';
export type {
  NotifRowContext,
  RenderHook,
  RenderHookResult,
  RowRenderers,
} from './components/inbox/render-hooks.js';
export * from './client/index.js';
// The stores' types; the stores themselves (`createInboxStore`, `createPreferencesStore` and the schedule
// helpers) and `inboxOf` come with `loadApi()`, as the full English table `en` does (the elements load their
// strings themselves): a bell's first paint does not carry the inbox store (see `context/read-ahead.ts`).
export type { ActionResult, StoreStatus } from './store/contract.js';
export { countLoaded } from './store/count-loaded.js';
export { SAFETY_POLL } from './store/inbox-poller.js';
export type {
  CountSource,
  InboxActionError,
  InboxCounts,
  InboxStatus,
  InboxStore,
  InboxStoreOptions,
  ListOperation,
  LiveMode,
} from './store/inbox.js';
export type { PreferencesStore, PreferencesStoreOptions } from './store/preferences.js';
export * from './events/index.js';
export { createTranslator } from './i18n/create-translator.js';
export { loadTranslation, onTranslationsChange, pageLocale, registerTranslation } from './i18n/translator.js';
export type { TextDirection, Translator } from './i18n/translator.js';
export type {
  PartialTranslation,
  PluralForms,
  Translation,
  TranslationKey,
  TranslationParams,
  TranslationTable,
  TranslationValue,
} from './i18n/types.js';
export { notifContext, type NotifContextValue } from './context/context.js';
export {
  acquireConnection,
  createConnection,
  type ConnectionConfig,
  type NotifConnection,
} from './context/registry.js';
export { safeUrl, safeImageUrl } from './internal/safe-url.js';
export { StoreController } from './internal/store-controller.js';
