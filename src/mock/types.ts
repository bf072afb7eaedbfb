import type {
  Integration,
  Message,
  NotificationEvent,
  Subscriber,
  SubscriberPreferences,
  WorkflowListItem,
} from '../client/types.js';

/** Data that replaces parts of the seed. Each collection given replaces the base seed's. */
export interface MockSeed {
  /** What the collections not given here come from. Default `'default'`. */
  base?: 'default' | 'empty';
  subscribers?: Subscriber[];
  /** Used as given (dates are not moved). `_subscriberId` is a subscriber's `_id` (or its `subscriberId`). */
  messages?: Message[];
  /** By `subscriberId`; replaces the preferences of the subscribers named, the others keep theirs. */
  preferences?: Record<string, SubscriberPreferences>;
  workflows?: WorkflowListItem[];
  integrations?: Integration[];
  events?: NotificationEvent[];
}

export interface MockServiceOptions {
  /** The one API key accepted in `Authorization: ApiKey <key>`. Default `'mock-secret-key'`. */
  apiKey?: string;
  /** `false` accepts every request without an `Authorization` header. Default `true`. */
  auth?: boolean;
  /** Delay before every response, in milliseconds. Default 0. Change it later with `setLatency`. */
  latencyMs?: number;
  /**
   * The clock: seeded dates are relative to it (the newest message five minutes before `now()`, the rest
   * over about a week), and it stamps updates, new messages and error timestamps. Default: real time.
   */
  now?: () => Date;
  /**
   * `'default'`: the fixtures plus generated messages for three subscribers. `'empty'`: the same subscribers,
   * workflows, integrations and preferences, but no messages and no events. An object: see {@link MockSeed}.
   * The default seed's messages and events are loaded on demand: see {@link MockService.ready}.
   */
  seed?: 'default' | 'empty' | MockSeed;
  /**
   * In-app messages per seeded subscriber that has messages (`usr_priya_raman`, `usr_maya_chen`). Default 60,
   * so paging is visible. `usr_priya_raman`'s newest 25 are the fixture messages.
   */
  messagesPerSubscriber?: number;
  /**
   * The largest request body accepted, in bytes; a larger one gets 413 Payload Too Large. Default 102 400
   * (100 KiB), the limit of the service's JSON parser for these operations.
   */
  maxBodyBytes?: number;
  /**
   * The largest page `GET /v1/messages` serves; a larger `limit` is lowered to it. Default 100
   * (`MAX_MESSAGES_PAGE`), as the service. A fixture that needs thousands of messages loaded in one answer
   * raises it.
   */
  maxMessagesPage?: number;
}

/** Which requests a fault applies to. Both filters must match; an absent filter matches everything. */
export interface FaultMatch {
  /** `GET`, `PATCH`... (any case). */
  method?: string;
  /**
   * A prefix of the service path with its query (`'/v1/messages'` matches `/v1/messages?page=1` and
   * `/v1/messages/...`), or a RegExp tested against that same string. The path starts at `/v1/` or `/v2/`,
   * whatever base URL the client uses.
   */
  path?: string | RegExp;
  /** How many matching requests the fault answers before it is used up. Default 1; `Infinity` for all. */
  times?: number;
  /** Extra delay for the faulted response (or rejection), on top of the latency. Default 0. */
  delayMs?: number;
}

export interface FailOptions extends FaultMatch {
  /** The HTTP status to answer with, for example 500, 503 or 429. */
  status: number;
  /**
   * The response body. Default: the service's error body for that status (`{statusCode, timestamp, path,
   * message, error}`; for 429 the service's rate-limit form). Objects and strings are sent as JSON, unless
   * `headers` sets a non-JSON `content-type`, in which case a string is sent as is.
   */
  body?: unknown;
  /** Headers added to (or replacing) the usual ones. A 429 has `retry-after: 1` unless this says otherwise. */
  headers?: Record<string, string>;
}

export type NetworkErrorOptions = FaultMatch;

/** One request as the mock received it. */
export interface RequestLogEntry {
  /** Upper case, `GET`, `PATCH`... */
  method: string;
  /** The service path, from `/v1/` or `/v2/` on, without the query: `/v2/subscribers/usr_priya_raman`. */
  path: string;
  /** The query string without its `?` (`''` when there is none): `channel=in_app&page=0&limit=10`. */
  query: string;
  /** The full URL as requested. */
  url: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; the text when it is not JSON; `undefined` without a body. */
  body: unknown;
}

