import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { render } from 'lit';
import '../../src/components/inbox/inbox.js';
import '../../src/components/bell/bell.js';
import '../../src/components/toast/toast.js';
import type { NotifToast } from '../../src/components/toast/toast.component.js';
import { arrivalsStore } from '../helpers/arrivals.js';
import { syntheticMessage } from '../helpers/messages.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { markdownText, parseMarkdown, renderMarkdown } from '../../src/internal/markdown.js';
import { $, $$, animationsDone, SUBSCRIBER, untilMessages } from '../helpers/inbox-setup.js';
import { setupProxied } from '../helpers/proxied.js';
import { XSS_TEXT, XSS_URLS } from '../helpers/xss-corpus.js';

/** The elements a formatted body may contain; anything else appearing is a failure. */
const ALLOWED = new Set(['DIV', 'P', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'CODE', 'A', 'BR']);

/** A proxied inbox showing one extra message with `content`, and that message's row. */
async function inboxWith(content: string, attrs: { format?: string; dark?: boolean } = {}) {
  const setup = setupProxied();
  const message = setup.mock.addMessage(SUBSCRIBER, { subject: 'Formatted', content, read: false });
  const store = setup.inbox();
  const el = await fixture<NotifInbox>(
    html`<notif-inbox
      .store=${store}
      body-format=${attrs.format ?? 'markdown'}
      .navigate=${() => undefined}
      theme=${attrs.dark ? 'dark' : 'light'}
    ></notif-inbox>`,
  );
  await untilMessages(el);
  const row = () => $(el, `article[data-key="${message._id}"]`)!;
  const content$ = () => row().querySelector<HTMLElement>('[part="content"]')!;
  if ((attrs.format ?? 'markdown') === 'markdown') {
    await waitUntil(() => content$().querySelector('.md'), 'the formatted body', { timeout: 4000 });
  }
  return { ...setup, el, message, row, content: content$ };
}

function unexpectedElements(root: Element): string[] {
  return [...root.querySelectorAll('*')].map((node) => node.tagName).filter((tag) => !ALLOWED.has(tag));
}

