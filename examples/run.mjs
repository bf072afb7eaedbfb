#!/usr/bin/env node
// Builds and checks the framework examples against the package as users get it: packs the repository root
// once (npm pack, which builds dist first) into examples/notif-elements.tgz, then for each example app
// (react, vue, svelte, angular, next, or the ones named): npm ci, type-check, build, serve it on an ephemeral
// port (its dist/ from a static server; Next.js from its own `next start`) and drive it in headless Chromium.
// Angular's commands run on a Node >= 22.22, the registry's when the machine has none (node22.mjs).
// Exits 1 when anything fails; prints one summary line per app.
//
//   node examples/run.mjs                 every app
//   node examples/run.mjs vue svelte      only those
//   node examples/run.mjs --relock react  after changing an app's package.json: npm install there, and keep
//                                         notif-elements' lock entry free of an integrity (see examples/README.md)
//
// Chromium: CHROME_PATH, else `chromium` (or chromium-browser, google-chrome) on the PATH. puppeteer-core
// comes from the repository's own devDependencies (npm ci at the root first).
import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  copyFileSync,
  writeFileSync,
} from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADLESS_ARGS, requireChromium } from '../scripts/chromium.mjs';
import { node22 } from './node22.mjs';

const EXAMPLES = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(EXAMPLES, '..');
const TARBALL = join(EXAMPLES, 'notif-elements.tgz');
const APPS = ['react', 'vue', 'svelte', 'angular', 'next'];
/**
 * What an app needs beyond the default (its commands on this Node, its dist/ on a static server, the common
 * browser test). `angular`: a Node >= 22.22 for its commands. `next`: its own server (`next start`), the page with the React entry must send the provider's `headers`
 * with every request to the Route Handler, and `/plain` (plain tags) must behave as docs/frameworks.md says.
 */
const SETUP = {
  // Angular 22's CLI needs Node 22.22 or newer: its commands run with that Node first on the PATH.
  angular: { node: node22 },
  next: {
    server: nextServer,
    headers: { 'x-app': 'next-example' },
    apiPath: '/api/notifications/',
    plainTags: 'plain',
  },
};
/** How long one browser step may wait for the state it expects. */
const STEP_TIMEOUT = 15_000;

// ─── Arguments ───────────────────────────────────────────────────────────────────────────────────────────
const args = process.argv.slice(2);
const relock = args.includes('--relock');
const unknownFlags = args.filter((arg) => arg.startsWith('-') && arg !== '--relock');
const named = args.filter((arg) => !arg.startsWith('-'));
const unknownApps = named.filter((name) => !APPS.includes(name));
if (unknownFlags.length || unknownApps.length) {
  console.error(
    `run.mjs: unknown ${unknownFlags.length ? `option ${unknownFlags.join(' ')}` : `app ${unknownApps.join(' ')}`}` +
      ` (apps: ${APPS.join(', ')}; option: --relock)`,
  );
  process.exit(2);
}
const apps = named.length ? [...new Set(named)] : APPS;

// ─── Helpers ─────────────────────────────────────────────────────────────────────────────────────────────
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The environment of the apps' commands: no telemetry from Next.js (the machine is offline). */
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/** The environment of an app's commands: with its own Node first on the PATH when it needs one. */
function envOf(app) {
  const node = SETUP[app]?.node?.();
  return node ? { ...ENV, PATH: `${dirname(node)}${delimiter}${ENV.PATH ?? ''}` } : ENV;
}

/** Runs a command; resolves its combined output, rejects with the output in the error when it fails. */
function run(command, commandArgs, cwd, env = ENV) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise(output);
      else {
        const error = new Error(`\`${command} ${commandArgs.join(' ')}\` exited with ${signal ?? code}`);
        error.output = output;
        reject(error);
      }
    });
  });
}

/** Removes npm's noise that says nothing about the examples. */
function tidy(output) {
  return output
    .split('\n')
    .filter((line) => !/^npm warn Unknown (user|env) config/.test(line))
    .join('\n')
    .trim();
}

async function loadPuppeteer() {
  try {
    return (await import('puppeteer-core')).default;
  } catch (error) {
    throw new Error(
      `cannot load puppeteer-core (a devDependency of the root: run npm ci there first): ${error.message}`,
      { cause: error },
    );
  }
}

