/**
 * The only operations the proxy forwards, and how each is rewritten for the signed-in subscriber. The
 * upstream path is always rebuilt from the authenticated id, never copied from the browser's request.
 */

/** Query keys of `GET /v1/messages` kept from the browser (first value only). */
const SINGLE_MESSAGE_KEYS = ['page', 'limit'] as const;
/** Query keys of `GET /v1/messages` kept from the browser (every value: they are arrays). */
const REPEATED_MESSAGE_KEYS = ['transactionId', 'contextKeys'] as const;

export type RouteMatch =
  | { kind: 'messages' }
  | { kind: 'mark-as'; subscriberId: string }
  | { kind: 'preferences'; subscriberId: string }
  | { kind: 'subscriber'; subscriberId: string };

/** Fields of `PATCH /v2/subscribers/{id}` a signed-in subscriber may always set on themself. */
export const SUBSCRIBER_SELF_FIELDS = ['timezone', 'locale'] as const;
/** Fields an app may add to those with the proxy's `subscriberFields` option (the others of §4.1). */
export const SUBSCRIBER_OPTIONAL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'avatar',
  'data',
] as const;

/** An allowed operation, ready to send: method, path and query relative to the service, and whether it has a body. */
export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PATCH';
  pathAndQuery: string;
  hasBody: boolean;
}

/**
 * The part of `pathname` the service would see: after `basePath` when one is set, otherwise from the first
 * `/v1/` or `/v2/`. `null` when the request is not under the proxy's mount.
 */
export function servicePath(pathname: string, basePath: string): string | null {
  const base = basePath.replace(/\/+$/, '');
  if (base) {
    const prefix = base.startsWith('/') ? base : `/${base}`;
    return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
  }
  const at = pathname.search(/\/v[12]\//);
  return at === -1 ? null : pathname.slice(at);
}

/** Matches a service path (still percent-encoded) against the allowed operations. */
export function matchRoute(method: string, path: string): RouteMatch | null {
  const s = path.split('/');
  if (method === 'GET' && s.length === 3 && s[1] === 'v1' && s[2] === 'messages') {
    return { kind: 'messages' };
  }
  if (
    method === 'POST' &&
    s.length === 6 &&
    s[1] === 'v1' &&
    s[2] === 'subscribers' &&
    s[4] === 'messages' &&
    s[5] === 'mark-as'
  ) {
    const subscriberId = decodeSegment(s[3]!);
    return subscriberId === null ? null : { kind: 'mark-as', subscriberId };
  }
  if (
    (method === 'GET' || method === 'PATCH') &&
    s.length === 5 &&
    s[1] === 'v2' &&
    s[2] === 'subscribers' &&
    s[4] === 'preferences'
  ) {
    const subscriberId = decodeSegment(s[3]!);
    return subscriberId === null ? null : { kind: 'preferences', subscriberId };
  }
  if (method === 'PATCH' && s.length === 4 && s[1] === 'v2' && s[2] === 'subscribers') {
    const subscriberId = decodeSegment(s[3]!);
    return subscriberId === null ? null : { kind: 'subscriber', subscriberId };
  }
  return null;
}

/** The request to send upstream for `match`, on behalf of `subscriberId` (the authenticated one). */
export function upstreamCall(
  match: RouteMatch,
  method: string,
  query: URLSearchParams,
  subscriberId: string,
): UpstreamCall {
  const id = encodeURIComponent(subscriberId);
  switch (match.kind) {
    case 'messages':
      return {
        method: 'GET',
        pathAndQuery: `/v1/messages?${messagesQuery(query, subscriberId)}`,
        hasBody: false,
      };
    case 'mark-as':
      return { method: 'POST', pathAndQuery: `/v1/subscribers/${id}/messages/mark-as`, hasBody: true };
    case 'preferences':
      return method === 'PATCH'
        ? { method: 'PATCH', pathAndQuery: `/v2/subscribers/${id}/preferences`, hasBody: true }
        : { method: 'GET', pathAndQuery: `/v2/subscribers/${id}/preferences`, hasBody: false };
    case 'subscriber':
      return { method: 'PATCH', pathAndQuery: `/v2/subscribers/${id}`, hasBody: true };
  }
}

/**
 * Why the body of a subscriber's update of themself is refused, or `null` when it may go: every key must be
 * in `allowed`, and `timezone` and `locale` strings (or `null`) of at most 100 characters.
 */
export function subscriberBodyRefusal(text: string, allowed: ReadonlySet<string>): string | null {
  const body = JSON.parse(text) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (!allowed.has(key))
      return `The field ${JSON.stringify(key.slice(0, 40))} cannot be changed through the proxy`;
    if (
      (key === 'timezone' || key === 'locale') &&
      value !== null &&
      (typeof value !== 'string' || value.length > 100)
    ) {
      return `The field ${key} must be a string of at most 100 characters`;
    }
  }
  return null;
}

/** The query of `GET /v1/messages`: pinned to the subscriber's in-app messages, paging kept, the rest dropped. */
export function messagesQuery(incoming: URLSearchParams, subscriberId: string): string {
  const out = new URLSearchParams({ subscriberId, channel: 'in_app' });
  for (const key of SINGLE_MESSAGE_KEYS) {
    const value = incoming.get(key);
    if (value !== null) out.set(key, value);
  }
  for (const key of REPEATED_MESSAGE_KEYS) {
    for (const value of incoming.getAll(key)) out.append(key, value);
  }
  return out.toString();
}

function decodeSegment(segment: string): string | null {
  if (segment === '') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
