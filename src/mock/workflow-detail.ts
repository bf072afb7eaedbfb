import { CHANNEL_TYPES, type StepType } from '../client/enums.js';
import type {
  JsonObject,
  StepListItem,
  UiSchema,
  Workflow,
  WorkflowListItem,
  WorkflowStep,
} from '../client/types.js';
import { contentOf, own } from './db.js';
import { FALLBACK_CONTENT } from './fixtures/workflow-content.js';
import { relatedId } from './random.js';

const STEP_NAMES: Record<string, string> = {
  in_app: 'In-App Step',
  email: 'Email Step',
  sms: 'SMS Step',
  chat: 'Chat Step',
  push: 'Push Step',
  digest: 'Digest Step',
  delay: 'Delay Step',
  throttle: 'Throttle Step',
  custom: 'Custom Step',
};

/** The UI component of each control, per step kind (the names of the service's UI schema). */
const COMPONENTS: Partial<Record<StepType, Record<string, string>>> = {
  in_app: {
    subject: 'IN_APP_PRIMARY_SUBJECT',
    body: 'IN_APP_BODY',
    avatar: 'IN_APP_AVATAR',
    primaryAction: 'IN_APP_BUTTON_DROPDOWN',
    secondaryAction: 'IN_APP_BUTTON_DROPDOWN',
    redirect: 'URL_TEXT_BOX',
    disableOutputSanitization: 'IN_APP_DISABLE_SANITIZATION_SWITCH',
    data: 'DATA',
  },
  email: {
    subject: 'TEXT_FULL_LINE',
    body: 'EMAIL_BODY',
    editorType: 'EMAIL_EDITOR_SELECT',
    layoutId: 'LAYOUT_SELECT',
    disableOutputSanitization: 'DISABLE_SANITIZATION_SWITCH',
  },
  sms: { body: 'SMS_BODY' },
  chat: { body: 'CHAT_BODY' },
  push: { subject: 'PUSH_SUBJECT', body: 'PUSH_BODY' },
  digest: {
    type: 'DIGEST_TYPE',
    amount: 'DIGEST_AMOUNT',
    unit: 'DIGEST_UNIT',
    digestKey: 'DIGEST_KEY',
    cron: 'DIGEST_CRON',
  },
  delay: { type: 'DELAY_TYPE', amount: 'DELAY_AMOUNT', unit: 'DELAY_UNIT', cron: 'DELAY_CRON' },
};

const GROUPS: Partial<Record<StepType, UiSchema['group']>> = {
  in_app: 'IN_APP',
  email: 'EMAIL',
  sms: 'SMS',
  chat: 'CHAT',
  push: 'PUSH',
  digest: 'DIGEST',
  delay: 'DELAY',
  throttle: 'THROTTLE',
};

/** A JSON Schema describing `value` (types only), for `payloadSchema`, `dataSchema` and `variables`. */
function schemaOf(value: unknown): JsonObject {
  if (Array.isArray(value)) return { type: 'array', items: value.length > 0 ? schemaOf(value[0]) : {} };
  if (value === null) return { type: 'null' };
  if (typeof value === 'object') {
    const properties: JsonObject = {};
    for (const [key, item] of Object.entries(value)) properties[key] = schemaOf(item);
    return { type: 'object', properties, required: [], additionalProperties: true };
  }
  return { type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string' };
}

const SUBSCRIBER_VARIABLES = schemaOf({
  subscriberId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  avatar: '',
  locale: '',
  data: {},
});

function buildStep(
  workflow: WorkflowListItem,
  step: StepListItem,
  index: number,
  payload: JsonObject,
): WorkflowStep {
  const content = contentOf(workflow);
  const type = step.type as StepType;
  const values = structuredClone(own(content.controls, type) ?? own(FALLBACK_CONTENT.controls, type) ?? {});
  const components = own(COMPONENTS, type) ?? {};
  const built: WorkflowStep = {
    controls: {
      dataSchema: schemaOf(values),
      uiSchema: {
        ...(own(GROUPS, type) ? { group: own(GROUPS, type) } : {}),
        properties: Object.fromEntries(
          Object.entries(components).map(([key, component]) => [key, { component }]),
        ),
      },
      values,
    },
    controlValues: structuredClone(values),
    variables: {
      type: 'object',
      properties: { subscriber: SUBSCRIBER_VARIABLES, payload: schemaOf(payload) },
      additionalProperties: false,
    },
    stepId: step.slug.split('_st_')[0] ?? step.slug,
    _id: relatedId(workflow._id, 1 + index, 1 + 2 * index),
    name: own(STEP_NAMES, type) ?? step.type,
    slug: step.slug,
    type: step.type,
    origin: workflow.origin,
    workflowId: workflow.workflowId,
    workflowDatabaseId: workflow._id,
  };
  if (step.issues) built.issues = structuredClone(step.issues);
  return built;
}

/**
 * The full form of a workflow (`GET /v2/workflows/{id}`), built from its list form and the content table:
 * steps with controls, UI schema and variables, the default preferences, the severity and a payload example.
 * Step ids relate to the workflow id as in the fixtures' events.
 */
export function toFullWorkflow(workflow: WorkflowListItem): Workflow {
  const content = contentOf(workflow);
  const payload = structuredClone(content.payloadExample);
  const { stepTypeOverviews: _overviews, steps, ...rest } = structuredClone(workflow);
  return {
    ...rest,
    description: content.description,
    active: workflow.status === 'ACTIVE',
    validatePayload: true,
    payloadSchema: schemaOf(payload),
    isTranslationEnabled: workflow.isTranslationEnabled ?? false,
    steps: steps.map((step, index) => buildStep(workflow, step, index, payload)),
    preferences: {
      user: null,
      default: {
        all: { enabled: true, readOnly: content.critical },
        channels: Object.fromEntries(CHANNEL_TYPES.map((channel) => [channel, { enabled: true }])),
      },
    },
    issues: {},
    payloadExample: payload,
    severity: content.severity,
  };
}
