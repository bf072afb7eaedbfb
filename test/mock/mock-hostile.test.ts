import { expect } from '@open-wc/testing';
import { createMockService, FIXTURE_NOW, PRIYA, type MockService } from '../../src/mock/index.js';

const BASE = 'https://mock.test';
const KEY = 'mock-secret-key';

function setup() {
  return createMockService({ now: () => new Date(FIXTURE_NOW), messagesPerSubscriber: 3 });
}

async function send(mock: MockService, method: string, path: string, body?: string) {
  const response = await mock.fetch(`${BASE}${path}`, {
    method,
    headers: {
      authorization: `ApiKey ${KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** JSON nested `depth` levels deep: arrays inside an object field. */
const deep = (depth: number) =>
  `{"markAs":"read","messageId":"x","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;

function expectServiceError(body: unknown, status: number) {
  expect(body).to.include({ statusCode: status });
  expect(body).to.have.property('timestamp').that.is.a('string');
  expect(body).to.have.property('path').that.is.a('string');
  expect(body).to.have.property('message');
}

describe('createMockService with hostile input', () => {
  describe('deeply nested JSON', () => {
    it('answers a body nested 30,000 levels deep with 400 in the service shape, with or without an idempotency key', async () => {
      const mock = setup();
      const path = `/v1/subscribers/${PRIYA}/messages/mark-as`;
      const plain = await send(mock, 'POST', path, deep(30_000));
      expect(plain.status).to.equal(400);
      expectServiceError(plain.body, 400);
      const keyed = await mock.fetch(`${BASE}${path}`, {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${KEY}`,
          'content-type': 'application/json',
          'idempotency-key': 'k1',
        },
        body: deep(30_000),
      });
      expect(keyed.status).to.equal(400);
      expectServiceError(await keyed.json(), 400);
    });

    it('accepts 64 levels and refuses 65', async () => {
      const mock = setup();
      const path = `/v2/subscribers/${PRIYA}`;
      const nested = (depth: number) => `{"data":${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}}`;
      expect((await send(mock, 'PATCH', path, nested(64))).status).to.equal(200);
      expect((await send(mock, 'PATCH', path, nested(65))).status).to.equal(400);
    });
  });
});

/** Names an object inherits: as keys of a plain object they read (or replace) its prototype. */
const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

describe('createMockService with ids named like Object.prototype members', () => {
  for (const id of INHERITED) {
    it(`keeps subscriber "${id}" apart: own messages and own preferences, others unchanged`, async () => {
      const mock = setup();
      await mock.ready;
      const priyaBefore = (await send(mock, 'GET', `/v2/subscribers/${PRIYA}/preferences`)).body;
      mock.addSubscriber(id);
      const message = mock.addMessage(id);
      const list = await send(
        mock,
        'GET',
        `/v1/messages?subscriberId=${encodeURIComponent(id)}&channel=in_app`,
      );
      expect(list.status).to.equal(200);
      expect((list.body as { data: { _id: string }[] }).data.map((m) => m._id)).to.deep.equal([message._id]);

      const path = `/v2/subscribers/${encodeURIComponent(id)}/preferences`;
      const read = await send(mock, 'GET', path);
      expect(read.status).to.equal(200);
      expect(read.body).to.have.nested.property('data.global.channels.email', true);
      const patched = await send(mock, 'PATCH', path, JSON.stringify({ channels: { email: false } }));
      expect(patched.status).to.equal(200);
      expect((await send(mock, 'GET', path)).body).to.have.nested.property(
        'data.global.channels.email',
        false,
      );
      expect((await send(mock, 'GET', `/v2/subscribers/${PRIYA}/preferences`)).body).to.deep.equal(
        priyaBefore,
      );
      expect(Object.keys(mock.db.preferences)).to.include(id);

      const marked = await send(
        mock,
        'POST',
        `/v1/subscribers/${encodeURIComponent(id)}/messages/mark-as`,
        JSON.stringify({ messageId: [message._id, id], markAs: 'read' }),
      );
      expect(marked.status).to.equal(201);
      expect((marked.body as { data: { _id: string }[] }).data.map((m) => m._id)).to.deep.equal([
        message._id,
      ]);
    });

    it(`answers 404 in the service shape for an unknown subscriber, workflow or event "${id}"`, async () => {
      const mock = setup();
      const encoded = encodeURIComponent(id);
      for (const [method, path, body] of [
        ['GET', `/v2/subscribers/${encoded}/preferences`],
        ['PATCH', `/v2/subscribers/${encoded}`, '{"firstName":"x"}'],
        ['GET', `/v2/workflows/${encoded}`],
        ['GET', `/v1/notifications/${encoded}`],
        ['PUT', `/v1/integrations/${encoded}`, '{"name":"x"}'],
        [
          'PATCH',
          `/v2/subscribers/${PRIYA}/preferences`,
          JSON.stringify({ workflowId: id, channels: { email: false } }),
        ],
      ] as const) {
        const answer = await send(mock, method, path, body);
        expect(answer.status, `${method} ${path}`).to.equal(404);
        expectServiceError(answer.body, 404);
      }
    });

    it(`serves a seeded workflow whose id is "${id}"`, async () => {
      const base = setup();
      await base.ready;
      const workflow = { ...structuredClone(base.db.workflows[0]!), workflowId: id, slug: id, _id: id };
      const mock = createMockService({
        now: () => new Date(FIXTURE_NOW),
        seed: { base: 'empty', workflows: [workflow] },
      });
      const detail = await send(mock, 'GET', `/v2/workflows/${encodeURIComponent(id)}`);
      expect(detail.status).to.equal(200);
      expect(detail.body).to.have.nested.property('data.workflowId', id);
    });
  }

  it("lists a subscriber's own messages when its subscriberId is another subscriber's internal _id", async () => {
    const mock = setup();
    await mock.ready;
    const priya = mock.db.subscribers.find((subscriber) => subscriber.subscriberId === PRIYA)!;
    const priyaMessages = mock.db.messages.filter((message) => message._subscriberId === priya._id);
    expect(priyaMessages).not.to.have.length(0);
    mock.addSubscriber(priya._id!);
    const own = mock.addMessage(priya._id!);

    const list = await send(mock, 'GET', `/v1/messages?subscriberId=${priya._id}`);
    expect((list.body as { data: { _id: string }[] }).data.map((m) => m._id)).to.deep.equal([own._id]);
    const marked = await send(
      mock,
      'POST',
      `/v1/subscribers/${priya._id}/messages/mark-as`,
      JSON.stringify({ messageId: priyaMessages.map((message) => message._id), markAs: 'read' }),
    );
    expect(marked.status).to.equal(201);
    expect((marked.body as { data: unknown[] }).data).to.have.length(0);
    const priyaList = await send(mock, 'GET', `/v1/messages?subscriberId=${PRIYA}`);
    expect((priyaList.body as { totalCount: number }).totalCount).to.equal(priyaMessages.length);
  });
});

describe('the request log with header names like Object.prototype members', () => {
  it('keeps every header, __proto__ and constructor included, as its own entry', async () => {
    const mock = setup();
    const names = INHERITED.map((name) => name.toLowerCase());
    const headers = new Headers({ authorization: `ApiKey ${KEY}` });
    for (const name of names) headers.set(name, `value of ${name}`);
    await mock.fetch(`${BASE}/v1/messages?subscriberId=${PRIYA}`, { headers });
    const logged = mock.requests.at(-1)!.headers;
    for (const name of names) {
      expect(Object.hasOwn(logged, name), name).to.equal(true);
      expect(logged[name]).to.equal(`value of ${name}`);
    }
  });
});
