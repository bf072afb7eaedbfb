// The example servers as users run them: examples/proxy-node.mjs as its own process, examples/proxy-fetch.mjs
// through its `fetch` export. Both import `notif-elements/proxy`, the built dist/proxy.js.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { until } from './live-helpers.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'sk_test_examples_3f9a';
const SESSION = 'session=demo-session-token';
const PAGE = { data: [], hasMore: false, page: 0, pageSize: 10 };

/** A stand-in service on 127.0.0.1 that answers every call with an empty page and records the calls. */
async function startService() {
  const calls = [];
  const server = createServer((req, res) => {
    calls.push({ url: req.url, authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PAGE));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { calls, baseUrl: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * Writes a request's head, `lines` joined with CRLFs (`fetch` would normalise a bad Host), on a raw socket and
 * resolves the answer once the server closes the connection (`Connection: close`). The socket is not half-closed:
 * a server takes that as the browser leaving, and cancels the call.
 */
function rawRequest(port, lines) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write([...lines, 'Connection: close', '', ''].join('\r\n')),
    );
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswer(answer)));
  });
}

function parseAnswer(text) {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = text.slice(split + 4);
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest,
  };
}

/** A chunked body's data (each chunk: its size in hex, CRLF, the data, CRLF; a 0 size ends it). */
function unchunk(text) {
  let body = '';
  for (let at = 0; at < text.length;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!(size > 0)) break;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return body;
}

describe('examples/proxy-node.mjs', () => {
  let service;
  let child;
  let port;
  let output = '';

  before(
    async () => {
      service = await startService();
      child = spawn(process.execPath, ['examples/proxy-node.mjs'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NOTIF_BASE_URL: service.baseUrl,
          NOTIF_API_KEY: KEY,
          PORT: '0',
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => (output += chunk));
      // Resolves with the port it prints once listening; rejects if it exits first.
      port = await new Promise((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
          if (match) resolve(Number(match[1]));
        });
        child.once('exit', (code) =>
          reject(new Error(`the example exited (${code}) before listening:\n${output}`)),
        );
      });
    },
    { timeout: 10_000 },
  );

  after(() => {
    if (child.exitCode === null) child.kill();
    service.close();
  });

  test('answers TRACE with 405 and an Allow header, and keeps serving', { timeout: 10_000 }, async () => {
    const answer = await rawRequest(port, ['TRACE /notif-api/v1/messages HTTP/1.1', 'Host: localhost']);
    assert.equal(answer.status, 405, output);
    assert.equal(answer.headers.allow, 'GET, POST, PATCH');
    assert.match(answer.headers['content-type'], /^application\/json/);
    assert.equal(JSON.parse(answer.body).statusCode, 405);
    assert.equal(child.exitCode, null);
  });

  test('answers a malformed Host header with 400, and keeps serving', { timeout: 10_000 }, async () => {
    for (const host of ['a b', '[::', 'app.test:99999', 'app.test/notif-api/v1/messages?']) {
      const answer = await rawRequest(port, ['GET /notif-api/v1/messages HTTP/1.1', `Host: ${host}`]);
      assert.equal(answer.status, 400, `Host: ${host}\n${output}`);
      assert.deepEqual(JSON.parse(answer.body), {
        statusCode: 400,
        message: 'The Host header is not valid',
        error: 'Bad Request',
      });
    }
    assert.equal(child.exitCode, null);
  });

  test(
    'answers a malformed session cookie with 401 and no stack trace in the log',
    { timeout: 10_000 },
    async () => {
      const before = output.length;
      for (const cookie of ['session=%E0%A4%A', 'session=%', 'theme=%zz; session=%E0%A4%A']) {
        const response = await fetch(`http://127.0.0.1:${port}/notif-api/v1/messages`, {
          headers: { cookie },
        });
        assert.equal(response.status, 401, `Cookie: ${cookie}\n${output}`);
        assert.equal((await response.json()).statusCode, 401);
      }
      const logged = output.slice(before);
      assert.doesNotMatch(logged, /\n\s+at /, logged);
      assert.ok(logged.split('\n').filter(Boolean).length <= 3, logged);
      assert.equal(child.exitCode, null);
    },
  );

  test('still answers ordinary requests after those', { timeout: 10_000 }, async () => {
    const base = `http://127.0.0.1:${port}/notif-api`;
    assert.equal((await fetch(`${base}/v1/messages`)).status, 401);
    const response = await fetch(`${base}/v1/messages?limit=5`, { headers: { cookie: SESSION } });
    assert.equal(response.status, 200, output);
    assert.deepEqual(await response.json(), PAGE);
    assert.equal(service.calls.at(-1).authorization, `ApiKey ${KEY}`);
    assert.match(service.calls.at(-1).url, /subscriberId=usr_priya_raman/);
    const ipv6 = await rawRequest(port, [
      'GET /notif-api/v1/messages HTTP/1.1',
      'Host: [::1]:8080',
      `Cookie: ${SESSION}`,
    ]);
    assert.equal(ipv6.status, 200, JSON.stringify(ipv6));
    assert.equal(child.exitCode, null);
  });
  test(
    'serves the event stream as it comes, and frees it when the browser goes away',
    { timeout: 15_000 },
    async () => {
      const url = `http://127.0.0.1:${port}/notif-api/stream`;
      // More than the 10 streams one user may hold at once: each must be freed when its reader leaves.
      for (let i = 0; i < 12; i++) {
        const controller = new AbortController();
        // The server hears of an earlier reader's leaving a moment later (it is another process): until it
        // has, a stream past the tenth is refused with 429. Open once a slot is free; a slot never freed
        // fails the test.
        let response;
        await until(async () => {
          response = await fetch(url, { headers: { cookie: SESSION }, signal: controller.signal });
          if (response.status === 200) return true;
          assert.equal(response.status, 429, output);
          await response.body?.cancel();
          return false;
        });
        assert.equal(response.status, 200, output);
        assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
        const reader = response.body.getReader();
        let text = '';
        while (!text.includes('reason')) text += new TextDecoder().decode((await reader.read()).value);
        assert.match(text, /^retry: \d+\n\n/);
        assert.match(
          text,
          /event: changed\ndata: \{"counts":\{"unseen":0,"unread":0,"exact":true\},"reason":"hello"\}/,
        );
        controller.abort();
        await reader.closed.catch(() => undefined);
      }
      const counts = await fetch(`http://127.0.0.1:${port}/notif-api/counts`, {
        headers: { cookie: SESSION },
      });
      assert.deepEqual(await counts.json(), { unseen: 0, unread: 0, exact: true });
      assert.equal((await fetch(url)).status, 401);
      assert.equal(child.exitCode, null);
    },
  );
});

