/**
 * A hand-driven `fetch` for race tests: every request waits until the test answers it, so responses can
 * arrive in any order. Also builds in-app messages and `GET /v1/messages` pages for those answers.
 */
import sinon from 'sinon';
import type { Message } from '../../src/client/types.js';
import { settle } from './fake-fetch.js';

export interface HeldRequest {
  method: string;
  /** The path without the query, for example `/v1/messages`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  signal: AbortSignal | undefined;
  /** True once answered (or aborted). */
  readonly done: boolean;
  /** Answers with this status and JSON body. */
  reply(status: number, body?: unknown): void;
  /** Rejects as a browser does when the network fails. */
  networkError(): void;
}

export function deferredFetch() {
  const requests: HeldRequest[] = [];

  const fetch = (input: string, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input, 'https://held.test');
      let done = false;
      const finish = () => {
        done = true;
        init.signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        finish();
        reject(init.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      };
      if (init.signal?.aborted) return onAbort();
      init.signal?.addEventListener('abort', onAbort);
      requests.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        signal: init.signal ?? undefined,
        get done() {
          return done;
        },
        reply(status, body) {
          if (done) throw new Error('deferredFetch: request already answered');
          finish();
          resolve(
            new Response(body === undefined ? null : JSON.stringify(body), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          );
        },
        networkError() {
          if (done) throw new Error('deferredFetch: request already answered');
          finish();
          reject(new TypeError('Failed to fetch'));
        },
      });
    });

  /** Requests not answered yet, oldest first. */
  const open = () => requests.filter((r) => !r.done);

  const handedOut = new Set<HeldRequest>();

  /**
   * Waits (letting real async work run) until an unanswered request matches that `next` did not return
   * before, and returns the oldest one. Throws when none comes, naming what is open.
   */
  async function next(match: (r: HeldRequest) => boolean = () => true): Promise<HeldRequest> {
    // Bounded by time, not by a count of rounds that a busy machine may not finish its work in.
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline) {
      const found = open().find((r) => !handedOut.has(r) && match(r));
      if (found) {
        handedOut.add(found);
        return found;
      }
      await settle(1);
    }
    const list = open().map((r) => `${r.method} ${r.path}?${r.query}`);
    throw new Error(`deferredFetch: no matching request (open: ${list.join(', ') || 'none'})`);
  }

  return {
    fetch,
    requests,
    open,
    next,
    /** The next `GET /v1/messages` (optionally of one page). */
    nextList: (page?: number) =>
      next((r) => r.path === '/v1/messages' && (page === undefined || r.query.get('page') === String(page))),
    /** The next mark-as request. */
    nextMark: () => next((r) => r.path.endsWith('/messages/mark-as')),
  };
}

/**
 * The page's own `fetch` (what elements configured by their attributes call) held by a new
 * {@link deferredFetch} until `restore()`.
 */
export function holdPageFetch() {
  const held = deferredFetch();
  const stub = sinon.stub(window, 'fetch').callsFake((input, init) => held.fetch(String(input), init));
  return { ...held, restore: () => stub.restore() };
}

let sequence = 0;

/** An in-app message with a readable id; `createdAt` goes down with the id so lists read newest first. */
export function message(id: string, fields: Partial<Message> = {}): Message {
  sequence++;
  return {
    _id: id,
    _environmentId: 'env',
    _organizationId: 'org',
    _notificationId: `n_${id}`,
    _subscriberId: 'sub',
    createdAt: new Date(Date.UTC(2025, 0, 1) - sequence * 1000).toISOString(),
    transactionId: `t_${id}`,
    channel: 'in_app',
    read: false,
    seen: false,
    cta: {},
    status: 'sent',
    content: `Message ${id}`,
    ...fields,
  };
}

/** A body of `GET /v1/messages`. */
export function listBody(data: Message[], hasMore = false, page = 0, pageSize = 20) {
  return { data, hasMore, page, pageSize };
}

/** A body of the mark-as operation, as the service wraps it. */
export function markBody(data: Message[]) {
  return { data };
}
