/**
 * A small reader of Server-Sent Events over a `fetch` response body (`text/event-stream`), for where
 * `EventSource` does not fit: it cannot send the app's `headers` (a gateway's bearer token), and it cannot
 * run over a custom `fetch` (the mock, a test). Lines end with CRLF, LF or CR; `data` lines join with "\n";
 * an `id` is remembered across events (the `Last-Event-ID` of a reconnect); `retry` sets the reconnection
 * delay; comments (`: ping`) only prove the stream is alive. Loaded by the inbox store with `import()`.
 *
 * Bounded: a line, or an event's data, longer than {@link MAX_LINE} characters fails the stream (the reader is
 * cancelled, the promise rejects with {@link StreamLineTooLongError}) instead of waiting in memory for an end
 * that a broken or hostile server never sends. Failing rather than skipping to the next line end: skipping
 * would keep reading an endless line forever (bandwidth and a busy loop, with nothing ever delivered), and
 * what follows a cut line is not to be trusted; failing closes the connection, and the store reconnects with
 * its backoff and `Last-Event-ID`, so a server that recovers is heard again. Our events are a few hundred bytes.
 */

/** The longest line, and the longest data of one event, that the reader keeps (in UTF-16 code units). */
export const MAX_LINE = 64 * 1024;

/** A line or an event longer than {@link MAX_LINE}: the stream was cut. */
export class StreamLineTooLongError extends Error {
  constructor() {
    super(`An event-stream line or event is longer than ${MAX_LINE} characters`);
    this.name = 'StreamLineTooLongError';
  }
}

export interface StreamEvent {
  /** `event:`, `message` when none. */
  type: string;
  data: string;
  /** The last `id:` seen so far (empty when none). */
  id: string;
}

export interface StreamHandlers {
  event(event: StreamEvent): void;
  /** A `retry:` field, in ms. */
  retry?(ms: number): void;
  /** Any bytes arrived (a heartbeat included). */
  alive?(): void;
}

/**
 * Reads `body` to its end, calling the handlers as events complete. Resolves when the stream ends (an event
 * left unfinished is dropped, as the specification says); rejects when reading fails. Abort `signal` to stop it.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  on: StreamHandlers,
  /** Cancels the body (a custom `fetch` may not tie its body to the request's signal). */
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel);
  const decoder = new TextDecoder();
  let buffer = '';
  let id = '';
  let type = '';
  let data: string[] = [];
  let dataSize = 0;
  let first = true;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) on.event({ type: type || 'message', data: data.join('\n'), id });
      type = '';
      data = [];
      dataSize = 0;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      // Many short data lines without a blank line are the same endless event.
      dataSize += value.length + 1;
      if (dataSize > MAX_LINE) throw new StreamLineTooLongError();
      data.push(value);
    } else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) on.retry?.(Number(value));
  }

  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) return;
      on.alive?.();
      buffer += decoder.decode(value, { stream: true });
      if (first && buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      const re = /\r\n|\r(?=[^\n])|\n/g;
      let start = 0;
      for (let match = re.exec(buffer); match; match = re.exec(buffer)) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
      if (buffer.length > MAX_LINE) throw new StreamLineTooLongError();
    }
  } catch (error) {
    // Close the connection now (the body's source stops being read), then let the caller reconnect.
    if (error instanceof StreamLineTooLongError) cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
