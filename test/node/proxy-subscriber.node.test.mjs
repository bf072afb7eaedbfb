// The BUILT proxy (dist/proxy.js) in Node: a signed-in subscriber may update only their own `timezone` and
// `locale` (PATCH /v2/subscribers/{id}), tried as an attacker would. Needs `npx vite build` first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMockService } from '../../dist/mock.js';
import { createNotifProxy } from '../../dist/proxy.js';

const ME = 'usr_priya_raman';
const OTHER = 'usr_maya_chen';

function setup(options = {}) {
  const mock = createMockService();
  const proxy = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    basePath: '/notif-api',
    authenticate: (request) => (request.headers.get('x-user') === 'priya' ? ME : null),
    ...options,
  });
  const patch = (id, body, headers = {}) =>
    proxy(
      new Request(`https://app.test/notif-api/v2/subscribers/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'x-user': 'priya', 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  const upstreamPatches = () =>
    mock.requests.filter((r) => r.method === 'PATCH' && /^\/v2\/subscribers\/[^/]+$/.test(r.path));
  return { mock, proxy, patch, upstreamPatches };
}

test('the signed-in subscriber sets their own timezone and locale; the service receives it with the key', async () => {
  const { mock, patch, upstreamPatches } = setup();
  const response = await patch(ME, { timezone: 'Europe/Paris', locale: 'fr' });
  assert.equal(response.status, 200);
  const text = await response.text();
  assert.ok(!text.includes(mock.apiKey), 'the key is never in a response');
  assert.equal(JSON.parse(text).data.timezone, 'Europe/Paris');
  const [sent] = upstreamPatches();
  assert.equal(sent.path, `/v2/subscribers/${ME}`);
  assert.deepEqual(sent.body, { timezone: 'Europe/Paris', locale: 'fr' });
  assert.equal(sent.headers.authorization, `ApiKey ${mock.apiKey}`);
  await mock.ready;
  assert.equal(mock.db.subscribers.find((s) => s.subscriberId === ME).timezone, 'Europe/Paris');
});

test("another subscriber's id is refused (403), and nothing reaches the service", async () => {
  const { mock, patch, upstreamPatches } = setup();
  for (const id of [
    OTHER,
    `${ME}/../${OTHER}`,
    `${ME}%2F..%2F${OTHER}`,
    ' usr_priya_raman',
    'USR_PRIYA_RAMAN',
  ]) {
    const response = await patch(id, { timezone: 'Europe/Paris' });
    assert.equal(response.status, 403, id);
    assert.ok(!(await response.text()).includes(mock.apiKey));
  }
  assert.equal(upstreamPatches().length, 0);
  await mock.ready;
  assert.notEqual(mock.db.subscribers.find((s) => s.subscriberId === OTHER).timezone, 'Europe/Paris');
});

test('a body with any field besides timezone and locale is refused (403) unless the app opts in', async () => {
  const { patch, upstreamPatches } = setup();
  for (const body of [
    { timezone: 'Europe/Paris', email: 'attacker@example.com' },
    { data: { role: 'admin' } },
    { firstName: 'Mallory' },
    { timezone: 'UTC', subscriberId: OTHER },
    JSON.parse('{"timezone":"UTC","__proto__":{"admin":true}}'),
    { timezone: 42 },
    { locale: 'x'.repeat(101) },
  ]) {
    const response = await patch(ME, body);
    assert.equal(response.status, 403, JSON.stringify(body));
  }
  // Not JSON, or not an object: refused before the service too.
  assert.equal((await patch(ME, '["timezone"]')).status, 400);
  assert.equal(
    (await patch(ME, 'timezone=UTC', { 'content-type': 'application/x-www-form-urlencoded' })).status,
    415,
  );
  assert.equal(upstreamPatches().length, 0);

  const opted = setup({ subscriberFields: ['firstName', 'not-a-field'] });
  assert.equal((await opted.patch(ME, { firstName: 'Priya', timezone: 'Asia/Kolkata' })).status, 200);
  assert.equal((await opted.patch(ME, { email: 'x@example.com' })).status, 403);
  assert.equal(
    (await opted.patch(ME, { 'not-a-field': 1 })).status,
    403,
    'only the fields of §4.1 can be opted in',
  );
  assert.equal(opted.upstreamPatches().length, 1);
});

test('nobody signed in gets 401; other methods on a subscriber stay 403', async () => {
  const { proxy, patch, upstreamPatches } = setup();
  assert.equal((await patch(ME, { timezone: 'UTC' }, { 'x-user': 'nobody' })).status, 401);
  for (const method of ['GET', 'PUT', 'DELETE', 'POST']) {
    const response = await proxy(
      new Request(`https://app.test/notif-api/v2/subscribers/${ME}`, {
        method,
        headers: { 'x-user': 'priya', 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{"timezone":"UTC"}',
      }),
    );
    assert.equal(response.status, 403, method);
  }
  assert.equal(upstreamPatches().length, 0);
});
