// Runs the scenarios of bench/scenarios.ts in Chromium: render times with many loaded messages, request
// counts, and heap and DOM growth over mount/unmount cycles of the bell.
import { join } from 'node:path';
import { build } from 'esbuild';

const SCENARIOS_PAGE = '/scenarios.html';

/**
 * bench/scenarios.ts built for production and split as an app's bundle is (a lazily imported module is a
 * chunk the page fetches), as files by URL path, with the page that runs it.
 */
export async function buildScenarios(root) {
  const outdir = join(root, '.tmp', 'bench-scenarios');
  const result = await build({
    entryPoints: [join(root, 'bench/scenarios.ts')],
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    conditions: ['production'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const files = new Map(
    result.outputFiles.map((file) => [`/scenarios/${file.path.slice(outdir.length + 1)}`, file.contents]),
  );
  files.set(
    SCENARIOS_PAGE,
    '<!doctype html><html lang="en"><body><script type="module" src="/scenarios/scenarios.js"></script></body></html>',
  );
  return files;
}

/** A new tab with the scenarios loaded. */
async function scenariosPage(browser, origin) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1024, height: 768 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${origin}${SCENARIOS_PAGE}`);
  await page.waitForFunction(() => window.notifBench);
  return page;
}

/**
 * Render time of the inbox with 50 and with 10,000 loaded messages, `runs` times each (alternately), and
 * the most rows the DOM held with 10,000.
 */
export async function renderTimes(browser, origin, runs) {
  const page = await scenariosPage(browser, origin);
  try {
    const small = [];
    const large = [];
    let largeRows = 0;
    for (let i = 0; i < runs; i++) {
      small.push((await page.evaluate(() => window.notifBench.renderTime(50))).ms);
      const result = await page.evaluate(() => window.notifBench.renderTime(10_000));
      large.push(result.ms);
      largeRows = Math.max(largeRows, result.rows);
    }
    return { small, large, largeRows };
  } finally {
    await page.close();
  }
}

/** Requests of a session: first load, opening the bell, mark one read, mark all read. */
export async function requestCounts(browser, origin) {
  const page = await scenariosPage(browser, origin);
  try {
    return await page.evaluate(() => window.notifBench.requestCounts());
  } finally {
    await page.close();
  }
}

/** Heap, DOM nodes and event listeners after a full garbage collection. */
async function memory(page, cdp) {
  // Twice: objects with finalizers or weak references may need a second pass.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { JSHeapUsedSize, Nodes, JSEventListeners } = await page.metrics();
  return { heap: JSHeapUsedSize, nodes: Nodes, listeners: JSEventListeners };
}

/**
 * What `cycles` mount/unmount cycles of an open bell leave behind: heap (bytes), DOM nodes and event
 * listeners, between after `warmUp` cycles (Lit's template caches, the store's first load, compiled code)
 * and after `cycles` more.
 */
export async function mountGrowth(browser, origin, warmUp, cycles) {
  const page = await scenariosPage(browser, origin);
  try {
    const cdp = await page.createCDPSession();
    await page.evaluate((n) => window.notifBench.mountCycles(n), warmUp);
    const before = await memory(page, cdp);
    await page.evaluate((n) => window.notifBench.mountCycles(n), cycles);
    const after = await memory(page, cdp);
    return {
      before,
      after,
      heap: after.heap - before.heap,
      nodes: after.nodes - before.nodes,
      listeners: after.listeners - before.listeners,
    };
  } finally {
    await page.close();
  }
}
