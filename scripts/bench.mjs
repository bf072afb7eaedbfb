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
import { budgets, lazyName, sizeName, targets } from '../bench/budgets.mjs';
import { panelOpenTimes } from '../bench/panel-open.mjs';
import { appSizes, selfContainedSize } from '../bench/sizes.mjs';
import { findChromium, HEADLESS_ARGS } from './chromium.mjs';

/** Page loads or renders per timed measure; the median is reported. */
const RUNS = 7;
/** Mount/unmount cycles of the bell before the first measurement, and between the two (as the names say). */
const WARM_UP_CYCLES = 10;
const CYCLES = 100;

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
  // The proxy's only lazy chunk is its live edge.
  measured[lazyName('proxy live edge')] = kb(sizes.proxy.lazyBytes);
  return { measured, details };
}

async function measureFirstRender(browser, server, mock) {
  const result = await firstRender(browser, server, mock, RUNS);
  const inbox = median(result.inbox);
  const raw = median(result.raw);
  const rawText = median(result.rawText);
  return {
    measured: {
      'first render: notif-inbox, 20 messages (median ms)': inbox,
      'first render: raw DOM, 20 messages (median ms)': raw,
      'first render: notif-inbox / raw DOM': inbox / raw,
      'first render: raw DOM, text and times only (median ms)': rawText,
      'first render: notif-inbox / raw DOM, text and times only': inbox / rawText,
    },
    details: result,
  };
}

async function measurePanelOpen(browser, server, mock) {
  const result = await panelOpenTimes(browser, server, mock, RUNS);
  return {
    measured: {
      'panel open after 1 s idle (median ms)': median(result.idle.map((run) => run.ms)),
      'panel open on a cold click (median ms)': median(result.cold.map((run) => run.ms)),
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
      panelOpen: await group('panel open', () => measurePanelOpen(browser, server, mock)),
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
