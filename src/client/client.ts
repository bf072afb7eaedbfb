/**
 * `createNotifClient`: one typed method per operation of the notification service.
 */
import { NotifValidationError } from './errors.js';
import { addHeaders, createTransport, type CallOptions, type TransportOptions } from './http.js';
import { checkInteger, toQueryString } from './query.js';
import type {
  EventList,
  GetWorkflowQuery,
  Integration,
  ListEventsQuery,
  ListMessagesQuery,
  ListWorkflowsQuery,
  MarkMessagesBody,
  Message,
  MessageList,
  NotificationEvent,
  Subscriber,
  SubscriberPreferences,
  UpdateIntegrationBody,
  UpdatePreferencesBody,
  UpdateSubscriberBody,
  Workflow,
  WorkflowList,
} from './types.js';

/**
 * Options of {@link createNotifClient}.
 *
 * In a browser, prefer `baseUrl` pointing at your own backend proxy (which adds the API key and pins the
 * subscriber) or `headers` carrying your app's own session token. `apiKey` puts the service's secret key in
 * the page: use it on a server, or for local development only.
 */
export interface NotifClientOptions extends TransportOptions {
  /** Base address of the service or of your proxy, for example `https://api.example.com` or `/notif-api`. */
  baseUrl: string;
  /** Sent as `Authorization: ApiKey <apiKey>`. A server secret: never ship it to browsers in production. */
  apiKey?: string;
}

export interface NotifClient {
  /** `PATCH /v2/subscribers/{subscriberId}`. */
  updateSubscriber(
    subscriberId: string,
    body: UpdateSubscriberBody,
    options?: CallOptions,
  ): Promise<Subscriber>;
  /** `GET /v2/subscribers/{subscriberId}/preferences` (not in the specification; the real service has it). */
  getPreferences(subscriberId: string, options?: CallOptions): Promise<SubscriberPreferences>;
  /** `PATCH /v2/subscribers/{subscriberId}/preferences`. Without `workflowId` the global preferences change. */
  updatePreferences(
    subscriberId: string,
    body: UpdatePreferencesBody,
    options?: CallOptions,
  ): Promise<SubscriberPreferences>;
  /** `POST /v1/subscribers/{subscriberId}/messages/mark-as`. Resolves to the updated messages. */
  markMessagesAs(subscriberId: string, body: MarkMessagesBody, options?: CallOptions): Promise<Message[]>;
  /** `PUT /v1/integrations/{integrationId}`. */
  updateIntegration(
    integrationId: string,
    body: UpdateIntegrationBody,
    options?: CallOptions,
  ): Promise<Integration>;
  /** `POST /v1/integrations/{integrationId}/set-primary`. */
  setPrimaryIntegration(integrationId: string, options?: CallOptions): Promise<Integration>;
  /** `GET /v1/integrations`. */
  listIntegrations(options?: CallOptions): Promise<Integration[]>;
  /** `GET /v2/workflows`. */
  listWorkflows(query?: ListWorkflowsQuery, options?: CallOptions): Promise<WorkflowList>;
  /** `GET /v2/workflows/{workflowId}`: by `_id`, workflow id or slug. */
  getWorkflow(workflowId: string, query?: GetWorkflowQuery, options?: CallOptions): Promise<Workflow>;
  /** `GET /v1/messages`: one page, `{data, hasMore, page, pageSize, totalCount?}`. */
  listMessages(query?: ListMessagesQuery, options?: CallOptions): Promise<MessageList>;
  /** `GET /v1/notifications`: one page of triggered events. */
  listEvents(query?: ListEventsQuery, options?: CallOptions): Promise<EventList>;
  /** `GET /v1/notifications/{notificationId}`. */
  getEvent(notificationId: string, options?: CallOptions): Promise<NotificationEvent>;
  /**
   * `GET {baseUrl}/counts` of `notif-elements/proxy` with `live`: `{unseen, unread, exact}` (not an operation
   * of the service, which answers 404). With `query.contextKeys`, the counts of the messages that carry those
   * keys (sent as repeated `contextKeys` parameters, as `GET /v1/messages` takes them): a tab's scope.
   */
  getCounts?(options?: CallOptions, query?: CountsQuery): Promise<LiveCounts>;
  /**
   * Opens `GET {baseUrl}{path}` as an event stream with the same headers as every other request (which
   * `EventSource` cannot send), `accept: text/event-stream` and `last-event-id` when given; no timeout, no
   * retry, redirects not followed. Resolves the response whatever its status: the caller checks it and reads
   * (or cancels) its body. Used by the inbox store for the proxy's `/stream`.
   */
  openStream?(path: string, options?: StreamOptions): Promise<Response>;
}

