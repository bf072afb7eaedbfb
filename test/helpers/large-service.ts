/**
 * A service answering like the real one for large inboxes: every list request gets all `messages` in one
 * page (a service that ignores `limit`), and a mark-as body over 100 KiB is refused with 413, as the real
 * service refuses it. Records every request.
 */
import type { Message } from '../../src/client/types.js';
import { syntheticMessage } from './messages.js';

/** The real service's limit on request bodies. */
export const MAX_BODY_BYTES = 100 * 1024;

/** `count` unseen, unread messages with 24-hex ids as the service makes them; `subject(i)` overrides subjects. */
export function manyMessages(count: number, subject?: (i: number) => string | undefined): Message[] {
  return Array.from({ length: count }, (_, i) => {
    const message = syntheticMessage(i);
    return {
      ...message,
      _id: (0x691759bc4e1f0b6a2d3a0000n + BigInt(i)).toString(16),
      read: false,
      seen: false,
      subject: subject?.(i) ?? message.subject,
    };
  });
}

export function largeService(messages: Message[]) {
  const requests: { method: string; url: string; ids?: string[]; bytes: number }[] = [];
  const byId = new Map(messages.map((m) => [m._id!, m]));
  const fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    const bytes = new TextEncoder().encode(body).byteLength;
    if (method === 'GET') {
      requests.push({ method, url, bytes });
      const page = { data: [...byId.values()], hasMore: false, page: 0, pageSize: byId.size };
      return Response.json(page);
    }
    const { messageId, markAs } = JSON.parse(body) as { messageId: string[]; markAs: string };
    requests.push({ method, url, ids: messageId, bytes });
    if (bytes > MAX_BODY_BYTES) {
      return Response.json({ statusCode: 413, message: 'request entity too large' }, { status: 413 });
    }
    const updated = messageId.flatMap((id) => {
      const message = byId.get(id);
      if (!message) return [];
      const next = { ...message, seen: true, read: message.read || markAs === 'read' };
      byId.set(id, next);
      return [next];
    });
    return Response.json({ data: updated });
  };
  return { fetch, requests };
}
