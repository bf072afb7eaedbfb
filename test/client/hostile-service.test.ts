import { expect } from '@open-wc/testing';
import {
  createNotifClient,
  NotifHttpError,
  NotifInvalidResponseError,
  NotifTimeoutError,
  NotifValidationError,
  type NotifClient,
} from '../../src/client/index.js';
import { createTransport } from '../../src/client/http.js';
import {
  drippingBody,
  json,
  lazyBody,
  respondWith,
  scriptedFetch,
  type LazyBody,
} from '../helpers/fake-fetch.js';
import { rejection } from '../helpers/rejection.js';

const page = { data: [], hasMore: false, page: 0, pageSize: 10 };
const signInPage = `<!doctype html><html><head><title>Sign in</title></head><body>${'<p>Please sign in.</p>'.repeat(500)}</body></html>`;

/** A response whose body is `text` as it is (not JSON-encoded), with the given status and content type. */
function raw(status: number, text: string | null, contentType = 'application/json; charset=utf-8') {
  return () => new Response(text, { status, headers: { 'content-type': contentType } });
}

describe('client against a hostile or broken service', () => {
  describe('timeout and abort cover the response body', function () {
    // A failing test here hangs (a body that never ends): let it fail in 3 s rather than mocha's 10 s.
    this.timeout(3000);

    it('times out a body that drips forever, and cancels it', async () => {
      const body = drippingBody();
      const { fetch, calls } = respondWith(() => new Response(body.stream, { status: 200 }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, timeoutMs: 50, retry: false });
      const error = (await rejection(client.listIntegrations())) as NotifTimeoutError;
      expect(error).to.be.instanceOf(NotifTimeoutError);
      expect(error.kind).to.equal('timeout');
      expect(error.timeoutMs).to.equal(50);
      await body.cancelled;
      expect(calls[0]!.init.signal!.aborted, 'the fetch is aborted too').to.equal(true);
    });

    it('stops a dripping body when the caller aborts, with the signal reason, and cancels it', async () => {
      const body = drippingBody();
      const { fetch, calls } = respondWith(() => new Response(body.stream, { status: 200 }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, timeoutMs: 0, retry: false });
      const controller = new AbortController();
      const result = rejection(client.listMessages({}, { signal: controller.signal }));
      await body.reading;
      const reason = new DOMException('user left', 'AbortError');
      controller.abort(reason);
      expect(await result).to.equal(reason);
      await body.cancelled;
      expect(calls[0]!.init.signal!.aborted).to.equal(true);
    });

    it('still reads a slow body that ends within the timeout', async () => {
      const chunks = ['{"data":', '[]', '}'];
      const body = lazyBody(() => new Promise((resolve) => setTimeout(() => resolve(chunks.shift()), 1)));
      const { fetch } = respondWith(() => new Response(body.stream, { status: 200 }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, timeoutMs: 1000, retry: false });
      expect(await client.listIntegrations()).to.deep.equal([]);
    });
  });

  describe('a 2xx body that is not what the operation returns', () => {
    async function invalid(call: (client: NotifClient) => Promise<unknown>, make: () => Response) {
      const { fetch, calls } = respondWith(make);
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry: { baseDelayMs: 1 } });
      const error = (await rejection(call(client))) as NotifInvalidResponseError;
      expect(error, String(error)).to.be.instanceOf(NotifInvalidResponseError);
      expect(error.kind).to.equal('invalid-response');
      expect(calls, 'an invalid 2xx is not retried').to.have.length(1);
      return error;
    }

    it('rejects an HTML sign-in page answered 200, keeping only a short excerpt', async () => {
      const error = await invalid((c) => c.listMessages(), raw(200, signInPage, 'text/html; charset=utf-8'));
      expect(error.status).to.equal(200);
      expect(error.contentType).to.equal('text/html; charset=utf-8');
      expect(error.excerpt.startsWith('<!doctype html><html><head><title>Sign in')).to.equal(true);
      expect(error.excerpt.length).to.be.at.most(100);
      expect(error.message.length).to.be.below(200);
      expect(error.message).to.contain('GET /v1/messages');
    });

    it('rejects a sign-in page even when it claims to be JSON, and a cut JSON body', async () => {
      await invalid((c) => c.getPreferences('usr_1'), raw(200, signInPage));
      await invalid((c) => c.listIntegrations(), raw(200, '{"data":[{"_id":"i1"'));
    });

    it('rejects an empty body where a resource is due (200 or 204)', async () => {
      const empty = await invalid((c) => c.getWorkflow('onboarding'), raw(200, ''));
      expect(empty.excerpt).to.equal('');
      const noContent = await invalid(
        (c) => c.updateSubscriber('usr_1', { firstName: 'A' }),
        () => new Response(null, { status: 204 }),
      );
      expect(noContent.status).to.equal(204);
      await invalid((c) => c.markMessagesAs('usr_1', { messageId: 'm1', markAs: 'read' }), raw(201, ''));
    });

    it('rejects null, bare or in the envelope', async () => {
      await invalid((c) => c.getPreferences('usr_1'), raw(200, 'null'));
      await invalid((c) => c.getEvent('e1'), raw(200, '{"data":null}'));
      await invalid((c) => c.listMessages(), raw(200, 'null'));
    });

    it('rejects JSON of the wrong shape for the operation', async () => {
      // A list whose data is not an array.
      await invalid((c) => c.listIntegrations(), raw(200, '{"data":{"_id":"i1"}}'));
      await invalid(
        (c) => c.markMessagesAs('u', { messageId: 'm1', markAs: 'read' }),
        raw(201, '{"data":"ok"}'),
      );
      // A page envelope without its data array.
      await invalid((c) => c.listMessages(), raw(200, '{"hasMore":false,"page":0,"pageSize":10}'));
      await invalid((c) => c.listEvents(), raw(200, '{"data":{"items":[]},"hasMore":false}'));
      // A resource that is a list or a string.
      await invalid((c) => c.getWorkflow('w1'), raw(200, '{"data":[]}'));
      await invalid((c) => c.setPrimaryIntegration('i1'), raw(200, '"ok"'));
    });

    it('still accepts every valid form: bare or wrapped resources, lists and pages', async () => {
      const answers = scriptedFetch(
        json(200, { data: { _id: 'w1' } }),
        json(200, { _id: 'w1' }),
        json(200, []),
        json(200, { data: page }),
        json(200, { data: { workflows: [], totalCount: 0 } }),
      );
      const client = createNotifClient({ baseUrl: 'https://x', fetch: answers.fetch });
      expect(await client.getWorkflow('w1')).to.deep.equal({ _id: 'w1' });
      expect(await client.getWorkflow('w1')).to.deep.equal({ _id: 'w1' });
      expect(await client.listIntegrations()).to.deep.equal([]);
      expect(await client.listMessages()).to.deep.equal(page);
      expect(await client.listWorkflows()).to.deep.equal({ workflows: [], totalCount: 0 });
    });

    it('resolves an operation that returns no content, but refuses text in its place', async () => {
      const { fetch } = respondWith(
        (call) =>
          [
            new Response(null, { status: 204 }),
            new Response('', { status: 200 }),
            new Response('{}', { status: 200 }),
            new Response(signInPage, { status: 200, headers: { 'content-type': 'text/html' } }),
          ][call]!,
      );
      const send = createTransport({ baseUrl: 'https://x', fetch, retry: false });
      const remove = () => send({ method: 'DELETE', path: '/v2/workflows/w1', expect: 'none' });
      expect(await remove()).to.equal(undefined);
      expect(await remove()).to.equal(undefined);
      expect(await remove()).to.equal(undefined);
      expect(await rejection(remove())).to.be.instanceOf(NotifInvalidResponseError);
    });

    it('keeps a non-2xx HTML page an HTTP error, with a short message', async () => {
      const { fetch } = respondWith(raw(502, signInPage.repeat(10), 'text/html'));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry: false });
      const error = (await rejection(client.listIntegrations())) as NotifHttpError;
      expect(error).to.be.instanceOf(NotifHttpError);
      expect(error.status).to.equal(502);
      expect(error.message.length).to.be.at.most(200);
      expect(error.serviceMessage).to.equal(undefined);
    });
  });

  describe('path parameters stay one segment', () => {
    const paramCalls: [string, (client: NotifClient, id: string) => Promise<unknown>][] = [
      ['subscriberId', (c, id) => c.updateSubscriber(id, { firstName: 'A' })],
      ['subscriberId', (c, id) => c.getPreferences(id)],
      ['subscriberId', (c, id) => c.updatePreferences(id, { channels: { email: false } })],
      ['subscriberId', (c, id) => c.markMessagesAs(id, { messageId: 'm1', markAs: 'read' })],
      ['integrationId', (c, id) => c.updateIntegration(id, { name: 'A' })],
      ['integrationId', (c, id) => c.setPrimaryIntegration(id)],
      ['workflowId', (c, id) => c.getWorkflow(id)],
      ['notificationId', (c, id) => c.getEvent(id)],
    ];

    it('refuses ".", ".." and "" for every path parameter, before sending anything', async () => {
      const { fetch, calls } = scriptedFetch(json(200, { data: [] }));
      const client = createNotifClient({ baseUrl: 'https://api.test', fetch });
      for (const [field, call] of paramCalls) {
        for (const id of ['.', '..', '']) {
          const error = (await rejection(call(client, id))) as NotifValidationError;
          expect(error, `${field} ${JSON.stringify(id)}`).to.be.instanceOf(NotifValidationError);
          expect(error.field).to.equal(field);
        }
      }
      expect(calls).to.have.length(0);
    });

    it('refuses them because URL resolution would drop them, even percent-encoded', () => {
      expect(new URL('https://api.test/v2/subscribers/../preferences').pathname).to.equal('/v2/preferences');
      expect(new URL('https://api.test/v2/subscribers/%2E%2E/preferences').pathname).to.equal(
        '/v2/preferences',
      );
    });

    it('keeps other ids with dots or slashes as one segment, through real URL resolution', async () => {
      const { fetch, calls } = scriptedFetch(json(200, { data: { _id: 'x' } }));
      const absolute = createNotifClient({ baseUrl: 'https://api.test', fetch });
      const relative = createNotifClient({ baseUrl: '/notif-api', fetch });
      await absolute.getPreferences('...');
      await absolute.getWorkflow('a/../..');
      await absolute.getEvent('.hidden');
      await relative.setPrimaryIntegration('..x');
      const paths = calls.map((c) => new URL(c.url, location.href).pathname);
      expect(paths).to.deep.equal([
        '/v2/subscribers/.../preferences',
        '/v2/workflows/a%2F..%2F..',
        '/v1/notifications/.hidden',
        '/notif-api/v1/integrations/..x/set-primary',
      ]);
    });
  });

  describe('bounded reading', () => {
    /** A body made lazily from a generator of chunks. */
    function generated(chunks: Generator<string, void>): LazyBody {
      return lazyBody(() => chunks.next().value ?? undefined);
    }

    /** `{"data":[` + spaces + `]}`: valid JSON of `bytes` bytes, in 1 KB chunks. */
    function* paddedList(bytes: number): Generator<string, void> {
      yield '{"data":[';
      for (let left = bytes - 11; left > 0; left -= 1024) yield ' '.repeat(Math.min(1024, left));
      yield ']}';
    }

    it('refuses a 2xx body above maxResponseBytes, reading no further than the limit', async () => {
      const body = generated(paddedList(100_000));
      const { fetch } = respondWith(() => new Response(body.stream, { status: 200 }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, maxResponseBytes: 10_000 });
      const error = (await rejection(client.listIntegrations())) as NotifInvalidResponseError;
      expect(error).to.be.instanceOf(NotifInvalidResponseError);
      expect(error.message).to.contain('maxResponseBytes');
      expect(body.pulled).to.be.below(10_000 + 1024 + 10);
      await body.cancelled;
    });

    it('refuses a 2xx by its Content-Length before reading any of it (default 10 MB)', async () => {
      const bodies: LazyBody[] = [];
      const { fetch } = respondWith((call) => {
        const body = lazyBody(() => undefined);
        bodies.push(body);
        const length = call === 0 ? '10485761' : '10485760';
        return new Response(call === 0 ? body.stream : '{"data":[]}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-length': length },
        });
      });
      const client = createNotifClient({ baseUrl: 'https://x', fetch });
      const error = await rejection(client.listIntegrations());
      expect(error).to.be.instanceOf(NotifInvalidResponseError);
      expect(bodies[0]!.pulled).to.equal(0);
      await bodies[0]!.cancelled;
      expect(await client.listIntegrations(), 'exactly the limit is read').to.deep.equal([]);
    });

    it('cuts a huge error body: a 50 MB 500 gives a short message, reading 64 KB per attempt', async () => {
      const bodies: LazyBody[] = [];
      const chunk = 'x'.repeat(65_536);
      const { fetch, calls } = respondWith(() => {
        // 800 × 64 KB = 50 MB, made only as far as it is read.
        const body = generated(
          (function* () {
            yield '{"message":"';
            for (let i = 0; i < 800; i++) yield chunk;
            yield '"}';
          })(),
        );
        bodies.push(body);
        return new Response(body.stream, { status: 500, headers: { 'content-type': 'application/json' } });
      });
      const client = createNotifClient({
        baseUrl: 'https://x',
        fetch,
        retry: { retries: 2, baseDelayMs: 1 },
      });
      const error = (await rejection(client.listIntegrations())) as NotifHttpError;
      expect(error).to.be.instanceOf(NotifHttpError);
      expect(error.status).to.equal(500);
      expect(calls).to.have.length(3);
      expect(error.message.length).to.be.at.most(200);
      expect((error.body as string).length).to.be.at.most(65_536);
      await Promise.all(bodies.map((body) => body.cancelled));
      for (const body of bodies) expect(body.pulled).to.be.at.most(2 * 65_536 + 12);
    });
  });
});
