import { FILTER_ON, FILTER_OPERATORS, FILTER_TYPES } from '../../client/enums.js';
import type { Integration } from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import type { Db } from '../db.js';
import { badRequest, integrationNotFound, validationFailed } from '../errors.js';
import { bodyObject, checkEnum, isPlainObject, unknownProperties, type FieldErrors } from '../validate.js';

const STRING_FIELDS = ['name', 'identifier', '_environmentId'] as const;
const BOOLEAN_FIELDS = ['active', 'check'] as const;
const OBJECT_FIELDS = ['credentials', 'configurations'] as const;
/** How a step filter joins its children (`StepFilterDto.value`). */
export const FILTER_JOINS = ['AND', 'OR'] as const;

function findIntegration(db: Db, id: string): Integration {
  const integration = db.integrations.find((item) => item._id === id && !item.deleted);
  if (!integration) throw integrationNotFound(id);
  return integration;
}

/** `GET /v1/integrations`: every integration not deleted. */
export const listIntegrations: Handler = ({ db }) =>
  ok({ data: db.integrations.filter((item) => !item.deleted) });

/**
 * `PUT /v1/integrations/{integrationId}`: the fields sent replace the stored ones (`credentials` and
 * `configurations` as a whole). `check` is accepted and ignored; credentials are not verified. A condition's
 * `type`, `value`, and its children's `operator` and `on`, outside their enumerations (missing included) are
 * a 422 "Validation Error" keyed by path (`conditions.0.children.1.on`), after any 400.
 */
export const updateIntegration: Handler = ({ db, params, body }) => {
  const patch = bodyObject(body);
  const errors = unknownProperties(patch, [
    ...STRING_FIELDS,
    ...BOOLEAN_FIELDS,
    ...OBJECT_FIELDS,
    'conditions',
  ]);
  for (const field of STRING_FIELDS) {
    if (patch[field] !== undefined && typeof patch[field] !== 'string')
      errors.push(`${field} must be a string`);
  }
  for (const field of BOOLEAN_FIELDS) {
    if (patch[field] !== undefined && typeof patch[field] !== 'boolean') {
      errors.push(`${field} must be a boolean value`);
    }
  }
  for (const field of OBJECT_FIELDS) {
    if (patch[field] !== undefined && !isPlainObject(patch[field])) errors.push(`${field} must be an object`);
  }
  const invalid: FieldErrors = {};
  conditionErrors(patch.conditions, errors, invalid);
  if (errors.length > 0) throw badRequest(errors);
  if (Object.keys(invalid).length > 0) throw validationFailed(invalid);

  const integration = findIntegration(db, params.integrationId!);
  const { check: _check, ...changes } = patch;
  Object.assign(integration, changes);
  return ok({ data: integration });
};

/** Shape problems of `conditions` go to `errors` (400), values outside an enumeration to `invalid` (422). */
function conditionErrors(conditions: unknown, errors: string[], invalid: FieldErrors): void {
  if (conditions === undefined) return;
  if (!Array.isArray(conditions)) {
    errors.push('conditions must be an array');
    return;
  }
  conditions.forEach((filter: unknown, index) => {
    const at = `conditions.${index}`;
    if (!isPlainObject(filter)) {
      errors.push(`${at} must be an object`);
      return;
    }
    checkEnum(invalid, `${at}.type`, FILTER_TYPES, filter.type);
    checkEnum(invalid, `${at}.value`, FILTER_JOINS, filter.value);
    if (!Array.isArray(filter.children)) {
      errors.push(`${at}.children must be an array`);
      return;
    }
    filter.children.forEach((part: unknown, child) => {
      const where = `${at}.children.${child}`;
      if (isPlainObject(part)) {
        checkEnum(invalid, `${where}.operator`, FILTER_OPERATORS, part.operator);
        checkEnum(invalid, `${where}.on`, FILTER_ON, part.on);
      } else errors.push(`${where} must be an object`);
    });
  });
}

/**
 * `POST /v1/integrations/{integrationId}/set-primary`: this integration becomes primary (and active); the
 * other integrations of its channel in its environment stop being primary.
 */
export const setPrimaryIntegration: Handler = ({ db, params }) => {
  const integration = findIntegration(db, params.integrationId!);
  for (const other of db.integrations) {
    if (other.channel === integration.channel && other._environmentId === integration._environmentId) {
      other.primary = false;
    }
  }
  integration.primary = true;
  integration.active = true;
  return ok({ data: integration });
};
