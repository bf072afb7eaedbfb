/**
 * JSON with the keys of every object sorted, so that `{a, b}` and `{b, a}` give the same text. The one
 * serialiser behind the store's structural equality (`deepEqual` in `store/contract.ts`) and the mock's
 * idempotency fingerprints (`mock/idempotency.ts`). As `JSON.stringify`: entries whose value is `undefined`
 * are left out and `toJSON` is honoured; `undefined` itself gives `'undefined'`.
 */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? 'undefined'
  );
}
