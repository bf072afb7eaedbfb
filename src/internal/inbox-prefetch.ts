/**
 * For the self-contained file, whose `<notif-inbox>` is defined on demand: while the element's code loads,
 * the first page of each inbox already in the page (configured by its attributes) is read at once, on the
 * connection the element then shares (same base URL, subscriber and key); its store takes that answer as its
 * first page (`context/read-ahead.ts`): one request. The rows show when both have arrived, not one after
 * the other.
 */
import { firstPageOf } from '../context/read-ahead.js';
import { acquireConnection } from '../context/registry.js';

export function prefetchInboxes(loading: Promise<unknown>): void {
  for (const inbox of Array.from(document.getElementsByTagName('notif-inbox'))) {
    const baseUrl = inbox.getAttribute('base-url');
    const subscriberId = inbox.getAttribute('subscriber-id');
    if (!baseUrl || !subscriberId) continue;
    const apiKey = inbox.getAttribute('api-key') ?? undefined;
    const { connection, release } = acquireConnection({ baseUrl, subscriberId, apiKey });
    firstPageOf(connection);
    // Held until the element, defined as its code ran, has taken its own share of the connection.
    const done = () => setTimeout(release);
    loading.then(done, done);
  }
}
