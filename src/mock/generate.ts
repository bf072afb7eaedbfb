import type { Message, Subscriber, WorkflowListItem } from '../client/types.js';
import { addMs } from './dates.js';
import { ENVIRONMENT_ID, ORGANIZATION_ID } from './fixtures/subscribers.js';
import { MESSAGE_KINDS, type KindContent } from './fixtures/message-kinds.js';
import { objectId, relatedId, type Random } from './random.js';

/** The id of the message template of a workflow's step `index`, related to the workflow id as in the fixtures. */
export function stepTemplateId(workflowId: string, index: number): string {
  return relatedId(workflowId, 1 + index, 2 + 2 * index);
}

/** The ids of the workflow `identifier` and of its `channel` step's template (`null` when there is none). */
export function templateIds(workflows: readonly WorkflowListItem[], identifier: string, channel: string) {
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
