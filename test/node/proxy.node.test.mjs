// The BUILT proxy (dist/proxy.js) in Node 20, with the built mock service as the upstream.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
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

/** A real service on 127.0.0.1 whose every answer is `respond(req, res)`. */
async function startService(respond) {
  const server = createServer(respond);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const signedIn = () => 'usr_priya_raman';

test(
  'the built proxy gives up on a service that does not answer (504) and closes the connection',
  { timeout: 10_000 },
  async () => {
    let upstreamClosed;
    const service = await startService((req) => {
      upstreamClosed = once(req.socket, 'close'); // never answers
    });
    try {
      const proxy = createNotifProxy({
        baseUrl: service.baseUrl,
        apiKey: 'k_9f2',
        authenticate: signedIn,
        upstreamTimeoutMs: 50,
      });
      const response = await proxy(new Request('https://app.test/v1/messages'));
      assert.equal(response.status, 504);
      assert.equal((await response.json()).error, 'Gateway Timeout');
      await upstreamClosed; // resolves once the aborted fetch has closed its socket
    } finally {
      service.close();
    }
  },
);

test(
  'the built proxy stops reading an endless answer past maxResponseBytes (502)',
  { timeout: 10_000 },
  async () => {
    const CHUNK = Buffer.alloc(1024, 32);
    const MAX_CHUNKS = 10_000; // 10 MiB: the stand-in service gives up there if nobody stops it
    let sent = 0;
    let upstreamClosed;
    const service = await startService((req, res) => {
      upstreamClosed = once(res, 'close');
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (sent < MAX_CHUNKS && !res.destroyed && res.write(CHUNK)) sent++;
      };
      res.on('drain', pump);
      pump();
    });
    try {
      const proxy = createNotifProxy({
        baseUrl: service.baseUrl,
        apiKey: 'k_9f2',
        authenticate: signedIn,
        maxResponseBytes: 64 * 1024,
      });
      const response = await proxy(new Request('https://app.test/v1/messages'));
      assert.equal(response.status, 502);
      await upstreamClosed;
      assert.ok(sent < MAX_CHUNKS, `the service sent ${sent} chunks`);
    } finally {
      service.close();
    }
  },
);

test('the built proxy answers a real text/html answer with its own JSON 502', async () => {
  const service = await startService((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(document.domain)</script>');
  });
  try {
    const proxy = createNotifProxy({ baseUrl: service.baseUrl, apiKey: 'k_9f2', authenticate: signedIn });
    const response = await proxy(new Request('https://app.test/v1/messages'));
    assert.equal(response.status, 502);
    assert.match(response.headers.get('content-type'), /^application\/json/);
    assert.doesNotMatch(await response.text(), /script/);
  } finally {
    service.close();
  }
});
