/**
 * What the inbox store and the preferences store have in common: one status type, one action result, one
 * error policy, and the few helpers both use.
 *
 * - **Status** (`$status`) covers the requests a person waits for (loading a list or the preferences):
 *   `idle`, `loading`, or `error` with the `error` and the `operation` that failed. `retry()` on the inbox
 *   (`load()` on preferences) runs that operation again. Background work (polls) stays quiet.
 * - **Actions** (inbox `markAs` and `markAllAs`; the preferences setters) show their change at once, then
 *   send it. They never reject: they resolve an {@link ActionResult}, `{ ok: true }` once the service
 *   confirmed (or when there was nothing to send), else `{ ok: false, reason }`: `failed` (the service
 *   refused or could not be reached; `error` says why and the change was rolled back), `destroyed` (the
 *   store was destroyed first), or a reason of the store's own for a change refused before any request.
 * - **Error policy**: an action that `failed` is also kept in the store's error atom (`$actionError`,
 *   `$saveError`) until `dismissError()` is called or a newer failure replaces it. A later success does not
 *   clear it: the failure is news the person may not have seen yet (a success can come from something
 *   automatic, such as the bell marking messages seen as it opens), and what failed is still undone. An
 *   element that knows better may dismiss it (the preferences element does once the same target saved).
 *   Refusals before any request (`invalid`, `notLoaded`, ...) are only in the result, never in the atom.
 */
import { canonicalJson } from '../internal/canonical-json.js';

/** The state of the requests a person waits for; `operation` names the one that failed. */
export type StoreStatus<Operation extends string = string> =
  { state: 'idle' } | { state: 'loading' } | { state: 'error'; error: unknown; operation: Operation };

/**
 * What every action resolves to. `Refusal` adds the store's own reasons for refusing a change before any
 * request, e.g. `{ reason: 'notLoaded' }`.
 */
export type ActionResult<Refusal extends { reason: string } = never> =
  | { ok: true }
  | { ok: false; reason: 'failed'; error: unknown }
  | { ok: false; reason: 'destroyed' }
  | ({ ok: false } & Refusal);

export const OK: ActionResult = { ok: true };
export const DESTROYED: ActionResult = { ok: false, reason: 'destroyed' };

/** Runs jobs one at a time, in the order given; `size` counts those waiting or running. */
export interface Queue {
  readonly size: number;
  run<T>(job: () => Promise<T>): Promise<T>;
}

export function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  const queue = {
    size: 0,
    run<T>(job: () => Promise<T>): Promise<T> {
      queue.size++;
      const result = tail.then(job).finally(() => queue.size--);
      tail = result.catch(() => {});
      return result;
    },
  };
  return queue;
}

/** Calls a listener; what it throws is reported without breaking the store or the other listeners. */
export function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    else console.error(error);
  }
}

/** Structural equality of JSON-like values: key order and `undefined` entries are ignored. */
export function deepEqual(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}
