import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type {
  EventList,
  Integration,
  Message,
  MessageList,
  NotificationEvent,
  Subscriber,
  SubscriberPreferences,
  Workflow,
  WorkflowList,
  WorkflowPreference,
} from '../../src/client/types.js';
import { settle } from '../helpers/fake-fetch.js';
import { FIXTURE_MESSAGES } from '../../src/mock/fixtures/messages.js';
import { FIXTURE_PREFERENCES } from '../../src/mock/fixtures/preferences.js';
import {
  createMockService,
  DEFAULT_MAX_BODY_BYTES,
  EMPTY,
  FIXTURE_NOW,
  MAYA,
  PRIYA,
  type MockService,
  type MockServiceOptions,
} from '../../src/mock/index.js';
import { forgetDefaultData } from '../../src/mock/seed.js';
import { rejection as rejectionOf } from '../helpers/rejection.js';

const rejection = (promise: Promise<unknown>) => rejectionOf<Error>(promise);

const BASE = 'https://mock.test';
const KEY = 'mock-secret-key';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  base?: string;
}

/** A mock whose clock stands at the fixtures' capture time unless the test moves it. */
function setup(options: MockServiceOptions = {}) {
  const clock = { now: new Date(FIXTURE_NOW) };
  const mock = createMockService({ now: () => new Date(clock.now), ...options });
  return { mock, clock };
}

