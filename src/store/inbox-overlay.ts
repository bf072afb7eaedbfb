/**
 * The optimistic overlay of the inbox store: for each loaded message, the confirmed copy (the last one the
 * service sent) with a revision that moves whenever that copy changes, and the pending mark-as operations
 * in the user's order. What the store shows is the confirmed copy with the pending operations applied on
 * top, so a response that lands while later operations wait never hides them, and a failed operation rolls
 * back by simply leaving the list. A list response (or another tab's result) replaces a confirmed copy
 * only when no operation on that message is pending and its revision did not move since the request was
 * sent (see {@link Guard}).
 */
import type { MarkAs } from '../client/enums.js';
import { applyMarkAs } from '../client/mark-as.js';
import type { Message } from '../client/types.js';
import { deepEqual } from './contract.js';
import type { KeyedMessage } from './inbox-list.js';

export interface PendingOp {
  action: 'markAs' | 'markAllAs';
  markAs: MarkAs;
  ids: string[];
  idSet: Set<string>;
  at: Date;
}

/** Limits on what a response may replace. */
export interface Guard {
  /** The overlay's revision clock when the request was sent. */
  tick?: number;
  /** A wall-clock time the data is at least as fresh as (results from other tabs). */
  at?: number;
  /** Replace even messages with pending operations (a mark-as confirming itself). */
  evenPending?: boolean;
}

export interface Overlay {
  /** The revision clock: it moves whenever a confirmed copy changes. */
  tick(): number;
  /** The confirmed copy of a loaded message. */
  get(id: string): KeyedMessage | undefined;
  /**
   * Replaces the confirmed copy if the guard allows; a message not loaded yet is always taken. False when
   * the guard kept the local copy.
   */
  offer(message: KeyedMessage, guard: Guard): boolean;
  /** Drops the copies of messages neither in `keep` nor pending. */
  forget(keep: ReadonlySet<string>): void;
  /** The message as shown: the confirmed copy with the pending operations applied. */
  view(id: string): Message;
  /** Adds (`true`) or removes a pending operation. */
  pend(op: PendingOp, add: boolean): void;
}

/** A confirmed copy, its revision (the clock when it last changed) and the wall-clock time of that change. */
interface Copy {
  message: KeyedMessage;
  revision: number;
  at: number;
}

export function createOverlay(): Overlay {
  const copies = new Map<string, Copy>();
  const shown = new Map<string, { from: KeyedMessage; ops: PendingOp[]; value: Message }>();
  let clock = 0;
  let ops: PendingOp[] = [];

  const pending = (id: string) => ops.some((op) => op.idSet.has(id));

  return {
    tick: () => clock,
    get: (id) => copies.get(id)?.message,
    offer(message, guard) {
      const id = message._id;
      const copy = copies.get(id);
      if (copy) {
        if (
          (!guard.evenPending && pending(id)) ||
          copy.revision > (guard.tick ?? Infinity) ||
          copy.at > (guard.at ?? Infinity)
        ) {
          return false;
        }
        if (deepEqual(copy.message, message)) return true;
      }
      copies.set(id, { message, revision: ++clock, at: Date.now() });
      return true;
    },
    forget(keep) {
      for (const id of [...copies.keys()]) {
        if (keep.has(id) || pending(id)) continue;
        copies.delete(id);
        shown.delete(id);
      }
    },
    view(id) {
      const from = copies.get(id)!.message;
      const mine = ops.filter((op) => op.idSet.has(id));
      const cached = shown.get(id);
      if (cached && cached.from === from && sameItems(cached.ops, mine)) return cached.value;
      const value = mine.reduce<Message>((m, op) => applyMarkAs(m, op.markAs, op.at), from);
      shown.set(id, { from, ops: mine, value });
      return value;
    },
    pend(op, add) {
      ops = add ? [...ops, op] : ops.filter((o) => o !== op);
    },
  };
}

export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
