// The live edge seen from the page: how long from `publish` (and, without it, from an arrival the proxy's
// watcher finds) until the bell's accessible name says the new exact count. Chromium on 127.0.0.1 loads the
// built self-contained file (dist/cdn) with `<notif-provider base-url="/notif-api">` and one `<notif-bell>`;
// a node:http server in this process answers the pages and the BUILT proxy (`live`, watcher every 2 s) over
// the built mock, piping the stream. scripts/bench.mjs runs it as a group of its table.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { filesOf } from './server.mjs';

export const ARRIVALS = 20;
export const WATCHED = 4;
export const WATCH_INTERVAL_MS = 2_000;
const USER = 'usr_bench_live';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

const PAGE = `<!doctype html><html lang="en"><body>
<script type="module" src="/cdn/notif-elements.js"></script>
<notif-provider base-url="/notif-api" subscriber-id="${USER}"><notif-bell></notif-bell></notif-provider>
<script type="module">
  // Resolves the time at which the bell's name becomes \`name\`.
  window.nameBecomes = (name) =>
    new Promise((resolve) => {
      const check = () => {
        const button = document.querySelector('notif-bell')?.shadowRoot?.querySelector('[part="button"]');
        if (button?.getAttribute('aria-label') === name) return resolve(performance.now()), true;
        return false;
      };
      if (check()) return;
      const observer = new MutationObserver(() => check() && observer.disconnect());
      const watch = () => {
        const root = document.querySelector('notif-bell')?.shadowRoot;
        if (root) observer.observe(root, { subtree: true, attributes: true, childList: true });
        else setTimeout(watch, 10);
      };
      watch();
    });
</script></body></html>`;

async function startPageServer(root) {
  const { createMockService } = await import(pathToFileURL(join(root, 'dist/mock.js')).href);
  const { createNotifProxy } = await import(pathToFileURL(join(root, 'dist/proxy.js')).href);
  const mock = createMockService({ latencyMs: 0, seed: 'empty' });
  mock.addSubscriber(USER);
  const proxy = createNotifProxy({
    baseUrl: 'http://mock.internal',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    basePath: '/notif-api',
    authenticate: () => USER,
    live: { watchIntervalMs: WATCH_INTERVAL_MS },
  });
  const files = filesOf(join(root, 'dist/cdn'), '/cdn');
  let streams = 0;
  let firstStreamAt = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/' || url.pathname === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    if (files.has(url.pathname)) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(files.get(url.pathname));
      return;
    }
    if (url.pathname === '/__arrive') {
      // A workflow ran for the user; `publish=1`: the app's backend publishes, else the watcher finds it.
      mock.addMessage(USER);
      if (url.searchParams.get('publish') === '1') await proxy.publish(USER);
      res.end();
      return;
    }
    if (!url.pathname.startsWith('/notif-api/')) return void res.writeHead(404).end();
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const chunks = [];
    if (req.method !== 'GET') for await (const chunk of req) chunks.push(chunk);
    const response = await proxy(
      new Request(url, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        signal: controller.signal,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    const stream = url.pathname.endsWith('/stream') && response.status === 200;
    if (stream && streams++ === 0 && !firstStreamAt) firstStreamAt = Date.now();
    try {
      await pipeline(Readable.fromWeb(response.body), res);
    } catch {
      // the page left
    } finally {
      if (stream) streams--;
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    streams: () => streams,
    firstStreamAt: () => firstStreamAt,
    async close() {
      proxy.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Measures in `browser` (puppeteer); resolves `{ measured, details }` for the bench table. */
export async function measureLivePage(browser, root) {
  const server = await startPageServer(root);
  const page = await browser.newPage();
  // BENCH_DEBUG=1: the page's console and errors on stderr.
  if (process.env.BENCH_DEBUG) {
    page.on('console', (message) => console.error('page:', message.text()));
    page.on('pageerror', (error) => console.error('page error:', error.message));
    page.on('error', (error) => console.error('page crashed:', error.message));
  }
  try {
    await page.goto(`${server.origin}/page.html`);
    // Streaming, with the exact count of an empty inbox.
    await page.evaluate(() => window.nameBecomes('Notifications'));
    for (let i = 0; server.streams() === 0; i++) {
      if (i > 100) throw new Error('live page: the page opened no stream');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    let unseen = 0;
    const arrive = (publish) =>
      page.evaluate(
        async (name, publish) => {
          const shown = window.nameBecomes(name);
          const start = performance.now();
          await fetch(`/__arrive?publish=${publish ? 1 : 0}`, { method: 'POST' });
          const late = new Promise((resolve) => setTimeout(resolve, 10_000, 'late'));
          if ((await Promise.race([shown, late])) === 'late') {
            const button = document.querySelector('notif-bell').shadowRoot.querySelector('[part="button"]');
            throw new Error(
              `live page: the bell stayed "${button.getAttribute('aria-label')}", not "${name}"`,
            );
          }
          return (await shown) - start;
        },
        `Notifications, ${++unseen} unseen`,
        publish,
      );
    // One arrival to warm up (the stream's chunk loaded, the connection open).
    await arrive(true);
    const published = [];
    for (let i = 0; i < ARRIVALS; i++) published.push(await arrive(true));
    // The watcher's first look at a subscriber (one interval after the first stream opened) only takes its
    // fingerprint: what arrived before it is not told. Measure from after it.
    const lookedAt = server.firstStreamAt() + WATCH_INTERVAL_MS + 250;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lookedAt - Date.now())));
    const watched = [];
    for (let i = 0; i < WATCHED; i++) watched.push(await arrive(false));
    return {
      measured: {
        'live page: publish to the bell’s name, median (ms)': median(published),
        'live page: publish to the bell’s name, p95 (ms)': p95(published),
        'live page: watcher (2 s) to the bell’s name, max (ms)': Math.max(...watched),
      },
      details: { published, watched },
    };
  } finally {
    await page.close().catch(() => {});
    await server.close();
  }
}
