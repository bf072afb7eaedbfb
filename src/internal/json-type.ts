/**
 * Reads a `content-type` for JSON in UTF-8: `'json'` for `application/json`, `'suffix'` for an
 * `application/*+json` type, `undefined` for anything else or for a `charset` other than UTF-8.
 * The mock service takes only `'json'` (the real service's body parser reads nothing else); the proxy
 * passes on both.
 */
export function jsonType(contentType: string | null): 'json' | 'suffix' | undefined {
  const [type = '', ...params] = (contentType ?? '')
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  if (params.some((param) => param.startsWith('charset=') && !/^charset="?utf-?8"?$/.test(param))) {
    return undefined;
  }
  if (type === 'application/json') return 'json';
  return /^application\/[\w.+-]+\+json$/.test(type) ? 'suffix' : undefined;
}
