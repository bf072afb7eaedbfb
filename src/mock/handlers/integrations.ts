import type { Integration } from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import type { Db } from '../db.js';
import { badRequest, integrationNotFound } from '../errors.js';
import { bodyObject, isPlainObject, unknownProperties } from '../validate.js';

const STRING_FIELDS = ['name', 'identifier', '_environmentId'] as const;
const BOOLEAN_FIELDS = ['active', 'check'] as const;
const OBJECT_FIELDS = ['credentials', 'configurations'] as const;

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
 * `configurations` as a whole). `check` is accepted and ignored; credentials are not verified.
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
  if (patch.conditions !== undefined && !Array.isArray(patch.conditions))
    errors.push('conditions must be an array');
  if (errors.length > 0) throw badRequest(errors);

  const integration = findIntegration(db, params.integrationId!);
  const { check: _check, ...changes } = patch;
  Object.assign(integration, changes);
  return ok({ data: integration });
};

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
