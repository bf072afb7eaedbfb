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
