/**
 * `notif-elements`: registers every element and re-exports the public API.
 */
import './components/provider/provider.js';
import './components/bell/bell.js';
// Every element at once: the bell's panel too, so that an open bell renders in one pass (on the server as well).
import './components/bell/bell-panel.js';
import './components/inbox/inbox.js';
import './components/preferences/preferences.js';

export { NotifProvider } from './components/provider/provider.component.js';
export { NotifBell, BELL_BADGES, type BellBadge } from './components/bell/bell.component.js';
export {
  NotifInbox,
  INBOX_VIEWS,
  DENSITIES,
  type InboxView,
  type NotifDensity,
} from './components/inbox/inbox.component.js';
export { NOTIF_ICON_NAMES, type NotifIconName, type NotifIcons } from './internal/icons.js';
export type {
  NotifRowContext,
  RenderHook,
  RenderHookResult,
  RowRenderers,
} from './components/inbox/render-hooks.js';
export type { NotifRowAction } from './components/inbox/row-actions.js';
export { NotifPreferences } from './components/preferences/preferences.component.js';
export * from './client/index.js';
export * from './store/index.js';
export * from './events/index.js';
export * from './i18n/index.js';
export { notifContext, type NotifContextValue } from './context/context.js';
export {
  acquireConnection,
  createConnection,
  type ConnectionConfig,
  type NotifConnection,
} from './context/registry.js';
export { inboxOf } from './context/inbox-of.js';
export { preferencesOf } from './context/preferences-of.js';
export { safeUrl, safeImageUrl } from './internal/safe-url.js';
export { StoreController } from './internal/store-controller.js';
