import { CHANNEL_TYPES, type ChannelType } from '../client/enums.js';
import type {
  Integration,
  Message,
  NotificationEvent,
  PreferenceChannels,
  Subscriber,
  SubscriberPreferences,
  WorkflowListItem,
  WorkflowPreference,
} from '../client/types.js';
import { FALLBACK_CONTENT, WORKFLOW_CONTENT, type WorkflowContent } from './fixtures/workflow-content.js';

/** The mock's in-memory data. Handlers change it in place; `reset()` replaces it with a fresh seed. */
export interface Db {
  subscribers: Subscriber[];
  /** Every message of every subscriber and channel, kept newest first. */
  messages: Message[];
  /** Preferences by `subscriberId`. */
  preferences: Record<string, SubscriberPreferences>;
  /** Workflows in their list form; the full form is built from it on request. */
  workflows: WorkflowListItem[];
  integrations: Integration[];
  /** Events (activity notifications), newest first. */
  events: NotificationEvent[];
}

/**
 * A table keyed by ids callers choose: an object without a prototype, so `__proto__`, `constructor` or
 * `toString` are keys like any other (on a plain object they read, or replace, what it inherits).
 */
export function keyedTable<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const table = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) table[key] = value;
  return table;
}

/** `table[key]` when `table` has it as its own entry, never an inherited member (for fixed lookup tables). */
export function own<T>(table: Readonly<Partial<Record<string, T>>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function findSubscriber(db: Db, subscriberId: string): Subscriber | undefined {
  return db.subscribers.find((subscriber) => subscriber.subscriberId === subscriberId && !subscriber.deleted);
}

/**
 * Whose messages are whose. A message names its owner by the subscriber's internal `_id`, as the service does;
 * a custom seed may name it by the external `subscriberId` instead, which counts only when no subscriber has
 * that `_id` (so a subscriber whose `subscriberId` is another's `_id` never sees the other's messages).
 */
export function ownership(db: Db): (message: Message, subscriber: Subscriber) => boolean {
  const internalIds = new Set(db.subscribers.map((subscriber) => subscriber._id));
  return (message, subscriber) =>
    message._subscriberId === subscriber._id ||
    (message._subscriberId === subscriber.subscriberId && !internalIds.has(message._subscriberId));
}

/** By database `_id`, `workflowId` (the identifier) or `slug`, as the service accepts all three. */
export function findWorkflow(db: Db, id: string): WorkflowListItem | undefined {
  return db.workflows.find(
    (workflow) => workflow._id === id || workflow.workflowId === id || workflow.slug === id,
  );
}

/** The content table's entry for a workflow, or the fallback for a workflow it does not know. */
export function contentOf(workflow: WorkflowListItem): WorkflowContent {
  return own(WORKFLOW_CONTENT, workflow.workflowId) ?? FALLBACK_CONTENT;
}

export function isCritical(workflow: WorkflowListItem): boolean {
  return contentOf(workflow).critical;
}

/** The delivery channels among a workflow's steps (digest, delay and the like are not channels). */
export function channelsOf(workflow: WorkflowListItem): ChannelType[] {
  const types = workflow.steps.map((step) => step.type);
  return CHANNEL_TYPES.filter((channel) => types.includes(channel));
}

/** A workflow's entry in a subscriber's preferences before the subscriber changed anything. */
export function defaultWorkflowPreference(workflow: WorkflowListItem): WorkflowPreference {
  const channels: PreferenceChannels = {};
  for (const channel of channelsOf(workflow)) channels[channel] = true;
  return {
    enabled: true,
    channels,
    overrides: [],
    workflow: {
      slug: workflow.slug,
      identifier: workflow.workflowId,
      name: workflow.name,
      updatedAt: workflow.updatedAt,
    },
  };
}

/**
 * The preferences of a subscriber who never changed any: every channel on, and one entry per active,
 * non-critical workflow (critical workflows cannot be turned off, so the service does not list them).
 */
export function defaultPreferences(workflows: readonly WorkflowListItem[]): SubscriberPreferences {
  return {
    global: {
      enabled: true,
      channels: { in_app: true, email: true, sms: true, chat: true, push: true },
    },
    workflows: workflows
      .filter((workflow) => workflow.status === 'ACTIVE' && !isCritical(workflow))
      .map(defaultWorkflowPreference),
  };
}
