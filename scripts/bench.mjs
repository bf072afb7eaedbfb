#!/usr/bin/env node
// Benchmarks with budgets: render time of the inbox with 50 and 10,000 loaded messages, and the number of
// requests a session makes. Runs the production build of the scenarios in headless Chromium (Debian's
// `chromium`, or CHROME_PATH). Prints a table, writes bench-results/bench.json, exits 1 over budget.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';

const RUNS = 7;
const budgets = {
  'render 50 messages (median ms)': 150,
  'render 10,000 messages (median ms)': 400,
  'rows in the DOM for 10,000 messages': 60,
  'requests: first load': 1,
  'requests: opening the bell (mark shown seen)': 1,
  'requests: mark one read': 1,
  // 20 of 60 loaded: a batch of the loaded ones, one page of the walk, a batch of what it found.
  'requests: mark all read, 20 of 60 loaded': 3,
  'requests: mark all read, all loaded': 1,
  'requests: bell + inbox configured alike, first load': 1,
};

const bundle = await build({
  entryPoints: ['bench/scenarios.ts'],
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  conditions: ['production'],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const script = bundle.outputFiles[0].text;
const server = createServer((req, res) => {
  if (req.url === '/bench.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(script);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><html lang="en"><body><script type="module" src="/bench.js"></script></body></html>',
    );
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1024, height: 768 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(url);
  await page.waitForFunction(() => window.notifBench);
  const small = [];
  const large = [];
  let largeRows = 0;
  for (let i = 0; i < RUNS; i++) {
    small.push((await page.evaluate(() => window.notifBench.renderTime(50))).ms);
    const result = await page.evaluate(() => window.notifBench.renderTime(10_000));
    large.push(result.ms);
    largeRows = Math.max(largeRows, result.rows);
  }
  const requests = await page.evaluate(() => window.notifBench.requestCounts());
  const measured = {
    'render 50 messages (median ms)': Math.round(median(small) * 10) / 10,
    'render 10,000 messages (median ms)': Math.round(median(large) * 10) / 10,
    'rows in the DOM for 10,000 messages': largeRows,
    'requests: first load': requests.firstLoad,
    'requests: opening the bell (mark shown seen)': requests.openBell,
    'requests: mark one read': requests.markOne,
    'requests: mark all read, 20 of 60 loaded': requests.markAll,
    'requests: mark all read, all loaded': requests.markAllLoaded,
    'requests: bell + inbox configured alike, first load': requests.sharedLoad,
  };
  let over = 0;
  console.log('| measure | value | budget |\n|---|---:|---:|');
  for (const [name, value] of Object.entries(measured)) {
    const ok = value <= budgets[name];
    if (!ok) over++;
    console.log(`| ${name} | ${value} | ${budgets[name]}${ok ? '' : ' OVER'} |`);
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/bench.json',
    JSON.stringify({ measured, budgets, runs: RUNS, small, large }, null, 2),
  );
  if (over) {
    console.error(`${over} measure(s) over budget`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.close();
}