describe('examples/proxy-fetch.mjs', () => {
  let service;
  let handler;
  let env;

  before(async () => {
    service = await startService();
    env = { NOTIF_BASE_URL: service.baseUrl, NOTIF_API_KEY: KEY };
    handler = (await import('../../examples/proxy-fetch.mjs')).default;
  });
  after(() => service.close());

  /** What a runtime may hand over: Node's `Request` refuses TRACE and unparsable URLs; Bun and Deno may not. */
  const runtimeRequest = (url, method = 'GET') => ({ url, method, headers: new Headers(), signal: null });

  // First: the example keeps the proxy it made, so the unconfigured call must come before any configured one.
  test('turns an unexpected error (no configuration here) into a JSON 500, then serves once configured', async (t) => {
    const logged = t.mock.method(console, 'error', () => undefined);
    const saved = process.env.NOTIF_API_KEY;
    delete process.env.NOTIF_API_KEY;
    try {
      const broken = await handler.fetch(new Request('http://app.test/notif-api/v1/messages'), {});
      assert.equal(broken.status, 500);
      assert.deepEqual(await broken.json(), {
        statusCode: 500,
        message: 'Internal server error',
        error: 'Internal Server Error',
      });
    } finally {
      if (saved !== undefined) process.env.NOTIF_API_KEY = saved;
    }
    assert.equal(logged.mock.callCount(), 1);
    const request = new Request('http://app.test/notif-api/v1/messages', { headers: { cookie: SESSION } });
    const response = await handler.fetch(request, env);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), PAGE);
  });

  test('answers a malformed session cookie with 401, logging nothing', async (t) => {
    const logged = t.mock.method(console, 'error', () => undefined);
    for (const cookie of ['session=%E0%A4%A', 'session=%', 'theme=%zz; session=%E0%A4%A']) {
      const request = new Request('http://app.test/notif-api/v1/messages', { headers: { cookie } });
      const response = await handler.fetch(request, env);
      assert.equal(response.status, 401, `Cookie: ${cookie}`);
      assert.equal((await response.json()).statusCode, 401);
    }
    assert.equal(logged.mock.callCount(), 0);
  });

  test('answers TRACE with 405 and an Allow header', async () => {
    const response = await handler.fetch(
      runtimeRequest('http://app.test/notif-api/v1/messages', 'TRACE'),
      env,
    );
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, POST, PATCH');
    assert.equal((await response.json()).statusCode, 405);
  });

  test('answers the event stream and the counts', async () => {
    const request = new Request('http://app.test/notif-api/stream', { headers: { cookie: SESSION } });
    const response = await handler.fetch(request, env);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const reader = response.body.getReader();
    let text = '';
    while (!text.includes('reason')) text += new TextDecoder().decode((await reader.read()).value);
    assert.match(text, /"reason":"hello"/);
    await reader.cancel();
    const counts = await handler.fetch(
      new Request('http://app.test/notif-api/counts', { headers: { cookie: SESSION } }),
      env,
    );
    assert.deepEqual(await counts.json(), { unseen: 0, unread: 0, exact: true });
  });

  test('answers a URL built from a malformed Host with 400', async () => {
    for (const url of ['http://a b/notif-api/v1/messages', 'http://[::/notif-api/v1/messages']) {
      const response = await handler.fetch(runtimeRequest(url), env);
      assert.equal(response.status, 400, url);
      assert.equal((await response.json()).message, 'The Host header is not valid');
    }
  });
});