/** Read-only view of the mock's current data. */
export interface MockState {
  readonly subscribers: readonly Subscriber[];
  /** Every message of every subscriber and channel, newest first. */
  readonly messages: readonly Message[];
  /** By `subscriberId`. */
  readonly preferences: Readonly<Record<string, SubscriberPreferences>>;
  /** In their list form (`GET /v2/workflows/{id}` builds the full form from it). */
  readonly workflows: readonly WorkflowListItem[];
  readonly integrations: readonly Integration[];
  /** Newest first. */
  readonly events: readonly NotificationEvent[];
}

/** The in-memory notification service made by `createMockService`. */
export interface MockService {
  /**
   * A `fetch` that answers from memory: pass it to the client (`createClient({ fetch: mock.fetch })`). It is
   * bound, so it works detached. Rejects with the signal's reason (an `AbortError` `DOMException` by default)
   * when `init.signal` aborts, including during a delay; rejects with `TypeError('Failed to fetch')` for an
   * injected network error. Relative URLs are resolved against the page (or `http://localhost` in Node).
   */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The same as `fetch`, for a ready `Request` (server middleware, service workers). */
  readonly handle: (request: Request) => Promise<Response>;
  /** The accepted API key (`Authorization: ApiKey <apiKey>`). */
  readonly apiKey: string;
  /**
   * Resolves once the seed's data is all in place. The messages and events of the default seed (also the base
   * of a {@link MockSeed} that does not give both) live in a separate module, loaded with a dynamic
   * `import()` the first time a mock needs them, so that an app bundling the mock downloads them only then.
   * Until it resolves, `db` has the subscribers, workflows, integrations and preferences but not those
   * messages and events. Other seeds, and every seed once the module is loaded, are ready at once.
   *
   * Nothing has to wait for it but direct reads of `db`: `fetch` and `handle` answer only once the data is in
   * place, and `addMessage`, `addSubscriber` and the other methods work at once (messages added before are
   * kept, and listed among the seeded ones by date). It rejects, and so do the requests, if the module cannot
   * be loaded; `reset()` tries again. `reset()` gives a new promise.
   *
   * ```ts
   * const mock = createMockService();
   * await mock.ready;
   * const unread = mock.db.messages.filter((message) => !message.read);
   * ```
   */
  readonly ready: Promise<void>;
  /**
   * The current data, read-only. Reflects every change made through the API. Await `ready` before reading the
   * seeded messages and events.
   */
  readonly db: MockState;
  /** Every request received since creation, `reset()` or `clearRequests()`, oldest first. */
  readonly requests: readonly RequestLogEntry[];
  /** Empties `requests`. */
  clearRequests(): void;
  /**
   * A new in-app message arrives for `subscriberId`: newest (dated `now()`), unread, unseen, with a realistic
   * subject, content and CTA (successive calls cycle through the message kinds). `partial` overrides any
   * field. Returns the stored message. Throws when the subscriber does not exist.
   */
  addMessage(subscriberId: string, partial?: Partial<Message>): Message;
  /** `count` arrivals in a row, as `addMessage`; returned oldest first (the last one is the newest). */
  addMessages(count: number, subscriberId: string, partial?: Partial<Message>): Message[];
  /**
   * Adds a subscriber (with the default preferences and no messages), or updates the fields of an existing
   * one. Returns the stored subscriber.
   */
  addSubscriber(subscriberId: string, partial?: Partial<Subscriber>): Subscriber;
  /** The next matching request(s) get this error response instead of being handled. Nothing changes. */
  fail(options: FailOptions): void;
  /** The next matching request(s) reject with `TypeError('Failed to fetch')`, as a browser's fetch does. */
  networkError(options?: NetworkErrorOptions): void;
  /** Removes every pending `fail` and `networkError`. */
  clearFaults(): void;
  /** Delay every response by `ms` milliseconds (0 for none). */
  setLatency(ms: number): void;
  /**
   * Back to the state of creation: the seed's data again (the same data for the same clock reading), and no
   * idempotency keys, faults or logged requests; the latency returns to the `latencyMs` option. Complete at
   * once when the default seed's module is loaded already; otherwise `ready` is the new seed's.
   */
  reset(): void;
}
