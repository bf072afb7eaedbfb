/**
 * Every `::part` name `<notif-inbox>` renders, once: the bell forwards each as `inbox-<name>`, and a test
 * checks that the JSDoc (`@csspart`, read into the manifest) and what renders agree with this list.
 */
export const INBOX_PARTS = [
  'base',
  'header',
  'title',
  'views',
  'view',
  'view-active',
  'view-count',
  'mark-all',
  'list',
  'item',
  'item-unread',
  'avatar',
  'avatar-fallback',
  'avatar-image',
  'subject',
  'time',
  'content',
  'show-more',
  'block-button',
  'body-link',
  'body-code',
  'actions',
  'action',
  'action-primary',
  'action-secondary',
  'unread-marker',
  'tools',
  'toggle-read',
  'load-more',
  'skeleton',
  'empty',
  'error',
  'retry',
  'action-error',
] as const;

export type InboxPart = (typeof INBOX_PARTS)[number];
