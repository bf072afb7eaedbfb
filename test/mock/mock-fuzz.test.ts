import { expect } from '@open-wc/testing';
import { createMockService, FIXTURE_NOW, MAYA, PRIYA } from '../../src/mock/index.js';

/**
 * A bounded, deterministic fuzz of the mock: hostile paths, methods, queries, headers and bodies. Whatever a
 * caller sends, the mock answers (it never rejects or throws) with a 2xx or with a JSON error in the service's
 * shape. A 5xx counts as a failure too: the real service answers all of this with a 4xx.
 */

const BASE = 'https://mock.test';
const KEY = 'mock-secret-key';
const REQUESTS = 1500;

/** mulberry32: a small seeded generator, so a failure replays exactly. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof generator>;

/** The mock's operations, and paths next to them. */
const TEMPLATES: [method: string, path: string][] = [
  ['PATCH', '/v2/subscribers/:id'],
  ['GET', '/v2/subscribers/:id/preferences'],
  ['PATCH', '/v2/subscribers/:id/preferences'],
  ['POST', '/v1/subscribers/:id/messages/mark-as'],
  ['PUT', '/v1/integrations/:id'],
  ['POST', '/v1/integrations/:id/set-primary'],
  ['GET', '/v1/integrations'],
  ['GET', '/v2/workflows'],
  ['GET', '/v2/workflows/:id'],
  ['GET', '/v1/messages'],
  ['GET', '/v1/notifications'],
  ['GET', '/v1/notifications/:id'],
  ['GET', '/v1'],
  ['POST', '/v3/anything'],
  ['GET', '/'],
  ['GET', '/api/v1/messages/'],
  ['PATCH', '//v2//subscribers/:id/preferences'],
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'get', 'PROPFIND'];
/** Path segments and query values: prototype names, bad percent-encoding, huge, empty, odd characters. */
const HOSTILE = [
  PRIYA,
  MAYA,
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '',
  ' ',
  'x'.repeat(5000),
  '1e309',
  '-1',
  'NaN',
  '0x10',
  '9007199254740993',
  'null',
  'true',
  '[]',
  '{}',
  '\u{1F600}',
  '%F0%9F%98%80',
  '\u202e',
  'in_app',
  'email',
  'read',
  '2024-01-01T00:00:00.000Z',
  'not-a-date',
];
const QUERY_KEYS = [
  'page',
  'limit',
  'offset',
  'subscriberId',
  'channel',
  'channels',
  'transactionId',
  'contextKeys',
  'criticality',
  'orderBy',
  'orderDirection',
  'query',
  'tags',
  'status',
  'after',
  'before',
  'emails',
  'severity',
  'subscriberIds',
  'templates',
  'topicKey',
  '__proto__',
  'constructor',
  '%E0%A4%A',
  'limit[]',
];
const BODY_KEYS = [
  'markAs',
  'messageId',
  'channels',
  'workflowId',
  'schedule',
  'firstName',
  'email',
  'data',
  'name',
  'identifier',
  'active',
  'check',
  'credentials',
  'configurations',
  'conditions',
  'isEnabled',
  'weeklySchedule',
  'monday',
  'hours',
  'start',
  'end',
  'in_app',
  '__proto__',
  'constructor',
  'toString',
];

/** A JSON value of any type, `depth` levels at most. */
function value(random: Random, depth: number): unknown {
  const kind = depth <= 0 ? random.pick(['null', 'bool', 'number', 'string']) : random.pick(KINDS);
  switch (kind) {
    case 'null':
      return null;
    case 'bool':
      return random.chance(0.5);
    case 'number':
      return random.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 100, 101]);
    case 'string':
      return random.pick([
        ...HOSTILE,
        'read',
        'seen',
        'unread',
        'unseen',
        '09:00 AM',
        '13:00 PM',
        'x'.repeat(70_000),
      ]);
    case 'array':
      return Array.from({ length: Math.floor(random.next() * 4) }, () => value(random, depth - 1));
    default:
      return object(random, depth - 1);
  }
}
const KINDS = ['null', 'bool', 'number', 'string', 'array', 'object', 'object', 'object'] as const;