// ─── The package under test ─────────────────────────────────────────────────────────────────────────────
/** npm pack at the root (its lifecycle scripts build dist first), to examples/notif-elements.tgz. */
async function pack() {
  const destination = mkdtempSync(join(tmpdir(), 'notif-elements-pack-'));
  try {
    await run('npm', ['pack', '--pack-destination', destination], ROOT);
    const tarballs = readdirSync(destination).filter((name) => name.endsWith('.tgz'));
    if (tarballs.length !== 1) throw new Error(`npm pack left ${tarballs.length} tarballs in ${destination}`);
    copyFileSync(join(destination, tarballs[0]), TARBALL);
    return tarballs[0];
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}

const LOCK_KEY = 'node_modules/notif-elements';

/**
 * The lock's entry for notif-elements must carry no `integrity`: the tarball is rebuilt from the working tree
 * on every run, and with a recorded integrity `npm ci` either fails (EINTEGRITY) or, when npm's cache holds the
 * old tarball under that integrity, silently installs the OLD package. Without it, `npm ci` reads the tarball
 * that is there. Its dependencies must be the root package.json's, or `npm ci` would install a stale set.
 */
function checkLock(app) {
  const lockPath = join(EXAMPLES, app, 'package-lock.json');
  if (!existsSync(lockPath))
    throw new Error(`examples/${app}/package-lock.json is missing: node examples/run.mjs --relock ${app}`);
  const entry = JSON.parse(readFileSync(lockPath, 'utf8')).packages?.[LOCK_KEY];
  const fix = `run \`node examples/run.mjs --relock ${app}\` and commit the lock`;
  if (!entry) throw new Error(`examples/${app}/package-lock.json has no ${LOCK_KEY}: ${fix}`);
  if (entry.resolved !== 'file:../notif-elements.tgz')
    throw new Error(`examples/${app}/package-lock.json resolves notif-elements to ${entry.resolved}: ${fix}`);
  if (entry.integrity)
    throw new Error(
      `examples/${app}/package-lock.json records an integrity for notif-elements, which breaks npm ci once the tarball is rebuilt: ${fix}`,
    );
  const wanted = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies ?? {};
  if (JSON.stringify(entry.dependencies ?? {}) !== JSON.stringify(wanted))
    throw new Error(
      `notif-elements' dependencies changed since examples/${app}/package-lock.json was made: ${fix}`,
    );
}

/**
 * The docs' snippets for an app (a code block after `<!-- snippet: examples/<app>/<file> -->` in README.md or a
 * docs/*.md page) are its code: every non-blank line of a snippet is a line of that file (indentation aside), in
 * the same order. Lines may be left out, none changed or added. The README has at least one per app.
 */
function checkSnippets(app) {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const blocks = /<!-- snippet: (\S+) -->\n(?:<!-- prettier-ignore -->\n)?```\w*\n([\s\S]*?)\n```/g;
  let count = 0;
  let inReadme = 0;
  for (const page of pages) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const [, path, code] of text.matchAll(blocks)) {
      if (!path.startsWith(`examples/${app}/`)) continue;
      count++;
      if (page === 'README.md') inReadme++;
      const lines = readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .map((line) => line.trim());
      let at = 0;
      for (const line of code.split('\n').map((text) => text.trim())) {
        if (!line) continue;
        const found = lines.indexOf(line, at);
        if (found < 0)
          throw new Error(
            `${page}'s snippet of ${path} has a line not in the file (after line ${at}): ${line}`,
          );
        at = found + 1;
      }
    }
  }
  if (!inReadme) throw new Error(`README.md has no snippet of examples/${app}/`);
  return count;
}

/** npm install in the app with notif-elements resolved afresh from the tarball, then its integrity dropped. */
async function relockApp(app) {
  const dir = join(EXAMPLES, app);
  const lockPath = join(dir, 'package-lock.json');
  if (existsSync(lockPath)) {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    delete lock.packages?.[LOCK_KEY];
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  }
  rmSync(join(dir, 'node_modules', 'notif-elements'), { recursive: true, force: true });
  await run('npm', ['install', '--no-audit', '--no-fund'], dir, envOf(app));
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  delete lock.packages[LOCK_KEY].integrity;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  checkLock(app);
}

// ─── Serving dist/ ───────────────────────────────────────────────────────────────────────────────────────
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A static server for `dir` on 127.0.0.1 and an ephemeral port. */
async function serve(dir) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    try {
      if (!file.startsWith(dir + sep) || !(await stat(file)).isFile()) throw new Error('not a file');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      // The browser asks for /favicon.ico on its own; the apps have none, which is no error of theirs.
      if (path === '/favicon.ico') return response.writeHead(204).end();
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(done)) };
}

