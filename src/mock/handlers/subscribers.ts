import type { Subscriber } from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import { findSubscriber } from '../db.js';
import { badRequest, subscriberNotFound } from '../errors.js';
import { bodyObject, isPlainObject, unknownProperties } from '../validate.js';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone'] as const;

/** `PATCH /v2/subscribers/{subscriberId}`: the fields sent replace the stored ones (`null` clears one). */
export const updateSubscriber: Handler = ({ db, now, params, body }) => {
  const patch = bodyObject(body);
  const errors = unknownProperties(patch, [...TEXT_FIELDS, 'data']);
  for (const field of TEXT_FIELDS) {
    const value = patch[field];
    if (value !== undefined && value !== null && typeof value !== 'string')
      errors.push(`${field} must be a string`);
  }
  if (patch.data !== undefined && patch.data !== null && !isPlainObject(patch.data)) {
    errors.push('data must be an object');
  }
  if (errors.length > 0) throw badRequest(errors);

  const subscriber = findSubscriber(db, params.subscriberId!);
  if (!subscriber) throw subscriberNotFound(params.subscriberId!);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  Object.assign(subscriber, changes as Partial<Subscriber>, { updatedAt: now.toISOString() });
  return ok({ data: subscriber });
};
