/**
 * Every `::part` name `<notif-bell>` renders itself, once (those of its inbox and preferences are forwarded
 * with an `inbox-` or `preferences-` prefix, from their own lists). A test checks that the JSDoc
 * (`@csspart`, read into the manifest) and what renders agree with these lists.
 */
export const BELL_PARTS = [
  'button',
  'icon',
  'badge',
  'badge-dot',
  'panel',
  'inbox',
  'settings',
  'close',
  'settings-view',
  'settings-header',
  'back',
  'preferences',
  'desktop',
] as const;

export type BellPart = (typeof BELL_PARTS)[number];
