#!/usr/bin/env node
// Benchmarks with budgets. One run measures what an app downloads (gzip sizes), the inbox's first render
// against raw DOM, rendering 10,000 loaded messages, the requests of a session and what mounting and
// unmounting the bell leaves behind, in headless Chromium (Debian's `chromium`, or CHROME_PATH), and the
// proxy's live edge over HTTP (bench/live.mjs: publish latency, streams held, fan-out, watcher requests) and from the page
// (bench/live-page.mjs: publish or the watcher to the bell's accessible name). Prints one
// markdown table, writes bench-results/bench.json, and exits 1 when a measure is over its budget or could
// not be taken. Reads dist/ (built first when missing; CI builds it before) and runs bench/scenarios.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { firstRender } from '../bench/first-render.mjs';
import { measureLive } from '../bench/live.mjs';
import { measureLivePage } from '../bench/live-page.mjs';
import { buildScenarios, mountGrowth, renderTimes, requestCounts } from '../bench/page-scenarios.mjs';
import { filesOf, startServer } from '../bench/server.mjs';
import { appSizes, selfContainedSize } from '../bench/sizes.mjs';
import { findChromium, HEADLESS_ARGS } from './chromium.mjs';

/** Page loads or renders per timed measure; the median is reported. */
const RUNS = 7;
/** Mount/unmount cycles of the bell before the first measurement, and between the two (as the names say). */
const WARM_UP_CYCLES = 10;
const CYCLES = 100;

/**
 * Every measure, in the order of the table, with its budget (`null`: reported, not checked). A budget is what
 * CI enforces: a little above what the code measures today, so that growth fails. Sizes are gzip -9 KB (1024
 * bytes) of an entry and the chunks it imports statically.
 */
const budgets = {
  // What a page showing a bell (and its inbox) downloads before the bell works: the common way in.
  'initial gzip KB: provider + bell': 39.2,
  // Every element at once (`import 'notif-elements'`): the most an app pays for the elements.
  'initial gzip KB: every element': 52.9,
  // The DOM-free client alone, for apps with their own UI.
  'initial gzip KB: client': 3.3,
  // The inbox store with nanostores, for headless use. About 1 KB of it is the live edge's page side (exact
  // counts, the tabs' share of the stream, `$live`); the stream reader itself loads with `import()`.
  'initial gzip KB: store': 7.4,
  // The mock service, for demos and tests; the default seed's messages load on demand.
  'initial gzip KB: mock': 19,
  // The backend proxy (about 0.9 KB of it finds the key in an answer, encoded, nested or cut short; about
  // 1 KB serves the live edge's routes. The live edge itself, 3 KB, loads with `import()` when turned on).
  'initial gzip KB: proxy': 5.4,
  // The Redis bus for the live edge across server instances (no Redis package bundled: the app's client).
  'initial gzip KB: proxy/redis': 0.7,
  // The inbox element alone.
  'initial gzip KB: inbox.js': 33.3,
  // The preferences element alone.
  'initial gzip KB: preferences.js': 29.1,
  // The toast element alone (a page with the bell loads it on demand, in its own chunk, when a <notif-toast> shows).
  'initial gzip KB: toast.js': 26.6,
  // The React components (notif-elements/react) with every element they register; React itself not counted.
  'initial gzip KB: react': 53.8,
  // The file a page loads with one <script type="module">, and the chunks it imports statically.
  'initial gzip KB: self-contained file': 50.8,
  // Reported: machines differ, so the ratio of the two is what is budgeted.
  'first render: notif-inbox, 20 messages (median ms)': null,
  'first render: raw DOM, 20 messages (median ms)': null,
  // The inbox against hand-written DOM showing the same list on a first visit. Measured 2.3 to 2.8 on a
  // quiet machine and up to 4 beside a build or another benchmark: the budget catches a real regression (a
  // render twice as slow), not that noise. The target is 2 (below).
  'first render: notif-inbox / raw DOM': 4,
  // Fifty messages must show within a few frames of inserting the inbox.
  'render 50 messages (median ms)': 150,
  // A long inbox renders only the rows in view, so 10,000 messages cost about what 50 do.
  'render 10,000 messages (median ms)': 400,
  // Virtualized: the rows in view and a few more, never the whole list.
  'rows in the DOM for 10,000 messages': 60,
  // One list request shows the inbox.
  'requests: first load': 1,
  // The messages shown are marked seen in one request.
  'requests: opening the bell (mark shown seen)': 1,
  // One mark-as request per change.
  'requests: mark one read': 1,
  // 20 of 60 loaded: a batch of the loaded ones, one page of the walk, a batch of what it found.
  'requests: mark all read, 20 of 60 loaded': 3,
  // Everything loaded: one batch, no list request.
  'requests: mark all read, all loaded': 1,
  // A bell and an inbox configured alike share one store, so one list request.
  'requests: bell + inbox configured alike, first load': 1,
  // Cycles that leave nothing behind measured 2 to 46 KB (noise); one bell kept per cycle adds about 12 MB.
  'heap growth over 100 mounts (KB)': 256,
  // Clean cycles measured 0; one element kept per cycle adds 100 or more (a whole open bell, about 1,700).
  'DOM node growth over 100 mounts': 50,
  // Clean cycles measured 0; one listener left behind per cycle adds 100.
  'event listener growth over 100 mounts': 50,
  // The live edge (bench/live.mjs), over HTTP on this machine: the built proxy and mock in a server process.
  // From `publish` to a page's stream hearing it: measured 3 to 14 ms; a page must hear within a second.
  'live: publish to stream, median (ms)': null,
  'live: publish to stream, p95 (ms)': 1000,
  // 5,000 unless the descriptor limit is lower (two sockets a stream, both in this machine).
  'live: open streams held by one process': null,
  // The server's heap and buffers per open stream, its socket and Node's HTTP response included: measured 22.
  'live: server memory per open stream (KB)': 48,
  // One publish reaching 1,000 open streams of one subscriber (tabs and devices): measured about 60 ms.
  'live: one publish to 1,000 streams of one subscriber (ms)': 1000,
  // The watcher polls each subscriber with open streams once per 15 s, whatever the tabs: 100 x 4, no counts
  // when nothing changes (a change adds one count, 1 request per 100 messages).
  'live: service requests per minute, 1,000 streams of 100 subscribers, watcher 15 s': 400,
  // Today's pages poll their first page every 30 s each: reported, to compare with the line above.
  'live: service requests per minute, polling today (1,000 pages, every 30 s)': null,
  // The page side (bench/live-page.mjs): Chromium loads the built file with one bell on its provider, over
  // the built proxy on node:http. From `publish` to the bell's accessible name saying the new exact count,
  // 20 arrivals: measured 7 to 18 ms; a person must see it within a second.
  'live page: publish to the bell’s name, median (ms)': null,
  'live page: publish to the bell’s name, p95 (ms)': 1000,
  // Without `publish`, the proxy's watcher (every 2 s here) finds the arrival: at most its interval + 1 s.
  'live page: watcher (2 s) to the bell’s name, max (ms)': 3000,
};

