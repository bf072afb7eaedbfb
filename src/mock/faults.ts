import type { FailOptions, FaultMatch, NetworkErrorOptions } from './types.js';

export type Fault =
  | { kind: 'fail'; options: FailOptions; remaining: number }
  | { kind: 'network'; options: NetworkErrorOptions; remaining: number };

function matches(match: FaultMatch, method: string, path: string): boolean {
  if (match.method && match.method.toUpperCase() !== method) return false;
  if (match.path === undefined) return true;
  if (typeof match.path === 'string') return path.startsWith(match.path);
  match.path.lastIndex = 0;
  return match.path.test(path);
}

/** Pending faults, first registered first used. Each answers `times` matching requests, then is dropped. */
export class FaultQueue {
  #faults: Fault[] = [];

  add(kind: 'fail', options: FailOptions): void;
  add(kind: 'network', options: NetworkErrorOptions): void;
  add(kind: Fault['kind'], options: FailOptions | NetworkErrorOptions): void {
    const times = options.times ?? 1;
    if (!(times > 0)) throw new RangeError(`times must be a positive number, got ${times}`);
    this.#faults.push({ kind, options, remaining: times } as Fault);
  }

  /** The fault for this request, if any, counted as used. `path` is the service path with its query. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.#faults.find((item) => matches(item.options, method, path));
    if (fault && --fault.remaining <= 0) this.#faults.splice(this.#faults.indexOf(fault), 1);
    return fault;
  }

  clear(): void {
    this.#faults = [];
  }
}
