import type { Message, Subscriber, WorkflowListItem } from '../client/types.js';
import { addMs, DAY, MINUTE } from './dates.js';
import { ENVIRONMENT_ID, ORGANIZATION_ID } from './fixtures/subscribers.js';
import { MESSAGE_KINDS, type KindContent } from './fixtures/message-kinds.js';
import { objectId, relatedId, type Random } from './random.js';

/** The id of the message template of a workflow's step `index`, related to the workflow id as in the fixtures. */
export function stepTemplateId(workflowId: string, index: number): string {
  return relatedId(workflowId, 1 + index, 2 + 2 * index);
}

function templateIds(workflows: readonly WorkflowListItem[], identifier: string, channel: string) {
  const workflow = workflows.find((item) => item.workflowId === identifier);
  const index = workflow ? workflow.steps.findIndex((step) => step.type === channel) : -1;
  return {
    _templateId: workflow?._id ?? null,
    _messageTemplateId: workflow && index >= 0 ? stepTemplateId(workflow._id, index) : null,
  };
}

/** A new, unread and unseen in-app message for `subscriber`, created at `createdAt`. */
export function buildMessage(
  content: KindContent,
  subscriber: Subscriber,
  createdAt: Date,
  random: Random,
  workflows: readonly WorkflowListItem[],
): Message {
  const iso = createdAt.toISOString();
  const message: Message = {
    _id: objectId(createdAt, random),
    ...templateIds(workflows, content.workflow, 'in_app'),
    _environmentId: subscriber._environmentId || ENVIRONMENT_ID,
    _organizationId: subscriber._organizationId || ORGANIZATION_ID,
    _notificationId: objectId(new Date(createdAt.getTime() - 1000), random),
    _subscriberId: subscriber._id ?? subscriber.subscriberId,
    templateIdentifier: content.workflow,
    createdAt: iso,
    deliveredAt: [addMs(iso, 180)],
    content: content.content,
    transactionId: random.uuid(),
    subject: content.subject,
    channel: 'in_app',
    read: false,
    seen: false,
    providerId: 'novu',
    cta: content.cta,
    _feedId: null,
    status: 'sent',
    payload: content.payload,
    overrides: {},
  };
  if (content.avatar) message.avatar = content.avatar;
  return message;
}

/** The kind of the `index`-th message `addMessage` delivers: the kinds in turn, so arrivals vary. */
export function nextKind(index: number) {
  return MESSAGE_KINDS[index % MESSAGE_KINDS.length]!;
}

export interface SeriesOptions {
  subscriber: Subscriber;
  count: number;
  /** The date of the first (newest) message of the series. */
  newest: Date;
  /** The average gap between two messages, going back in time. */
  spacingMs: number;
  now: Date;
  random: Random;
  workflows: readonly WorkflowListItem[];
}

/**
 * `count` in-app messages of random kinds, from `newest` back in time. Older messages are more often read;
 * a read message is also seen (the rule of `applyMarkAs`), and some answered ones have their action done.
 * About half carry a `tenant:northwind` context key.
 */
export function generateSeries(options: SeriesOptions): Message[] {
  const { subscriber, random, now } = options;
  const reader = { firstName: subscriber.firstName ?? 'there' };
  const out: Message[] = [];
  let at = options.newest.getTime();
  for (let i = 0; i < options.count; i++) {
    const kind = random.item(MESSAGE_KINDS);
    const message = buildMessage(kind(random, reader), subscriber, new Date(at), random, options.workflows);
    const ageDays = (now.getTime() - at) / DAY;
    const read = i >= 3 && random.chance(ageDays > 2 ? 0.85 : 0.45);
    const seen = read || (i >= 3 && random.chance(ageDays > 1 ? 0.9 : 0.5));
    if (seen) {
      const seenAt = Math.min(at + random.int(2, 90) * MINUTE, now.getTime());
      message.seen = true;
      message.lastSeenDate = new Date(seenAt).toISOString();
      if (read) {
        message.read = true;
        message.lastReadDate = new Date(
          Math.min(seenAt + random.int(0, 10) * MINUTE, now.getTime()),
        ).toISOString();
        const action = message.cta.action;
        if (action?.buttons?.length && random.chance(0.4)) {
          message.cta = {
            ...message.cta,
            action: { ...action, status: 'done', result: { type: 'primary', payload: {} } },
          };
        }
      }
    }
    if (random.chance(0.5)) message.contextKeys = ['tenant:northwind'];
    out.push(message);
    at -= Math.round(options.spacingMs * (0.7 + 0.6 * random.next()));
  }
  return out;
}

const EMAIL_COPY_OF = ['security-alert', 'workspace-invitation', 'payment-failed', 'weekly-digest'];

/**
 * Email messages sent by the same events as some in-app messages (one per workflow above that has an email
 * step), so that `GET /v1/messages` without a channel filter shows more than the inbox does.
 */
export function emailCopies(
  inApp: readonly Message[],
  subscriber: Subscriber,
  random: Random,
  workflows: readonly WorkflowListItem[],
): Message[] {
  const out: Message[] = [];
  for (const identifier of EMAIL_COPY_OF) {
    const source = inApp.find((message) => message.templateIdentifier === identifier);
    if (!source) continue;
    const createdAt = addMs(source.createdAt, 2000);
    const text = typeof source.content === 'string' ? source.content : (source.subject ?? '');
    out.push({
      _id: objectId(new Date(createdAt), random),
      ...templateIds(workflows, identifier, 'email'),
      _environmentId: source._environmentId,
      _organizationId: source._organizationId,
      _notificationId: source._notificationId,
      _subscriberId: source._subscriberId,
      templateIdentifier: identifier,
      createdAt,
      deliveredAt: [addMs(createdAt, 950)],
      content: `<p>Hi ${subscriber.firstName ?? 'there'},</p><p>${text}</p>`,
      transactionId: source.transactionId,
      subject: source.subject ?? '',
      channel: 'email',
      read: false,
      seen: false,
      email: subscriber.email ?? '',
      providerId: 'sendgrid',
      cta: {},
      _feedId: null,
      status: 'sent',
      payload: source.payload ?? {},
      overrides: {},
    });
  }
  return out;
}
