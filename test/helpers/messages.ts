/**
 * Synthetic in-app messages and a store already holding them, for tests and benchmarks that need many
 * messages without a service behind them. No test-framework imports: the benchmark bundles this file.
 */
import { atom } from 'nanostores';
import type { Message } from '../../src/client/types.js';
import type { InboxStore } from '../../src/store/inbox.js';

/** Message `i`: a minute older than message `i - 1`, every third read, every second seen, one CTA button. */
export function syntheticMessage(i: number): Message {
  return {
    _id: `m${i}`,
    _environmentId: 'e',
    _organizationId: 'o',
    _notificationId: `n${i}`,
    _subscriberId: 's',
    transactionId: `t${i}`,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
    channel: 'in_app',
    read: i % 3 === 0,
    seen: i % 2 === 0,
    cta: { data: { url: `/tasks/${i}` }, action: { buttons: [{ type: 'primary', content: 'Open' }] } },
    status: 'sent',
    subject: `Message ${i}`,
    content: `Body of message ${i}, long enough to wrap onto a second line in a narrow inbox panel.`,
  };
}

/**
 * `base` with `count` synthetic messages loaded (`make(i)`, by default `syntheticMessage`) and no more pages, so
 * only rendering is exercised.
 */
export function loadedStore(base: InboxStore, count: number, make = syntheticMessage): InboxStore {
  const messages = Array.from({ length: count }, (_, i) => make(i));
  return { ...base, $messages: atom(messages), $loaded: atom(true), $hasMore: atom(false) } as InboxStore;
}
