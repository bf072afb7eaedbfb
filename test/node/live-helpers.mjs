// Helpers for the live edge's tests: reading Server-Sent Events from a Response body, and counting a
// subscriber's messages the slow way to compare. Deadlines read `performance.now()`, which tests that mock
// `Date` (node:test's mock timers) leave running.
import assert from 'node:assert/strict';

/**
 * Reads `response`'s event stream. `next()` resolves to the next block: `{ event, id, data, retry, comment }`
 * (`data` parsed as JSON when it is), or `null` when the stream ended; rejects after `timeoutMs`.
 * `text` holds everything read so far.
 */
export function sse(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reads = { text: '' };
  const blocks = [];
  let ended = false;
  const fill = async () => {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    const chunk = decoder.decode(value, { stream: true });
    reads.text += chunk;
    buffer += chunk;
    let split;
    while ((split = buffer.indexOf('\n\n')) !== -1) {
      blocks.push(parseBlock(buffer.slice(0, split)));
      buffer = buffer.slice(split + 2);
    }
  };
  return Object.assign(reads, {
    async next(timeoutMs = 2000) {
      const deadline = performance.now() + timeoutMs;
      while (blocks.length === 0 && !ended) {
        const left = deadline - performance.now();
        if (left <= 0) throw new Error('no event in time');
        let timer;
        await Promise.race([
          fill(),
          new Promise((_, reject) => (timer = setTimeout(reject, left, new Error('no event in time')))),
        ]).finally(() => clearTimeout(timer));
      }
      return blocks.shift() ?? null;
    },
    /** The next `changed` (or `end`) event, skipping pings and the retry line. */
    async nextEvent(timeoutMs = 2000) {
      for (;;) {
        const block = await this.next(timeoutMs);
        if (block === null || block.event) return block;
      }
    },
    /**
     * The next `changed` event, and its counts: when it carries `null` (the counts were slower than
     * publishWaitMs, as on a loaded machine), those of the event that follows with the same reason.
     */
    async withCounts(timeoutMs = 3000) {
      const first = await this.nextEvent(timeoutMs);
      let counts = first?.data?.counts ?? null;
      while (first && counts === null) {
        const next = await this.nextEvent(timeoutMs);
        if (next?.data?.reason !== first.data.reason) throw new Error(`unexpected ${JSON.stringify(next)}`);
        counts = next.data.counts;
      }
      return { first, counts };
    },
    cancel: () => reader.cancel().catch(() => undefined),
  });
}

function parseBlock(text) {
  const block = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    block[name] = value;
  }
  if (block.data !== undefined) {
    try {
      block.data = JSON.parse(block.data);
    } catch {
      // left as text
    }
  }
  if (block.id !== undefined) block.id = Number(block.id);
  return block;
}

/** The unseen and unread in-app messages of `subscriberId`, listed page by page from the mock directly. */
export async function expectedCounts(mock, subscriberId) {
  let unseen = 0;
  let unread = 0;
  for (let page = 0; ; page++) {
    const response = await mock.fetch(
      `https://service.test/v1/messages?subscriberId=${subscriberId}&channel=in_app&limit=100&page=${page}`,
      { headers: { authorization: `ApiKey ${mock.apiKey}` } },
    );
    const body = await response.json();
    for (const message of body.data) {
      if (!message.seen) unseen++;
      if (!message.read) unread++;
    }
    if (!body.hasMore) return { unseen, unread, exact: true };
  }
}

/** Resolves once `check()` is true, polling every 10 ms; rejects after `timeoutMs`. */
export async function until(check, timeoutMs = 3000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Shows that `events` was told nothing more so far, without waiting for a time: brings news told only now (a
 * message added to `subscriberId`, then published) and checks that the next event is that news, with the new
 * counts. An event told before it would come first, with another reason or the older counts. Resolves that
 * event (its id is the newest the page has seen).
 */
export async function nextIsFreshNews(events, { mock, proxy, subscriberId }) {
  mock.addMessage(subscriberId);
  await proxy.publish(subscriberId);
  const { first, counts } = await events.withCounts();
  assert.equal(first.data.reason, 'publish', `expected the fresh news, got ${JSON.stringify(first)}`);
  assert.deepEqual(counts, await expectedCounts(mock, subscriberId), 'the fresh news, not an older event');
  return first;
}
