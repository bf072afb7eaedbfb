import { canonicalJson } from '../internal/canonical-json.js';

/** A response as stored for an idempotency key, replayed as is. */
export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

/** What makes two requests "the same" for an idempotency key: method, path with query, and body. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return `${method} ${path} ${canonicalJson(body)}`;
}

/** The first response of each key. */
export class IdempotencyStore {
  readonly #responses = new Map<string, StoredResponse>();

  get(key: string): StoredResponse | undefined {
    return this.#responses.get(key);
  }

  set(key: string, response: StoredResponse): void {
    this.#responses.set(key, response);
  }

  clear(): void {
    this.#responses.clear();
  }
}