// ─── Serving an app with a server of its own ─────────────────────────────────────────────────────────────
/** A free port on 127.0.0.1 (asked of the system, then released for the app's server to take). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** `next start` on an ephemeral port, once it answers; `close` stops it (its process group). */
async function nextServer(dir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      join(dir, 'node_modules/next/dist/bin/next'),
      'start',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.on('exit', done));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`next start did not answer within 30 s:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return { url, close, output: () => output };
}

// ─── The browser test ────────────────────────────────────────────────────────────────────────────────────
/** A 1×1 PNG: the mock's messages have avatars on example.com, which the offline browser cannot reach. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Runs one step; a failure names it. */
async function step(name, action) {
  try {
    return await action();
  } catch (error) {
    throw new Error(`${name}: ${error.message.split('\n')[0]}`, { cause: error });
  }
}

/**
 * The app at `url`: the bell's badge counts unseen messages; clicking the bell opens the panel and the app's
 * own DOM says "Panel open" (its notif-open-change handler); marking the first unread row read (its
 * toggle-read button, in the inbox inside the bell's panel) clears that row's unread state and lowers the
 * inbox's unread count; Escape closes the panel ("Panel closed"); no console errors or page errors.
 */
async function browserTest(browser, url, { headers, apiPath } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const problems = [];
  const externalImages = new Set();
  /** Requests to the app's backend (`apiPath`) and whether each carried `headers`. */
  const apiRequests = [];
  page.on('console', (message) => {
    const where = message.location()?.url;
    if (message.type() === 'error')
      problems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (apiPath && request.url().startsWith(new URL(apiPath, url).href)) {
      const sent = request.headers();
      const missing = Object.entries(headers ?? {}).filter(([name, value]) => sent[name] !== value);
      apiRequests.push({ what: `${request.method()} ${new URL(request.url()).pathname}`, missing });
    }
    if (request.url().startsWith(url) || request.url().startsWith('data:')) return request.continue();
    if (request.resourceType() === 'image') {
      externalImages.add(new URL(request.url()).host);
      return request.respond({ status: 200, contentType: 'image/png', body: PIXEL });
    }
    problems.push(`unexpected request: ${request.method()} ${request.url()}`);
    return request.abort();
  });
  const waitFor = (fn, ...fnArgs) =>
    page.waitForFunction(fn, { timeout: STEP_TIMEOUT, polling: 'raf' }, ...fnArgs);
  /** Until the app's own text of the last open-change event (`#last-event`) reads `text`. */
  const lastEventIs = (text) =>
    waitFor((expected) => document.querySelector('#last-event')?.textContent?.trim() === expected, text);

  try {
    await step('load the page', () => page.goto(url, { waitUntil: 'load' }));

    await step('the four elements are defined and on the page', () =>
      waitFor(() =>
        ['notif-provider', 'notif-bell', 'notif-inbox', 'notif-preferences'].every(
          (tag) => customElements.get(tag) && document.querySelector(tag),
        ),
      ),
    );

    await step('the app shows "Panel closed" before anything happens', () => lastEventIs('Panel closed'));

    const badge = await step('the bell shows an unseen count in its badge', async () => {
      const handle = await waitFor(() => {
        const text = document
          .querySelector('notif-bell')
          ?.shadowRoot?.querySelector('[part~="badge"]')?.textContent;
        return /\d/.test(text ?? '') ? text.trim() : false;
      });
      return handle.jsonValue();
    });

    await step('click the bell button', async () => {
      const button = await waitFor(() =>
        document.querySelector('notif-bell')?.shadowRoot?.querySelector('[part~="button"]'),
      );
      await button.asElement().click();
    });

    await step('the app shows "Panel open" (its notif-open-change handler ran)', () =>
      lastEventIs('Panel open'),
    );

    // The inbox inside the bell's panel (in the bell's shadow root), its first unread row and its unread count
    // ("Unread 7": the `view-count` part; absent at 0).
    const before = await step('the inbox in the panel lists an unread message', async () => {
      const handle = await waitFor(() => {
        const inbox = document
          .querySelector('notif-bell')
          ?.shadowRoot?.querySelector('[part~="inbox"]')?.shadowRoot;
        const row = inbox?.querySelector('article[part~="item-unread"]');
        if (!row) return false;
        return {
          key: row.dataset.key,
          count: parseInt(inbox.querySelector('[part~="view-count"]')?.textContent ?? '', 10) || 0,
        };
      });
      return handle.jsonValue();
    });

    await step("click the first unread row's toggle-read button", async () => {
      const handle = await page.evaluateHandle(
        (key) =>
          document
            .querySelector('notif-bell')
            ?.shadowRoot?.querySelector('[part~="inbox"]')
            ?.shadowRoot?.querySelector(`article[data-key="${CSS.escape(key)}"] [part~="toggle-read"]`),
        before.key,
      );
      const button = handle.asElement();
      if (!button) throw new Error('no toggle-read button in the row');
      await button.click();
    });

    const after = await step('the row is read and the unread count is lower', async () => {
      const handle = await waitFor(
        (key, countBefore) => {
          const inbox = document
            .querySelector('notif-bell')
            ?.shadowRoot?.querySelector('[part~="inbox"]')?.shadowRoot;
          const row = inbox?.querySelector(`article[data-key="${CSS.escape(key)}"]`);
          const count = parseInt(inbox?.querySelector('[part~="view-count"]')?.textContent ?? '', 10) || 0;
          const read = row && !row.getAttribute('part')?.split(/\s+/).includes('item-unread');
          return read && count < countBefore ? { count } : false;
        },
        before.key,
        before.count,
      );
      return handle.jsonValue();
    });

    await step('Escape closes the panel and the app shows "Panel closed"', async () => {
      await page.keyboard.press('Escape');
      await lastEventIs('Panel closed');
    });

    await step(
      'the message stays read (the mock accepted the change) and no notif-error reached the app',
      async () => {
        const stillRead = await page.evaluate((key) => {
          const row = document
            .querySelector('notif-bell')
            ?.shadowRoot?.querySelector('[part~="inbox"]')
            ?.shadowRoot?.querySelector(`article[data-key="${CSS.escape(key)}"]`);
          return !row || !row.getAttribute('part')?.split(/\s+/).includes('item-unread');
        }, before.key);
        if (!stillRead) throw new Error('the row became unread again (the change was rolled back)');
        const alert = await page.evaluate(() =>
          document.querySelector('[role="alert"]')?.textContent?.trim(),
        );
        if (alert) throw new Error(`the app shows an error: ${alert}`);
      },
    );

    if (headers) {
      await step("the provider's headers reached every request to the app's backend", async () => {
        if (!apiRequests.length) throw new Error(`no request to ${apiPath}`);
        const without = apiRequests.filter((request) => request.missing.length);
        if (without.length)
          throw new Error(
            `${without.length} of ${apiRequests.length} requests lacked ${without[0].missing.map(([name]) => name).join(', ')} (first: ${without[0].what})`,
          );
      });
    }

    if (problems.length) throw new Error(problems.join('\n  '));
    const sentHeaders = headers
      ? `, ${Object.keys(headers).join(', ')} on ${apiRequests.length} requests`
      : '';
    return `badge ${badge}, unread ${before.count} → ${after.count}${sentHeaders}${externalImages.size ? `, stand-in avatars for ${[...externalImages].join(', ')}` : ''}`;
  } catch (error) {
    const extra =
      problems.length && !error.message.includes(problems[0]) ? `\n  also: ${problems.join('\n  ')}` : '';
    throw new Error(`${error.message}${extra}`, { cause: error });
  } finally {
    await context.close();
  }
}

