// Runs in Node 20 against the BUILT entries (dist/), to prove `notif-elements/client` and
// `notif-elements/mock` import and run without a DOM. `npm run test:node` builds them first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createNotifClient, NotifHttpError } from '../../dist/client.js';
import { createMockService } from '../../dist/mock.js';

test('the built client lists in-app messages from the built mock service in Node', async () => {
  assert.equal(typeof globalThis.document, 'undefined');
  const mock = createMockService();
  const client = createNotifClient({ baseUrl: 'https://mock.test', apiKey: mock.apiKey, fetch: mock.fetch });
  const page = await client.listMessages({ subscriberId: 'usr_priya_raman', channel: 'in_app', limit: 5 });
  assert.equal(page.data.length, 5);
  assert.equal(page.hasMore, true);
  assert.ok(page.data.every((message) => message.channel === 'in_app'));
  const times = page.data.map((message) => Date.parse(message.createdAt));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
    'newest first',
  );
});

test('the built client reports HTTP errors of the mock service with their status', async () => {
  const mock = createMockService();
  const client = createNotifClient({ baseUrl: 'https://mock.test', apiKey: 'wrong-key', fetch: mock.fetch });
  await assert.rejects(
    client.listIntegrations(),
    (error) => error instanceof NotifHttpError && error.status === 401,
  );
});