function request(method: string, path: string, options: CallOptions = {}): Request {
  const { body } = options;
  return new Request(`${options.base ?? BASE}${path}`, {
    method,
    headers: {
      authorization: `ApiKey ${KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: options.signal,
  });
}

/** The service's error body; success bodies are read with an explicit type. */
interface ErrorBody {
  statusCode: number;
  timestamp: string;
  path: string;
  message: string | string[];
  error?: string;
  errorId?: string;
  ctx?: Record<string, string>;
  errors?: Record<string, { messages: string[]; value: unknown }>;
}

async function call<T = ErrorBody>(
  mock: MockService,
  method: string,
  path: string,
  options: CallOptions = {},
) {
  const response = await mock.fetch(request(method, path, options));
  return { response, status: response.status, headers: response.headers, body: (await response.json()) as T };
}

const get = <T = ErrorBody>(mock: MockService, path: string, options?: CallOptions) =>
  call<T>(mock, 'GET', path, options);

function inboxOf(mock: MockService, subscriberId: string, query = '') {
  return get<MessageList>(mock, `/v1/messages?subscriberId=${subscriberId}&channel=in_app${query}`);
}

function stored(mock: MockService, id: string): Message {
  return mock.db.messages.find((message) => message._id === id)!;
}

/** The error body's shape as the service sends it, `timestamp` and `path` included. */
function expectErrorShape(body: ErrorBody, status: number, path: string, timestamp = FIXTURE_NOW) {
  expect(body.statusCode).to.equal(status);
  expect(body.path).to.equal(path);
  expect(body.timestamp).to.equal(timestamp);
}

const NEWEST = FIXTURE_MESSAGES[0]!;
const UNREAD_UNSEEN = FIXTURE_MESSAGES.find((message) => !message.read && !message.seen)!;
const READ = FIXTURE_MESSAGES.find((message) => message.read)!;

describe('createMockService', () => {
  describe('routing and authentication', () => {
    it('serves the same routes under any base URL', async () => {
      const { mock } = setup();
      const direct = await get<MessageList>(mock, '/v1/messages?limit=1');
      const proxied = await get<MessageList>(mock, '/v1/messages?limit=1', {
        base: 'http://localhost:5173/api',
      });
      expect(direct.status).to.equal(200);
      expect(proxied.status).to.equal(200);
      expect(proxied.body.totalCount).to.equal(direct.body.totalCount);
      expect(mock.requests.map((entry) => entry.path)).to.deep.equal(['/v1/messages', '/v1/messages']);
    });

    it('answers an unknown route with the framework 404, query included', async () => {
      const { mock } = setup();
      const { status, headers, body } = await get(mock, '/v1/foo?x=1');
      expect(status).to.equal(404);
      expect(headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(body).to.deep.equal({
        statusCode: 404,
        timestamp: FIXTURE_NOW,
        path: '/v1/foo?x=1',
        message: 'Cannot GET /v1/foo?x=1',
        error: 'Not Found',
      });
    });

    it('answers a known path with another method as an unknown route', async () => {
      const { mock } = setup();
      const { status, body } = await call(mock, 'DELETE', '/v1/integrations');
      expect(status).to.equal(404);
      expect(body.message).to.equal('Cannot DELETE /v1/integrations');
    });

    it('refuses a request without an Authorization header in the short 401 form', async () => {
      const { mock } = setup();
      const response = await mock.fetch(new Request(`${BASE}/v2/workflows`));
      expect(response.status).to.equal(401);
      expect(await response.json()).to.deep.equal({
        statusCode: 401,
        timestamp: FIXTURE_NOW,
        path: '/v2/workflows',
        message: 'Unauthorized',
      });
    });

    it('refuses a wrong API key with "API Key not found"', async () => {
      const { mock } = setup();
      const { status, body } = await get(mock, '/v1/messages?page=0', {
        headers: { authorization: 'ApiKey nope' },
      });
      expect(status).to.equal(401);
      expect(body).to.deep.equal({
        statusCode: 401,
        timestamp: FIXTURE_NOW,
        path: '/v1/messages?page=0',
        message: 'API Key not found',
        error: 'Unauthorized',
      });
    });

    it('accepts only the configured key, and anything when auth is off', async () => {
      const custom = setup({ apiKey: 'sk_test_123' }).mock;
      expect(custom.apiKey).to.equal('sk_test_123');
      expect((await get(custom, '/v1/integrations')).status).to.equal(401);
      const ok = await get(custom, '/v1/integrations', { headers: { authorization: 'ApiKey sk_test_123' } });
      expect(ok.status).to.equal(200);

      const open = setup({ auth: false }).mock;
      const response = await open.fetch(new Request(`${BASE}/v1/integrations`));
      expect(response.status).to.equal(200);
    });

    it('sends JSON and the rate-limit headers on every response, errors included', async () => {
      const { mock } = setup();
      for (const { response } of [await get(mock, '/v1/integrations'), await get(mock, '/v1/nothing')]) {
        expect(response.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        expect(response.headers.get('ratelimit-limit')).to.equal('100');
        expect(response.headers.get('ratelimit-reset')).to.equal('1');
        expect(response.headers.get('ratelimit-policy')).to.contain('100;w=1');
        expect(Number(response.headers.get('ratelimit-remaining'))).to.be.within(0, 99);
      }
    });

    it('decodes percent-encoded path segments', async () => {
      const { mock } = setup();
      mock.addSubscriber('user@example.com', { firstName: 'Ada' });
      const { status, body } = await call<{ data: Subscriber }>(
        mock,
        'PATCH',
        '/v2/subscribers/user%40example.com',
        {
          body: { lastName: 'Lovelace' },
        },
      );
      expect(status).to.equal(200);
      expect(body.data.subscriberId).to.equal('user@example.com');
      expect(body.data.lastName).to.equal('Lovelace');
    });

    it('refuses a malformed JSON body with a 400 and changes nothing', async () => {
      const { mock } = setup();
      const { status, body } = await call(mock, 'PATCH', `/v2/subscribers/${PRIYA}`, {
        body: '{"firstName": ',
      });
      expect(status).to.equal(400);
      expect(body.error).to.equal('Bad Request');
      expect(body.message).to.be.a('string');
      expect(mock.db.subscribers.find((s) => s.subscriberId === PRIYA)!.firstName).to.equal('Priya');
    });

    it('works as a detached fetch, with a URL string and init', async () => {
      const { mock } = setup();
      const { fetch } = mock;
      const response = await fetch(`${BASE}/v1/integrations`, {
        headers: { Authorization: `ApiKey ${KEY}` },
      });
      expect(response.status).to.equal(200);
    });

    it('handles a ready Request through handle()', async () => {
      const { mock } = setup();
      const response = await mock.handle(request('GET', '/v1/notifications'));
      expect(response.status).to.equal(200);
    });
  });

  describe('request bodies', () => {
    const firstName = (mock: MockService) =>
      mock.db.subscribers.find((s) => s.subscriberId === PRIYA)!.firstName;
    const patchAs = (mock: MockService, contentType: string, body = '{"firstName":"Pia"}') =>
      call(mock, 'PATCH', `/v2/subscribers/${PRIYA}`, { body, headers: { 'content-type': contentType } });

    it('refuses a body that is not application/json with 415 where the operation takes one', async () => {
      const { mock } = setup();
      const { status, body } = await patchAs(mock, 'text/plain');
      expect(status).to.equal(415);
      expect(body).to.deep.equal({
        statusCode: 415,
        timestamp: FIXTURE_NOW,
        path: `/v2/subscribers/${PRIYA}`,
        message: 'Unsupported content-type "text/plain": send application/json (UTF-8)',
        error: 'Unsupported Media Type',
      });
      for (const type of ['application/merge-patch+json', 'application/json; charset=iso-8859-1']) {
        expect((await patchAs(mock, type)).status, type).to.equal(415);
      }
      const untyped = await mock.fetch(
        new Request(`${BASE}/v1/subscribers/${PRIYA}/messages/mark-as`, {
          method: 'POST',
          headers: { authorization: `ApiKey ${KEY}` },
          body: new Blob(['{"messageId":"x","markAs":"read"}']),
        }),
      );
      expect(untyped.status).to.equal(415);
      expect(firstName(mock)).to.equal('Priya');
      for (const type of ['application/json', 'Application/JSON; charset="UTF-8"']) {
        expect((await patchAs(mock, type)).status, type).to.equal(200);
      }
      expect(firstName(mock)).to.equal('Pia');
    });

    it('refuses a body over maxBodyBytes (default 100 KiB) with 413, counting bytes', async () => {
      const { mock } = setup();
      const padded = (bytes: number) => {
        const bare = JSON.stringify({ firstName: '' });
        return JSON.stringify({ firstName: 'x'.repeat(bytes - bare.length) });
      };
      expect(DEFAULT_MAX_BODY_BYTES).to.equal(102_400);
      const { status, body } = await patchAs(mock, 'application/json', padded(DEFAULT_MAX_BODY_BYTES + 1));
      expect(status).to.equal(413);
      expect(body).to.deep.equal({
        statusCode: 413,
        timestamp: FIXTURE_NOW,
        path: `/v2/subscribers/${PRIYA}`,
        message: 'request entity too large',
        error: 'Payload Too Large',
      });
      expect(firstName(mock)).to.equal('Priya');
      expect((await patchAs(mock, 'application/json', padded(DEFAULT_MAX_BODY_BYTES))).status).to.equal(200);

      const small = setup({ maxBodyBytes: 30 }).mock;
      // 24 characters but 32 bytes in UTF-8, then 23 characters and exactly 30 bytes.
      expect((await patchAs(small, 'application/json', '{"firstName":"éééééééé"}')).status).to.equal(413);
      expect((await patchAs(small, 'application/json', '{"firstName":"ééééééé"}')).status).to.equal(200);
      expect(() => createMockService({ maxBodyBytes: -1 })).to.throw(RangeError);
    });
  });

  describe('GET /v1/messages', () => {
    it('answers an unwrapped page, 10 newest first by default', async () => {
      const { mock } = setup();
      const { status, body } = await get<MessageList>(mock, `/v1/messages?subscriberId=${PRIYA}`);
      expect(status).to.equal(200);
      expect(Object.keys(body).sort()).to.deep.equal(['data', 'hasMore', 'page', 'pageSize', 'totalCount']);
      expect(body.page).to.equal(0);
      expect(body.pageSize).to.equal(10);
      expect(body.data).to.have.lengthOf(10);
      const dates = body.data.map((message) => Date.parse(message.createdAt));
      expect(dates).to.deep.equal([...dates].sort((a, b) => b - a));
    });

    it('starts with the fixture messages, the newest five minutes before now', async () => {
      const { mock } = setup();
      const { body } = await inboxOf(mock, PRIYA, '&limit=25');
      expect(body.data.map((message) => message._id)).to.deep.equal(
        FIXTURE_MESSAGES.map((message) => message._id),
      );
      expect(body.data[0]!.createdAt).to.equal(NEWEST.createdAt);
      expect(Date.parse(FIXTURE_NOW) - Date.parse(NEWEST.createdAt)).to.equal(5 * MINUTE);
    });

    it('dates the seed relative to the clock', async () => {
      const now = new Date('2031-02-03T08:00:00.000Z');
      const mock = createMockService({ now: () => now });
      const { body } = await inboxOf(mock, PRIYA, '&limit=100');
      expect(Date.parse(body.data[0]!.createdAt)).to.equal(now.getTime() - 5 * MINUTE);
      const oldest = Date.parse(body.data.at(-1)!.createdAt);
      expect(now.getTime() - oldest).to.be.within(6 * DAY, 10 * DAY);
      const maya = await inboxOf(mock, MAYA, '&limit=100');
      expect(now.getTime() - Date.parse(maya.body.data.at(-1)!.createdAt)).to.be.within(5 * DAY, 8 * DAY);
    });

    it('pages through every message with page, limit, hasMore and totalCount', async () => {
      const { mock } = setup();
      const seen = new Set<string>();
      const pages: MessageList[] = [];
      for (let page = 0; page < 3; page++) {
        const { body } = await inboxOf(mock, PRIYA, `&limit=25&page=${page}`);
        pages.push(body);
        body.data.forEach((message) => seen.add(message._id!));
      }
      expect(pages.map((page) => page.totalCount)).to.deep.equal([60, 60, 60]);
      expect(pages.map((page) => page.data.length)).to.deep.equal([25, 25, 10]);
      expect(pages.map((page) => page.hasMore)).to.deep.equal([true, true, false]);
      expect(pages.map((page) => page.page)).to.deep.equal([0, 1, 2]);
      expect(seen.size).to.equal(60);
      const beyond = await inboxOf(mock, PRIYA, '&limit=25&page=3');
      expect(beyond.body.data).to.deep.equal([]);
      expect(beyond.body.hasMore).to.equal(false);
    });

    it('filters by channel', async () => {
      const { mock } = setup();
      const all = await get<MessageList>(mock, `/v1/messages?subscriberId=${PRIYA}&limit=100`);
      const email = await get<MessageList>(mock, `/v1/messages?subscriberId=${PRIYA}&channel=email`);
      expect(all.body.totalCount).to.be.greaterThan(60);
      expect(email.body.totalCount).to.equal(all.body.totalCount! - 60);
      expect(email.body.data.every((message) => message.channel === 'email')).to.equal(true);
    });

    it('filters by repeated transactionId and by every context key', async () => {
      const { mock } = setup();
      const [first, second] = FIXTURE_MESSAGES;
      const byTransaction = await get<MessageList>(
        mock,
        `/v1/messages?channel=in_app&transactionId=${first!.transactionId}&transactionId=${second!.transactionId}`,
      );
      expect(byTransaction.body.data.map((message) => message._id)).to.deep.equal([first!._id, second!._id]);

      const all = await inboxOf(mock, MAYA, '&limit=100');
      const tagged = await inboxOf(mock, MAYA, '&limit=100&contextKeys=tenant:northwind');
      expect(tagged.body.totalCount).to.be.within(1, all.body.totalCount! - 1);
      expect(tagged.body.data.every((message) => message.contextKeys?.includes('tenant:northwind'))).to.equal(
        true,
      );
      const none = await inboxOf(mock, MAYA, '&contextKeys=tenant:northwind&contextKeys=region:mars');
      expect(none.body.totalCount).to.equal(0);
    });

    it('refuses a negative, fractional or non-numeric page or limit, and an unknown channel', async () => {
      const { mock } = setup();
      const { status, body } = await get(mock, '/v1/messages?page=-1&limit=abc');
      expect(status).to.equal(400);
      expect(body.error).to.equal('Bad Request');
      expect(body.message).to.deep.equal([
        'page must not be less than 0',
        'limit must be a number conforming to the specified constraints',
      ]);
      expect((await get(mock, '/v1/messages?limit=1.5')).body.message).to.deep.equal([
        'limit must be an integer number',
      ]);
      expect((await get(mock, '/v1/messages?limit=0')).status).to.equal(400);
      expect((await get(mock, '/v1/messages?channel=fax')).status).to.equal(400);
    });

    it('lowers a limit above 100 to 100', async () => {
      const { mock } = setup();
      const { body } = await get<MessageList>(mock, '/v1/messages?limit=500');
      expect(body.pageSize).to.equal(100);
      expect(body.data).to.have.lengthOf(100);
      expect(body.hasMore).to.equal(true);
    });

    it('gives an empty page to a subscriber without messages and to an unknown one', async () => {
      const { mock } = setup();
      for (const subscriberId of [EMPTY, 'usr_nobody']) {
        const { status, body } = await inboxOf(mock, subscriberId);
        expect(status).to.equal(200);
        expect(body).to.deep.equal({ totalCount: 0, hasMore: false, data: [], pageSize: 10, page: 0 });
      }
    });
  });

  describe('addMessage', () => {
    it('puts a new unread, unseen in-app message first on page 0', async () => {
      const { mock, clock } = setup();
      clock.now = new Date(clock.now.getTime() + MINUTE);
      const message = mock.addMessage(PRIYA);
      expect(message.read).to.equal(false);
      expect(message.seen).to.equal(false);
      expect(message.channel).to.equal('in_app');
      expect(message.subject).to.be.a('string').and.not.equal('');
      expect(message.content).to.not.equal(undefined);
      expect(message.cta.data?.url).to.match(/^https:\/\//);
      expect(message.createdAt).to.equal(clock.now.toISOString());

      const { body } = await inboxOf(mock, PRIYA);
      expect(body.data[0]!._id).to.equal(message._id);
      expect(body.totalCount).to.equal(61);
    });

    it('applies the partial, and lists a burst of arrivals newest first', async () => {
      const { mock } = setup();
      const custom = mock.addMessage(EMPTY, { subject: 'Deploy finished', avatar: undefined });
      expect(custom.subject).to.equal('Deploy finished');
      const burst = mock.addMessages(3, EMPTY);
      const { body } = await inboxOf(mock, EMPTY);
      expect(body.data.map((message) => message._id)).to.deep.equal([
        burst[2]!._id,
        burst[1]!._id,
        burst[0]!._id,
        custom._id,
      ]);
      expect(new Set(burst.map((message) => message.subject)).size).to.be.greaterThan(1);
    });

    it('refuses an unknown subscriber until it is added', () => {
      const { mock } = setup();
      expect(() => mock.addMessage('usr_ghost')).to.throw(/usr_ghost/);
      mock.addSubscriber('usr_ghost', { firstName: 'Casper' });
      expect(mock.addMessage('usr_ghost')._subscriberId).to.equal(
        mock.db.subscribers.find((s) => s.subscriberId === 'usr_ghost')!._id,
      );
    });
  });

  describe('POST /v1/subscribers/{subscriberId}/messages/mark-as', () => {
    const markAs = <T = { data: Message[] }>(
      mock: MockService,
      body: unknown,
      subscriberId = PRIYA,
      headers?: Record<string, string>,
    ) =>
      call<T>(mock, 'POST', `/v1/subscribers/${subscriberId}/messages/mark-as`, {
        body,
        headers,
      });

    it('marks read with 201 and the updated messages, which also become seen', async () => {
      const { mock } = setup();
      const { status, body } = await markAs(mock, { messageId: UNREAD_UNSEEN._id, markAs: 'read' });
      expect(status).to.equal(201);
      expect(body.data).to.have.lengthOf(1);
      expect(body.data[0]).to.include({ _id: UNREAD_UNSEEN._id, read: true, seen: true });
      expect(body.data[0]!.lastReadDate).to.equal(FIXTURE_NOW);
      expect(stored(mock, UNREAD_UNSEEN._id!)).to.include({ read: true, seen: true });
    });

    it('moves the flags by the shared rule for each value', async () => {
      const { mock } = setup();
      await markAs(mock, { messageId: [READ._id], markAs: 'unread' });
      expect(stored(mock, READ._id!)).to.include({ read: false, seen: true });
      await markAs(mock, { messageId: [READ._id], markAs: 'unseen' });
      expect(stored(mock, READ._id!)).to.include({ read: false, seen: false });
      await markAs(mock, { messageId: [READ._id], markAs: 'seen' });
      expect(stored(mock, READ._id!)).to.include({ read: false, seen: true });
      await markAs(mock, { messageId: [READ._id], markAs: 'read' });
      await markAs(mock, { messageId: [READ._id], markAs: 'unseen' });
      expect(stored(mock, READ._id!)).to.include({ read: false, seen: false });
    });

    it("ignores ids of other subscribers' messages and unknown ids", async () => {
      const { mock } = setup();
      await mock.ready;
      const maya = mock.db.subscribers.find((subscriber) => subscriber.subscriberId === MAYA)!;
      const mayas = mock.db.messages.find((message) => message._subscriberId === maya._id && !message.read)!;
      const { status, body } = await markAs(mock, {
        messageId: [mayas._id, 'ffffffffffffffffffffffff', NEWEST._id],
        markAs: 'read',
      });
      expect(status).to.equal(201);
      expect(body.data.map((message: Message) => message._id)).to.deep.equal([NEWEST._id]);
      expect(stored(mock, mayas._id!).read).to.equal(false);
    });

    it('refuses a bad markAs or an empty messageId with the 422 Validation Error form', async () => {
      const { mock } = setup();
      const { status, body } = await markAs(mock, { messageId: '', markAs: 'archived' });
      expect(status).to.equal(422);
      expect(body).to.deep.equal({
        statusCode: 422,
        timestamp: FIXTURE_NOW,
        path: `/v1/subscribers/${PRIYA}/messages/mark-as`,
        message: 'Validation Error',
        errors: {
          markAs: {
            messages: ['markAs must be one of the following values: read, seen, unread, unseen'],
            value: 'archived',
          },
          messageId: { messages: ['messageId should not be empty'], value: '' },
        },
      });
      expect((await markAs(mock, { messageId: [], markAs: 'read' })).status).to.equal(422);
    });

    it('answers 404 for an unknown subscriber', async () => {
      const { mock } = setup();
      const { status, body } = await markAs<ErrorBody>(
        mock,
        { messageId: NEWEST._id, markAs: 'read' },
        'usr_unknown',
      );
      expect(status).to.equal(404);
      expect(body.message).to.equal('Subscriber with id: usr_unknown not found');
      expect(body.error).to.equal('Not Found');
      expect(stored(mock, NEWEST._id!).read).to.equal(false);
    });
  });

  describe('PATCH /v2/subscribers/{subscriberId}', () => {
    it('updates the fields sent and answers {data: Subscriber}', async () => {
      const { mock } = setup();
      const { status, body } = await call<{ data: Subscriber }>(mock, 'PATCH', `/v2/subscribers/${PRIYA}`, {
        body: { firstName: 'Priyanka', avatar: null, data: { plan: 'pro' } },
      });
      expect(status).to.equal(200);
      expect(body.data).to.include({
        subscriberId: PRIYA,
        firstName: 'Priyanka',
        lastName: 'Raman',
        avatar: null,
      });
      expect(body.data.data).to.deep.equal({ plan: 'pro' });
      expect(body.data.updatedAt).to.equal(FIXTURE_NOW);
    });

    it('answers 404 for an unknown subscriber and 400 for a wrong type', async () => {
      const { mock } = setup();
      const missing = await call(mock, 'PATCH', '/v2/subscribers/usr_unknown', { body: { firstName: 'X' } });
      expect(missing.status).to.equal(404);
      expect(missing.body.message).to.equal('Subscriber with id: usr_unknown not found');
      const wrong = await call(mock, 'PATCH', `/v2/subscribers/${PRIYA}`, { body: { firstName: 42 } });
      expect(wrong.status).to.equal(400);
      expect(wrong.body.message).to.deep.equal(['firstName must be a string']);
    });
  });

  describe('subscriber preferences', () => {
    const patch = <T = { data: SubscriberPreferences }>(
      mock: MockService,
      body: unknown,
      subscriberId = PRIYA,
    ) =>
      call<T>(mock, 'PATCH', `/v2/subscribers/${subscriberId}/preferences`, {
        body,
      });

    it('reads the fixture preferences, and defaults for another subscriber', async () => {
      const { mock } = setup();
      const priya = await get<{ data: SubscriberPreferences }>(mock, `/v2/subscribers/${PRIYA}/preferences`);
      expect(priya.status).to.equal(200);
      expect(priya.body.data).to.deep.equal(FIXTURE_PREFERENCES);
      const maya = await get<{ data: SubscriberPreferences }>(mock, `/v2/subscribers/${MAYA}/preferences`);
      expect(maya.body.data.global.channels).to.deep.equal({
        in_app: true,
        email: true,
        sms: true,
        chat: true,
        push: true,
      });
      expect(maya.body.data.workflows.length).to.be.greaterThan(0);
      expect(maya.body.data.workflows.every((entry) => entry.overrides.length === 0)).to.equal(true);
    });

    it('answers 404 for an unknown subscriber', async () => {
      const { mock } = setup();
      const { status, body } = await get(mock, '/v2/subscribers/usr_unknown/preferences');
      expect(status).to.equal(404);
      expect(body).to.deep.equal({
        statusCode: 404,
        timestamp: FIXTURE_NOW,
        path: '/v2/subscribers/usr_unknown/preferences',
        message: 'Subscriber with id: usr_unknown not found',
        error: 'Not Found',
      });
    });

    it('changes the global channels without a workflowId', async () => {
      const { mock } = setup();
      const { status, body } = await patch(mock, { channels: { sms: true, email: false } });
      expect(status).to.equal(200);
      expect(body.data.global.channels).to.deep.equal({
        email: false,
        sms: true,
        in_app: true,
        chat: true,
        push: true,
      });
      expect(body.data.workflows).to.deep.equal(FIXTURE_PREFERENCES.workflows);
    });

    it('changes a workflow named by identifier, slug or _id, with a subscriber override', async () => {
      const { mock } = setup();
      const byIdentifier = await patch(mock, { workflowId: 'task-assigned', channels: { email: false } });
      const task = byIdentifier.body.data.workflows.find(
        (entry: WorkflowPreference) => entry.workflow.identifier === 'task-assigned',
      )!;
      expect(task.channels).to.deep.equal({ in_app: true, push: true, email: false });
      expect(task.overrides).to.deep.equal([{ channel: 'email', source: 'subscriber' }]);
      expect(task.enabled).to.equal(true);

      const bySlug = await patch(mock, {
        workflowId: 'task-assigned_wf_fwx2TQnnMGavaTEk',
        channels: { email: true },
      });
      const again = bySlug.body.data.workflows.find(
        (entry: WorkflowPreference) => entry.workflow.identifier === 'task-assigned',
      )!;
      expect(again.channels.email).to.equal(true);
      expect(again.overrides).to.deep.equal([{ channel: 'email', source: 'subscriber' }]);

      const byId = await patch(mock, { workflowId: '6879288ca9e3b75d1c3a1109', channels: { in_app: false } });
      const exportReady = byId.body.data.workflows.find(
        (entry: WorkflowPreference) => entry.workflow.identifier === 'export-ready',
      )!;
      expect(exportReady).to.deep.include({ enabled: true, channels: { in_app: false } });
      expect(byId.body.data.global).to.deep.equal(FIXTURE_PREFERENCES.global);
    });

    it('answers 404 in the workflow form for an unknown workflow', async () => {
      const { mock } = setup();
      const { status, body } = await patch(mock, {
        workflowId: 'onboarding-welcome',
        channels: { email: true },
      });
      expect(status).to.equal(404);
      expect(body).to.deep.include({
        message: 'Workflow not found',
        ctx: { workflowId: 'onboarding-welcome' },
      });
    });

    it('replaces the schedule', async () => {
      const { mock } = setup();
      const schedule = {
        isEnabled: true,
        weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '10:00 AM', end: '04:30 PM' }] } },
      };
      const { status, body } = await patch(mock, { schedule });
      expect(status).to.equal(200);
      expect(body.data.global.schedule).to.deep.equal(schedule);
      expect(mock.db.preferences[PRIYA]!.global.schedule).to.deep.equal(schedule);
    });

    it('refuses a criticality outside critical, nonCritical, all with the 422 Validation Error form', async () => {
      const { mock } = setup();
      const path = `/v2/subscribers/${PRIYA}/preferences?criticality=urgent`;
      const { status, body } = await get(mock, path);
      expect(status).to.equal(422);
      expect(body).to.deep.equal({
        statusCode: 422,
        timestamp: FIXTURE_NOW,
        path,
        message: 'Validation Error',
        errors: {
          criticality: {
            messages: ['criticality must be one of the following values: critical, nonCritical, all'],
            value: 'urgent',
          },
        },
      });
      for (const criticality of ['critical', 'nonCritical', 'all']) {
        const valid = await get(mock, `/v2/subscribers/${PRIYA}/preferences?criticality=${criticality}`);
        expect(valid.status, criticality).to.equal(200);
      }
    });

    it('refuses bad channels and schedules in the class-validator 400 form, changing nothing', async () => {
      const { mock } = setup();
      const { status, body } = await patch(mock, { channels: { email: 'yes' } });
      expect(status).to.equal(400);
      expect(body).to.deep.equal({
        statusCode: 400,
        timestamp: FIXTURE_NOW,
        path: `/v2/subscribers/${PRIYA}/preferences`,
        message: ['channels.email must be a boolean value'],
        error: 'Bad Request',
      });
      const schedule = await patch<ErrorBody>(mock, {
        schedule: {
          isEnabled: 'on',
          weeklySchedule: {
            funday: { isEnabled: true },
            monday: { isEnabled: true, hours: [{ start: '9:00 AM', end: '17:00' }] },
          },
        },
      });
      expect(schedule.status).to.equal(400);
      expect(schedule.body.message).to.have.lengthOf(4);
      expect(schedule.body.message).to.include('schedule.isEnabled must be a boolean value');
      expect(schedule.body.message).to.include('schedule.weeklySchedule.property funday should not exist');
      expect(
        (schedule.body.message as string[]).filter((text) =>
          text.startsWith('schedule.weeklySchedule.monday.hours.0.'),
        ),
      ).to.have.lengthOf(2);
      expect(mock.db.preferences[PRIYA]).to.deep.equal(FIXTURE_PREFERENCES);
    });
  });

  describe('integrations', () => {
    const SENDGRID = '68519b8cb3c71e9f043a1153';
    const RESEND = '68e2a08cb3c71e9f043a1154';

    it('lists the integrations not deleted, wrapped in {data}', async () => {
      const { mock } = setup();
      const { status, body } = await get<{ data: Integration[] }>(mock, '/v1/integrations');
      expect(status).to.equal(200);
      expect(body.data).to.have.lengthOf(7);
      const withDeleted = setup({
        seed: {
          integrations: [
            ...mock.db.integrations,
            { ...mock.db.integrations[0]!, _id: 'deadbeef', deleted: true },
          ],
        },
      }).mock;
      expect(
        (await get<{ data: Integration[] }>(withDeleted, '/v1/integrations')).body.data,
      ).to.have.lengthOf(7);
    });

    it('updates an integration with PUT', async () => {
      const { mock } = setup();
      const { status, body } = await call<{ data: Integration }>(mock, 'PUT', `/v1/integrations/${RESEND}`, {
        body: { name: 'Resend (newsletters)', active: false, check: true },
      });
      expect(status).to.equal(200);
      expect(body.data).to.include({ _id: RESEND, name: 'Resend (newsletters)', active: false });
      expect(body.data).to.not.have.property('check');
    });

    it('makes one integration primary for its channel and environment', async () => {
      const { mock } = setup();
      const { status, body } = await call<{ data: Integration }>(
        mock,
        'POST',
        `/v1/integrations/${RESEND}/set-primary`,
      );
      expect(status).to.equal(200);
      expect(body.data).to.include({ _id: RESEND, primary: true });
      const email = mock.db.integrations.filter((integration) => integration.channel === 'email');
      expect(
        email.filter((integration) => integration.primary).map((integration) => integration._id),
      ).to.deep.equal([RESEND]);
      expect(mock.db.integrations.find((integration) => integration._id === SENDGRID)!.primary).to.equal(
        false,
      );
      expect(mock.db.integrations.find((integration) => integration.channel === 'in_app')!.primary).to.equal(
        true,
      );
    });

    it('refuses condition values outside their enumerations with the 422 Validation Error form', async () => {
      const { mock } = setup();
      const before = structuredClone(mock.db.integrations.find((item) => item._id === RESEND));
      const path = `/v1/integrations/${RESEND}`;
      const child = { field: 'plan', value: 'pro', operator: 'EQUAL', on: 'payload' };
      const { status, body } = await call(mock, 'PUT', path, {
        body: {
          conditions: [
            { isNegated: false, type: 'TEXT', value: 'XOR', children: [child, { ...child, on: 'tenant' }] },
            { isNegated: false, value: 'AND', children: [{ ...child, operator: 'EQUALS' }] },
          ],
        },
      });
      expect(status).to.equal(422);
      expect(body).to.deep.equal({
        statusCode: 422,
        timestamp: FIXTURE_NOW,
        path,
        message: 'Validation Error',
        errors: {
          'conditions.0.value': {
            messages: ['conditions.0.value must be one of the following values: AND, OR'],
            value: 'XOR',
          },
          'conditions.0.children.1.on': {
            messages: ['conditions.0.children.1.on must be one of the following values: subscriber, payload'],
            value: 'tenant',
          },
          'conditions.1.type': {
            messages: [
              'conditions.1.type must be one of the following values: BOOLEAN, TEXT, DATE, NUMBER, STATEMENT, LIST, MULTI_LIST, GROUP',
            ],
          },
          'conditions.1.children.0.operator': {
            messages: [
              'conditions.1.children.0.operator must be one of the following values: LARGER, SMALLER, LARGER_EQUAL, SMALLER_EQUAL, EQUAL, NOT_EQUAL, ALL_IN, ANY_IN, NOT_IN, BETWEEN, NOT_BETWEEN, LIKE, NOT_LIKE, IN',
            ],
            value: 'EQUALS',
          },
        },
      });
      expect(mock.db.integrations.find((item) => item._id === RESEND)).to.deep.equal(before);

      const conditions = [{ isNegated: true, type: 'TEXT', value: 'OR', children: [child] }];
      const valid = await call<{ data: Integration }>(mock, 'PUT', path, { body: { conditions } });
      expect(valid.status).to.equal(200);
      expect(valid.body.data.conditions).to.deep.equal(conditions);
    });

    it('answers 404 with the integration message', async () => {
      const { mock } = setup();
      const id = '6650c1b2a3f4e5d6c7b8a9f0';
      for (const [method, path] of [
        ['POST', `/v1/integrations/${id}/set-primary`],
        ['PUT', `/v1/integrations/${id}`],
      ] as const) {
        const { status, body } = await call(mock, method, path, { body: {} });
        expect(status).to.equal(404);
        expect(body).to.deep.equal({
          statusCode: 404,
          timestamp: FIXTURE_NOW,
          path,
          message: `Integration with id ${id} not found`,
          error: 'Not Found',
        });
      }
    });
  });

  describe('workflows', () => {
    it('lists workflows as {data: {workflows, totalCount}}, newest created first', async () => {
      const { mock } = setup();
      const { status, body } = await get<{ data: WorkflowList }>(mock, '/v2/workflows');
      expect(status).to.equal(200);
      expect(body.data.totalCount).to.equal(9);
      const created = body.data.workflows.map((workflow) => Date.parse(workflow.createdAt));
      expect(created).to.deep.equal([...created].sort((a, b) => b - a));
    });

    it('pages, sorts, searches and filters', async () => {
      const { mock } = setup();
      const names = async (query: string) =>
        (await get<{ data: WorkflowList }>(mock, `/v2/workflows?${query}`)).body.data;
      expect(
        (await names('orderBy=name&orderDirection=ASC&limit=3')).workflows.map((w) => w.name),
      ).to.deep.equal(['Build status', 'Comment mentions', 'Export ready']);
      const second = await names('orderBy=name&orderDirection=ASC&limit=3&offset=3');
      expect(second.workflows.map((w) => w.name)).to.deep.equal([
        'Payment failed',
        'Product newsletter',
        'Security alert',
      ]);
      expect(second.totalCount).to.equal(9);
      expect((await names('query=DIGEST')).workflows.map((w) => w.workflowId)).to.deep.equal([
        'weekly-digest',
      ]);
      expect((await names('tags=billing&tags=security')).totalCount).to.equal(2);
      expect((await names('status=INACTIVE')).workflows.map((w) => w.workflowId)).to.deep.equal([
        'product-newsletter',
      ]);
    });

    it('refuses unknown enum values and non-numeric limit or offset', async () => {
      const { mock } = setup();
      for (const query of [
        'orderDirection=UP',
        'orderBy=priority',
        'status=DRAFT',
        'limit=ten',
        'offset=-2',
      ]) {
        const { status, body } = await get(mock, `/v2/workflows?${query}`);
        expect(status, query).to.equal(400);
        expect(body.message, query).to.be.an('array').with.lengthOf(1);
      }
    });

    it('retrieves the full form by _id, identifier or slug', async () => {
      const { mock } = setup();
      const ids = ['6839e08ca9e3b75d1c3a10f6', 'task-assigned', 'task-assigned_wf_fwx2TQnnMGavaTEk'];
      const answers = await Promise.all(
        ids.map((id) => get<{ data: Workflow }>(mock, `/v2/workflows/${id}`)),
      );
      expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200]);
      expect(answers[1]!.body).to.deep.equal(answers[0]!.body);
      expect(answers[2]!.body).to.deep.equal(answers[0]!.body);
      const workflow = answers[0]!.body.data;
      expect(workflow).to.include({ _id: ids[0], workflowId: 'task-assigned', name: 'Task assigned' });
      expect(workflow.severity).to.be.oneOf(['high', 'medium', 'low', 'none']);
      expect(workflow.preferences).to.have.property('default');
      expect(workflow.steps.map((step) => step.type)).to.deep.equal(['in_app', 'push', 'email']);
      const inApp = workflow.steps[0]!;
      expect(inApp).to.include({
        stepId: 'in-app-step',
        workflowId: 'task-assigned',
        workflowDatabaseId: ids[0],
      });
      expect(inApp.controls.values).to.have.property('subject');
      expect(inApp.variables).to.have.property('type', 'object');
      // Step ids relate to the workflow id as in the fixtures' events.
      expect(inApp._id).to.equal('6839e08da9e3b75d1c3a10f7');
    });

    it('answers 404 in the workflow form', async () => {
      const { mock } = setup();
      const { status, body } = await get(mock, '/v2/workflows/onboarding-welcome');
      expect(status).to.equal(404);
      expect(body).to.deep.equal({
        statusCode: 404,
        timestamp: FIXTURE_NOW,
        path: '/v2/workflows/onboarding-welcome',
        message: 'Workflow not found',
        ctx: { workflowId: 'onboarding-welcome' },
        error: 'Not Found',
      });
    });
  });

  describe('events', () => {
    it('lists events unwrapped, newest first', async () => {
      const { mock } = setup();
      const { status, body } = await get<EventList>(mock, '/v1/notifications');
      expect(status).to.equal(200);
      expect(Object.keys(body).sort()).to.deep.equal(['data', 'hasMore', 'page', 'pageSize']);
      expect(body).to.include({ hasMore: false, pageSize: 10, page: 0 });
      expect(body.data.map((event) => event.template?.name)).to.deep.equal([
        'Comment mentions',
        'Task assigned',
        'Payment failed',
      ]);
    });

    it('filters and pages', async () => {
      const { mock } = setup();
      const count = async (query: string) =>
        (await get<EventList>(mock, `/v1/notifications?${query}`)).body.data.length;
      expect(await count('channels=sms')).to.equal(1);
      expect(await count('channels=sms&channels=push')).to.equal(2);
      expect(await count('severity=high')).to.equal(1);
      expect(await count(`subscriberIds=${PRIYA}`)).to.equal(3);
      expect(await count('subscriberIds=usr_unknown')).to.equal(0);
      expect(await count(`transactionId=${NEWEST.transactionId}`)).to.equal(1);
      expect(await count('emails=priya.raman@northwind.example.com')).to.equal(3);
      expect(await count(`before=${encodeURIComponent('2025-11-13T00:00:00.000Z')}`)).to.equal(1);
      const first = await get<EventList>(mock, '/v1/notifications?limit=2');
      expect(first.body).to.deep.include({ hasMore: true, pageSize: 2 });
      const last = await get<EventList>(mock, '/v1/notifications?limit=2&page=1');
      expect(last.body.data).to.have.lengthOf(1);
      expect(last.body.hasMore).to.equal(false);
    });

    it('refuses channels that are not channel types with the 422 Validation Error form', async () => {
      const { mock } = setup();
      const path = '/v1/notifications?channels=sms&channels=fax';
      const { status, body } = await get(mock, path);
      expect(status).to.equal(422);
      expect(body).to.deep.equal({
        statusCode: 422,
        timestamp: FIXTURE_NOW,
        path,
        message: 'Validation Error',
        errors: {
          channels: {
            messages: [
              'each value in channels must be one of the following values: in_app, email, sms, chat, push',
            ],
            value: ['sms', 'fax'],
          },
        },
      });
      // A step type that is not a channel (events list their steps' types in `channels`) is refused too.
      expect((await get(mock, '/v1/notifications?channels=digest')).status).to.equal(422);
    });

    it('refuses a limit outside 1..50 and a negative page', async () => {
      const { mock } = setup();
      const { status, body } = await get(mock, '/v1/notifications?limit=51');
      expect(status).to.equal(400);
      expect(body.message).to.deep.equal(['limit must not be greater than 50']);
      expect((await get(mock, '/v1/notifications?limit=0')).status).to.equal(400);
      expect((await get(mock, '/v1/notifications?page=-1')).status).to.equal(400);
    });

    it('retrieves one event wrapped in {data}, or 404', async () => {
      const { mock } = setup();
      const { status, body } = await get<{ data: NotificationEvent }>(
        mock,
        `/v1/notifications/${NEWEST._notificationId}`,
      );
      expect(status).to.equal(200);
      expect(body.data._id).to.equal(NEWEST._notificationId);
      expect(body.data.jobs).to.have.lengthOf(2);
      const missing = await get(mock, '/v1/notifications/000000000000000000000000');
      expect(missing.status).to.equal(404);
      expect(missing.body.error).to.equal('Not Found');
    });
  });

  describe('idempotency-key', () => {
    const path = `/v1/subscribers/${PRIYA}/messages/mark-as`;

    it('replays the first response of a key without applying the change again', async () => {
      const { mock } = setup();
      const key = { 'idempotency-key': 'retry-1' };
      const first = await call(mock, 'POST', path, {
        body: { messageId: [NEWEST._id], markAs: 'read' },
        headers: key,
      });
      expect(first.status).to.equal(201);
      expect(first.headers.get('idempotency-key')).to.equal('retry-1');
      expect(first.headers.get('idempotency-replay')).to.equal(null);
      // Meanwhile the message is marked unread again.
      await call(mock, 'POST', path, { body: { messageId: [NEWEST._id], markAs: 'unread' } });

      const replay = await call(mock, 'POST', path, {
        body: { markAs: 'read', messageId: [NEWEST._id] },
        headers: key,
      });
      expect(replay.status).to.equal(201);
      expect(replay.headers.get('idempotency-replay')).to.equal('true');
      expect(replay.body).to.deep.equal(first.body);
      expect(stored(mock, NEWEST._id!).read).to.equal(false);
    });

    it('refuses the same key with another body with the 422 reuse error', async () => {
      const { mock } = setup();
      const key = { 'idempotency-key': '1731602832418k2j9x0q1r' };
      await call(mock, 'POST', path, { body: { messageId: [NEWEST._id], markAs: 'read' }, headers: key });
      const reused = await call(mock, 'POST', path, {
        body: { messageId: [NEWEST._id], markAs: 'unread' },
        headers: key,
      });
      expect(reused.status).to.equal(422);
      expect(reused.headers.get('idempotency-key')).to.equal('1731602832418k2j9x0q1r');
      expect(reused.body).to.deep.equal({
        statusCode: 422,
        timestamp: FIXTURE_NOW,
        path,
        message: 'Request with key "1731602832418k2j9x0q1r" is being reused for a different body',
        error: 'Unprocessable Entity',
      });
      expect(stored(mock, NEWEST._id!).read).to.equal(true);
    });

    it('does not store an injected failure, so a retry with the key is handled', async () => {
      const { mock } = setup();
      mock.fail({ status: 503 });
      const headers = { 'idempotency-key': 'retry-2' };
      const body = { firstName: 'Pri' };
      expect((await call(mock, 'PATCH', `/v2/subscribers/${PRIYA}`, { body, headers })).status).to.equal(503);
      const retry = await call<{ data: Subscriber }>(mock, 'PATCH', `/v2/subscribers/${PRIYA}`, {
        body,
        headers,
      });
      expect(retry.status).to.equal(200);
      expect(retry.headers.get('idempotency-replay')).to.equal(null);
      expect(retry.body.data.firstName).to.equal('Pri');
    });
  });

  describe('fault injection', () => {
    it('fails the next request once with the service error form by default', async () => {
      const { mock } = setup();
      mock.fail({ status: 500 });
      const failed = await get(mock, '/v1/notifications?page=0&limit=10');
      expect(failed.status).to.equal(500);
      expectErrorShape(failed.body, 500, '/v1/notifications?page=0&limit=10');
      expect(failed.body.message).to.equal(
        'Internal server error, contact support and provide them with the errorId',
      );
      expect(failed.body.errorId).to.be.a('string');
      expect((await get(mock, '/v1/notifications')).status).to.equal(200);
    });

    it('matches method and path, and counts times', async () => {
      const { mock } = setup();
      mock.fail({ status: 503, method: 'get', path: '/v1/messages', times: 2 });
      expect((await get(mock, '/v1/integrations')).status).to.equal(200);
      expect(
        (
          await call(mock, 'POST', `/v1/subscribers/${PRIYA}/messages/mark-as`, {
            body: { messageId: 'x', markAs: 'read' },
          })
        ).status,
      ).to.equal(201);
      const failed = await get(mock, '/v1/messages?page=1');
      expect(failed.status).to.equal(503);
      expect(failed.body).to.include({ message: 'Service Unavailable', error: 'Service Unavailable' });
      expect((await get(mock, '/v1/messages')).status).to.equal(503);
      expect((await get(mock, '/v1/messages')).status).to.equal(200);
    });

    it('matches a RegExp path', async () => {
      const { mock } = setup();
      mock.fail({ status: 502, path: /\/preferences$/ });
      expect((await get(mock, '/v1/integrations')).status).to.equal(200);
      expect((await get(mock, `/v2/subscribers/${MAYA}/preferences`)).status).to.equal(502);
    });

    it('sends a 429 with retry-after: 1, or the body and headers given', async () => {
      const { mock } = setup();
      mock.fail({ status: 429 });
      const limited = await get(mock, '/v1/messages');
      expect(limited.status).to.equal(429);
      expect(limited.headers.get('retry-after')).to.equal('1');
      expect(limited.headers.get('ratelimit-remaining')).to.equal('0');
      expect(limited.body.message).to.equal('API rate limit exceeded');

      mock.fail({ status: 429, body: 'API rate limit exceeded', headers: { 'Retry-After': '7' } });
      const bare = await get(mock, '/v1/messages');
      expect(bare.headers.get('retry-after')).to.equal('7');
      expect(bare.body).to.equal('API rate limit exceeded');
    });

    it('does not apply a failed mutation', async () => {
      const { mock } = setup();
      mock.fail({ status: 500, method: 'POST' });
      const { status } = await call(mock, 'POST', `/v1/subscribers/${PRIYA}/messages/mark-as`, {
        body: { messageId: NEWEST._id, markAs: 'read' },
      });
      expect(status).to.equal(500);
      expect(stored(mock, NEWEST._id!).read).to.equal(false);
    });

    it('rejects like a browser on a network error, then recovers', async () => {
      const { mock } = setup();
      mock.networkError({ path: '/v1/messages' });
      expect((await get(mock, '/v1/integrations')).status).to.equal(200);
      const error = await rejection(mock.fetch(request('GET', '/v1/messages')));
      expect(error).to.be.instanceOf(TypeError);
      expect(error.message).to.equal('Failed to fetch');
      expect((await get(mock, '/v1/messages')).status).to.equal(200);
    });

    it('forgets pending faults on clearFaults', async () => {
      const { mock } = setup();
      mock.fail({ status: 500, times: Infinity });
      mock.networkError({ times: 3 });
      mock.clearFaults();
      expect((await get(mock, '/v1/messages')).status).to.equal(200);
    });

    it('delays responses by the latency and by a fault delay', async () => {
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const { mock } = setup({ latencyMs: 40 });
        /** Resolves once the response is there; `done()` says whether it is yet. */
        const track = <T>(response: Promise<T>) => {
          let settled = false;
          void response.then(() => (settled = true));
          return { response, done: () => settled };
        };
        /** Until the mock logged `count` requests: it sets its delay timer right after. */
        const logged = async (count: number) => {
          while (mock.requests.length < count) await settle(1);
        };
        const slow = track(get(mock, '/v1/integrations'));
        await logged(1);
        await clock.tickAsync(39);
        expect(slow.done(), 'not before the latency').to.equal(false);
        await clock.tickAsync(1);
        expect((await slow.response).status).to.equal(200);

        mock.setLatency(0);
        expect((await get(mock, '/v1/integrations')).status, 'no timer without latency').to.equal(200);

        mock.fail({ status: 504, delayMs: 60 });
        const failing = track(get(mock, '/v1/integrations'));
        await logged(3);
        await clock.tickAsync(59);
        expect(failing.done(), 'not before the fault delay').to.equal(false);
        await clock.tickAsync(1);
        expect((await failing.response).status).to.equal(504);
      } finally {
        clock.restore();
      }
    });
  });

  describe('abort', () => {
    it('rejects at once with an AbortError when the signal is already aborted', async () => {
      const { mock } = setup();
      const controller = new AbortController();
      controller.abort();
      const error = await rejection(mock.fetch(`${BASE}/v1/messages`, { signal: controller.signal }));
      expect(error).to.be.instanceOf(DOMException);
      expect(error.name).to.equal('AbortError');
    });

    it('rejects with the signal reason during the delay and applies nothing', async () => {
      // A delay far longer than the test's own time limit: only the abort can end this call in time.
      const { mock } = setup({ latencyMs: 10 * 60_000 });
      const controller = new AbortController();
      const reason = new Error('user navigated away');
      const pending = mock.fetch(`${BASE}/v1/subscribers/${PRIYA}/messages/mark-as`, {
        method: 'POST',
        headers: { authorization: `ApiKey ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messageId: NEWEST._id, markAs: 'read' }),
        signal: controller.signal,
      });
      queueMicrotask(() => controller.abort(reason));
      expect(await rejection(pending)).to.equal(reason);
      expect(stored(mock, NEWEST._id!).read).to.equal(false);
    });

    it('rejects during a network-error delay too', async () => {
      const { mock } = setup();
      mock.networkError({ delayMs: 10 * 60_000 });
      const controller = new AbortController();
      const pending = mock.fetch(request('GET', '/v1/messages', { signal: controller.signal }));
      queueMicrotask(() => controller.abort());
      const error = await rejection(pending);
      expect(error.name).to.equal('AbortError');
    });
  });

  describe('request log', () => {
    it('records every request as received, faulted and refused ones included', async () => {
      const { mock } = setup();
      mock.fail({ status: 500, method: 'PATCH' });
      await call(mock, 'PATCH', `/v2/subscribers/${PRIYA}/preferences`, {
        body: { channels: { email: false } },
        base: 'http://localhost:5173/api',
        headers: { 'Idempotency-Key': 'k-1' },
      });
      await mock.fetch(new Request(`${BASE}/v1/messages?channel=in_app&page=0`));
      expect(mock.requests).to.have.lengthOf(2);
      const [patch, list] = mock.requests;
      expect(patch).to.deep.include({
        method: 'PATCH',
        path: `/v2/subscribers/${PRIYA}/preferences`,
        query: '',
        body: { channels: { email: false } },
      });
      expect(patch!.headers['idempotency-key']).to.equal('k-1');
      expect(patch!.headers.authorization).to.equal(`ApiKey ${KEY}`);
      expect(list).to.deep.include({
        method: 'GET',
        path: '/v1/messages',
        query: 'channel=in_app&page=0',
        body: undefined,
      });
      expect(list!.url).to.equal(`${BASE}/v1/messages?channel=in_app&page=0`);

      mock.clearRequests();
      expect(mock.requests).to.have.lengthOf(0);
    });
  });

  describe('seed and reset', () => {
    it('seeds no messages and no events with "empty", keeping subscribers and workflows', async () => {
      const { mock } = setup({ seed: 'empty' });
      expect(mock.db.messages).to.have.lengthOf(0);
      expect((await inboxOf(mock, PRIYA)).body.totalCount).to.equal(0);
      expect((await get<EventList>(mock, '/v1/notifications')).body.data).to.have.lengthOf(0);
      expect((await get(mock, `/v2/subscribers/${PRIYA}/preferences`)).status).to.equal(200);
      expect((await get<{ data: WorkflowList }>(mock, '/v2/workflows')).body.data.totalCount).to.equal(9);
    });

    it('takes messages and preferences from a custom seed', async () => {
      const message = { ...FIXTURE_MESSAGES[3]!, _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', subject: 'Only one' };
      const preferences = { global: { enabled: true, channels: { in_app: true } }, workflows: [] };
      const { mock } = setup({
        seed: { base: 'empty', messages: [message], preferences: { [MAYA]: preferences } },
      });
      const { body } = await inboxOf(mock, PRIYA);
      expect(body.data.map((item) => item.subject)).to.deep.equal(['Only one']);
      expect(
        (await get<{ data: SubscriberPreferences }>(mock, `/v2/subscribers/${MAYA}/preferences`)).body.data,
      ).to.deep.equal(preferences);
    });

    it('seeds messagesPerSubscriber in-app messages for each subscriber with messages', async () => {
      const { mock } = setup({ messagesPerSubscriber: 30 });
      const priya = await inboxOf(mock, PRIYA, '&limit=100');
      expect(priya.body.totalCount).to.equal(30);
      expect(priya.body.data.slice(0, 25).map((m) => m._id)).to.deep.equal(
        FIXTURE_MESSAGES.map((m) => m._id),
      );
      expect((await inboxOf(mock, MAYA)).body.totalCount).to.equal(30);
      expect(priya.body.data.some((m) => Array.isArray(m.content))).to.equal(true);
      expect(priya.body.data.some((m) => m.avatar) && priya.body.data.some((m) => !m.avatar)).to.equal(true);
    });

    it('gives the same data for the same clock', async () => {
      const a = setup().mock;
      const b = setup().mock;
      await Promise.all([a.ready, b.ready]);
      expect(a.db.messages).to.have.lengthOf(124);
      expect(a.db).to.deep.equal(b.db);
    });

    it('goes back to the seed on reset, forgetting log, faults and keys', async () => {
      const { mock } = setup();
      await mock.ready;
      const seeded = structuredClone(mock.db.messages);
      mock.addMessage(PRIYA);
      await call(mock, 'POST', `/v1/subscribers/${PRIYA}/messages/mark-as`, {
        body: { messageId: NEWEST._id, markAs: 'read' },
        headers: { 'idempotency-key': 'once' },
      });
      mock.fail({ status: 500 });
      mock.reset();
      expect(mock.db.messages).to.deep.equal(seeded);
      expect(mock.requests).to.have.lengthOf(0);
      expect((await get(mock, '/v1/messages')).status).to.equal(200);
      const again = await call(mock, 'POST', `/v1/subscribers/${PRIYA}/messages/mark-as`, {
        body: { messageId: NEWEST._id, markAs: 'unread' },
        headers: { 'idempotency-key': 'once' },
      });
      expect(again.status).to.equal(201);
    });
  });

  describe('loading the default seed on demand', () => {
    // Every mock after the first one of a page finds the default seed's module loaded: forget it, so that
    // this mock loads it again (a dynamic import resolves asynchronously, even from the module cache).
    beforeEach(() => forgetDefaultData());

    const seededIds = (mock: MockService) => mock.db.messages.map((message) => message._id);

    it('is ready at once with "empty" and with a custom seed giving messages and events', async () => {
      const empty = setup({ seed: 'empty' }).mock;
      expect(empty.db.subscribers.map((s) => s.subscriberId)).to.deep.equal([PRIYA, MAYA, EMPTY]);
      expect(empty.db.workflows).to.have.lengthOf(9);
      expect(empty.db.preferences[PRIYA]).to.deep.equal(FIXTURE_PREFERENCES);
      const message = { ...FIXTURE_MESSAGES[0]!, subject: 'Mine' };
      const custom = setup({ seed: { messages: [message], events: [] } }).mock;
      expect(custom.db.messages.map((item) => item.subject)).to.deep.equal(['Mine']);
      expect(custom.db.integrations).to.deep.equal(empty.db.integrations);
      await Promise.all([empty.ready, custom.ready]);
      expect(empty.db.messages).to.have.lengthOf(0);
      expect(custom.db.messages).to.have.lengthOf(1);
    });

    it('has the base collections at once, and the messages and events once ready', async () => {
      const { mock } = setup();
      expect(mock.db.messages).to.have.lengthOf(0);
      expect(mock.db.events).to.have.lengthOf(0);
      expect(mock.db.subscribers).to.have.lengthOf(3);
      expect(mock.db.preferences[PRIYA]).to.deep.equal(FIXTURE_PREFERENCES);
      await mock.ready;
      expect(mock.db.messages).to.have.lengthOf(124);
      expect(mock.db.events).to.have.lengthOf(3);
      expect(seededIds(mock)).to.include(NEWEST._id);
    });

    it('answers requests made before the data arrived with the seeded data', async () => {
      const { mock } = setup();
      const [inbox, events] = await Promise.all([
        inboxOf(mock, PRIYA, '&limit=25'),
        get<EventList>(mock, '/v1/notifications'),
      ]);
      expect(inbox.body.totalCount).to.equal(60);
      expect(inbox.body.data.map((message) => message._id)).to.deep.equal(
        FIXTURE_MESSAGES.map((message) => message._id),
      );
      expect(events.body.data).to.have.lengthOf(3);
    });

    it('keeps what changed while loading, and seeds the same data as a loaded mock', async () => {
      const { mock, clock } = setup();
      clock.now = new Date(clock.now.getTime() + MINUTE);
      const early = mock.addMessage(PRIYA, { subject: 'Early bird' });
      mock.addSubscriber(PRIYA, { firstName: 'Pia' });
      mock.addSubscriber('usr_new', { firstName: 'Nova' });
      const newcomer = mock.addMessage('usr_new');
      await mock.ready;

      const loaded = setup().mock;
      expect(loaded.db.messages).to.have.lengthOf(124);
      const seeded = mock.db.messages.filter((message) => message !== early && message !== newcomer);
      expect(seeded).to.deep.equal(loaded.db.messages);
      expect(seededIds(mock)).to.deep.equal([newcomer._id, early._id, ...seededIds(loaded)]);
      expect(mock.db.subscribers.find((s) => s.subscriberId === PRIYA)!.firstName).to.equal('Pia');
      const { body } = await inboxOf(mock, 'usr_new');
      expect(body.data.map((message) => message._id)).to.deep.equal([newcomer._id]);
    });

    it('continues the seed generator once ready, as a loaded mock does', async () => {
      const { mock } = setup();
      await mock.ready;
      const loaded = setup().mock;
      expect(mock.addMessages(3, MAYA)).to.deep.equal(loaded.addMessages(3, MAYA));
    });

    it('seeds again on reset while loading', async () => {
      const { mock } = setup({ messagesPerSubscriber: 30 });
      const first = mock.ready;
      mock.addMessage(PRIYA);
      mock.reset();
      expect(mock.ready).to.not.equal(first);
      await Promise.all([first, mock.ready]);
      const loaded = setup({ messagesPerSubscriber: 30 }).mock;
      expect(mock.db).to.deep.equal(loaded.db);
      mock.reset();
      expect(mock.db).to.deep.equal(loaded.db);
    });

    it("rejects a request aborted while the data loads with the signal's reason", async () => {
      const { mock } = setup();
      const controller = new AbortController();
      const pending = mock.fetch(request('GET', '/v1/messages', { signal: controller.signal }));
      controller.abort();
      const error = await rejection(pending);
      expect(error).to.be.instanceOf(DOMException);
      expect(error.name).to.equal('AbortError');
      await mock.ready;
      expect(mock.requests).to.have.lengthOf(1);
    });
  });
});