/**
 * The account (docs/frameworks.md) of plain tags in a server-rendered React 19 page (`path`, a client component that
 * imports `notif-elements` and renders `<notif-provider headers={…}>` and `<notif-bell onnotif-open-change>`):
 * the tags upgrade, but once React has hydrated them, the provider has no `headers` property and the bell's
 * handler never runs. When this fails because they work, React has fixed hydration: update docs/frameworks.md.
 */
async function plainTagsTest(browser, url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setRequestInterception(true);
  const origin = new URL(url).origin;
  // The app's own files and backend; the avatars and anything else outside answer empty (offline).
  page.on('request', (request) =>
    new URL(request.url()).origin === origin ? request.continue() : request.respond({ status: 204 }),
  );
  const waitFor = (fn) => page.waitForFunction(fn, { timeout: STEP_TIMEOUT, polling: 'raf' });
  try {
    await step('plain tags: the page hydrates and the tags upgrade', async () => {
      await page.goto(url, { waitUntil: 'load' });
      await waitFor(
        () =>
          // React marks the nodes it has hydrated with its own keys.
          Object.keys(document.querySelector('notif-bell') ?? {}).some((key) => key.startsWith('__react')) &&
          customElements.get('notif-provider') &&
          customElements.get('notif-bell') &&
          document.querySelector('notif-bell')?.shadowRoot?.querySelector('[part~="button"]'),
      );
    });
    await step(
      'plain tags: after hydration the provider has no headers property (React did not set it)',
      async () => {
        const headers = await page.evaluate(() => document.querySelector('notif-provider')?.headers);
        if (headers !== undefined)
          throw new Error(`it has ${JSON.stringify(headers)}: update docs/frameworks.md`);
      },
    );
    await step('plain tags: onnotif-open-change does not run after hydration', async () => {
      await page.evaluate(() =>
        document.querySelector('notif-bell').shadowRoot.querySelector('[part~="button"]').click(),
      );
      await page.waitForFunction(() => document.querySelector('notif-bell')?.open === true, {
        timeout: STEP_TIMEOUT,
      });
      await new Promise((wait) => setTimeout(wait, 300));
      const text = await page.evaluate(() => document.querySelector('#last-event')?.textContent?.trim());
      if (text !== 'Panel closed') throw new Error(`the app shows "${text}": update docs/frameworks.md`);
    });
    return 'plain tags lose headers and handlers on hydration, as documented';
  } finally {
    await context.close();
  }
}

