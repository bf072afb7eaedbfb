/**
 * Events of the elements: one class per event, named `notif-*`, bubbling and composed (they leave shadow
 * roots), declared in `GlobalEventHandlersEventMap` so that `addEventListener('notif-...', e => ...)` is
 * typed.
 */
export { NotifActionEvent } from './action.js';
export type { NotifActionDetail } from './action.js';
export { NotifErrorEvent } from './error.js';
export type { NotifErrorDetail, NotifErrorOperation } from './error.js';
export { NotifMessageClickEvent } from './message-click.js';
export type { NotifMessageClickDetail } from './message-click.js';
export { NotifNewMessagesEvent } from './new-messages.js';
export type { NotifNewMessagesDetail } from './new-messages.js';
export { NotifOpenChangeEvent } from './open-change.js';
export type { NotifOpenChangeDetail } from './open-change.js';
export { NotifPreferencesChangeEvent } from './preferences-change.js';
export type { NotifPreferencesChangeDetail } from './preferences-change.js';
export { NotifRowActionEvent } from './row-action.js';
export type { NotifRowActionDetail } from './row-action.js';
