import type { MarkAs } from './enums.js';
import type { Message } from './types.js';

/**
 * How a mark-as changes a message's flags. The specification does not say whether one flag moves the
 * other; this package follows the real service: reading a message also marks it seen (it cannot be read
 * unseen), and marking it unseen also marks it unread. `unread` keeps `seen`, `seen` keeps `read`.
 *
 * Both the mock service and the store's optimistic updates use this one rule, so a confirmed response
 * never surprises the UI.
 */
export function applyMarkAs<T extends Pick<Message, 'read' | 'seen' | 'lastReadDate' | 'lastSeenDate'>>(
  message: T,
  markAs: MarkAs,
  now: Date = new Date(),
): T {
  const at = now.toISOString();
  switch (markAs) {
    case 'read':
      return {
        ...message,
        read: true,
        seen: true,
        lastReadDate: at,
        lastSeenDate: message.seen ? message.lastSeenDate : at,
      };
    case 'unread':
      return { ...message, read: false };
    case 'seen':
      return { ...message, seen: true, lastSeenDate: message.seen ? message.lastSeenDate : at };
    case 'unseen':
      return { ...message, seen: false, read: false };
  }
}