// ─── Main ────────────────────────────────────────────────────────────────────────────────────────────────
const results = [];
let browser;
let failed = false;

try {
  const chromium = relock ? undefined : requireChromium();
  const puppeteer = relock ? undefined : await loadPuppeteer();

  const packStart = Date.now();
  console.log('Packing the repository root (npm pack builds dist first)...');
  try {
    const name = await pack();
    console.log(`Packed ${name} to examples/notif-elements.tgz in ${seconds(Date.now() - packStart)}`);
  } catch (error) {
    console.error(tidy(error.output ?? ''));
    throw new Error(`npm pack failed: ${error.message}`, { cause: error });
  }

  if (relock) {
    for (const app of apps) {
      await relockApp(app);
      console.log(`examples/${app}/package-lock.json updated (notif-elements without integrity)`);
    }
    process.exit(0);
  }

  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: HEADLESS_ARGS,
  });

  for (const app of apps) {
    const dir = join(EXAMPLES, app);
    const times = [];
    let phase = 'lock';
    const appStart = Date.now();
    console.log(`\n── ${app} ──`);
    try {
      checkLock(app);
      phase = 'README snippets';
      checkSnippets(app);
      const env = envOf(app);
      if (env !== ENV) console.log(`  node ${(await run('node', ['--version'], dir, env)).trim()}`);
      for (const [name, command] of [
        ['install', ['ci', '--no-audit', '--no-fund']],
        ['typecheck', ['run', 'typecheck']],
        ['build', ['run', 'build']],
      ]) {
        phase = name;
        const start = Date.now();
        await run('npm', command, dir, env);
        times.push(`${name} ${seconds(Date.now() - start)}`);
        console.log(`  ${name} ok (${seconds(Date.now() - start)})`);
      }
      phase = 'browser';
      const start = Date.now();
      const served = SETUP[app];
      const server = served?.server ? await served.server(dir) : await serve(join(dir, 'dist'));
      try {
        const details = [await browserTest(browser, server.url, served)];
        if (served?.plainTags)
          details.push(await plainTagsTest(browser, new URL(served.plainTags, server.url).href));
        times.push(`browser ${seconds(Date.now() - start)}`);
        console.log(`  browser ok (${seconds(Date.now() - start)}): ${details.join('; ')}`);
      } finally {
        await server.close();
      }
      results.push(`${app.padEnd(7)} ok      ${times.join(', ')}; total ${seconds(Date.now() - appStart)}`);
    } catch (error) {
      failed = true;
      if (error.output) console.error(tidy(error.output));
      console.error(`  ${phase} FAILED: ${error.message}`);
      results.push(
        `${app.padEnd(7)} FAILED  at ${phase}: ${error.message.split('\n')[0]}${times.length ? ` (${times.join(', ')})` : ''}`,
      );
    }
  }
} catch (error) {
  failed = true;
  console.error(`run.mjs: ${error.message}`);
} finally {
  await browser?.close();
}

if (results.length) console.log(`\nSummary\n${results.join('\n')}`);
process.exit(failed ? 1 : 0);
