/**
 * The data of the screenshots: a fixed "now" and a handful of messages dated relative to it, so that every
 * run shows the same relative times ("5 minutes ago"), the same unread and unseen counts and the same rows.
 * Ages are chosen away from the boundaries where a relative time changes unit.
 */
import type { Message } from '../../src/client/types.js';
import { SUBSCRIBER } from '../helpers/inbox-setup.js';

/** The clock of every visual test (the shared fixtures' capture time). */
export const FIXED_NOW = new Date('2025-11-14T16:38:00.000Z');

/** A picture served by the test server (the elements accept http(s) and relative image URLs only). */
export const AVATAR_URL = '/test/visual/avatar.svg';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A message of the visual fixtures, sent `ageMs` before `FIXED_NOW`: unread and unseen unless `fields` say. */
export function visualMessage(id: string, ageMs: number, fields: Partial<Message>): Message {
  return {
    _id: id,
    _environmentId: 'env_visual',
    _organizationId: 'org_visual',
    _notificationId: `ntf_${id}`,
    _subscriberId: SUBSCRIBER,
    createdAt: new Date(FIXED_NOW.getTime() - ageMs).toISOString(),
    transactionId: `txn_${id}`,
    channel: 'in_app',
    read: false,
    seen: false,
    cta: {},
    status: 'sent',
    ...fields,
  };
}

/**
 * Newest first: unread and read; with two, one and no CTA buttons; with an avatar picture, with a sender but
 * no picture (the initials), and from no one (the neutral icon); plain text and content blocks (with a button
 * block). Two are unseen (the bell's badge).
 */
export const VISUAL_MESSAGES: readonly Message[] = [
  visualMessage('vis_mention', 5 * MINUTE, {
    subject: 'Maya Chen mentioned you',
    content: 'Maya Chen mentioned you in Q4 roadmap review: "Can you confirm the API freeze date?"',
    avatar: AVATAR_URL,
    payload: { actor: { id: 'usr_maya_chen', name: 'Maya Chen' } },
    cta: {
      type: 'redirect',
      data: { url: '/projects/q4-roadmap/comments/c_7731' },
      action: {
        status: 'pending',
        buttons: [
          { type: 'primary', content: 'Reply' },
          { type: 'secondary', content: 'View thread' },
        ],
      },
    },
  }),
  visualMessage('vis_task', 2 * HOUR + 10 * MINUTE, {
    subject: 'New task assigned',
    content: 'Daniel Okafor assigned you PLAT-1201: Rotate the staging certificates.',
    payload: { actor: { id: 'usr_daniel_okafor', name: 'Daniel Okafor' } },
    cta: {
      type: 'redirect',
      data: { url: '/tasks/PLAT-1201' },
      action: { status: 'pending', buttons: [{ type: 'primary', content: 'Open task' }] },
    },
  }),
  visualMessage('vis_build', 26 * HOUR, {
    subject: 'Build #4900 passed on main',
    content: 'All 1,284 tests passed in 6m 12s.',
    read: true,
    seen: true,
    cta: { type: 'redirect', data: { url: '/builds/4900' } },
  }),
  visualMessage('vis_export', 3 * DAY + 4 * HOUR, {
    subject: 'Your export is ready',
    content: [
      { type: 'text', content: 'Your export "Invoices - November 2025" (CSV, 1.9 MB) is ready.' },
      { type: 'button', content: 'Download', url: '/exports/exp_104233' },
    ],
    avatar: AVATAR_URL,
    read: true,
    seen: true,
    cta: { type: 'redirect', data: { url: '/exports/exp_104233' } },
  }),
];

/** The same messages, all read: the Unread view of an inbox with nothing left to read. */
export const READ_MESSAGES: readonly Message[] = VISUAL_MESSAGES.map((item) => ({
  ...item,
  read: true,
  seen: true,
}));
