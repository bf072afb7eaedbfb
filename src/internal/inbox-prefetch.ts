/**
 * For the self-contained file, whose `<notif-inbox>` is defined on demand: while the element's code loads,
 * the list request of each inbox already in the page (configured by its attributes) starts at once, on the
 * connection the element then shares (same base URL, subscriber and key: one store, one request). The rows
 * show when both have arrived, not one after the other.
 */
import { acquireConnection } from '../context/registry.js';
import { inboxOf } from '../context/inbox-of.js';

export function prefetchInboxes(loading: Promise<unknown>): void {
  for (const inbox of Array.from(document.getElementsByTagName('notif-inbox'))) {
    const baseUrl = inbox.getAttribute('base-url');
    const subscriberId = inbox.getAttribute('subscriber-id');
    if (!baseUrl || !subscriberId) continue;
    const apiKey = inbox.getAttribute('api-key') ?? undefined;
    const { connection, release } = acquireConnection({ baseUrl, subscriberId, apiKey });
    const stop = inboxOf(connection).$messages.listen(() => {});
    // Held until the element, defined as its code ran, has taken its own share of the connection.
    const done = () =>
      setTimeout(() => {
        stop();
        release();
      });
    loading.then(done, done);
  }
}
