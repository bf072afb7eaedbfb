/**
 * Allowed values of the service's enumerations, as `as const` arrays with derived union types.
 *
 * The service may send values that these lists do not name (the real service names its own providers and
 * origins differently from the specification, for example `novu-cloud` for `svc-cloud`). Response types
 * therefore use {@link Open} so that an unknown value still type-checks and parses.
 */

/** A known union that also accepts any other string without losing editor completion. */
export type Open<T extends string> = T | (string & {});

export const CHANNEL_TYPES = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const STEP_TYPES = [
  'in_app',
  'email',
  'sms',
  'chat',
  'push',
  'digest',
  'trigger',
  'delay',
  'throttle',
  'custom',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const ORIGINS = ['svc-cloud', 'svc-cloud-v1', 'external'] as const;
export type Origin = (typeof ORIGINS)[number];

export const WORKFLOW_STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const TIME_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const MESSAGE_STATUSES = ['sent', 'error', 'warning'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const FILTER_TYPES = [
  'BOOLEAN',
  'TEXT',
  'DATE',
  'NUMBER',
  'STATEMENT',
  'LIST',
  'MULTI_LIST',
  'GROUP',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const FILTER_OPERATORS = [
  'LARGER',
  'SMALLER',
  'LARGER_EQUAL',
  'SMALLER_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ALL_IN',
  'ANY_IN',
  'NOT_IN',
  'BETWEEN',
  'NOT_BETWEEN',
  'LIKE',
  'NOT_LIKE',
  'IN',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const FILTER_ON = ['subscriber', 'payload'] as const;
export type FilterOn = (typeof FILTER_ON)[number];

export const EXECUTION_DETAIL_STATUSES = [
  'Success',
  'Warning',
  'Failed',
  'Pending',
  'Queued',
  'ReadConfirmation',
] as const;
export type ExecutionDetailStatus = (typeof EXECUTION_DETAIL_STATUSES)[number];

export const EXECUTION_DETAIL_SOURCES = ['Credentials', 'Internal', 'Payload', 'Webhook'] as const;
export type ExecutionDetailSource = (typeof EXECUTION_DETAIL_SOURCES)[number];

export const DIGEST_TYPES = ['regular', 'backoff', 'timed'] as const;
export type DigestType = (typeof DIGEST_TYPES)[number];

/** The four values of `markAs` in `POST /v1/subscribers/{subscriberId}/messages/mark-as`. */
export const MARK_AS = ['read', 'unread', 'seen', 'unseen'] as const;
export type MarkAs = (typeof MARK_AS)[number];

export const OVERRIDE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
export type OverrideSource = (typeof OVERRIDE_SOURCES)[number];

export const ORDER_DIRECTIONS = ['ASC', 'DESC'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

export const WORKFLOW_ORDER_BY = ['createdAt', 'updatedAt', 'name', 'lastTriggeredAt'] as const;
export type WorkflowOrderBy = (typeof WORKFLOW_ORDER_BY)[number];
