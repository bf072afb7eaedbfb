/**
 * Types of every resource of the notification service (section 2 of the service specification).
 *
 * Response enumerations are {@link Open}: a value the lists do not name still parses and type-checks.
 */
import type {
  ChannelType,
  DigestType,
  ExecutionDetailSource,
  ExecutionDetailStatus,
  FilterOn,
  FilterOperator,
  FilterType,
  MarkAs,
  MessageStatus,
  Open,
  OrderDirection,
  Origin,
  OverrideSource,
  Severity,
  StepType,
  TimeUnit,
  WeekDay,
  WorkflowOrderBy,
  WorkflowStatus,
} from './enums.js';

/** A JSON object of unknown shape (payloads, overrides, custom data). */
export type JsonObject = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// 2.2 Subscriber

export interface ChannelCredentials {
  webhookUrl?: string;
  channel?: string;
  deviceTokens?: string[];
  alertUid?: string;
  title?: string;
  imageUrl?: string;
  state?: string;
  externalUrl?: string;
}

export interface ChannelSettings {
  /** A chat or push provider id, lowercase kebab-case (`chat-webhook`, `push-webhook`, ...). */
  providerId: string;
  integrationIdentifier?: string;
  credentials: ChannelCredentials;
  _integrationId: string;
}

export interface Subscriber {
  _id?: string;
  subscriberId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  locale?: string | null;
  timezone?: string | null;
  channels?: ChannelSettings[];
  /** @deprecated */
  topics?: string[];
  isOnline?: boolean | null;
  lastOnlineAt?: string | null;
  __v?: number;
  data?: JsonObject | null;
  _organizationId: string;
  _environmentId: string;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Body of `PATCH /v2/subscribers/{subscriberId}`. */
export interface UpdateSubscriberBody {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  avatar?: string;
  timezone?: string;
  locale?: string;
  data?: JsonObject;
}

// ---------------------------------------------------------------------------------------------------------
// 2.3 Integration

export interface FieldFilterPart {
  field: string;
  value: string;
  operator: Open<FilterOperator>;
  on: Open<FilterOn>;
}

export interface StepFilter {
  isNegated: boolean;
  type: Open<FilterType>;
  value: 'AND' | 'OR';
  children: FieldFilterPart[];
}

/** Provider credentials: which fields a provider needs depends on the provider. */
export interface IntegrationCredentials {
  apiKey?: string;
  user?: string;
  secretKey?: string;
  domain?: string;
  password?: string;
  host?: string;
  port?: string;
  secure?: boolean;
  region?: string;
  accountSid?: string;
  messageProfileId?: string;
  token?: string;
  from?: string;
  senderName?: string;
  projectName?: string;
  applicationId?: string;
  clientId?: string;
  requireTls?: boolean;
  ignoreTls?: boolean;
  tlsOptions?: JsonObject;
  baseUrl?: string;
  webhookUrl?: string;
  redirectUrl?: string;
  hmac?: boolean;
  serviceAccount?: string;
  ipPoolName?: string;
  apiKeyRequestHeader?: string;
  secretKeyRequestHeader?: string;
  idPath?: string;
  datePath?: string;
  apiToken?: string;
  authenticateByToken?: boolean;
  authenticationTokenKey?: string;
  instanceId?: string;
  alertUid?: string;
  title?: string;
  imageUrl?: string;
  state?: string;
  externalLink?: string;
  channelId?: string;
  phoneNumberIdentification?: string;
  accessKey?: string;
  appSid?: string;
  senderId?: string;
  AppProviderBaseUrl?: string;
  [field: string]: unknown;
}

export interface IntegrationConfigurations {
  inboundWebhookEnabled?: boolean;
  inboundWebhookSigningKey?: string;
}

export interface Integration {
  _id?: string;
  _environmentId: string;
  _organizationId: string;
  name: string;
  identifier: string;
  providerId: string;
  channel: Open<ChannelType>;
  credentials: IntegrationCredentials;
  configurations?: IntegrationConfigurations;
  active: boolean;
  deleted: boolean;
  deletedAt?: string;
  deletedBy?: string;
  primary: boolean;
  conditions?: StepFilter[];
}

/** Body of `PUT /v1/integrations/{integrationId}`. */
export interface UpdateIntegrationBody {
  name?: string;
  identifier?: string;
  _environmentId?: string;
  active?: boolean;
  credentials?: IntegrationCredentials;
  check?: boolean;
  conditions?: StepFilter[];
  configurations?: IntegrationConfigurations;
}

// ---------------------------------------------------------------------------------------------------------
// 2.4 Preferences

export type PreferenceChannels = Partial<Record<ChannelType, boolean>>;

export interface TimeRange {
  /** `hh:mm AM|PM`, for example `09:00 AM`. */
  start: string;
  /** `hh:mm AM|PM`, for example `05:30 PM`. */
  end: string;
}

export interface DaySchedule {
  isEnabled: boolean;
  hours?: TimeRange[];
}

export type WeeklySchedule = Partial<Record<WeekDay, DaySchedule>>;

export interface Schedule {
  isEnabled: boolean;
  weeklySchedule?: WeeklySchedule;
}

export interface GlobalPreference {
  enabled: boolean;
  channels: PreferenceChannels;
  schedule?: Schedule;
}

export interface PreferenceOverride {
  channel: Open<ChannelType>;
  source: Open<OverrideSource>;
}

export interface WorkflowPreference {
  enabled: boolean;
  channels: PreferenceChannels;
  overrides: PreferenceOverride[];
  workflow: { slug: string; identifier: string; name: string; updatedAt?: string };
  updatedAt?: string;
}

export interface SubscriberPreferences {
  global: GlobalPreference;
  workflows: WorkflowPreference[];
}

/** Body of `PATCH /v2/subscribers/{subscriberId}/preferences`. */
export interface UpdatePreferencesBody {
  channels?: PreferenceChannels;
  /** The workflow's `_id`, identifier or slug. Absent: the global preferences are updated. */
  workflowId?: string;
  schedule?: Schedule;
}

// ---------------------------------------------------------------------------------------------------------
// 2.5 Message

export interface EmailBlock {
  type: Open<'button' | 'text'>;
  content: string;
  url?: string;
  styles?: { textAlign: Open<'center' | 'left' | 'right'> };
}

export interface MessageButton {
  type: Open<'primary' | 'secondary'>;
  content: string;
  resultContent?: string;
}

export interface MessageCTA {
  type?: Open<'redirect'>;
  data?: { url?: string };
  action?: {
    status?: Open<'pending' | 'done'>;
    buttons?: MessageButton[];
    result?: { payload?: JsonObject; type?: Open<'primary' | 'secondary'> };
  };
}

export interface NotificationTrigger {
  type: Open<'event'>;
  identifier: string;
  variables: { name: string }[];
  subscriberVariables?: { name: string }[];
}

export interface DigestRegularMetadata {
  type: 'regular' | 'backoff';
  amount?: number;
  unit?: Open<TimeUnit>;
  digestKey?: string;
  backoff?: boolean;
  backoffAmount?: number;
  backoffUnit?: Open<TimeUnit>;
  updateMode?: boolean;
}

export interface DigestTimedMetadata {
  type: 'timed';
  amount?: number;
  unit?: Open<TimeUnit>;
  digestKey?: string;
  timed?: {
    atTime?: string;
    weekDays?: Open<WeekDay>[];
    monthDays?: string[];
    ordinal?: string;
    ordinalValue?: string;
    monthlyType?: Open<'each' | 'on'>;
  };
}

export interface DelayRegularMetadata {
  type: 'regular';
  amount?: number;
  unit?: Open<TimeUnit>;
}

export interface DelayScheduledMetadata {
  type: 'scheduled';
  delayPath: string;
}

export type StepMetadata =
  DigestRegularMetadata | DigestTimedMetadata | DelayRegularMetadata | DelayScheduledMetadata | JsonObject;

export interface NotificationStepBase {
  _id?: string;
  uuid?: string;
  name?: string;
  _templateId?: string;
  active?: boolean;
  shouldStopOnFail?: boolean;
  /** The step's message template; its fields are not shown by the specification. */
  template?: JsonObject;
  filters?: StepFilter[];
  _parentId?: string | null;
  metadata?: StepMetadata;
  replyCallback?: { active?: boolean; url?: string };
}

export interface NotificationStep extends NotificationStepBase {
  variants?: NotificationStepBase[];
}

/** The workflow as embedded in a message (2.5.1). */
export interface EmbeddedWorkflow {
  _id?: string;
  name: string;
  description: string;
  active: boolean;
  draft: boolean;
  preferenceSettings: PreferenceChannels;
  critical: boolean;
  tags: string[];
  steps: NotificationStep[];
  _organizationId: string;
  _creatorId: string;
  _environmentId: string;
  triggers: NotificationTrigger[];
  _notificationGroupId: string;
  _parentId?: string;
  deleted: boolean;
  deletedAt: string;
  deletedBy: string;
  notificationGroup?: {
    _id?: string;
    name: string;
    _environmentId: string;
    _organizationId: string;
    _parentId?: string;
  };
  data?: JsonObject;
  workflowIntegrationStatus?: JsonObject;
}

export interface Message {
  _id?: string;
  _templateId?: string | null;
  _messageTemplateId?: string | null;
  _feedId?: string | null;
  _environmentId: string;
  _organizationId: string;
  _notificationId: string;
  _subscriberId: string;
  subscriber?: Subscriber;
  template?: EmbeddedWorkflow;
  templateIdentifier?: string;
  createdAt: string;
  deliveredAt?: string[];
  lastSeenDate?: string;
  lastReadDate?: string;
  content?: EmailBlock[] | string;
  transactionId: string;
  subject?: string;
  title?: string;
  channel: Open<ChannelType>;
  read: boolean;
  seen: boolean;
  snoozedUntil?: string;
  email?: string;
  phone?: string;
  directWebhookUrl?: string;
  providerId?: string;
  deviceTokens?: string[];
  cta: MessageCTA;
  status: Open<MessageStatus>;
  errorId?: string;
  errorText?: string;
  payload?: JsonObject;
  overrides?: JsonObject;
  contextKeys?: string[];
  /**
   * Avatar URL of an in-app message. Not in the specification's field list, but sent by the real service
   * for in-app steps that set `avatar`.
   */
  avatar?: string;
}

/** Body of `POST /v1/subscribers/{subscriberId}/messages/mark-as`. */
export interface MarkMessagesBody {
  messageId: string | string[];
  markAs: MarkAs;
}

// ---------------------------------------------------------------------------------------------------------
// 2.6 Workflow

export interface User {
  _id: string;
  firstName?: string | null;
  lastName?: string | null;
  externalId?: string | null;
}

export interface ContentIssue {
  issueType: Open<
    | 'ILLEGAL_VARIABLE_IN_CONTROL_VALUE'
    | 'INVALID_FILTER_ARG_IN_VARIABLE'
    | 'MISSING_VALUE'
    | 'TIER_LIMIT_EXCEEDED'
  >;
  variableName?: string;
  message: string;
}

export interface IntegrationIssue {
  issueType: Open<'MISSING_INTEGRATION' | 'INBOX_NOT_CONNECTED'>;
  variableName?: string;
  message: string;
}

export interface StepIssues {
  controls?: Record<string, ContentIssue[]>;
  integration?: Record<string, IntegrationIssue[]>;
}

export interface StepListItem {
  slug: string;
  type: Open<StepType>;
  issues?: StepIssues;
}

export interface WorkflowListItem {
  name: string;
  tags?: string[];
  updatedAt: string;
  createdAt: string;
  updatedBy?: User;
  lastPublishedAt?: string | null;
  lastPublishedBy?: User;
  _id: string;
  workflowId: string;
  slug: string;
  status: Open<WorkflowStatus>;
  origin: Open<Origin>;
  lastTriggeredAt?: string | null;
  stepTypeOverviews: Open<StepType>[];
  isTranslationEnabled?: boolean;
  steps: StepListItem[];
}

export interface WorkflowList {
  workflows: WorkflowListItem[];
  totalCount: number;
}

export interface UiSchemaProperty {
  placeholder?: string | number | boolean | JsonObject | unknown[];
  component: string;
  properties?: Record<string, UiSchemaProperty>;
}

export interface UiSchema {
  group?: Open<
    'IN_APP' | 'EMAIL' | 'DIGEST' | 'DELAY' | 'THROTTLE' | 'SMS' | 'CHAT' | 'PUSH' | 'SKIP' | 'LAYOUT'
  >;
  properties?: Record<string, UiSchemaProperty>;
}

export interface Redirect {
  url?: string;
  target?: Open<'_self' | '_blank' | '_parent' | '_top' | '_unfencedTop'>;
}

export interface InAppControlValues {
  skip?: JsonObject;
  body?: string;
  subject?: string;
  avatar?: string;
  primaryAction?: { label?: string; redirect?: Redirect };
  secondaryAction?: { label?: string; redirect?: Redirect };
  redirect?: Redirect;
  disableOutputSanitization?: boolean;
  data?: JsonObject;
}

export interface EmailControlValues {
  skip?: JsonObject;
  subject: string;
  body: string;
  editorType?: Open<'block' | 'html'>;
  disableOutputSanitization?: boolean;
  layoutId?: string | null;
}

export interface TextControlValues {
  skip?: JsonObject;
  subject?: string;
  body?: string;
}

export interface DelayControlValues {
  skip?: JsonObject;
  type?: Open<'regular' | 'timed'>;
  amount?: number;
  unit?: Open<TimeUnit>;
  cron?: string;
}

export interface DigestControlValues {
  skip?: JsonObject;
  type?: Open<'regular' | 'timed'>;
  amount?: number;
  unit?: Open<TimeUnit>;
  lookBackWindow?: { amount: number; unit: Open<TimeUnit> };
  cron?: string;
  digestKey?: string;
}

export type StepControlValues =
  | InAppControlValues
  | EmailControlValues
  | TextControlValues
  | DelayControlValues
  | DigestControlValues
  | JsonObject;

export interface WorkflowStep {
  controls: { dataSchema?: JsonObject; uiSchema?: UiSchema; values: StepControlValues };
  controlValues?: StepControlValues;
  variables: JsonObject;
  stepId: string;
  _id: string;
  name: string;
  slug: string;
  type: Open<StepType>;
  origin: Open<Origin>;
  workflowId: string;
  workflowDatabaseId: string;
  issues?: StepIssues;
}

export interface Workflow {
  name: string;
  description?: string;
  tags?: string[];
  active?: boolean;
  validatePayload?: boolean;
  payloadSchema?: JsonObject | null;
  isTranslationEnabled?: boolean;
  _id: string;
  workflowId: string;
  slug: string;
  updatedAt: string;
  createdAt: string;
  updatedBy?: User;
  lastPublishedBy?: User;
  lastPublishedAt?: string | null;
  lastTriggeredAt?: string | null;
  steps: WorkflowStep[];
  origin: Open<Origin>;
  /** The workflow preferences object; its fields are not shown by the specification. */
  preferences: JsonObject;
  status: Open<WorkflowStatus>;
  /** Runtime issues; their fields are not shown by the specification. */
  issues?: Record<string, JsonObject>;
  payloadExample?: JsonObject | null;
  severity: Open<Severity>;
}

// ---------------------------------------------------------------------------------------------------------
// 2.7 Event

export interface ExecutionDetail {
  _id: string;
  createdAt?: string;
  status: Open<ExecutionDetailStatus>;
  detail: string;
  isRetry: boolean;
  isTest: boolean;
  providerId?: string;
  raw?: string | null;
  source: Open<ExecutionDetailSource>;
}

export interface DigestMetadata {
  digestKey?: string;
  amount?: number;
  unit?: Open<TimeUnit>;
  type: Open<DigestType>;
  events?: JsonObject[];
  backoff?: boolean;
  backoffAmount?: number;
  backoffUnit?: Open<TimeUnit>;
  updateMode?: boolean;
  timed?: {
    atTime?: string;
    weekDays?: Open<WeekDay>[];
    monthDays?: number[];
    ordinal?: string;
    ordinalValue?: string;
    monthlyType?: string;
    cronExpression?: string;
    untilDate?: string;
  };
}

export interface ActivityStep {
  _id: string;
  active: boolean;
  replyCallback?: JsonObject;
  controlVariables?: JsonObject;
  metadata?: JsonObject;
  issues?: JsonObject;
  filters: StepFilter[];
  template?: JsonObject;
  variants?: ActivityStep[];
  _templateId: string;
  name?: string;
  _parentId?: string | null;
}

export interface Job {
  _id: string;
  type: Open<StepType>;
  digest?: DigestMetadata;
  executionDetails: ExecutionDetail[];
  step: ActivityStep;
  overrides?: JsonObject;
  payload?: JsonObject;
  providerId: string;
  status: string;
  updatedAt?: string;
  scheduleExtensionsCount?: number;
}

export interface NotificationEvent {
  _id?: string;
  _environmentId: string;
  _organizationId: string;
  _subscriberId: string;
  transactionId: string;
  _templateId?: string;
  _digestedNotificationId?: string;
  createdAt?: string;
  updatedAt?: string;
  channels?: Open<StepType>[];
  subscriber?: {
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    subscriberId: string;
    _id: string;
  };
  template?: { _id?: string; name: string; origin?: Open<Origin>; triggers: NotificationTrigger[] };
  jobs?: Job[];
  payload?: JsonObject;
  controls?: JsonObject;
  to?: JsonObject;
  tags?: string[];
  topics?: { _topicId: string; topicKey: string }[];
  severity?: Open<Severity>;
  critical?: boolean;
  contextKeys?: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Lists and queries

/** A page of `GET /v1/messages` or `GET /v1/notifications`. These two lists are not wrapped in `{data}`. */
export interface Paginated<T> {
  data: T[];
  hasMore: boolean;
  pageSize: number;
  page: number;
  totalCount?: number;
}

export type MessageList = Paginated<Message>;
export type EventList = Paginated<NotificationEvent>;

export interface ListMessagesQuery {
  channel?: ChannelType;
  subscriberId?: string;
  transactionId?: string[];
  contextKeys?: string[];
  /** Default 0. */
  page?: number;
  /** Default 10. */
  limit?: number;
}

export interface ListEventsQuery {
  channels?: string[];
  templates?: string[];
  emails?: string[];
  /** @deprecated */
  search?: string;
  subscriberIds?: string[];
  severity?: string[];
  /** At least 0. Default 0. */
  page?: number;
  /** 1 to 50. Default 10. */
  limit?: number;
  transactionId?: string;
  topicKey?: string;
  contextKeys?: string[];
  after?: string;
  before?: string;
}

export interface ListWorkflowsQuery {
  limit?: number;
  offset?: number;
  orderDirection?: OrderDirection;
  orderBy?: WorkflowOrderBy;
  query?: string;
  tags?: string[];
  status?: WorkflowStatus[];
}

export interface GetWorkflowQuery {
  environmentId?: string;
}

export type { MarkAs };
