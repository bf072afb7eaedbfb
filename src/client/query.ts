/** Query strings and paths, as the service expects them. */

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
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A path from literal parts and encoded segments: `path\`/v1/integrations/${id}\`` encodes `id`. */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  return strings.reduce(
    (out, literal, i) => out + literal + (i < segments.length ? encodeURIComponent(segments[i]!) : ''),
    '',
  );
}
