/**
 * Error bodies in the forms the real service sends (see the shared `errors.json`). Handlers throw an
 * {@link HttpError} with the fields after `path`; the service adds `statusCode`, `timestamp` and `path`.
 */

export type ErrorFields = Record<string, unknown>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** The body's fields after `statusCode`, `timestamp` and `path`, in order. */
    readonly fields: ErrorFields,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof fields.message === 'string' ? fields.message : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** `{statusCode, timestamp, path, ...fields}`: `path` is the service path with its query string. */
export function errorBody(status: number, path: string, now: Date, fields: ErrorFields): ErrorFields {
  return { statusCode: status, timestamp: now.toISOString(), path, ...fields };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/** 400 in the class-validator form: `message` is the list of failed constraints. */
export function badRequest(messages: string[]): HttpError {
  return new HttpError(400, { message: messages, error: 'Bad Request' });
}

/** 400 with a single message (malformed JSON, undecodable path). */
export function badRequestMessage(message: string): HttpError {
  return new HttpError(400, { message, error: 'Bad Request' });
}

export interface FieldError {
  messages: string[];
  value: unknown;
}

/** 422 in the "Validation Error" form: `errors` maps each field to its messages and the value sent. */
export function validationFailed(errors: Record<string, FieldError>): HttpError {
  return new HttpError(422, { message: 'Validation Error', errors });
}

export function notFound(message: string, extra: ErrorFields = {}): HttpError {
  return new HttpError(404, { message, ...extra, error: 'Not Found' });
}

export const subscriberNotFound = (subscriberId: string) =>
  notFound(`Subscriber with id: ${subscriberId} not found`);
export const integrationNotFound = (id: string) => notFound(`Integration with id ${id} not found`);
export const workflowNotFound = (workflowId: string) =>
  notFound('Workflow not found', { ctx: { workflowId } });
export const eventNotFound = (id: string) => notFound(`Notification with id ${id} not found`);

/** No route for this method and path: `Cannot GET /v1/foo`, as the service's framework answers. */
export const routeNotFound = (method: string, path: string) => notFound(`Cannot ${method} ${path}`);

/** No `Authorization` header (or not an API key): the short form without `error`. */
export const missingKey = () => new HttpError(401, { message: 'Unauthorized' });
export const wrongKey = () => new HttpError(401, { message: 'API Key not found', error: 'Unauthorized' });

/** 415: a body the service's JSON parser does not read (another type, or a charset other than UTF-8). */
export const unsupportedMediaType = (contentType: string | null) =>
  new HttpError(415, {
    message: `Unsupported content-type "${contentType ?? ''}": send application/json (UTF-8)`,
    error: 'Unsupported Media Type',
  });

/** 413 with the service's JSON parser's message. */
export const payloadTooLarge = () =>
  new HttpError(413, { message: 'request entity too large', error: 'Payload Too Large' });

export const IDEMPOTENCY_LINK = 'https://docs.novu.co/additional-resources/idempotency';

export function idempotencyKeyReused(key: string): HttpError {
  return new HttpError(
    422,
    {
      message: `Request with key "${key}" is being reused for a different body`,
      error: 'Unprocessable Entity',
    },
    { 'idempotency-key': key, link: IDEMPOTENCY_LINK },
  );
}

/** The body `fail({status})` sends when none is given: the service's usual form for that status. */
export function defaultFaultFields(status: number, errorId: string): ErrorFields {
  if (status === 429) return { message: 'API rate limit exceeded' };
  if (status === 500) {
    return { message: 'Internal server error, contact support and provide them with the errorId', errorId };
  }
  const reason = reasonPhrase(status);
  return { message: reason, error: reason };
}