function object(random: Random, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let count = Math.floor(random.next() * 5); count > 0; count--) {
    Object.defineProperty(out, random.pick(BODY_KEYS), {
      value: value(random, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function body(random: Random): string | Uint8Array<ArrayBuffer> | undefined {
  const kind = random.pick(['none', 'json', 'json', 'json', 'deep', 'broken', 'bytes', 'scalar']);
  switch (kind) {
    case 'none':
      return undefined;
    case 'deep': {
      const depth = random.pick([63, 64, 65, 1000, 30_000]);
      return `{"channels":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    }
    case 'broken':
      return random.pick(['{', '{"a":}', 'nul', '"', '{"__proto__":', '\u0000', '[1,]']);
    case 'bytes':
      return new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    case 'scalar':
      return JSON.stringify(value(random, 0));
    default:
      return JSON.stringify(object(random, 4));
  }
}

function url(random: Random, template: string): string {
  const path = template.replace(':id', () =>
    random.chance(0.7) ? random.pick(HOSTILE) : encodeURIComponent(random.pick(HOSTILE)),
  );
  const query: string[] = [];
  for (let count = Math.floor(random.next() * 4); count > 0; count--) {
    query.push(`${random.pick(QUERY_KEYS)}=${random.pick(HOSTILE)}`);
  }
  return `${BASE}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

function headers(random: Random): Record<string, string> {
  const out: Record<string, string> = {};
  if (random.chance(0.9))
    out.authorization = random.chance(0.95)
      ? `ApiKey ${KEY}`
      : random.pick(['ApiKey', 'Bearer x', `apikey  ${KEY} `]);
  if (random.chance(0.85)) {
    out['content-type'] = random.pick([
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/json; charset=latin1',
      'application/merge-patch+json',
      ';;;',
    ]);
  }
  if (random.chance(0.3))
    out['idempotency-key'] = random.pick(['k1', 'k2', '__proto__', 'constructor', 'x'.repeat(300)]);
  return out;
}

interface Failure {
  request: string;
  problem: string;
}

describe('createMockService under a fuzz of hostile requests', () => {
  it(`answers ${REQUESTS} seeded random requests with a 2xx or a 4xx in the service's error shape`, async () => {
    const random = generator(0x5eed);
    const mock = createMockService({ now: () => new Date(FIXTURE_NOW), messagesPerSubscriber: 5 });
    await mock.ready;
    const failures: Failure[] = [];
    for (let index = 0; index < REQUESTS; index++) {
      const [usual, template] = random.pick(TEMPLATES);
      // Mostly the operation's own method, so most requests get past routing.
      const method = random.chance(0.8) ? usual : random.pick(METHODS);
      const target = url(random, template);
      const sent = method === 'GET' || method === 'HEAD' || method === 'get' ? undefined : body(random);
      const init = { method, headers: headers(random), body: sent };
      const label = `#${index} ${method} ${target.slice(0, 200)} ${typeof sent === 'string' ? sent.slice(0, 120) : String(sent)}`;
      let response: Response;
      try {
        response = await mock.fetch(target, init);
      } catch (error) {
        failures.push({ request: label, problem: `rejected: ${String(error)}` });
        continue;
      }
      const problem = await check(response, method);
      if (problem) failures.push({ request: label, problem });
      if (failures.length >= 5) break;
    }
    expect(failures, JSON.stringify(failures, null, 2)).to.deep.equal([]);
  });
});

/** What is wrong with `response`, or `undefined`. */
async function check(response: Response, method: string): Promise<string | undefined> {
  const text = await response.text();
  const { status } = response;
  if (status >= 200 && status < 300) {
    if (text === '' || method.toUpperCase() === 'HEAD') return undefined;
    try {
      JSON.parse(text);
      return undefined;
    } catch {
      return `${status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
  }
  if (status < 400 || status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const error = parsed as Record<string, unknown>;
  if (error.statusCode !== status) return `${status} whose statusCode is ${String(error.statusCode)}`;
  if (typeof error.timestamp !== 'string' || typeof error.path !== 'string')
    return `${status} without timestamp or path`;
  if (typeof error.message !== 'string' && !Array.isArray(error.message))
    return `${status} without a message`;
  return undefined;
}
