/** Reading a browser's JSON body with a size cap, without trusting `content-length`. */

export type BodyResult = { ok: true; text: string } | { ok: false; status: 400 | 413 | 415; message: string };

/** Default cap of a forwarded request body: 64 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads `request`'s body as a JSON object of at most `maxBytes` bytes. Stops reading (and cancels the stream)
 * as soon as the cap is passed, so an oversized upload is never buffered whole.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type))) {
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
    bytes = await readAtMost(request, maxBytes);
  } catch {
    return { ok: false, status: 400, message: 'The request body could not be read' };
  }
  if (bytes.byteLength > maxBytes) return tooLarge(maxBytes);

  let text: string;
  let parsed: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, message: 'The request body must be a JSON object' };
  }
  return { ok: true, text };
}

function tooLarge(maxBytes: number): BodyResult {
  return { ok: false, status: 413, message: `The request body is larger than ${maxBytes} bytes` };
}

/** The body's bytes, or `maxBytes + 1` of them when it is longer (the rest is never read). */
async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
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
