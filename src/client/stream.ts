/**
 * A small reader of Server-Sent Events over a `fetch` response body (`text/event-stream`), for where
 * `EventSource` does not fit: it cannot send the app's `headers` (a gateway's bearer token), and it cannot
 * run over a custom `fetch` (the mock, a test). Lines end with CRLF, LF or CR; `data` lines join with "\n";
 * an `id` is remembered across events (the `Last-Event-ID` of a reconnect); `retry` sets the reconnection
 * delay; comments (`: ping`) only prove the stream is alive. Loaded by the inbox store with `import()`.
 */

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
  let first = true;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) on.event({ type: type || 'message', data: data.join('\n'), id });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
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
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