describe('formatted bodies (body-format="markdown")', () => {
  afterEach(() => delete (window as { pwned?: unknown }).pwned);

  it('through the proxy: **a** is bold, a javascript: link is text without a link, <img onerror> is literal text', async () => {
    const body = '**a** [x](javascript:alert(1)) <img src=x onerror="window.pwned=1">';
    const { el, content, mock } = await inboxWith(body);
    const shown = content();
    expect(shown.querySelector('strong')?.textContent).to.equal('a');
    expect(shown.querySelector('a')).to.equal(null);
    expect(shown.querySelector('img')).to.equal(null);
    expect(shown.textContent).to.include('x <img src=x onerror="window.pwned=1">');
    expect(unexpectedElements(shown)).to.deep.equal([]);
    expect((window as { pwned?: unknown }).pwned).to.equal(undefined);
    // The list came through the proxy: the service saw no key from the page but the proxy's.
    const list = mock.requests.find((r) => r.path === '/v1/messages')!;
    expect(list.headers['authorization']).to.equal(`ApiKey ${mock.apiKey}`);
    await expect(el).to.be.accessible();
  });

  it('renders the documented subset: emphasis, strong, code, safe links, line breaks, lists, escapes', async () => {
    const body = [
      'Hello *there* and __you__, run `npm i <pkg>`.',
      'Second line with [the docs](https://example.com/docs) and [local](/settings).',
      '',
      '- one',
      '- **two**',
      '',
      '3. three',
      '4. four',
      '',
      '\\*not em\\* and snake_case_name stay text',
    ].join('\n');
    const { el, content } = await inboxWith(body);
    const shown = content();
    expect(shown.querySelector('em')?.textContent).to.equal('there');
    expect(shown.querySelector('strong')?.textContent).to.equal('you');
    expect(shown.querySelector('code')?.textContent).to.equal('npm i <pkg>');
    const links = [...shown.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).to.deep.equal(['the docs', 'local']);
    expect(links[0]!.getAttribute('href')).to.equal('https://example.com/docs');
    expect(links[1]!.getAttribute('href')).to.equal(new URL('/settings', document.baseURI).href);
    for (const a of links) {
      expect(a.rel).to.equal('noopener noreferrer nofollow');
      expect(a.part.contains('body-link')).to.equal(true);
    }
    expect(shown.querySelector('p')!.querySelector('br')).to.exist;
    expect([...shown.querySelectorAll('ul > li')].map((li) => li.textContent)).to.deep.equal(['one', 'two']);
    expect(shown.querySelector('ul strong')?.textContent).to.equal('two');
    const ol = shown.querySelector('ol')!;
    expect(ol.getAttribute('start')).to.equal('3');
    expect([...ol.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['three', 'four']);
    expect(shown.textContent).to.include('*not em* and snake_case_name stay text');
    expect(unexpectedElements(shown)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('shows the body as it is without body-format', async () => {
    const { content } = await inboxWith('**a** [x](https://example.com)', { format: 'text' });
    await waitUntil(() => content().textContent?.includes('**a**'), 'the plain body');
    expect(content().querySelector('strong, a')).to.equal(null);
  });

  it("a click on a body link follows the link only: not the row's click, nothing marked read", async () => {
    const { el, row, content, mock } = await inboxWith('See [the docs](https://example.com/docs)');
    let rowClicks = 0;
    el.addEventListener('notif-message-click', () => rowClicks++);
    // The test page must stay: the link's navigation is cancelled (the inbox still sees the click).
    const link = content().querySelector('a')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    await el.updateComplete;
    expect(rowClicks).to.equal(0);
    expect(row().classList.contains('unread')).to.equal(true);
    expect(mock.requests.filter((r) => r.path.endsWith('/mark-as'))).to.have.length(0);
    // The row itself still activates on a click outside the link.
    setTimeout(() => row().querySelector<HTMLElement>('[part="subject"]')!.click());
    await oneEvent(el, 'notif-message-click');
  });

  it('puts body links in the tab order of the active row only', async () => {
    const { el, row, content } = await inboxWith('[a](https://example.com/a)');
    const link = () => content().querySelector('a')!;
    const activeKey = $$(el, 'article[tabindex="0"]')[0]!.dataset.key;
    expect(link().tabIndex).to.equal(row().dataset.key === activeKey ? 0 : -1);
    row().focus();
    await el.updateComplete;
    await waitUntil(() => link().tabIndex === 0, 'the focused row link in the tab order');
  });

  it('passes axe in the dark theme and right to left', async () => {
    const setup = setupProxied();
    setup.mock.addMessage(SUBSCRIBER, {
      subject: 'تنسيق',
      content: 'نص **عريض** و`رمز` و[رابط](https://example.com)\n- بند',
      read: false,
    });
    const wrapper = await fixture<HTMLElement>(
      html`<div dir="rtl" lang="ar">
        <notif-inbox .store=${setup.inbox()} body-format="markdown" theme="dark"></notif-inbox>
      </div>`,
    );
    const el = wrapper.querySelector<NotifInbox>('notif-inbox')!;
    await untilMessages(el);
    await waitUntil(() => $(el, '.md strong'), 'the formatted body');
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
    await expect(wrapper).to.be.accessible();
  });

  it('applies to the default body of render hooks, and a hook still replaces it', async () => {
    const setup = setupProxied();
    const message = setup.mock.addMessage(SUBSCRIBER, { subject: 'Hooked', content: '**bold**' });
    const el = await fixture<NotifInbox>(
      html`<notif-inbox
        .store=${setup.inbox()}
        body-format="markdown"
        .renderBody=${(m: { _id?: string }) => (m._id === message._id ? undefined : 'custom body')}
      ></notif-inbox>`,
    );
    await untilMessages(el);
    const row = $(el, `article[data-key="${message._id}"]`)!;
    await waitUntil(() => row.querySelector('[part="content"] strong'), 'the default body, formatted');
    expect($$(el, '[part="content"]').some((c) => c.textContent!.trim() === 'custom body')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('the bell passes body-format to its inbox', async () => {
    const setup = setupProxied();
    setup.mock.addMessage(SUBSCRIBER, { subject: 'Bell', content: 'a *b*' });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${setup.inbox()} body-format="markdown"></notif-bell>`,
    );
    bell.show();
    await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('.md em'), 'a formatted body');
    expect($(bell, 'notif-inbox')!.getAttribute('body-format')).to.equal('markdown');
    // axe checks the colours of the open panel, not a frame of its opening.
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });
});

describe('formatted bodies in the toast', () => {
  it('formats an arrival: bold, no javascript: link, markup as text; its link is not the open button', async () => {
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(
      html`<notif-toast .store=${store} body-format="markdown" .navigate=${() => undefined}></notif-toast>`,
    );
    arrive({
      ...syntheticMessage(1),
      content: '**a** [x](javascript:alert(1)) [docs](https://example.com/docs) <img src=x onerror=alert(1)>',
    });
    await waitUntil(() => $(el, '[part="content"] .md'), 'the formatted toast body', { timeout: 4000 });
    const content = $(el, '[part="content"]')!;
    expect(content.querySelector('strong')?.textContent).to.equal('a');
    expect([...content.querySelectorAll('a')].map((a) => a.textContent)).to.deep.equal(['docs']);
    expect(content.querySelector('img')).to.equal(null);
    expect(content.textContent).to.include('<img src=x onerror=alert(1)>');
    expect(unexpectedElements(content)).to.deep.equal([]);
    // The link is on top of the toast's open button: a click there reaches the link.
    const link = content.querySelector('a')!;
    const box = link.getBoundingClientRect();
    const hit = el.shadowRoot!.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    expect(hit).to.equal(link);
    await expect(el).to.be.accessible();
  });
});

describe('the Markdown subset against hostile bodies', () => {
  afterEach(() => delete (window as { pwned?: unknown }).pwned);

  function renderInto(source: string): HTMLElement {
    const container = document.createElement('div');
    document.body.append(container);
    render(renderMarkdown(source, { focusable: true }), container);
    return container;
  }

  it('runs the XSS corpus: nothing executes, no other element appears, every text shows as text', async () => {
    for (const text of XSS_TEXT) {
      for (const source of [
        text,
        `**${text}**`,
        `- ${text}`,
        `[${text}](https://example.com)`,
        `\`${text}\``,
      ]) {
        const container = renderInto(source);
        expect(unexpectedElements(container), source).to.deep.equal([]);
        // Markup and templates show whole, as text (those with the subset's own marks are read as marks).
        if (!/[*_`\\[\]]/.test(text)) expect(container.textContent, source).to.include(text);
        container.remove();
      }
    }
    for (const url of XSS_URLS) {
      const container = renderInto(`[click](${url}) [x](${url} "t") <a href="${url}">y</a>`);
      expect(unexpectedElements(container), url).to.deep.equal([]);
      for (const a of container.querySelectorAll('a')) {
        expect(new URL(a.href).protocol, url).to.match(/^https?:$/);
      }
      container.remove();
    }
    // Give any injected handler a chance to run (an error event, a load) before checking nothing did.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect((window as { pwned?: unknown }).pwned).to.equal(undefined);
  });

  it('completes on a 100 KB body of *, _, [, ], ( and ) (no catastrophic backtracking)', () => {
    const pieces = ['*', '_', '[', ']', '(', ')', '**', '__', '`', 'a', ' ', '\n', '](', '\\'];
    let seed = 7;
    let body = '';
    while (body.length < 100_000) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      body += pieces[seed % pieces.length];
    }
    for (const hostile of [
      body,
      '*'.repeat(100_000),
      '_'.repeat(100_000),
      '['.repeat(100_000),
      '[a]('.repeat(25_000),
      '*a'.repeat(50_000),
      '**a _b [c'.repeat(11_000),
    ]) {
      const blocks = parseMarkdown(hostile);
      expect(blocks.length).to.be.greaterThan(0);
      const container = renderInto(hostile);
      expect(unexpectedElements(container)).to.deep.equal([]);
      // Every character shows, as text or as a mark: nothing is dropped silently.
      expect(markdownText(hostile).length).to.be.greaterThan(0);
      container.remove();
    }
  });
});
