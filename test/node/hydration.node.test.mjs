// Hydration: HTML that @lit-labs/ssr renders here in Node from the BUILT library (dist/) is loaded in headless
// Chromium with @lit-labs/ssr-client's hydrate support ahead of the element definitions, all in one bundle
// (one copy of Lit). The elements must take over the server's shadow roots without a mismatch (Lit throws on
// one), keep their nodes, and then work: load their data through a provider wired to the mock service, and
// take the page's locale. `npm run test:node` builds dist/ first; Chromium is CHROME_PATH or Debian's.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { build } from 'esbuild';
import { html } from 'lit';
import puppeteer from 'puppeteer-core';
import { HEADLESS_ARGS, requireChromium } from '../../scripts/chromium.mjs';

const ROOT = join(import.meta.dirname, '../..');
const SUBSCRIBER = 'usr_priya_raman';
const MOCK_BASE = 'https://mock.test';

/** The page's elements, rendered by the server: no data, English unless a locale says otherwise. */
async function serverHtml() {
  await import('../../dist/index.js');
  return collectResultSync(
    render(html`
      <notif-provider base-url=${MOCK_BASE} subscriber-id=${SUBSCRIBER}>
        <notif-bell></notif-bell>
        <notif-inbox id="provided"></notif-inbox>
        <notif-preferences locale="de" theme="dark"></notif-preferences>
      </notif-provider>
      <section lang="ar"><notif-inbox id="arabic"></notif-inbox></section>
      <notif-bell id="preloaded"></notif-bell>
    `),
  );
}

/**
 * The browser's code, in one file: the hydrate support first (it patches LitElement as Lit loads), then, before
 * the elements are defined: the mock service handed to the provider; the German table registered (the server
 * had not loaded it: the hydrating elements must not keep its English); a store that has loaded its messages
 * handed to the last bell (the server drew it without data: hydrating with the data would be a mismatch). Then
 * the definitions.
 */
