// Server rendering with @lit-labs/ssr, against the BUILT library: dist/index.js, whose `lit` Node resolves with
// its `node` export condition, as on a server. `npm run test:node` builds it first. The process has no DOM
// (no `document`, `window`, `Element`): whatever the elements touched of it would throw here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LitElementRenderer, render } from '@lit-labs/ssr';
import { collectResult, collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';

const DIST = join(import.meta.dirname, '../../dist');
const SUBSCRIBER = 'usr_priya_raman';

/** The library, imported once by the first test (importing it is under test too). */
let library;

/** The HTML @lit-labs/ssr renders for a template. */
function renderToString(template) {
  return collectResultSync(render(template));
}

/**
 * The contents of the declarative shadow root of the first `<tag>` in `markup` (its `<template shadowrootmode>`),
 * nested templates included.
 */
function shadowOf(markup, tag) {
  const open = new RegExp(`<${tag}\\b[^>]*><template shadowroot="open" shadowrootmode="open">`);
  const match = open.exec(markup);
  assert.ok(match, `no <${tag}> with a declarative shadow root in:\n${markup.slice(0, 400)}`);
  const start = match.index + match[0].length;
  const tags = /<template\b|<\/template>/g;
  tags.lastIndex = start;
  let depth = 1;
  for (let found = tags.exec(markup); found; found = tags.exec(markup)) {
    depth += found[0] === '</template>' ? -1 : 1;
    if (depth === 0) return markup.slice(start, found.index);
  }
  assert.fail(`the shadow root of <${tag}> is not closed`);
}

/** The opening tag of the first element with `part="<part>"` (or `id="<id>"`) in `markup`. */
function tagWith(markup, attribute, value) {
  const found = new RegExp(`<[a-z][\\w-]*\\s[^>]*\\b${attribute}="${value}"[^>]*>`).exec(markup);
  assert.ok(found, `no element with ${attribute}="${value}"`);
  return found[0];
}

/** The value of `name` in an opening tag, or undefined. */
function attributeOf(tag, name) {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The text a reader sees in `markup`: no styles, no comments (Lit's markers), no tags, whitespace collapsed. */
function textOf(markup) {
  return markup
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<!--[\s\S]*?-->|<\?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text inside the first element whose opening tag carries `attribute="value"`. */
function textIn(markup, attribute, value) {
  const tag = tagWith(markup, attribute, value);
  const name = /^<([\w-]+)/.exec(tag)[1];
  const start = markup.indexOf(tag) + tag.length;
  return textOf(markup.slice(start, markup.indexOf(`</${name}>`, start)));
}

describe('server rendering with @lit-labs/ssr', () => {
  before(() => {
    // The test is meaningful only without a DOM: nothing here may have installed one.
    for (const name of ['document', 'window', 'Element', 'HTMLElement', 'ShadowRoot', 'MutationObserver']) {
      assert.equal(typeof globalThis[name], 'undefined', `${name} is defined in this Node process`);
    }
  });

  test('importing the library touches no DOM global', async () => {
    library = await import('../../dist/index.js');
    assert.ok(customElements.get('notif-bell'), 'the elements are defined in the server registry');
    for (const name of ['document', 'window', 'Element', 'navigator']) {
      // `navigator` exists in Node 21 and later; the library must not define it in any version.
      if (name === 'navigator' && 'navigator' in globalThis) continue;
      assert.equal(typeof globalThis[name], 'undefined', `importing defined ${name}`);
    }
  });

  test('the server needs the library build only, never the self-contained file', () => {
    // Every module the library's entry reaches, static and dynamic imports alike, is in dist/ and outside
    // dist/cdn/; what is not relative is a dependency the package declares.
    const seen = new Set();
    const bare = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) {
        if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
        else bare.add(specifier);
      }
    };
    visit(join(DIST, 'index.js'));
    assert.ok(seen.size > 20, `only ${seen.size} modules reached: is dist/ built?`);
    for (const file of seen) {
      const path = relative(DIST, file);
      assert.ok(!path.startsWith('..') && !path.startsWith('cdn/'), `the library imports ${path}`);
    }
    const dependencies = /^(lit|lit\/.+|@lit\/.+|@lit-labs\/virtualizer\/.+|nanostores)$/;
    for (const specifier of bare) assert.match(specifier, dependencies);
  });

  test('notif-elements/cdn resolves to the library build in Node, so a server may import it', async () => {
    // The package refers to itself by name through its `exports`, as an app's server would.
    assert.equal(import.meta.resolve('notif-elements/cdn'), import.meta.resolve('notif-elements'));
    assert.equal(new URL(import.meta.resolve('notif-elements/cdn')).pathname, join(DIST, 'index.js'));
    const cdn = await import('notif-elements/cdn');
    assert.equal(typeof cdn.NotifBell, 'function');
  });
  test('<notif-provider> renders its slot, and the bell inside it in English', () => {
    const markup = renderToString(
      html`<notif-provider base-url="https://notif.example" subscriber-id=${SUBSCRIBER}>
        <notif-bell></notif-bell>
      </notif-provider>`,
    );
    assert.match(shadowOf(markup, 'notif-provider'), /<slot><\/slot>/);
    const bell = shadowOf(markup, 'notif-bell');
    const button = tagWith(bell, 'part', 'button');
    assert.equal(attributeOf(button, 'aria-label'), 'Notifications');
    assert.equal(attributeOf(button, 'lang'), 'en');
    // No data on the server: no badge.
    assert.doesNotMatch(bell, /part="badge"/);
  });

  test('<notif-bell>: a closed bell button named "Notifications", in English, with its styles', () => {
    const markup = renderToString(html`<notif-bell></notif-bell>`);
    const bell = shadowOf(markup, 'notif-bell');
    const button = tagWith(bell, 'part', 'button');
    assert.match(button, /^<button\b/);
    assert.equal(attributeOf(button, 'aria-label'), 'Notifications');
    assert.equal(attributeOf(button, 'aria-expanded'), 'false');
    assert.equal(attributeOf(button, 'aria-haspopup'), 'dialog');
    assert.equal(attributeOf(button, 'lang'), 'en');
    const panel = tagWith(bell, 'part', 'panel');
    assert.equal(attributeOf(panel, 'popover'), 'auto');
    assert.equal(attributeOf(panel, 'dir'), 'ltr');
    assert.doesNotMatch(bell, /part="badge"|<notif-inbox/);
    // The styles travel in the shadow root: the page is styled before any script runs.
    assert.match(bell, /^<style>:host\{[\s\S]*\.bell\{[\s\S]*<\/style>/);
  });

  test('<notif-inbox>: its English heading, header and loading state', () => {
    const markup = renderToString(html`<notif-inbox></notif-inbox>`);
    const inbox = shadowOf(markup, 'notif-inbox');
    const base = tagWith(inbox, 'part', 'base');
    assert.equal(attributeOf(base, 'lang'), 'en');
    assert.equal(attributeOf(base, 'dir'), 'ltr');
    assert.equal(textIn(inbox, 'part', 'title'), 'Notifications');
    // An icon button named by its tooltip.
    assert.equal(attributeOf(tagWith(inbox, 'part', 'mark-all'), 'title'), 'Mark all as read');
    assert.match(tagWith(inbox, 'part', 'mark-all'), /\sdisabled[\s>]/);
    assert.equal(attributeOf(tagWith(inbox, 'part', 'views'), 'aria-label'), 'Show notifications');
    assert.equal(textIn(inbox, 'data-view', 'all'), 'All');
    assert.equal(textIn(inbox, 'data-view', 'unread'), 'Unread');
    assert.match(inbox, /part="skeleton"/);
    assert.equal(textIn(inbox, 'role', 'status'), 'Loading notifications…');
    assert.doesNotMatch(inbox, /<article\b/);
  });

  test('<notif-preferences>: its English heading and loading state', () => {
    const markup = renderToString(html`<notif-preferences></notif-preferences>`);
    const preferences = shadowOf(markup, 'notif-preferences');
    assert.equal(attributeOf(tagWith(preferences, 'part', 'base'), 'lang'), 'en');
    assert.equal(textIn(preferences, 'part', 'title'), 'Notification preferences');
    assert.match(preferences, /part="skeleton"/);
    assert.equal(textIn(preferences, 'role', 'status'), 'Loading preferences…');
  });

  test('an open bell renders its panel and the inbox inside it', () => {
    const markup = renderToString(html`<notif-bell open></notif-bell>`);
    const bell = shadowOf(markup, 'notif-bell');
    assert.equal(attributeOf(tagWith(bell, 'part', 'button'), 'aria-expanded'), 'true');
    // Nested in the bell's shadow root: it hydrates after the bell.
    assert.match(tagWith(bell, 'part', 'inbox'), /\sdefer-hydration[\s>]/);
    assert.equal(textIn(shadowOf(bell, 'notif-inbox'), 'part', 'title'), 'Notifications');
    assert.equal(attributeOf(tagWith(bell, 'part', 'close'), 'title'), 'Close notifications');
  });

  test('theme="dark" stays on the element, and its stylesheet has the dark scheme', () => {
    const markup = renderToString(html`<notif-bell theme="dark"></notif-bell>`);
    assert.match(markup, /<notif-bell\s[^>]*\btheme="dark"/);
    assert.match(
      shadowOf(markup, 'notif-bell'),
      /:host\(\[theme=['"]?dark['"]?\]\)\s*\{\s*color-scheme:\s*dark/,
    );
  });

  test('the server ignores the page and its own language: English, left to right', async (t) => {
    // A server's `navigator.language` (Node 21 and later have one) is the server's, not the reader's.
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'fr-FR' }, configurable: true });
    t.after(() => {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else delete globalThis.navigator;
    });
    const markup = renderToString(html`<div lang="ja"><notif-inbox></notif-inbox></div>`);
    const inbox = shadowOf(markup, 'notif-inbox');
    assert.equal(attributeOf(tagWith(inbox, 'part', 'base'), 'lang'), 'en');
    assert.equal(textIn(inbox, 'part', 'title'), 'Notifications');
  });

  test('locale="de": German once the table is loaded, `lang` and numbers at once', async () => {
    const { de } = await import('../../dist/locales/de.js');
    // Rendering is synchronous: a table the elements load on demand is not there yet.
    const before = shadowOf(renderToString(html`<notif-inbox locale="de"></notif-inbox>`), 'notif-inbox');
    assert.equal(attributeOf(tagWith(before, 'part', 'base'), 'lang'), 'de');
    assert.equal(textIn(before, 'part', 'title'), 'Notifications');

    await library.loadTranslation('de');
    const inbox = shadowOf(renderToString(html`<notif-inbox locale="de"></notif-inbox>`), 'notif-inbox');
    assert.equal(attributeOf(tagWith(inbox, 'part', 'base'), 'lang'), 'de');
    assert.equal(textIn(inbox, 'part', 'title'), de['inbox.title']);
    assert.equal(textIn(inbox, 'role', 'status'), de['inbox.loading']);
    const bell = shadowOf(renderToString(html`<notif-bell locale="de"></notif-bell>`), 'notif-bell');
    assert.equal(attributeOf(tagWith(bell, 'part', 'button'), 'lang'), 'de');
    assert.notEqual(attributeOf(tagWith(bell, 'part', 'button'), 'aria-label'), 'Notifications');
  });

  test("the provider's locale and strings reach the elements inside it, and the inbox in an open bell", async () => {
    const { de } = await import('../../dist/locales/de.js');
    await library.loadTranslation('de');
    const strings = { 'preferences.title': 'Your settings' };
    const markup = renderToString(
      html`<notif-provider locale="de" .strings=${strings}>
        <notif-bell open></notif-bell>
        <notif-preferences></notif-preferences>
      </notif-provider>`,
    );
    const bell = shadowOf(markup, 'notif-bell');
    assert.equal(attributeOf(tagWith(bell, 'part', 'button'), 'lang'), 'de');
    assert.equal(textIn(shadowOf(bell, 'notif-inbox'), 'part', 'title'), de['inbox.title']);
    const preferences = shadowOf(markup, 'notif-preferences');
    assert.equal(attributeOf(tagWith(preferences, 'part', 'base'), 'lang'), 'de');
    assert.equal(textIn(preferences, 'part', 'title'), 'Your settings');
    // An element's own locale wins over its provider's.
    const own = renderToString(
      html`<notif-provider locale="de"><notif-inbox locale="en-GB"></notif-inbox></notif-provider>`,
    );
    assert.equal(attributeOf(tagWith(shadowOf(own, 'notif-inbox'), 'part', 'base'), 'lang'), 'en-GB');
  });

  test("the direction: the locale's, or the element's own dir attribute", () => {
    const arabic = shadowOf(renderToString(html`<notif-inbox locale="ar"></notif-inbox>`), 'notif-inbox');
    assert.equal(attributeOf(tagWith(arabic, 'part', 'base'), 'dir'), 'rtl');
    const own = shadowOf(renderToString(html`<notif-inbox dir="rtl"></notif-inbox>`), 'notif-inbox');
    assert.equal(attributeOf(tagWith(own, 'part', 'base'), 'dir'), 'rtl');
  });

  test('no data loads on the server: no request, even with a connection or a store', async () => {
    const calls = [];
    const fetch = async (input) => {
      calls.push(String(input));
      return new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = library.createNotifClient({ baseUrl: 'https://notif.example', fetch });
    const store = library.createInboxStore(client, { subscriberId: SUBSCRIBER });
    after(() => store.destroy());
    const markup = await collectResult(
      render(
        html`<notif-provider base-url="https://notif.example" subscriber-id=${SUBSCRIBER} .fetch=${fetch}>
            <notif-bell></notif-bell><notif-inbox></notif-inbox><notif-preferences></notif-preferences>
          </notif-provider>
          <notif-bell .store=${store}></notif-bell>
          <notif-inbox base-url="https://notif.example" subscriber-id=${SUBSCRIBER}></notif-inbox>`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(calls, []);
    assert.doesNotMatch(markup, /part="badge"|<article\b/);
  });

  test("with @lit-labs/ssr's connectedCallback option: the same HTML, and nothing left running", async (t) => {
    const template = () =>
      html`<notif-provider locale="de" base-url="https://notif.example" subscriber-id=${SUBSCRIBER}>
          <notif-bell open></notif-bell><notif-preferences></notif-preferences>
        </notif-provider>
        <notif-inbox base-url="https://notif.example" subscriber-id=${SUBSCRIBER}></notif-inbox>`;
    const withoutOption = renderToString(template());
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
    const timersBefore = timers();
    const option = () => ({ connectedCallback: true });
    LitElementRenderer.renderOptions.push(option);
    t.after(() =>
      LitElementRenderer.renderOptions.splice(LitElementRenderer.renderOptions.indexOf(option), 1),
    );
    const withOption = renderToString(template());
    assert.equal(withOption, withoutOption);
    // No relative-time timer, no connection, no poller: the server renders once and forgets the elements.
    assert.equal(timers(), timersBefore);
  });
});
