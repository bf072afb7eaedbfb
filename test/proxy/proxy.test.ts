import { expect } from '@open-wc/testing';
import { createNotifClient, NotifHttpError } from '../../src/client/index.js';
import { createMockService, type MockService } from '../../src/mock/index.js';
import { createNotifProxy, type NotifProxyOptions } from '../../src/proxy/index.js';
import { rejection as rejectionOf } from '../helpers/rejection.js';

const rejection = (promise: Promise<unknown>) => rejectionOf<NotifHttpError>(promise);

const KEY = 'sk_live_7c1e9a44d02b4f7f9e3a';
const PRIYA = 'usr_priya_raman';
const MAYA = 'usr_maya_chen';
const APP = 'https://app.test/notif';

interface Setup {
  mock: MockService;
  proxy: (request: Request) => Promise<Response>;
  client: ReturnType<typeof createNotifClient>;
  /** Every response the proxy gave, serialised (status, headers, body), to search for the key. */
  served: string[];
}

function setup(options: Partial<NotifProxyOptions> & { signedIn?: string | null } = {}): Setup {
  const { signedIn = PRIYA, ...rest } = options;
  const mock = createMockService({ apiKey: KEY });
  const served: string[] = [];
  const handler = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: KEY,
    authenticate: () => signedIn,
    fetch: mock.fetch,
    ...rest,
  });
  const proxy = async (request: Request): Promise<Response> => {
    const response = await handler(request);
    served.push(await serialise(response.clone()));
    return response;
  };
  // The browser's client: no apiKey, its own backend as base URL, no retries so errors show at once.
  const client = createNotifClient({
    baseUrl: APP,
    fetch: (input, init) => proxy(new Request(input, init)),
    retry: false,
  });
  return { mock, proxy, client, served };
}

async function serialise(response: Response): Promise<string> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
  return `${response.status}\n${headers.join('\n')}\n\n${await response.text()}`;
}

/**
 * A request as a Node server hands it over. Browsers silently drop a `Cookie` header from `new Request()`
 * (a forbidden header name); Node does not, so the proxy must drop it itself. A standalone `Headers` keeps it.
 */
function serverRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Request {
  const real = new Request(url, { method: init.method ?? 'GET', body: init.body ?? null });
  return {
    url: real.url,
    method: real.method,
    headers: new Headers(init.headers),
    signal: real.signal,
    body: real.body,
  } as unknown as Request;
}

