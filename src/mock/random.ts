import type { Picker } from './fixtures/message-kinds.js';

/**
 * A small seeded random generator (mulberry32) for the mock's data: the same seed gives the same inbox,
 * so stories and screenshots are stable. Not for anything security related.
 */
export interface Random extends Picker {
  /** A float in `[0, 1)`. */
  next(): number;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
  /** A version-4 shaped UUID (for `transactionId`). */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += int(0, 15).toString(16);
    return out;
  };
  return {
    next,
    int,
    hex,
    chance: (p) => next() < p,
    item: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new RangeError('Random.item: empty list');
      return list[int(0, list.length - 1)] as T;
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}

/**
 * A 24-hex identifier shaped like the service's (a MongoDB ObjectId): 8 hex digits of Unix seconds, then
 * 16 random ones, so ids sort roughly by creation time as real ones do.
 */
export function objectId(at: Date, random: Random): string {
  const seconds = Math.max(0, Math.floor(at.getTime() / 1000));
  return seconds.toString(16).padStart(8, '0').slice(-8) + random.hex(16);
}

/**
 * An id related to `base` the way the fixtures relate a workflow's id to its steps' ids: the timestamp part
 * moved by `secondsDelta` and the trailing counter by `counterDelta`.
 */
export function relatedId(base: string, secondsDelta: number, counterDelta: number): string {
  const seconds = (parseInt(base.slice(0, 8), 16) + secondsDelta) >>> 0;
  const counter = (parseInt(base.slice(18), 16) + counterDelta) % 0x1000000;
  return seconds.toString(16).padStart(8, '0') + base.slice(8, 18) + counter.toString(16).padStart(6, '0');
}
