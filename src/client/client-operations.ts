/**
 * The client's operations that a page does not need before it shows a count: loaded with `import()` on
 * the first call of one of them (see `createNotifClient`, which keeps the list, `/counts` and the stream).
 */
import type { LaterOperations } from './client.js';
import { MARK_AS } from './enums.js';
import type { NotifValidationError } from './errors.js';
import type { Transport } from './http.js';
import type { checkInteger, toQueryString } from './query.js';
import type {
  EventList,
  Integration,
  Message,
  NotificationEvent,
  Subscriber,
  SubscriberPreferences,
  Workflow,
  WorkflowList,
} from './types.js';

/**
 * What this module uses of the client's core, handed over rather than imported: a bundler that splits code
 * cuts every module both halves import into a chunk of its own, each compressed apart, which cost the
 * bell's critical path more than these weigh (measured with `bench/sizes.mjs`).
 */
export interface OperationsLib {
  NotifValidationError: typeof NotifValidationError;
  checkInteger: typeof checkInteger;
  toQueryString: typeof toQueryString;
}

/** The operations over `send`, the client's transport. */
export function createOperations(
  send: Transport,
  { NotifValidationError, checkInteger, toQueryString }: OperationsLib,
): LaterOperations {
  /**
   * The one check of every path parameter: a non-empty string, and not `.` or `..`, which URL resolution
   * (the browser's, `fetch`'s, a proxy's) would take as "this folder" or "the parent folder" and so call
   * another operation, even written `%2E%2E`. Anything else is kept as one segment by `path`.
   */
  function segment(method: string, field: string, value: string): string {
    if (typeof value !== 'string' || /^\.{0,2}$/.test(value)) {
      throw new NotifValidationError(method, '', field, `${field} is required, and cannot be "." or ".."`);
    }
    return value;
  }

  return {
    async updateSubscriber(subscriberId, body, call) {
      const p = path`/v2/subscribers/${segment('PATCH', 'subscriberId', subscriberId)}`;
      return send<Subscriber>({ method: 'PATCH', path: p, body, expect: 'object' }, call);
    },
    async getPreferences(subscriberId, call) {
      const p = path`/v2/subscribers/${segment('GET', 'subscriberId', subscriberId)}/preferences`;
      return send<SubscriberPreferences>({ method: 'GET', path: p, expect: 'object' }, call);
    },
    async updatePreferences(subscriberId, body, call) {
      const p = path`/v2/subscribers/${segment('PATCH', 'subscriberId', subscriberId)}/preferences`;
      return send<SubscriberPreferences>({ method: 'PATCH', path: p, body, expect: 'object' }, call);
    },
    async markMessagesAs(subscriberId, body, call) {
      const p = path`/v1/subscribers/${segment('POST', 'subscriberId', subscriberId)}/messages/mark-as`;
      const ids = Array.isArray(body.messageId) ? body.messageId : [body.messageId];
      if (ids.length === 0 || ids.some((id) => typeof id !== 'string' || id === '')) {
        throw new NotifValidationError('POST', p, 'messageId', 'messageId must name at least one message');
      }
      if (!(MARK_AS as readonly string[]).includes(body.markAs)) {
        throw new NotifValidationError('POST', p, 'markAs', `markAs must be one of ${MARK_AS.join(', ')}`);
      }
      return send<Message[]>({ method: 'POST', path: p, body, expect: 'array' }, call);
    },
    async updateIntegration(integrationId, body, call) {
      const p = path`/v1/integrations/${segment('PUT', 'integrationId', integrationId)}`;
      return send<Integration>({ method: 'PUT', path: p, body, expect: 'object' }, call);
    },
    async setPrimaryIntegration(integrationId, call) {
      const p = path`/v1/integrations/${segment('POST', 'integrationId', integrationId)}/set-primary`;
      return send<Integration>({ method: 'POST', path: p, expect: 'object' }, call);
    },
    async listIntegrations(call) {
      return send<Integration[]>({ method: 'GET', path: '/v1/integrations', expect: 'array' }, call);
    },
    async listWorkflows(query, call) {
      const p = `/v2/workflows${toQueryString(query)}`;
      checkInteger('GET', p, 'limit', query?.limit, 0);
      checkInteger('GET', p, 'offset', query?.offset, 0);
      return send<WorkflowList>({ method: 'GET', path: p, expect: 'object' }, call);
    },
    async getWorkflow(workflowId, query, call) {
      const p = path`/v2/workflows/${segment('GET', 'workflowId', workflowId)}` + toQueryString(query);
      return send<Workflow>({ method: 'GET', path: p, expect: 'object' }, call);
    },
    async listEvents(query, call) {
      const p = `/v1/notifications${toQueryString(query)}`;
      checkInteger('GET', p, 'page', query?.page, 0);
      checkInteger('GET', p, 'limit', query?.limit, 1, 50);
      return send<EventList>({ method: 'GET', path: p, expect: 'page' }, call);
    },
    async getEvent(notificationId, call) {
      const p = path`/v1/notifications/${segment('GET', 'notificationId', notificationId)}`;
      return send<NotificationEvent>({ method: 'GET', path: p, expect: 'object' }, call);
    },
  };
}

/** A path from literal parts and encoded segments: `path\`/v1/integrations/${id}\`` encodes `id`. */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  return strings.reduce(
    (out, literal, i) => out + literal + (i < segments.length ? encodeURIComponent(segments[i]!) : ''),
    '',
  );
}