function jsonPost(url: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('notif proxy', () => {
  describe('listing messages', () => {
    it("lists the signed-in subscriber's in-app messages through the client, with no key in the browser", async () => {
      const { client, mock } = setup();
      const page = await client.listMessages({ subscriberId: PRIYA, channel: 'in_app', page: 0, limit: 5 });
      expect(page.data).to.have.length(5);
      expect(page.hasMore).to.equal(true);
      const ownId = mock.db.subscribers.find((s) => s.subscriberId === PRIYA)!._id;
      expect(page.data.every((m) => m.channel === 'in_app' && m._subscriberId === ownId)).to.equal(true);
      expect(mock.requests).to.have.length(1);
      expect(mock.requests[0]!.headers['authorization']).to.equal(`ApiKey ${KEY}`);
    });

    it('pins the query to the signed-in subscriber and in_app, whatever the browser asks', async () => {
      const { client, mock } = setup();
      const page = await client.listMessages({ subscriberId: MAYA, channel: 'email', page: 1, limit: 3 });
      const ownId = mock.db.subscribers.find((s) => s.subscriberId === PRIYA)!._id;
      expect(page.data.map((m) => m._subscriberId)).to.deep.equal([ownId, ownId, ownId]);
      expect(page.data.every((m) => m.channel === 'in_app')).to.equal(true);
      const sent = new URLSearchParams(mock.requests[0]!.query);
      expect(sent.getAll('subscriberId')).to.deep.equal([PRIYA]);
      expect(sent.getAll('channel')).to.deep.equal(['in_app']);
      expect(sent.get('page')).to.equal('1');
      expect(sent.get('limit')).to.equal('3');
    });

    it('drops duplicated and unknown query keys, keeps transactionId and contextKeys', async () => {
      const { proxy, mock } = setup();
      const response = await proxy(
        new Request(
          `${APP}/v1/messages?subscriberId=${MAYA}&subscriberId=${PRIYA}&channel=in_app&channel=sms` +
            '&page=0&page=4&limit=2&transactionId=t1&transactionId=t2&contextKeys=org:1&secret=x&_id=y',
        ),
      );
      expect(response.status).to.equal(200);
      expect([...new URLSearchParams(mock.requests[0]!.query)]).to.deep.equal([
        ['subscriberId', PRIYA],
        ['channel', 'in_app'],
        ['page', '0'],
        ['limit', '2'],
        ['transactionId', 't1'],
        ['transactionId', 't2'],
        ['contextKeys', 'org:1'],
      ]);
    });
  });

  describe("acting on one's own subscriber only", () => {
    it("marks the signed-in subscriber's messages and passes the body through", async () => {
      const { client, mock } = setup();
      const [first] = (await client.listMessages({ limit: 1 })).data;
      const updated = await client.markMessagesAs(PRIYA, { messageId: first!._id!, markAs: 'read' });
      expect(updated.map((m) => [m._id, m.read])).to.deep.equal([[first!._id, true]]);
      const sent = mock.requests.at(-1)!;
      expect(sent.method).to.equal('POST');
      expect(sent.path).to.equal(`/v1/subscribers/${PRIYA}/messages/mark-as`);
      expect(sent.body).to.deep.equal({ messageId: first!._id, markAs: 'read' });
    });

    it("reads and updates the signed-in subscriber's preferences", async () => {
      const { client, mock } = setup();
      const before = await client.getPreferences(PRIYA);
      expect(before.global.channels).to.be.an('object');
      const after = await client.updatePreferences(PRIYA, { channels: { email: false } });
      expect(after.global.channels.email).to.equal(false);
      expect(mock.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
        `GET /v2/subscribers/${PRIYA}/preferences`,
        `PATCH /v2/subscribers/${PRIYA}/preferences`,
      ]);
    });

    it("refuses another subscriber's mark-as and preferences with 403, without calling the service", async () => {
      const { client, mock } = setup();
      const calls = [
        client.markMessagesAs(MAYA, { messageId: 'm1', markAs: 'read' }),
        client.getPreferences(MAYA),
        client.updatePreferences(MAYA, { channels: { email: false } }),
      ];
      for (const call of calls) expect((await rejection(call)).status).to.equal(403);
      expect(mock.requests).to.have.length(0);
    });

    it('compares the decoded id, and rebuilds the upstream path from the signed-in id', async () => {
      const odd = 'usr/1 ?#é';
      const mock = createMockService({ apiKey: KEY });
      mock.addSubscriber(odd);
      const proxy = createNotifProxy({
        baseUrl: 'https://service.test',
        apiKey: KEY,
        authenticate: () => odd,
        fetch: mock.fetch,
      });
      const client = createNotifClient({ baseUrl: APP, fetch: (i, init) => proxy(new Request(i, init)) });
      await client.getPreferences(odd);
      expect(mock.requests[0]!.url).to.equal(
        `https://service.test/v2/subscribers/${encodeURIComponent(odd)}/preferences`,
      );
      const traversal = await proxy(new Request(`${APP}/v2/subscribers/usr%2F1%20%3F%23%C3%A9x/preferences`));
      expect(traversal.status).to.equal(403);
    });
  });

  describe('refusals', () => {
    it('answers 401 when nobody is signed in, before looking at the path', async () => {
      const { proxy, client, mock } = setup({ signedIn: null });
      const error = await rejection(client.listMessages());
      expect(error.status).to.equal(401);
      expect((await proxy(new Request(`${APP}/v1/integrations`))).status).to.equal(401);
      expect((await proxy(new Request('https://app.test/nowhere'))).status).to.equal(401);
      expect(mock.requests).to.have.length(0);
    });

    it('answers 403 for every other operation of the service', async () => {
      const { client, mock } = setup();
      const refused = [
        client.listIntegrations(),
        client.updateIntegration('6650c1b2a3f4e5d6c7b8a9f0', { active: false }),
        client.setPrimaryIntegration('6650c1b2a3f4e5d6c7b8a9f0'),
        client.listWorkflows(),
        client.getWorkflow('onboarding-welcome'),
        client.listEvents(),
        client.getEvent('6650c1b2a3f4e5d6c7b8a9f0'),
        client.updateSubscriber(PRIYA, { firstName: 'Mallory' }),
      ];
      for (const call of refused) expect((await rejection(call)).status).to.equal(403);
      expect(mock.requests).to.have.length(0);
    });

    it('answers 403 for unknown paths and other methods on allowed paths', async () => {
      const { proxy, mock } = setup();
      const requests = [
        new Request(`${APP}/v1/messages`, { method: 'DELETE' }),
        new Request(`${APP}/v1/messages/`),
        new Request(`${APP}/v1/messages/6650c1b2a3f4e5d6c7b8a9f0`),
        new Request(`${APP}/v2/subscribers/${PRIYA}/preferences`, { method: 'PUT', body: '{}' }),
        new Request(`${APP}/v1/subscribers/${PRIYA}/messages/mark-as`),
        new Request(`${APP}/v2/subscribers/${PRIYA}`),
        new Request(`${APP}/v3/messages`),
        new Request('https://app.test/admin'),
      ];
      for (const request of requests) expect((await proxy(request)).status).to.equal(403);
      expect(mock.requests).to.have.length(0);
    });

    it('with a basePath, refuses what is outside it', async () => {
      const { proxy, mock } = setup({ basePath: '/notif-api/' });
      expect((await proxy(new Request('https://app.test/notif-api/v1/messages'))).status).to.equal(200);
      expect((await proxy(new Request('https://app.test/other/v1/messages'))).status).to.equal(403);
      expect(mock.requests).to.have.length(1);
    });

    it('answers 500 with a generic message when authenticate throws, and reports the error', async () => {
      const reported: unknown[] = [];
      const { client, mock } = setup({
        authenticate: () => {
          throw new Error(`session store down (password=hunter2)`);
        },
        onError: (error) => reported.push(error),
      });
      const error = await rejection(client.listMessages());
      expect(error.status).to.equal(500);
      expect(JSON.stringify(error.body)).not.to.include('hunter2');
      expect(reported).to.have.length(1);
      expect(mock.requests).to.have.length(0);
    });

    it('refuses a body that is not JSON (415), malformed (400) or too large (413)', async () => {
      const { proxy, mock } = setup({ maxBodyBytes: 100 });
      const url = `${APP}/v1/subscribers/${PRIYA}/messages/mark-as`;
      const form = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{"messageId":"m1","markAs":"read"}',
      });
      expect((await proxy(form)).status).to.equal(415);
      const broken = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"messageId":',
      });
      expect((await proxy(broken)).status).to.equal(400);
      const large = jsonPost(url, {
        messageId: Array.from({ length: 20 }, (_, i) => `message-${i}`),
        markAs: 'read',
      });
      expect((await proxy(large)).status).to.equal(413);
      expect(mock.requests).to.have.length(0);
    });
    it('refuses a body nested deeper than 64 levels (400), without calling the service', async () => {
      const { proxy, mock } = setup();
      const path = `${APP}/v1/subscribers/${PRIYA}/messages/mark-as`;
      const body = (depth: number) =>
        `{"markAs":"read","messageId":"x","extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      const post = (text: string) =>
        proxy(
          new Request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }),
        );
      const refused = await post(body(30_000));
      expect(refused.status).to.equal(400);
      expect(await refused.json()).to.include({ statusCode: 400, error: 'Bad Request' });
      expect((await post(body(65))).status).to.equal(400);
      expect(mock.requests).to.have.length(0);
      expect((await post(body(64))).status).to.equal(201);
    });
  });

  describe("errors in the service's shape", () => {
    it("gives every refusal the service's error body, as JSON, decoded by the client", async () => {
      const { client } = setup();
      const error = await rejection(client.listIntegrations());
      expect(error.headers.get('content-type')).to.match(/^application\/json/);
      expect(error.body).to.include({ statusCode: 403, path: '/notif/v1/integrations', error: 'Forbidden' });
      expect(error.serviceMessage).to.be.a('string');
      expect(Number.isNaN(Date.parse((error.body as { timestamp: string }).timestamp))).to.equal(false);
    });

    it("passes the service's 404 and 429 through with their status, body and retry-after", async () => {
      const { client, mock } = setup();
      mock.fail({ path: '/v2/subscribers', status: 404 });
      const notFound = await rejection(client.getPreferences(PRIYA));
      expect(notFound.status).to.equal(404);
      expect(notFound.body).to.include({ statusCode: 404 });

      mock.fail({ path: '/v1/messages', status: 429, headers: { 'retry-after': '7' } });
      const limited = await rejection(client.listMessages());
      expect(limited.status).to.equal(429);
      expect(limited.retryAfter).to.equal(7);
      expect(limited.headers.get('ratelimit-remaining')).to.equal('0');
    });

    it('answers 502 when the service cannot be reached', async () => {
      const { client, mock } = setup();
      mock.networkError({ path: '/v1/messages' });
      const error = await rejection(client.listMessages());
      expect(error.status).to.equal(502);
      expect(error.body).to.include({ statusCode: 502, error: 'Bad Gateway' });
    });
  });

  describe('headers and the secret', () => {
    it("never sends the browser's authorization or cookie upstream, only the allow-list and the key", async () => {
      const { proxy, mock } = setup();
      const response = await proxy(
        serverRequest(`${APP}/v1/messages`, {
          headers: {
            authorization: 'Bearer browser-session-jwt',
            cookie: 'session=abc123',
            accept: 'application/json',
            'accept-language': 'fr-FR',
            'x-forwarded-for': '10.0.0.1',
            origin: 'https://evil.test',
          },
        }),
      );
      expect(response.status).to.equal(200);
      const sent = mock.requests[0]!.headers;
      expect(sent['authorization']).to.equal(`ApiKey ${KEY}`);
      expect(sent).not.to.have.property('cookie');
      expect(sent['accept-language']).to.equal('fr-FR');
      expect(sent).not.to.have.property('x-forwarded-for');
      expect(sent).not.to.have.property('origin');
      expect(JSON.stringify(sent)).not.to.include('abc123');
      expect(JSON.stringify(sent)).not.to.include('browser-session-jwt');
    });

    it('passes the idempotency-key through', async () => {
      const { client, mock } = setup();
      const [first] = (await client.listMessages({ limit: 1 })).data;
      await client.markMessagesAs(
        PRIYA,
        { messageId: first!._id!, markAs: 'seen' },
        { idempotencyKey: 'idem-42' },
      );
      expect(mock.requests.at(-1)!.headers['idempotency-key']).to.equal('idem-42');
    });

    it('never puts the key in a response header or body, whatever happened', async () => {
      const { proxy, client, mock, served } = setup();
      await client.listMessages();
      await client.getPreferences(PRIYA);
      await rejection(client.listIntegrations());
      await rejection(client.getPreferences(MAYA));
      mock.fail({ status: 404 });
      await rejection(client.listMessages());
      mock.fail({ status: 429 });
      await rejection(client.listMessages());
      mock.networkError();
      await rejection(client.listMessages());
      await proxy(new Request(`${APP}/v1/messages?apiKey=${KEY}&subscriberId=${KEY}`, { method: 'POST' }));
      await proxy(
        jsonPost(`${APP}/v1/subscribers/${PRIYA}/messages/mark-as`, { messageId: KEY, markAs: 'nope' }),
      );
      expect(served.length).to.be.greaterThan(8);
      for (const response of served) expect(response).not.to.include(KEY);
    });

    it('drops response headers outside the allow-list and any that contains the key', async () => {
      const upstream = async () =>
        new Response(JSON.stringify({ data: [], hasMore: false, page: 0, pageSize: 10 }), {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'ratelimit-remaining': '41',
            'set-cookie': 'upstream=1',
            'x-debug-auth': `ApiKey ${KEY}`,
            'retry-after': `${KEY}`,
            server: 'svc/1.2',
          },
        });
      const { proxy } = setup({ fetch: upstream });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      const names: string[] = [];
      response.headers.forEach((_value, name) => names.push(name));
      expect(names).to.include.members(['content-type', 'ratelimit-remaining']);
      for (const name of ['set-cookie', 'x-debug-auth', 'server', 'retry-after']) {
        expect(names).not.to.include(name);
      }
      expect(response.headers.get('cache-control')).to.equal('no-store');
    });

    it('withholds an upstream body that echoes the key (502)', async () => {
      const upstream = async (_input: string, init: RequestInit) =>
        new Response(JSON.stringify({ debug: new Headers(init.headers).get('authorization') }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      const { client } = setup({ fetch: upstream });
      const error = await rejection(client.listMessages());
      expect(error.status).to.equal(502);
      expect(JSON.stringify(error.body)).not.to.include(KEY);
    });
  });

  describe('the key, encoded', () => {
    /** A key whose base64 holds `+` and `/` at every alignment, so both alphabets are exercised. */
    const ODD_KEY = 'sk_live_?>~7c1e9a44d02b4f7f';
    const urlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_');
    const hex = (text: string) =>
      [...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    const entities = (text: string, radix: 10 | 16) =>
      [...text].map((char) => `&#${radix === 16 ? 'x' : ''}${char.charCodeAt(0).toString(radix)};`).join('');
    /** base64 as MIME and PEM write it: lines of 76 characters. */
    const wrap = (base64: string, newline: string) => base64.match(/.{1,76}/g)!.join(newline);
    const escapeAll = (text: string) =>
      [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const forms: [string, string, string?][] = [
      ['every character \\u-escaped', `{"debug":"ApiKey ${escapeAll(ODD_KEY)}"}`],
      [
        'some characters \\u-escaped, in upper-case hex',
        `{"debug":"${ODD_KEY.slice(0, 7)}\\u005F${ODD_KEY.slice(8, 11)}\\u0037${ODD_KEY.slice(12)}"}`,
      ],
      [
        'a JSON string inside a JSON string',
        JSON.stringify({ raw: JSON.stringify({ k: escapeAll(ODD_KEY) }) }),
      ],
      [
        'with its slashes escaped as \\/',
        `{"debug":"${'sk/live/9e3a/7c1e'.replace(/\//g, '\\/')}"}`,
        'sk/live/9e3a/7c1e',
      ],
      ['percent-encoded', `{"next":"https://x.test/?k=${encodeURIComponent(ODD_KEY)}"}`],
      ...[0, 1, 2].flatMap((offset): [string, string][] => {
        const base64 = btoa(`${'x'.repeat(offset)}${ODD_KEY}!`);
        return [
          [`in base64 at byte offset ${offset}`, JSON.stringify({ token: base64 })],
          [
            `in url-safe base64 at byte offset ${offset}`,
            JSON.stringify({ token: urlSafe(base64).replace(/=+$/, '') }),
          ],
        ];
      }),
      [
        'in base64 as a Basic credential, \\/-escaped',
        `{"auth":"Basic ${btoa(`api:${ODD_KEY}`).replace(/\//g, '\\/')}"}`,
      ],
      ['in lower-case hex', JSON.stringify({ trace: hex(`k=${ODD_KEY}`) })],
      ['in upper-case hex', JSON.stringify({ trace: hex(`k=${ODD_KEY}`).toUpperCase() })],
      ['as decimal HTML entities', JSON.stringify({ html: entities(ODD_KEY, 10) })],
      ['as hex HTML entities', JSON.stringify({ html: entities(ODD_KEY, 16) })],
      [
        'as HTML entities, &amp;-escaped again',
        JSON.stringify({ html: entities(ODD_KEY, 10).replace(/&/g, '&amp;') }),
      ],
      [
        'in base64 wrapped at 76 columns with \\n',
        JSON.stringify({ pem: wrap(btoa(`${'x'.repeat(50)}${ODD_KEY}`), '\n') }),
      ],
      [
        'in base64 wrapped at 76 columns with \\r\\n',
        JSON.stringify({ pem: wrap(btoa(`${'x'.repeat(49)}${ODD_KEY}`), '\r\n') }),
      ],
      ['in base64 of base64', JSON.stringify({ token: btoa(btoa(`key:${ODD_KEY}`)) })],
      ['in url-safe base64 of base64', JSON.stringify({ token: urlSafe(btoa(btoa(`${ODD_KEY}.`))) })],
      [
        'truncated by its last three characters',
        JSON.stringify({ debug: `ApiKey ${ODD_KEY.slice(0, -3)}…` }),
      ],
      ['as 16 characters from its middle', JSON.stringify({ debug: ODD_KEY.slice(5, 21) })],
      ['truncated, in base64', JSON.stringify({ token: btoa(`k:${ODD_KEY.slice(0, -3)}`) })],
    ];
    for (const [name, body, key = ODD_KEY] of forms) {
      it(`withholds a body that holds the key ${name} (502)`, async () => {
        const reported: unknown[] = [];
        const upstream = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
        const { proxy, served } = setup({
          apiKey: key,
          fetch: upstream,
          onError: (error) => reported.push(error),
        });
        const response = await proxy(new Request(`${APP}/v1/messages`));
        expect(response.status).to.equal(502);
        expect(await response.json()).to.include({ statusCode: 502, error: 'Bad Gateway' });
        expect(served[0]).not.to.include(body);
        expect(String(reported[0])).to.include('API key');
      });
    }

    it('finds base64 in both alphabets at every alignment (the test key needs both)', () => {
      for (const offset of [0, 1, 2]) {
        const base64 = btoa(`${'x'.repeat(offset)}${ODD_KEY}!`);
        expect(urlSafe(base64)).not.to.equal(base64);
      }
    });

    it('drops a response header that holds the key in base64', async () => {
      const upstream = async () =>
        new Response('{}', {
          headers: { 'content-type': 'application/json', 'ratelimit-policy': `t=${btoa(`k:${KEY}`)}` },
        });
      const { proxy } = setup({ fetch: upstream });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      expect(response.status).to.equal(200);
      expect(response.headers.has('ratelimit-policy')).to.equal(false);
    });

    it('passes answers that merely look like escapes or base64, or share fewer than 16 characters with the key', async () => {
      const body = JSON.stringify({
        path: 'C:\\notif\\u00e9',
        token: btoa('sk_live_other_key'),
        q: '%zz%41',
        html: '&#0; &#x110000; &amp;',
        hex: 'deadbeef'.repeat(8),
        prefix: KEY.slice(0, 15),
        wrapped: wrap(btoa('x'.repeat(200)), '\n'),
      });
      const upstream = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
      const { proxy } = setup({ fetch: upstream });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal(body);
    });
  });

  describe('only JSON from the service', () => {
    const answer = (body: BodyInit | null, status: number, headers: Record<string, string>) => async () =>
      new Response(body, { status, headers });

    const refused: [string, BodyInit, number, Record<string, string>][] = [
      [
        'an HTML page',
        '<html><script>alert(document.cookie)</script></html>',
        200,
        { 'content-type': 'text/html' },
      ],
      [
        'an HTML error page',
        '<h1>502 Bad Gateway</h1><script>alert(1)</script>',
        502,
        { 'content-type': 'text/html; charset=utf-8' },
      ],
      ['text/plain', '{"data":[]}', 200, { 'content-type': 'text/plain' }],
      ['a body without content-type', new Uint8Array([60, 98, 62, 104, 105]), 404, {}],
      ['JSON in another charset', '{"data":[]}', 200, { 'content-type': 'application/json; charset=utf-16' }],
      [
        'a "JSON" body that is not UTF-8',
        new Uint8Array([0xff, 0xfe, 0x7b, 0x00]),
        200,
        { 'content-type': 'application/json' },
      ],
      [
        'SVG',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        200,
        { 'content-type': 'image/svg+xml' },
      ],
    ];
    for (const [name, body, status, headers] of refused) {
      it(`answers 502 in its own JSON for ${name}, never passing the body on`, async () => {
        const reported: unknown[] = [];
        const { proxy } = setup({
          fetch: answer(body, status, headers),
          onError: (error) => reported.push(error),
        });
        const response = await proxy(new Request(`${APP}/v1/messages`));
        expect(response.status).to.equal(502);
        expect(response.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        const text = await response.text();
        expect(JSON.parse(text)).to.include({
          statusCode: 502,
          error: 'Bad Gateway',
          path: '/notif/v1/messages',
        });
        expect(text).not.to.match(/<|alert/);
        expect(reported).to.have.length(1);
      });
    }

    it('passes JSON and +json answers, with or without charset=utf-8, and empty answers', async () => {
      const passed: [BodyInit | null, number, Record<string, string>][] = [
        ['{"ok":1}', 200, { 'content-type': 'application/json' }],
        ['{"ok":1}', 200, { 'content-type': 'Application/JSON; Charset="UTF-8"' }],
        ['{"statusCode":422}', 422, { 'content-type': 'application/problem+json' }],
        [null, 204, { 'content-type': 'text/html' }],
        ['', 200, { 'content-type': 'text/html' }],
        [null, 202, {}],
      ];
      for (const [body, status, headers] of passed) {
        const { proxy } = setup({ fetch: answer(body, status, headers) });
        const response = await proxy(new Request(`${APP}/v1/messages`));
        expect(response.status).to.equal(status);
        expect(await response.text()).to.equal(body ?? '');
      }
    });
  });

  describe('time and size limits', () => {
    /** An upstream fetch that never settles unless aborted; `signal` is the one it was given. */
    function hangingUpstream() {
      const state: { signal?: AbortSignal | null; calls: number } = { calls: 0 };
      const fetch = (_input: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          state.calls++;
          state.signal = init.signal;
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        });
      return { state, fetch };
    }

    /** A body that sends `chunk` on every read, forever (`wait` before each, if given), and records cancellation. */
    function endlessBody(chunk: Uint8Array, wait?: () => Promise<void>) {
      const state = { pulls: 0, cancelled: false };
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            state.pulls++;
            await wait?.();
            controller.enqueue(chunk);
          },
          cancel() {
            state.cancelled = true;
          },
        },
        { highWaterMark: 0 },
      );
      return { state, body };
    }

    it('answers 504 and aborts the call when the service does not answer within upstreamTimeoutMs', async () => {
      const reported: [unknown, string][] = [];
      const upstream = hangingUpstream();
      const { proxy } = setup({
        fetch: upstream.fetch,
        upstreamTimeoutMs: 30,
        onError: (error, stage) => reported.push([error, stage]),
      });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      expect(response.status).to.equal(504);
      expect(await response.json()).to.include({ statusCode: 504, error: 'Gateway Timeout' });
      expect(upstream.state.calls).to.equal(1);
      expect(upstream.state.signal?.aborted).to.equal(true);
      expect(reported.map(([, stage]) => stage)).to.deep.equal(['upstream']);
    });

    it('answers 504 and stops reading a body that is still dripping at upstreamTimeoutMs', async () => {
      const drip = endlessBody(
        new TextEncoder().encode(' '),
        () => new Promise((resolve) => setTimeout(resolve)),
      );
      let signal: AbortSignal | null | undefined;
      const fetch = async (_input: string, init: RequestInit) => {
        signal = init.signal;
        return new Response(drip.body, { headers: { 'content-type': 'application/json' } });
      };
      const { proxy } = setup({ fetch, upstreamTimeoutMs: 30 });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      expect(response.status).to.equal(504);
      expect(drip.state.pulls).to.be.greaterThan(0);
      expect(drip.state.cancelled).to.equal(true);
      expect(signal?.aborted).to.equal(true);
    });

    it('answers 502 and stops reading once the body passes maxResponseBytes', async () => {
      const reported: unknown[] = [];
      const flood = endlessBody(new Uint8Array(1024).fill(32));
      let signal: AbortSignal | null | undefined;
      const fetch = async (_input: string, init: RequestInit) => {
        signal = init.signal;
        return new Response(flood.body, { headers: { 'content-type': 'application/json' } });
      };
      const { proxy } = setup({ fetch, maxResponseBytes: 4096, onError: (error) => reported.push(error) });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      expect(response.status).to.equal(502);
      expect(await response.json()).to.include({ statusCode: 502, error: 'Bad Gateway' });
      expect(flood.state.pulls).to.equal(5);
      expect(flood.state.cancelled).to.equal(true);
      expect(signal?.aborted).to.equal(true);
      expect(String(reported[0])).to.include('4096');
    });

    it('passes a body of exactly maxResponseBytes', async () => {
      const body = `"${'x'.repeat(98)}"`;
      const fetch = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
      const { proxy } = setup({ fetch, maxResponseBytes: 100 });
      const response = await proxy(new Request(`${APP}/v1/messages`));
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal(body);
    });

    it('answers 503, without calling the service, when authenticate outlasts authenticateTimeoutMs', async () => {
      const reported: [unknown, string][] = [];
      const { client, mock } = setup({
        authenticate: () => new Promise<string>(() => undefined),
        authenticateTimeoutMs: 30,
        onError: (error, stage) => reported.push([error, stage]),
      });
      const error = await rejection(client.listMessages());
      expect(error.status).to.equal(503);
      expect(error.body).to.include({ statusCode: 503, error: 'Service Unavailable' });
      expect(mock.requests).to.have.length(0);
      expect(reported.map(([, stage]) => stage)).to.deep.equal(['authenticate']);
    });

    it('with the timeouts at 0, waits as long as it takes', async () => {
      let answer!: (id: string) => void;
      let asked!: () => void;
      const authenticating = new Promise<void>((resolve) => (asked = resolve));
      const { proxy } = setup({
        authenticate: () =>
          new Promise<string>((resolve) => {
            answer = resolve;
            asked();
          }),
        authenticateTimeoutMs: 0,
        upstreamTimeoutMs: 0,
      });
      const pending = proxy(new Request(`${APP}/v1/messages`));
      await authenticating;
      answer(PRIYA);
      expect((await pending).status).to.equal(200);
    });
  });

  describe('cancellation', () => {
    it("passes the browser request's signal upstream, so a cancelled call stops there too", async () => {
      let upstreamSignal: AbortSignal | undefined;
      let reached!: () => void;
      const called = new Promise<void>((resolve) => (reached = resolve));
      const upstream = (_input: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          upstreamSignal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
          reached();
        });
      const { proxy } = setup({ fetch: upstream });
      const controller = new AbortController();
      const pending = proxy(new Request(`${APP}/v1/messages`, { signal: controller.signal }));
      await called;
      expect(upstreamSignal?.aborted).to.equal(false);
      controller.abort();
      const response = await pending;
      expect(upstreamSignal?.aborted).to.equal(true);
      expect(response.status).to.equal(499);
    });
  });
});