async function bundle() {
  const result = await build({
    stdin: {
      contents: `
        import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
        import { createMockService } from './dist/mock.js';
        import { registerTranslation } from './dist/i18n/translator.js';
        import { de } from './dist/locales/de.js';
        import { createNotifClient } from './dist/client.js';
        import { createInboxStore } from './dist/store.js';

        const mock = createMockService({ auth: false });
        document.querySelector('notif-provider').fetch = mock.fetch;
        registerTranslation('de', de);

        const client = createNotifClient({ baseUrl: '${MOCK_BASE}', fetch: mock.fetch });
        const store = createInboxStore(client, { subscriberId: '${SUBSCRIBER}', syncKey: false });
        store.$messages.listen(() => {}); // a listener starts the first load
        await new Promise((resolve) => store.$loaded.subscribe((loaded) => loaded && resolve()));
        window.preloadedUnseen = store.$counts.get().unseen;
        document.querySelector('#preloaded').store = store;

        await import('./dist/index.js');
        window.defined = true;
      `,
      resolveDir: ROOT,
      sourcefile: 'hydrate-entry.js',
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // nanostores reads it; a bundler replaces it.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0].text;
}

/** Nodes of the declarative shadow roots that hydration must reuse: the host's selector, then the node's. */
const KEPT = {
  providerSlot: ['notif-provider', 'slot'],
  bellButton: ['notif-bell', '[part="button"]'],
  preloadedButton: ['#preloaded', '[part="button"]'],
  inboxTitle: ['#provided', '#title'],
  preferencesTitle: ['notif-preferences', '#title'],
  arabicBase: ['#arabic', '[part="base"]'],
};

/**
 * The page: the server's HTML, then a classic script that, before any element is defined, keeps nodes of the
 * declarative shadow roots (hydration must reuse them), then the bundle.
 */
function page(body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>hydration</title>
<link rel="icon" href="data:,">
</head>
<body>
${body}
<script>
  window.kept = Object.fromEntries(
    Object.entries(${JSON.stringify(KEPT)}).map(([name, [host, node]]) => [
      name,
      document.querySelector(host).shadowRoot.querySelector(node),
    ]),
  );
  window.definedEarly = customElements.get('notif-bell') !== undefined;
</script>
<script type="module" src="/app.js"></script>
</body>
</html>`;
}

describe('hydration of server-rendered elements in Chromium', () => {
  let server;
  let origin;
  let browser;
  let tab;
  const errors = [];
  let translations;

  before(async () => {
    const [body, script] = await Promise.all([serverHtml(), bundle()]);
    translations = {
      ar: (await import('../../dist/locales/ar.js')).ar,
      de: (await import('../../dist/locales/de.js')).de,
    };
    const files = new Map([
      ['/', { type: 'text/html; charset=utf-8', body: page(body) }],
      ['/app.js', { type: 'text/javascript; charset=utf-8', body: script }],
    ]);
    server = createServer((req, res) => {
      const file = files.get(new URL(req.url, 'http://localhost').pathname);
      if (!file) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${server.address().port}`;

    browser = await puppeteer.launch({
      executablePath: requireChromium(),
      headless: true,
      args: [...HEADLESS_ARGS, '--disable-dev-shm-usage'],
    });
    tab = await browser.newPage();
    tab.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
    });
    // The mock's avatars point at hosts of its own: every request away from this server gets a blank image,
    // so that no failed load reaches the console.
    await tab.setRequestInterception(true);
    tab.on('request', (request) => {
      if (request.url().startsWith(origin)) return void request.continue();
      void request.respond({
        status: 200,
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
      });
    });
    await tab.goto(`${origin}/`, { waitUntil: 'load' });
    await tab
      .waitForFunction(() => window.defined === true)
      .catch((error) => {
        throw new Error(`the page did not load: ${error.message}\n${errors.join('\n')}`);
      });
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  });

  test('the server rendered every element with a declarative shadow root, before any definition', async () => {
    const early = await tab.evaluate(() => ({
      definedEarly: window.definedEarly,
      kept: Object.fromEntries(Object.entries(window.kept).map(([name, node]) => [name, node !== null])),
    }));
    assert.equal(early.definedEarly, false);
    for (const [name, found] of Object.entries(early.kept))
      assert.ok(found, `${name} was not server-rendered`);
  });

  test('the bell shows the unseen count from the mock service through its provider', async () => {
    await tab.waitForFunction(
      () => document.querySelector('notif-bell').shadowRoot.querySelector('[part="badge"]') !== null,
    );
    const { badge, label } = await tab.evaluate(() => {
      const root = document.querySelector('notif-bell').shadowRoot;
      return {
        badge: root.querySelector('[part="badge"]').textContent.trim(),
        label: root.querySelector('[part="button"]').getAttribute('aria-label'),
      };
    });
    assert.match(badge, /^[1-9]\d*\+?$/);
    assert.equal(label, `Notifications, ${badge} unseen`);
  });

  test('a bell given a store that already had data hydrates, then shows it', async () => {
    await tab.waitForFunction(
      () => document.querySelector('#preloaded').shadowRoot.querySelector('[part="badge"]') !== null,
    );
    const { badge, unseen } = await tab.evaluate(() => ({
      badge: document
        .querySelector('#preloaded')
        .shadowRoot.querySelector('[part="badge"]')
        .textContent.trim(),
      unseen: window.preloadedUnseen,
    }));
    assert.ok(unseen > 0);
    assert.match(badge, new RegExp(`^${unseen}\\+?$`));
  });

  test('the inbox and the preferences load their data', async () => {
    await tab.waitForFunction(
      () =>
        document.querySelector('#provided').shadowRoot.querySelectorAll('article[data-key]').length > 0 &&
        document.querySelector('notif-preferences').shadowRoot.querySelector('[part~="switch"]') !== null,
    );
  });

  test("the elements take their locale in the browser: the page's lang, a table registered before", async () => {
    const { ar, de } = translations;
    await tab.waitForFunction(
      (title) =>
        document.querySelector('#arabic').shadowRoot.querySelector('#title').textContent.trim() === title,
      {},
      ar['inbox.title'],
    );
    const state = await tab.evaluate(() => {
      const arabic = document.querySelector('#arabic').shadowRoot.querySelector('[part="base"]');
      const preferences = document.querySelector('notif-preferences').shadowRoot;
      return {
        arabic: { lang: arabic.getAttribute('lang'), dir: arabic.getAttribute('dir') },
        direction: getComputedStyle(arabic).direction,
        preferencesTitle: preferences.querySelector('#title').textContent.trim(),
        preferencesLang: preferences.querySelector('[part="base"]').getAttribute('lang'),
        colorScheme: getComputedStyle(document.querySelector('notif-preferences')).colorScheme,
      };
    });
    // The server drew them in English, left to right: the attributes follow the browser's locale.
    assert.deepEqual(state.arabic, { lang: 'ar', dir: 'rtl' });
    assert.equal(state.direction, 'rtl');
    assert.equal(state.preferencesTitle, de['preferences.title']);
    assert.equal(state.preferencesLang, 'de');
    // The styles the server put in the shadow root apply.
    assert.equal(state.colorScheme, 'dark');
  });

  test('hydration kept the server-rendered nodes, one of each', async () => {
    const kept = await tab.evaluate(
      (nodes) =>
        Object.fromEntries(
          Object.entries(nodes).map(([name, [host, node]]) => {
            const now = document.querySelector(host).shadowRoot.querySelectorAll(node);
            return [
              name,
              {
                connected: window.kept[name].isConnected,
                same: now.length === 1 && now[0] === window.kept[name],
              },
            ];
          }),
        ),
      KEPT,
    );
    for (const [name, { connected, same }] of Object.entries(kept)) {
      assert.ok(connected && same, `${name} was replaced, not hydrated`);
    }
  });

  test('the bell opens its panel, with the inbox inside it', async () => {
    await tab.evaluate(() =>
      document.querySelector('notif-bell').shadowRoot.querySelector('[part="button"]').click(),
    );
    await tab.waitForFunction(() => {
      const root = document.querySelector('notif-bell').shadowRoot;
      const inbox = root.querySelector('notif-inbox');
      return (
        root.querySelector('[part="panel"]').matches(':popover-open') &&
        (inbox?.shadowRoot?.querySelectorAll('article[data-key]').length ?? 0) > 0
      );
    });
  });

  test('no error on the page: no hydration mismatch, no failed request', () => {
    assert.deepEqual(errors, []);
  });
});
