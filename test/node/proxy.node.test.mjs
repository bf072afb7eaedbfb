// The BUILT proxy (dist/proxy.js) in Node 20, with the built mock service as the upstream.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMockService } from '../../dist/mock.js';
import { createNotifProxy } from '../../dist/proxy.js';

test('the built proxy pins the signed-in subscriber and adds the key in Node', async () => {
  const mock = createMockService();
  const proxy = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    authenticate: (request) => (request.headers.get('x-user') === 'priya' ? 'usr_priya_raman' : null),
  });
  const response = await proxy(
    new Request('https://app.test/notif-api/v1/messages?subscriberId=usr_maya_chen&limit=3', {
      headers: { 'x-user': 'priya' },
    }),
  );
  assert.equal(response.status, 200);
  const page = await response.json();
  assert.equal(page.data.length, 3);
  assert.ok(page.data.every((message) => message.channel === 'in_app'));
  const upstream = mock.requests.at(-1);
  assert.match(upstream.query, /subscriberId=usr_priya_raman/);
  assert.equal(upstream.headers.authorization, `ApiKey ${mock.apiKey}`);

  const anonymous = await proxy(new Request('https://app.test/notif-api/v1/messages'));
  assert.equal(anonymous.status, 401);
  assert.ok(!JSON.stringify(await anonymous.json()).includes(mock.apiKey));
});
