/** Waiting with a deadline, shared by the proxy's calls (the service, `authenticate`, the bus). */

export const TIMED_OUT = Symbol('timed out');

/** `promise`'s value, or {@link TIMED_OUT} once `ms` milliseconds have passed; `0` waits as long as it takes. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  if (!(ms > 0 && ms < 2 ** 31)) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, ms, TIMED_OUT)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
