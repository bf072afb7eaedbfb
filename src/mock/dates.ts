const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A deep copy of `value` with every ISO 8601 timestamp string (`2025-11-14T16:33:00.000Z`) moved by `ms`.
 * Date-only strings (`2025-11-18`, a due date written in the fixtures' text) are left alone.
 */
export function shiftDates<T>(value: T, ms: number): T {
  return shift(value, ms) as T;
}

function shift(value: unknown, ms: number): unknown {
  if (typeof value === 'string') {
    return ISO_TIMESTAMP.test(value) ? new Date(Date.parse(value) + ms).toISOString() : value;
  }
  if (Array.isArray(value)) return value.map((item) => shift(item, ms));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = shift(item, ms);
    return out;
  }
  return value;
}

export function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
