/**
 * Reading a body (the browser's JSON request, the service's response) with a size cap, without trusting
 * `content-length`.
 */
import { jsonTooDeep, MAX_JSON_DEPTH } from '../internal/json-depth.js';
import { jsonType } from '../internal/json-type.js';

export type BodyResult = { ok: true; text: string } | { ok: false; status: 400 | 413 | 415; message: string };

/** Decodes UTF-8, and throws on bytes that are not. */
export const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Default cap of a forwarded request body: 64 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads `request`'s body as a JSON object of at most `maxBytes` bytes. Stops reading (and cancels the stream)
 * as soon as the cap is passed, so an oversized upload is never buffered whole.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  if (!jsonType(request.headers.get('content-type'))) {
    return {
      ok: false,
      status: 415,
      message: 'The request body must be JSON (content-type: application/json)',
    };
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);

  let bytes: Uint8Array;
  try {
    bytes = await readAtMost(request.body, maxBytes);
  } catch {
    return { ok: false, status: 400, message: 'The request body could not be read' };
  }
  if (bytes.byteLength > maxBytes) return tooLarge(maxBytes);

  let text: string;
  let parsed: unknown;
  try {
    text = utf8.decode(bytes);
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, message: 'The request body must be a JSON object' };
  }
  if (jsonTooDeep(text)) {
    return { ok: false, status: 400, message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  return { ok: true, text };
}

function tooLarge(maxBytes: number): BodyResult {
  return { ok: false, status: 413, message: `The request body is larger than ${maxBytes} bytes` };
}

/**
 * The stream's bytes, or the first ones past `maxBytes` when it is longer: then the rest is never read and the
 * stream is cancelled. Aborting `signal` cancels it too, so a body that never ends stops being read.
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (body) {
    const reader = body.getReader();
    const cancel = () => reader.cancel().catch(() => undefined);
    // Once the body is read, a late abort only cancels a finished reader: no need to remove the listener.
    signal?.addEventListener('abort', cancel);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
      if (total > maxBytes) {
        await cancel();
        break;
      }
    }
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
