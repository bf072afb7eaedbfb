import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  createNotifClient,
  NotifHttpError,
  NotifNetworkError,
  NotifTimeoutError,
  NotifValidationError,
} from '../../src/client/index.js';
import { json, scriptedFetch, settle } from '../helpers/fake-fetch.js';
import { rejection } from '../helpers/rejection.js';

const page = { data: [], hasMore: false, page: 0, pageSize: 10 };

describe('client transport', () => {
  describe('requests', () => {
    it('serialises arrays as repeated keys and leaves undefined out', async () => {
      const { fetch, calls } = scriptedFetch(json(200, { data: { workflows: [], totalCount: 0 } }));
      const client = createNotifClient({ baseUrl: 'https://api.test/', fetch });
      await client.listWorkflows({
        tags: ['ops', 'billing'],
        status: ['ACTIVE', 'ERROR'],
        query: undefined,
        limit: 5,
      });
      expect(calls[0]!.url).to.equal(
        'https://api.test/v2/workflows?tags=ops&tags=billing&status=ACTIVE&status=ERROR&limit=5',
      );
    });

    it('encodes path segments', async () => {
      const { fetch, calls } = scriptedFetch(json(200, { data: { global: {}, workflows: [] } }));
      const client = createNotifClient({ baseUrl: 'https://api.test', fetch });
      await client.getPreferences('usr/1 ?#..');
      expect(calls[0]!.url).to.equal('https://api.test/v2/subscribers/usr%2F1%20%3F%23../preferences');
    });

    it('works with a relative base URL (a same-origin proxy)', async () => {
      const { fetch, calls } = scriptedFetch(json(200, page));
      const client = createNotifClient({ baseUrl: '/notif-api', fetch });
      await client.listMessages({ subscriberId: 'usr_1', channel: 'in_app', page: 0, limit: 20 });
      expect(calls[0]!.url).to.equal(
        '/notif-api/v1/messages?subscriberId=usr_1&channel=in_app&page=0&limit=20',
      );
    });

    it('sends the API key only when one is given', async () => {
      const withKey = scriptedFetch(json(200, { data: [] }));
      await createNotifClient({
        baseUrl: 'https://api.test',
        apiKey: 'sk_1',
        fetch: withKey.fetch,
      }).listIntegrations();
      expect(withKey.calls[0]!.headers['authorization']).to.equal('ApiKey sk_1');

      const withoutKey = scriptedFetch(json(200, { data: [] }));
      await createNotifClient({ baseUrl: 'https://api.test', fetch: withoutKey.fetch }).listIntegrations();
      expect(withoutKey.calls[0]!.headers).not.to.have.property('authorization');
    });

    it('asks an async headers function before every attempt', async () => {
      const { fetch, calls } = scriptedFetch(json(503, {}), json(200, { data: [] }));
      let token = 0;
      const client = createNotifClient({
        baseUrl: 'https://api.test',
        fetch,
        retry: { baseDelayMs: 1 },
        headers: async () => ({ Authorization: `Bearer t${++token}` }),
      });
      await client.listIntegrations();
      expect(calls.map((c) => c.headers['authorization'])).to.deep.equal(['Bearer t1', 'Bearer t2']);
    });

    it('sends JSON bodies with a content type', async () => {
      const { fetch, calls } = scriptedFetch(json(201, { data: [] }));
      const client = createNotifClient({ baseUrl: 'https://api.test', fetch });
      await client.markMessagesAs('usr_1', { messageId: ['a', 'b'], markAs: 'read' });
      expect(calls[0]!.method).to.equal('POST');
      expect(calls[0]!.headers['content-type']).to.equal('application/json');
      expect(calls[0]!.body).to.deep.equal({ messageId: ['a', 'b'], markAs: 'read' });
    });
  });

  describe('envelope', () => {
    it('returns the resource from a {data} envelope and from a bare body', async () => {
      const integration = { _id: 'i1', name: 'Twilio', channel: 'sms' };
      const wrapped = scriptedFetch(json(200, { data: integration }));
      const bare = scriptedFetch(json(200, integration));
      const a = await createNotifClient({ baseUrl: 'https://x', fetch: wrapped.fetch }).setPrimaryIntegration(
        'i1',
      );
      const b = await createNotifClient({ baseUrl: 'https://x', fetch: bare.fetch }).setPrimaryIntegration(
        'i1',
      );
      expect(a).to.deep.equal(integration);
      expect(b).to.deep.equal(integration);
    });

    it('keeps a paginated list whole, bare or wrapped once', async () => {
      const list = { data: [{ _id: 'm1' }], hasMore: true, page: 2, pageSize: 1, totalCount: 9 };
      const bare = scriptedFetch(json(200, list));
      const wrapped = scriptedFetch(json(200, { data: list }));
      expect(
        await createNotifClient({ baseUrl: 'https://x', fetch: bare.fetch }).listMessages(),
      ).to.deep.equal(list);
      expect(
        await createNotifClient({ baseUrl: 'https://x', fetch: wrapped.fetch }).listMessages(),
      ).to.deep.equal(list);
    });
  });

  describe('errors', () => {
    it('throws an HTTP error with status, service message, body and Retry-After', async () => {
      const body = { statusCode: 429, message: 'API rate limit exceeded', path: '/v1/messages' };
      const { fetch } = scriptedFetch(json(429, body, { 'retry-after': '7' }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry: false });
      const error = (await rejection(client.listMessages())) as NotifHttpError;
      expect(error).to.be.instanceOf(NotifHttpError);
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(429);
      expect(error.serviceMessage).to.equal('API rate limit exceeded');
      expect(error.body).to.deep.equal(body);
      expect(error.retryAfter).to.equal(7);
    });

    it('reads a bare JSON string body (the 429 of the specification)', async () => {
      const { fetch } = scriptedFetch(json(429, 'API rate limit exceeded', { 'retry-after': '1' }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry: false });
      const error = (await rejection(client.listIntegrations())) as NotifHttpError;
      expect(error.serviceMessage).to.equal('API rate limit exceeded');
      expect(error.body).to.equal('API rate limit exceeded');
      expect(error.retryAfter).to.equal(1);
    });

    it('keeps a validation message list and an object message as sent', async () => {
      const list = scriptedFetch(
        json(400, { statusCode: 400, message: ['channels.email must be a boolean value'] }),
      );
      const client = createNotifClient({ baseUrl: 'https://x', fetch: list.fetch });
      const error = (await rejection(client.updatePreferences('u', { channels: {} }))) as NotifHttpError;
      expect(error.serviceMessage).to.deep.equal(['channels.email must be a boolean value']);
      expect(error.message).to.contain('channels.email must be a boolean value');

      const object = scriptedFetch(json(422, { message: { markAs: 'bad' } }));
      const error2 = (await rejection(
        createNotifClient({ baseUrl: 'https://x', fetch: object.fetch }).markMessagesAs('u', {
          messageId: 'm',
          markAs: 'read',
        }),
      )) as NotifHttpError;
      expect(error2.serviceMessage).to.deep.equal({ markAs: 'bad' });
    });

    it('reads Retry-After given as an HTTP date', async () => {
      const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
      const { fetch } = scriptedFetch(json(503, {}, { 'retry-after': inFiveSeconds }));
      const error = (await rejection(
        createNotifClient({ baseUrl: 'https://x', fetch, retry: false }).listIntegrations(),
      )) as NotifHttpError;
      expect(error.retryAfter).to.be.within(4, 6);
    });

    it('tells a network failure apart from an HTTP error', async () => {
      const { fetch } = scriptedFetch({ networkError: true });
      const error = await rejection(
        createNotifClient({ baseUrl: 'https://x', fetch, retry: false }).listIntegrations(),
      );
      expect(error).to.be.instanceOf(NotifNetworkError);
      expect((error as NotifNetworkError).kind).to.equal('network');
    });

    it('times out a request that gets no answer', async () => {
      const { fetch } = scriptedFetch({ hang: true });
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry: false, timeoutMs: 30 });
      const error = await rejection(client.listIntegrations());
      expect(error).to.be.instanceOf(NotifTimeoutError);
      expect((error as NotifTimeoutError).timeoutMs).to.equal(30);
    });

    it('refuses out-of-range limits before sending anything', async () => {
      const { fetch, calls } = scriptedFetch(json(200, page));
      const client = createNotifClient({ baseUrl: 'https://x', fetch });
      for (const query of [{ limit: 0 }, { limit: 51 }, { page: -1 }, { limit: 2.5 }]) {
        const error = await rejection(client.listEvents(query));
        expect(error).to.be.instanceOf(NotifValidationError);
      }
      const error = (await rejection(client.listMessages({ page: -1 }))) as NotifValidationError;
      expect(error.field).to.equal('page');
      expect(await rejection(client.markMessagesAs('u', { messageId: [], markAs: 'read' }))).to.be.instanceOf(
        NotifValidationError,
      );
      expect(await rejection(client.getEvent(''))).to.be.instanceOf(NotifValidationError);
      expect(calls).to.have.length(0);
      await client.listEvents({ limit: 50, page: 0 });
      expect(calls).to.have.length(1);
    });
  });

  describe('retries', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => clock.restore());

    /**
     * Advances fake time in steps of at most 50 ms, letting real response reading finish between steps so
     * that each backoff timer starts at the fake time its response arrived.
     */
    async function tick(ms: number) {
      await settle();
      for (let left = ms; left > 0; left -= 50) {
        await clock.tickAsync(Math.min(50, left));
        await settle();
      }
    }

    const retry = { retries: 3, baseDelayMs: 100, maxDelayMs: 1000, random: () => 1 };

    it('retries a GET on 5xx with exponential backoff', async () => {
      const { fetch, calls } = scriptedFetch(json(500, {}), json(502, {}), json(200, { data: [] }));
      const result = createNotifClient({ baseUrl: 'https://x', fetch, retry }).listIntegrations();
      await tick(0);
      expect(calls).to.have.length(1);
      await tick(99);
      expect(calls).to.have.length(1);
      await tick(1);
      expect(calls).to.have.length(2);
      await tick(199);
      expect(calls).to.have.length(2);
      await tick(1);
      expect(calls).to.have.length(3);
      expect(await result).to.deep.equal([]);
    });

    it('caps the backoff and gives up after the last retry', async () => {
      const { fetch, calls } = scriptedFetch(json(503, { message: 'down' }));
      const result = rejection(
        createNotifClient({
          baseUrl: 'https://x',
          fetch,
          retry: { ...retry, maxDelayMs: 150 },
        }).listIntegrations(),
      );
      await tick(100 + 150 + 150);
      const error = (await result) as NotifHttpError;
      expect(calls).to.have.length(4);
      expect(error.status).to.equal(503);
    });

    it('retries 408, 429 and network errors, but not 4xx client errors', async () => {
      const retried = scriptedFetch(
        json(408, {}),
        json(429, {}),
        { networkError: true },
        json(200, { data: [] }),
      );
      const ok = createNotifClient({ baseUrl: 'https://x', fetch: retried.fetch, retry }).listIntegrations();
      await tick(2000);
      await ok;
      expect(retried.calls).to.have.length(4);

      const notRetried = scriptedFetch(json(404, { message: 'Workflow not found' }));
      const error = await rejection(
        createNotifClient({ baseUrl: 'https://x', fetch: notRetried.fetch, retry }).getWorkflow('nope'),
      );
      expect((error as NotifHttpError).status).to.equal(404);
      expect(notRetried.calls).to.have.length(1);
    });

    it('waits as long as Retry-After asks', async () => {
      const { fetch, calls } = scriptedFetch(
        json(429, 'API rate limit exceeded', { 'retry-after': '2' }),
        json(200, page),
      );
      const result = createNotifClient({ baseUrl: 'https://x', fetch, retry }).listMessages();
      await tick(1999);
      expect(calls).to.have.length(1);
      await tick(1);
      expect(calls).to.have.length(2);
      await result;
    });

    it('does not wait for a Retry-After beyond the allowed maximum', async () => {
      const { fetch, calls } = scriptedFetch(json(429, {}, { 'retry-after': '3600' }), json(200, page));
      const error = await rejection(createNotifClient({ baseUrl: 'https://x', fetch, retry }).listMessages());
      expect((error as NotifHttpError).retryAfter).to.equal(3600);
      expect(calls).to.have.length(1);
    });

    it('retries a mutation with the same generated idempotency key', async () => {
      const { fetch, calls } = scriptedFetch(json(503, {}), json(409, {}), json(201, { data: [] }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry });
      const result = client.markMessagesAs('u', { messageId: 'm1', markAs: 'read' });
      await tick(1000);
      await result;
      expect(calls).to.have.length(3);
      const keys = calls.map((c) => c.headers['idempotency-key']);
      expect(keys[0]).to.be.a('string').and.have.length.greaterThan(8);
      expect(new Set(keys).size).to.equal(1);
    });

    it('uses a caller-given idempotency key, and a new key for each logical call', async () => {
      const { fetch, calls } = scriptedFetch(json(201, { data: [] }));
      const client = createNotifClient({ baseUrl: 'https://x', fetch, retry });
      await client.markMessagesAs('u', { messageId: 'm1', markAs: 'read' }, { idempotencyKey: 'key-1' });
      await client.markMessagesAs('u', { messageId: 'm1', markAs: 'read' });
      await client.markMessagesAs('u', { messageId: 'm1', markAs: 'read' });
      const keys = calls.map((c) => c.headers['idempotency-key']);
      expect(keys[0]).to.equal('key-1');
      expect(keys[1]).not.to.equal(keys[2]);
    });

    it('does not retry a mutation refused with 4xx', async () => {
      const { fetch, calls } = scriptedFetch(json(422, { message: 'Validation Error' }));
      await rejection(
        createNotifClient({ baseUrl: 'https://x', fetch, retry }).updateSubscriber('u', { firstName: 'A' }),
      );
      expect(calls).to.have.length(1);
    });
  });

  describe('cancellation', () => {
    it('rejects at once with the abort reason while a request is under way', async () => {
      const { fetch } = scriptedFetch({ hang: true });
      const controller = new AbortController();
      const result = rejection(
        createNotifClient({ baseUrl: 'https://x', fetch }).listIntegrations({ signal: controller.signal }),
      );
      controller.abort();
      const error = (await result) as DOMException;
      expect(error.name).to.equal('AbortError');
    });

    it('stops during a backoff wait: no further attempt', async () => {
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        const { fetch, calls } = scriptedFetch(json(500, {}), json(200, { data: [] }));
        const controller = new AbortController();
        const result = rejection(
          createNotifClient({ baseUrl: 'https://x', fetch, retry: { baseDelayMs: 1000 } }).listIntegrations({
            signal: controller.signal,
          }),
        );
        await settle();
        await clock.tickAsync(10);
        await settle();
        expect(calls).to.have.length(1);
        controller.abort(new DOMException('user left', 'AbortError'));
        const error = (await result) as DOMException;
        expect(error.message).to.equal('user left');
        await clock.tickAsync(5000);
        expect(calls).to.have.length(1);
      } finally {
        clock.restore();
      }
    });

    it('sends nothing when the signal is already aborted', async () => {
      const { fetch, calls } = scriptedFetch(json(200, { data: [] }));
      const error = await rejection(
        createNotifClient({ baseUrl: 'https://x', fetch }).listIntegrations({ signal: AbortSignal.abort() }),
      );
      expect((error as DOMException).name).to.equal('AbortError');
      expect(calls).to.have.length(0);
    });
  });
});
