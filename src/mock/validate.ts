import { badRequest, validationFailed, type FieldError } from './errors.js';

/** Entries of a 422 "Validation Error" body, by property path. */
export type FieldErrors = Record<string, FieldError>;

/** The class-validator message for a value outside `allowed` (`each value in ...` for an array). */
export const notOneOf = (name: string, allowed: readonly string[], each = false) =>
  `${each ? 'each value in ' : ''}${name} must be one of the following values: ${allowed.join(', ')}`;

/** Records a 422 entry for `path` unless `value` is one of `allowed` (a missing value is not). */
export function checkEnum(
  invalid: FieldErrors,
  path: string,
  allowed: readonly string[],
  value: unknown,
): void {
  if (!(allowed as readonly unknown[]).includes(value))
    invalid[path] = { messages: [notOneOf(path, allowed)], value };
}

/**
 * Reads query parameters the way the service's validation does, collecting every failed constraint in the
 * class-validator wording; `done()` throws them all as one 400, or else the values outside an enumeration
 * read with `unprocessable` as one 422 "Validation Error".
 */
export class QueryReader {
  readonly errors: string[] = [];
  readonly invalid: FieldErrors = {};

  constructor(private readonly query: URLSearchParams) {}

  /** Every value of a repeated parameter (`tags=a&tags=b`, also `tags[]=a`). */
  strings(name: string): string[] {
    return [...this.query.getAll(name), ...this.query.getAll(`${name}[]`)];
  }

  string(name: string): string | undefined {
    return this.query.get(name) ?? undefined;
  }

  /** An integer in `[min, max]`, or `fallback` when absent. */
  integer(name: string, fallback: number, { min, max }: { min?: number; max?: number } = {}): number {
    const raw = this.query.get(name);
    if (raw === null) return fallback;
    const value = raw.trim() === '' ? NaN : Number(raw);
    if (!Number.isFinite(value)) {
      this.errors.push(`${name} must be a number conforming to the specified constraints`);
    } else if (!Number.isInteger(value)) {
      this.errors.push(`${name} must be an integer number`);
    } else if (min !== undefined && value < min) {
      this.errors.push(`${name} must not be less than ${min}`);
    } else if (max !== undefined && value > max) {
      this.errors.push(`${name} must not be greater than ${max}`);
    } else {
      return value;
    }
    return fallback;
  }

  /** `unprocessable`: a value outside `allowed` is a 422 entry rather than a 400 message. */
  oneOf<T extends string>(name: string, allowed: readonly T[], unprocessable = false): T | undefined {
    const raw = this.query.get(name);
    if (raw === null) return undefined;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.#refuse(name, notOneOf(name, allowed), raw, unprocessable);
    return undefined;
  }

  manyOf<T extends string>(name: string, allowed: readonly T[], unprocessable = false): T[] {
    const values = this.strings(name);
    if (values.some((value) => !(allowed as readonly string[]).includes(value))) {
      this.#refuse(name, notOneOf(name, allowed, true), values, unprocessable);
      return [];
    }
    return values as T[];
  }

  #refuse(name: string, message: string, value: unknown, unprocessable: boolean): void {
    if (unprocessable) this.invalid[name] = { messages: [message], value };
    else this.errors.push(message);
  }

  /** An ISO 8601 date, as epoch milliseconds. */
  date(name: string): number | undefined {
    const raw = this.query.get(name);
    if (raw === null) return undefined;
    const time = Date.parse(raw);
    if (Number.isNaN(time)) {
      this.errors.push(`${name} must be a valid ISO 8601 date string`);
      return undefined;
    }
    return time;
  }

  done(): void {
    if (this.errors.length > 0) throw badRequest(this.errors);
    if (Object.keys(this.invalid).length > 0) throw validationFailed(this.invalid);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The request body as an object, or a 400 when it is anything else (an array, a string, nothing). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isPlainObject(body)) throw badRequest(['request body must be a JSON object']);
  return body;
}

/** `property x should not exist` for every key of `body` outside `allowed` (the service forbids unknown fields). */
export function unknownProperties(
  body: Record<string, unknown>,
  allowed: readonly string[],
  prefix = '',
): string[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => `${prefix}property ${key} should not exist`);
}
