import type { Db } from './db.js';
import type { Random } from './random.js';

/** What a route handler gets: the data, the clock's reading for this request, and the parsed request. */
export interface HandlerContext {
  db: Db;
  now: Date;
  random: Random;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, `undefined` without one. */
  body: unknown;
  /** The largest page of messages a list answer holds (the `maxMessagesPage` option). */
  maxMessagesPage: number;
}

/** A handler's answer; errors are thrown as `HttpError`. */
export interface HandlerResult {
  status: number;
  body: unknown;
}

export type Handler = (context: HandlerContext) => HandlerResult;

export const ok = (body: unknown): HandlerResult => ({ status: 200, body });
