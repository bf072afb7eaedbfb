// The bench's HTTP server: pages and scripts from memory, the built self-contained file and its chunks
// under /cdn/, and the API under /api/ answered by the built mock service. Nothing is cached by the
// browser: every load is a first visit.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/** The API's base URL in the pages (`base-url` of the inbox); the mock sees the path after it. */
export const API_BASE = '/api';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
const typeOf = (path) => TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';

/** The `.js` files of `dir`, by URL path under `prefix`, read once: every load of a run gets the same. */
export function filesOf(dir, prefix) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  return new Map(files.map((name) => [`${prefix}/${name}`, readFileSync(join(dir, name))]));
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Hands an /api/ request to the mock (the prefix stripped) and writes its answer back. */
async function answerFromMock(mock, req, res, origin) {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const headers = Object.entries(req.headers).filter(([, value]) => typeof value === 'string');
  const request = new Request(new URL(req.url.slice(API_BASE.length), origin), {
    method: req.method,
    headers,
    body: hasBody ? await readBody(req) : undefined,
  });
  const response = await mock.handle(request);
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'cache-control': 'no-store' });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Starts the server on a free local port. `files` maps URL paths to their contents (a page's path ends in
 * `.html`); add to it at any time. Resolves `{ origin, files, close }`.
 */
export async function startServer(mock) {
  const files = new Map();
  let origin = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url, origin).pathname;
    if (path.startsWith(`${API_BASE}/`)) {
      answerFromMock(mock, req, res, origin).catch((error) => {
        res.writeHead(500).end(String(error));
      });
    } else if (files.has(path)) {
      res.writeHead(200, { 'content-type': typeOf(path), 'cache-control': 'no-store' });
      res.end(files.get(path));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { origin, files, close };
}