/** Counts as `notif-elements/proxy` with `live` tells them. */
export interface LiveCounts {
  unseen: number;
  unread: number;
  /** False past the proxy's `countCap`: then the counts are lower bounds. */
  exact: boolean;
}

/** What `getCounts` counts: by default every in-app message of the subscriber. */
export interface CountsQuery {
  /** Only messages with these context keys (exact keys of shape `type:id`). */
  contextKeys?: readonly string[];
}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Sent as `last-event-id`: the proxy tells what was missed since. */
  lastEventId?: string;
}

/**
 * Creates a client for the notification service. It has no DOM dependency and runs in browsers, Node 20+,
 * workers and edge runtimes.
 *
 * @example
 * const client = createNotifClient({ baseUrl: '/notif-api' });
 * const page = await client.listMessages({ subscriberId: 'usr_1', channel: 'in_app', limit: 20 });
 */
export function createNotifClient(options: NotifClientOptions): NotifClient {
  const send = createTransport(options);
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  // Every method is async, so a refused argument rejects the returned promise instead of throwing.

  // The operations a page needs before it shows a count (a list, `/counts`, the stream) are here; the
  // others load on their first call (`client-operations.ts`): a bell never pays for preferences,
  // workflows or events up front. Their methods are async anyway: a call made before the module arrived
  // waits for it.
  let later: Promise<LaterOperations> | undefined;
  const load = () =>
    (later ??= import('./client-operations.js').then(
      (m) => m.createOperations(send, { NotifValidationError, checkInteger, toQueryString }),
      (error: unknown) => {
        later = undefined; // asked again on the next call
        throw error;
      },
    ));
  const client = Object.fromEntries(
    LATER.map((name) => [
      name,
      (...args: unknown[]) =>
        load().then((ops) => (ops[name] as (...args: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as LaterOperations;

  return {
    ...client,
    async listMessages(query, call) {
      const p = `/v1/messages${toQueryString(query)}`;
      checkInteger('GET', p, 'page', query?.page, 0);
      checkInteger('GET', p, 'limit', query?.limit, 1);
      return send<MessageList>({ method: 'GET', path: p, expect: 'page' }, call);
    },
    async getCounts(call, query) {
      const keys = query?.contextKeys?.length ? { contextKeys: query.contextKeys } : undefined;
      return send<LiveCounts>(
        { method: 'GET', path: `/counts${toQueryString(keys)}`, expect: 'object' },
        call,
      );
    },
    async openStream(p, { signal, lastEventId } = {}) {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      await addHeaders(options, headers);
      return doFetch(base + p, { method: 'GET', headers, redirect: 'manual', cache: 'no-store', signal });
    },
  };
}

/** The operations loaded on first call (`client-operations.ts`). */
const LATER = [
  'updateSubscriber',
  'getPreferences',
  'updatePreferences',
  'markMessagesAs',
  'updateIntegration',
  'setPrimaryIntegration',
  'listIntegrations',
  'listWorkflows',
  'getWorkflow',
  'listEvents',
  'getEvent',
] as const;

export type LaterOperations = Pick<NotifClient, (typeof LATER)[number]>;