/**
 * Where a measure should get to (issue 9), when that is below its budget today: shown beside the budget,
 * not enforced, so that the table says how far each one still is.
 */
const targets = {
  'initial gzip KB: provider + bell': 22,
  'initial gzip KB: every element': 30,
  'initial gzip KB: self-contained file': 30,
  'first render: notif-inbox / raw DOM': 2.0,
};

const ROOT = resolve(import.meta.dirname, '..');
const CDN_DIR = join(ROOT, 'dist/cdn');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => bytes / 1024;
/** A value as the table shows it: two decimals below 10 (a size of 3.04 KB is over a budget of 3), else one. */
const shown = (value) => (Number.isInteger(value) ? value : value.toFixed(value < 10 ? 2 : 1));

/** Builds the library and the self-contained file when dist/ lacks what the bench reads. */
function ensureBuilt() {
  const needed = ['dist/index.js', 'dist/mock.js', 'dist/cdn/notif-elements.js'];
  if (needed.every((file) => existsSync(join(ROOT, file)))) return;
  console.error('bench: dist/ is missing, building it (npm run build:lib && npm run build:cdn)');
  for (const script of ['build:lib', 'build:cdn']) {
    execFileSync('npm', ['run', script], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  }
}

/**
 * Runs one group of measures. When it throws, the other groups still run, and its measures, missing from
 * the results, are reported as not taken (over budget).
 */
async function group(title, run) {
  try {
    return await run();
  } catch (error) {
    console.error(`bench: ${title} failed:`, error);
    return { measured: {}, details: { error: String(error?.stack ?? error) } };
  }
}

const sizeName = (entry) => `initial gzip KB: ${entry}`;
const SELF_CONTAINED = 'self-contained file';

async function measureSizes() {
  const sizes = {
    ...(await appSizes(ROOT, join(ROOT, '.tmp/bench-app'))),
    [SELF_CONTAINED]: await selfContainedSize(join(CDN_DIR, 'notif-elements.js')),
  };
  const measured = {};
  const details = {};
  for (const [entry, size] of Object.entries(sizes)) {
    measured[sizeName(entry)] = kb(size.initialBytes);
    details[entry] = { initialKB: shown(kb(size.initialBytes)), lazyKB: shown(kb(size.lazyBytes)), ...size };
  }
  return { measured, details };
}

async function measureFirstRender(browser, server, mock) {
  const result = await firstRender(browser, server, mock, RUNS);
  const inbox = median(result.inbox);
  const raw = median(result.raw);
  return {
    measured: {
      'first render: notif-inbox, 20 messages (median ms)': inbox,
      'first render: raw DOM, 20 messages (median ms)': raw,
      'first render: notif-inbox / raw DOM': inbox / raw,
    },
    details: result,
  };
}

async function measureRenderTimes(browser, origin) {
  const result = await renderTimes(browser, origin, RUNS);
  return {
    measured: {
      'render 50 messages (median ms)': median(result.small),
      'render 10,000 messages (median ms)': median(result.large),
      'rows in the DOM for 10,000 messages': result.largeRows,
    },
    details: result,
  };
}

async function measureRequests(browser, origin) {
  const requests = await requestCounts(browser, origin);
  return {
    measured: {
      'requests: first load': requests.firstLoad,
      'requests: opening the bell (mark shown seen)': requests.openBell,
      'requests: mark one read': requests.markOne,
      'requests: mark all read, 20 of 60 loaded': requests.markAll,
      'requests: mark all read, all loaded': requests.markAllLoaded,
      'requests: bell + inbox configured alike, first load': requests.sharedLoad,
    },
    details: requests,
  };
}

async function measureMountGrowth(browser, origin) {
  const growth = await mountGrowth(browser, origin, WARM_UP_CYCLES, CYCLES);
  return {
    measured: {
      'heap growth over 100 mounts (KB)': kb(growth.heap),
      'DOM node growth over 100 mounts': growth.nodes,
      'event listener growth over 100 mounts': growth.listeners,
    },
    details: { warmUp: WARM_UP_CYCLES, cycles: CYCLES, ...growth },
  };
}

/**
 * Headless Chromium, offline: every host but the bench's server fails to resolve at once. The mock's
 * avatars point at example hosts; a lookup that hangs would keep their elements alive (the mount cycles
 * would count them as leaks) and make the timings depend on the network.
 */
async function launchBrowser() {
  return puppeteer.launch({
    executablePath: findChromium(),
    headless: true,
    args: [...HEADLESS_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
}

/** The measures taken in Chromium, by group, against the bench's server. */
async function measureInBrowser() {
  const { createMockService } = await import(pathToFileURL(join(ROOT, 'dist/mock.js')).href);
  const mock = createMockService({ auth: false, messagesPerSubscriber: 20 });
  const server = await startServer(mock);
  for (const [path, contents] of filesOf(CDN_DIR, '/cdn')) server.files.set(path, contents);
  for (const [path, contents] of await buildScenarios(ROOT)) server.files.set(path, contents);
  const browser = await launchBrowser();
  try {
    return {
      firstRender: await group('first render', () => measureFirstRender(browser, server, mock)),
      render: await group('render', () => measureRenderTimes(browser, server.origin)),
      requests: await group('requests', () => measureRequests(browser, server.origin)),
      mountGrowth: await group('mount cycles', () => measureMountGrowth(browser, server.origin)),
      livePage: await group('live page', () => measureLivePage(browser, ROOT)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Prints the table; returns the names of the measures over budget or not taken. */
function printTable(measured) {
  const failed = [];
  console.log('| measure | value | budget | target |\n|---|---:|---:|---:|');
  for (const [name, budget] of Object.entries(budgets)) {
    const value = measured[name];
    const ok = value !== undefined && (budget === null || value <= budget);
    if (!ok) failed.push(name);
    const mark = ok ? '' : value === undefined ? ' NOT TAKEN' : ' OVER';
    const target = targets[name];
    const toGo =
      target === undefined ? '' : `${target}${value !== undefined && value <= target ? '' : ' (not yet)'}`;
    console.log(
      `| ${name} | ${value === undefined ? '—' : shown(value)} | ${budget ?? '—'}${mark} | ${toGo} |`,
    );
  }
  return failed;
}

/** Writes bench-results/bench.json: the measures (to 3 decimals), budgets, failures and every run. */
function writeResults(measured, failed, details) {
  const values = Object.entries(measured).map(([name, value]) => [name, Math.round(value * 1e3) / 1e3]);
  const results = { date: new Date().toISOString(), runs: RUNS, measured: Object.fromEntries(values) };
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results/bench.json'),
    `${JSON.stringify({ ...results, budgets, targets, failed, details }, null, 2)}\n`,
  );
}

async function main() {
  ensureBuilt();
  const groups = {
    sizes: await group('sizes', measureSizes),
    live: await group('live edge', measureLive),
    ...(await measureInBrowser()),
  };
  const measured = Object.assign({}, ...Object.values(groups).map((result) => result.measured));
  const unknown = Object.keys(measured).filter((name) => !(name in budgets));
  if (unknown.length) throw new Error(`bench: measures missing from the budgets: ${unknown.join('; ')}`);
  const failed = printTable(measured);
  writeResults(
    measured,
    failed,
    Object.fromEntries(Object.entries(groups).map(([name, r]) => [name, r.details])),
  );
  if (failed.length) {
    console.error(`${failed.length} measure(s) over budget or not taken: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
