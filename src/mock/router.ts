import type { Handler } from './context.js';
import { badRequestMessage } from './errors.js';
import { getEvent, listEvents } from './handlers/events.js';
import { listIntegrations, setPrimaryIntegration, updateIntegration } from './handlers/integrations.js';
import { listMessages, markMessagesAs } from './handlers/messages.js';
import { getPreferences, updatePreferences } from './handlers/preferences.js';
import { updateSubscriber } from './handlers/subscribers.js';
import { getWorkflow, listWorkflows } from './handlers/workflows.js';

interface Route {
  method: string;
  /** Segments; `:name` captures one segment. */
  segments: string[];
  handler: Handler;
  /** The operation takes a JSON body (its `requestBody` in the OpenAPI document). */
  body: boolean;
}

const route = (method: string, pattern: string, handler: Handler, body = false): Route => ({
  method,
  segments: pattern.split('/').filter(Boolean),
  handler,
  body,
});

const JSON_BODY = true;

/** The twelve operations the mock serves. */
const ROUTES: Route[] = [
  route('PATCH', '/v2/subscribers/:subscriberId', updateSubscriber, JSON_BODY),
  route('GET', '/v2/subscribers/:subscriberId/preferences', getPreferences),
  route('PATCH', '/v2/subscribers/:subscriberId/preferences', updatePreferences, JSON_BODY),
  route('POST', '/v1/subscribers/:subscriberId/messages/mark-as', markMessagesAs, JSON_BODY),
  route('PUT', '/v1/integrations/:integrationId', updateIntegration, JSON_BODY),
  route('POST', '/v1/integrations/:integrationId/set-primary', setPrimaryIntegration),
  route('GET', '/v1/integrations', listIntegrations),
  route('GET', '/v2/workflows', listWorkflows),
  route('GET', '/v2/workflows/:workflowId', getWorkflow),
  route('GET', '/v1/messages', listMessages),
  route('GET', '/v1/notifications', listEvents),
  route('GET', '/v1/notifications/:notificationId', getEvent),
];

/** True for the methods that change data: the ones `idempotency-key` applies to. */
export const isMutation = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * The service path of a URL path: from the first `/v1/` or `/v2/` segment on, whatever comes before it
 * (`/api/v1/messages` -> `/v1/messages`). A path without a version segment is returned as is.
 */
export function servicePath(pathname: string): string {
  const match = /\/v[12](?=\/|$)/.exec(pathname);
  return match ? pathname.slice(match.index) : pathname;
}

/**
 * The route and its percent-decoded parameters for `method` and a service path (without query), or
 * `undefined`. A trailing slash is ignored. Throws a 400 for a parameter that does not decode.
 */
export function matchRoute(
  method: string,
  path: string,
): { handler: Handler; params: Record<string, string>; body: boolean } | undefined {
  const segments = path
    .split('/')
    .filter((segment, index, all) => segment !== '' || (index > 0 && index < all.length - 1));
  for (const candidate of ROUTES) {
    if (candidate.method !== method || candidate.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = candidate.segments.every((expected, index) => {
      const actual = segments[index]!;
      if (!expected.startsWith(':')) return expected === actual;
      if (actual === '') return false;
      params[expected.slice(1)] = decode(actual);
      return true;
    });
    if (matched) return { handler: candidate.handler, params, body: candidate.body };
  }
  return undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequestMessage(`Failed to decode param '${segment}'`);
  }
}
