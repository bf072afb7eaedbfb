/** Query strings and paths, as the service expects them. */
import { NotifValidationError } from './errors.js';

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * `{ tags: ['a', 'b'], page: 0, query: undefined }` becomes `?tags=a&tags=b&page=0`: arrays as repeated
 * keys, `undefined` and `null` left out. Returns `''` when nothing is left.
 */
export function toQueryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    // An array repeats the key: `channels=in_app&channels=email`.
    if (value !== undefined && value !== null)
      for (const item of [value].flat()) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Refuses (with a {@link NotifValidationError}) a number parameter that is not an integer in its range. */
export function checkInteger(
  method: string,
  p: string,
  field: string,
  value: unknown,
  min: number,
  max?: number,
): void {
  if (value === undefined) return;
  const ok =
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= min &&
    (max === undefined || value <= max);
  if (!ok) {
    const range = max === undefined ? `at least ${min}` : `between ${min} and ${max}`;
    throw new NotifValidationError(
      method,
      p,
      field,
      `${field} must be an integer ${range}, got ${String(value)}`,
    );
  }
}
