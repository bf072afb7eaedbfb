import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/inbox/inbox.js';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { NotifInboxTab } from '../../src/components/inbox/inbox-tabs-hook.js';
import type { Message } from '../../src/client/types.js';
import { createMockService, PRIYA, type MockService } from '../../src/mock/index.js';
import { createNotifProxy, type NotifSession } from '../../src/proxy/index.js';
import { $, $$, animationsDone, removeFixtures } from '../helpers/inbox-setup.js';

// Tabs in Chromium, against the mock service through the proxy (`createNotifProxy`, with its live edge for
// `GET /counts`): the page's `fetch` goes to the proxy, the proxy's to the mock, which records what it got.

const NORTHWIND = 'tenant:northwind';
const TABS: NotifInboxTab[] = [
  { label: 'All' },
  { label: 'Northwind', contextKeys: [NORTHWIND] },
  { label: 'Mentions', workflow: 'comment-mention' },
];

/** The subscriber's in-app messages with every one of `keys`, newest first, asked of the mock itself. */
async function truth(mock: MockService, keys: string[]): Promise<Message[]> {
  const query = new URLSearchParams({ subscriberId: PRIYA, channel: 'in_app', limit: '100', page: '0' });
  for (const key of keys) query.append('contextKeys', key);
  const response = await mock.fetch(`http://mock.internal/v1/messages?${query}`, { method: 'GET' });
  return ((await response.json()) as { data: Message[] }).data;
}

interface Served {
  mock: MockService;
  proxy: ReturnType<typeof createNotifProxy>;
  /** The `GET /v1/messages` requests the service received, as query parameters. */
  lists(): URLSearchParams[];
}

describe('<notif-inbox> tabs', () => {
  const cleanups: (() => void)[] = [];
  afterEach(async () => {
    await removeFixtures();
    cleanups.splice(0).forEach((cleanup) => cleanup());
    sessionStorage.clear();
  });

  function serve(
    authenticate: () => string | NotifSession | null = () => PRIYA,
    live: boolean = true,
  ): Served {
    // 100 messages: more than two pages of the Northwind tenant (half of them).
    const mock = createMockService({ auth: false, messagesPerSubscriber: 100 });
    const proxy = createNotifProxy({
      baseUrl: 'http://mock.internal',
      apiKey: 'test-key-not-used-by-the-mock',
      fetch: mock.fetch,
      authenticate,
      basePath: '/notif-api',
      live: live ? { watchIntervalMs: 0 } : false,
    });
    const stub = sinon.stub(window, 'fetch').callsFake(async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input), location.href);
      return proxy(new Request(url, init));
    });
    cleanups.push(() => {
      stub.restore();
      proxy.close();
    });
    const lists = () =>
      mock.requests.filter((r) => r.path === '/v1/messages').map((r) => new URLSearchParams(r.query));
    return { mock, proxy, lists };
  }

  async function inbox(tabs: NotifInboxTab[] | string = TABS, attrs = ''): Promise<NotifInbox> {
    const el = await fixture<NotifInbox>(
      typeof tabs === 'string'
        ? html`<notif-inbox
            base-url="/notif-api"
            subscriber-id=${PRIYA}
            tabs=${tabs}
            tab-storage-key=${attrs || undefined}
          ></notif-inbox>`
        : html`<notif-inbox
            base-url="/notif-api"
            subscriber-id=${PRIYA}
            .tabs=${tabs}
            tab-storage-key=${attrs || undefined}
          ></notif-inbox>`,
    );
    await waitUntil(() => $$(el, '[role="tab"]').length > 0, 'the tabs', { timeout: 4000 });
    await waitUntil(() => $$(el, 'article').length > 0, 'the first rows', { timeout: 4000 });
    return el;
  }

  const tab = (el: NotifInbox, label: string) =>
    $$(el, '[role="tab"]').find((t) => t.querySelector('bdi')!.textContent === label)!;
  /** A tab's accessible name: its content, the visible label and count being hidden behind the full name. */
  const nameOf = (t: HTMLElement) => t.querySelector('.visually-hidden')?.textContent ?? '';
  const shownIds = (el: NotifInbox) => (el.activeStore?.$messages.get() ?? []).map((m) => m._id);

  it('a contextKeys tab sends its keys on every list request (first page, next pages, refresh) and shows only its messages', async () => {
    const served = serve();
    const el = await inbox();
    const before = served.lists().length;
    tab(el, 'Northwind').click();
    await waitUntil(() => el.activeStore?.$loaded.get(), 'the scoped list', { timeout: 4000 });
    await el.updateComplete;
    const scoped = el.activeStore!;
    expect(scoped.options.contextKeys).to.deep.equal([NORTHWIND]);
    const all = await truth(served.mock, [NORTHWIND]);
    expect(all.length, 'the seed has more than a page of Northwind messages').to.be.greaterThan(40);

    // The next page (as scrolling asks), and a refresh (as a poll does).
    await waitUntil(() => scoped.$status.get().state === 'idle' && scoped.$hasMore.get(), 'idle, with more');
    await scoped.loadMore();
    await scoped.refresh();

    // The list requests since the click, but the proxy's counting (limit 100): the scoped store's first
    // page, next page and refresh (a catch-up poll when it mounts too), each with the key. The unscoped
    // store (the All tab's count) may poll its first page meanwhile, without keys; it never pages on.
    const sent = served
      .lists()
      .slice(before)
      .filter((q) => q.get('limit') === '20');
    const scopedSent = sent.filter((q) => q.getAll('contextKeys').length > 0);
    for (const q of scopedSent) expect(q.getAll('contextKeys')).to.deep.equal([NORTHWIND]);
    expect(
      scopedSent.map((q) => q.get('page')),
      'first page, next page, refresh',
    ).to.include.members(['0', '1']);
    expect(scopedSent.length).to.be.at.least(3);
    expect(scopedSent.at(-1)!.get('page'), 'the refresh').to.equal('0');
    for (const q of sent.filter((q) => q.get('page') !== '0'))
      expect(q.getAll('contextKeys')).to.deep.equal([NORTHWIND]);

    const allowed = new Set(all.map((m) => m._id));
    const ids = shownIds(el);
    expect(ids.length).to.equal(Math.min(40, all.length));
    for (const id of ids) expect(allowed.has(id), `${id} carries ${NORTHWIND}`).to.equal(true);
    await el.updateComplete;
    const rows = $$(el, 'article');
    expect(rows.length).to.be.greaterThan(0);
    expect(rows.length).to.be.at.most(ids.length);
    expect($(el, '[role="tabpanel"]')!.getAttribute('aria-labelledby')).to.equal(tab(el, 'Northwind').id);
  });

  it('shows each tab’s unread count: exact for a scoped tab through the proxy’s counts, a lower bound for a filtering one', async () => {
    const served = serve();
    const el = await inbox();
    const exact = (await truth(served.mock, [NORTHWIND])).filter((m) => !m.read).length;
    expect(exact).to.be.greaterThan(0);
    await waitUntil(
      () => nameOf(tab(el, 'Northwind')) === `Northwind, ${exact} unread`,
      `the exact count ${exact}`,
      { timeout: 4000 },
    );
    expect(tab(el, 'Northwind').querySelector('[part="tab-count"]')!.textContent!.trim()).to.equal(
      String(exact),
    );
    // Selected, its Unread view counts the same (the server's count, not the loaded page's).
    tab(el, 'Northwind').click();
    await waitUntil(
      () => $(el, '[part="view-count"]')?.textContent?.trim() === String(exact),
      `the Unread view's count ${exact}`,
      { timeout: 4000 },
    );
    tab(el, 'All').click();
    await el.updateComplete;
    // The counts route was asked with the tab's keys.
    const countsAsked = served.mock.requests.filter(
      (r) => r.path === '/v1/messages' && new URLSearchParams(r.query).get('limit') === '100',
    );
    expect(countsAsked.some((r) => new URLSearchParams(r.query).getAll('contextKeys').includes(NORTHWIND))).to
      .be.true;

    // The filtering tab counts over the loaded page (the service has more): "N+", in its name too.
    const loaded = el.activeStore!.$messages.get();
    const mentions = loaded.filter((m) => m.templateIdentifier === 'comment-mention' && !m.read).length;
    expect(mentions, 'unread mentions on the first page').to.be.greaterThan(0);
    expect(el.activeStore!.$hasMore.get()).to.equal(true);
    await waitUntil(() => nameOf(tab(el, 'Mentions')) === `Mentions, ${mentions}+ unread`);
    expect(tab(el, 'Mentions').querySelector('[part="tab-count"]')!.textContent!.trim()).to.equal(
      `${mentions}+`,
    );
  });

  it('without the counts route, a scoped tab shows an honest lower bound from its first page', async () => {
    const served = serve(() => PRIYA, false);
    const el = await inbox();
    const all = await truth(served.mock, [NORTHWIND]);
    const firstPage = all.slice(0, 20).filter((m) => !m.read).length;
    const name = all.length > 20 ? `Northwind, ${firstPage}+ unread` : `Northwind, ${firstPage} unread`;
    await waitUntil(() => nameOf(tab(el, 'Northwind')) === name, name, { timeout: 4000 });
  });

  it('a filtering tab lists only its messages, and "Mark all as read" marks only those', async () => {
    const served = serve();
    const el = await inbox();
    tab(el, 'Mentions').click();
    await el.updateComplete;
    await waitUntil(() => $$(el, 'article').length > 0 || $(el, '[part="empty"]'), 'the tab', {
      timeout: 4000,
    });
    const store = el.activeStore!;
    const listed = store.$messages.get().filter((m) => m.templateIdentifier === 'comment-mention');
    expect($$(el, 'article').length).to.equal(listed.length);
    const unread = listed.filter((m) => !m.read).map((m) => m._id);
    expect(unread.length, 'unread mentions').to.be.greaterThan(0);
    const marksBefore = served.mock.requests.filter((r) => r.path.endsWith('/mark-as')).length;
    $(el, '[part="mark-all"]')!.click();
    await waitUntil(
      () => served.mock.requests.filter((r) => r.path.endsWith('/mark-as')).length > marksBefore,
      'a mark-as',
    );
    const mark = served.mock.requests.filter((r) => r.path.endsWith('/mark-as')).at(-1)!;
    expect((mark.body as { messageId: string[] }).messageId).to.have.members(unread as string[]);
  });

  it('is a WAI-ARIA tab list: arrows (mirrored right to left), Home, End, a roving tabindex', async () => {
    serve();
    const el = await inbox();
    const tabs = () => $$(el, '[role="tab"]');
    expect($(el, '[role="tablist"]')!.getAttribute('aria-label')).to.equal('Notification feeds');
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    tabs()[0]!.focus();
    tabs()[0]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }),
    );
    await waitUntil(() => el.shadowRoot!.activeElement === tabs()[1]);
    expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([-1, 0, -1]);
    tabs()[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true }));
    await waitUntil(() => el.shadowRoot!.activeElement === tabs()[2]);
    tabs()[2]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }),
    );
    await waitUntil(() => el.shadowRoot!.activeElement === tabs()[0], 'wraps to the first');
    tabs()[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true, composed: true }));
    expect(tabs()[0]!.getAttribute('aria-selected')).to.equal('true');

    el.setAttribute('dir', 'rtl');
    await el.updateComplete;
    tabs()[0]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, composed: true }),
    );
    await waitUntil(() => el.shadowRoot!.activeElement === tabs()[1], 'ArrowLeft is next right to left');
  });

  it('keeps the selected tab across reloads only when the host asks', async () => {
    serve();
    const first = await inbox(TABS, 'app.inbox.tab');
    tab(first, 'Mentions').click();
    await first.updateComplete;
    expect(sessionStorage.getItem('app.inbox.tab')).to.equal('Mentions');
    first.remove();
    const again = await inbox(TABS, 'app.inbox.tab');
    expect(tab(again, 'Mentions').getAttribute('aria-selected')).to.equal('true');
    again.remove();
    const unkept = await inbox(TABS);
    expect(tab(unkept, 'All').getAttribute('aria-selected')).to.equal('true');
  });

  it('takes tabs as a JSON attribute, and the bell passes them to its inbox', async () => {
    serve();
    const json = JSON.stringify([{ label: 'All' }, { label: 'Northwind', contextKeys: [NORTHWIND] }]);
    const el = await inbox(json);
    expect($$(el, '[role="tab"] bdi').map((t) => t.textContent)).to.deep.equal(['All', 'Northwind']);
    const bell = await fixture<NotifBell>(
      html`<notif-bell base-url="/notif-api" subscriber-id=${PRIYA} tabs=${json}></notif-bell>`,
    );
    bell.show();
    await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('[role="tab"]'), 'the tabs', {
      timeout: 4000,
    });
    const inner = $(bell, 'notif-inbox') as NotifInbox;
    tab(inner, 'Northwind').click();
    await waitUntil(() => inner.activeStore?.options.contextKeys?.[0] === NORTHWIND, 'a scoped store');
  });

  // One test per look: axe over a whole inbox takes a few seconds on a loaded machine.
  for (const [theme, dir, lang] of [
    ['light', 'ltr', 'en'],
    ['dark', 'ltr', 'en'],
    ['light', 'rtl', 'ar'],
    ['dark', 'rtl', 'ar'],
  ] as const) {
    it(`is accessible in ${theme}, ${dir}, and translated (${lang})`, async () => {
      serve();
      const wrapper = await fixture(
        html`<div
          dir=${dir}
          lang=${lang}
          style=${theme === 'dark' ? 'background:#111;color-scheme:dark' : ''}
        >
          <notif-inbox
            base-url="/notif-api"
            subscriber-id=${PRIYA}
            theme=${theme}
            locale=${lang}
            .tabs=${TABS}
          ></notif-inbox>
        </div>`,
      );
      const el = wrapper.querySelector<NotifInbox>('notif-inbox')!;
      await waitUntil(() => $$(el, '[role="tab"]').length > 0 && $$(el, 'article').length > 0, 'ready', {
        timeout: 4000,
      });
      const name = lang === 'ar' ? 'خلاصات الإشعارات' : 'Notification feeds';
      await waitUntil(() => $(el, '[role="tablist"]')!.getAttribute('aria-label') === name, 'translated');
      await animationsDone(el);
      await expect(wrapper).to.be.accessible();
    });
  }
});

describe('the proxy pins context keys per session (a tenant)', () => {
  const APP = 'https://app.test/notif-api';

  function pinned() {
    const mock = createMockService({ auth: false });
    const proxy = createNotifProxy({
      baseUrl: 'http://mock.internal',
      apiKey: 'test-key-not-used-by-the-mock',
      fetch: mock.fetch,
      authenticate: () => ({ subscriberId: PRIYA, contextKeys: [NORTHWIND] }),
      basePath: '/notif-api',
      live: { watchIntervalMs: 0 },
    });
    return { mock, proxy };
  }

  it('forces the pinned keys on a list request that names none: the page reads only its tenant', async () => {
    const { mock, proxy } = pinned();
    const response = await proxy(new Request(`${APP}/v1/messages?page=0&limit=100`));
    expect(response.status).to.equal(200);
    const { data } = (await response.json()) as { data: Message[] };
    expect(data.length).to.be.greaterThan(0);
    for (const message of data) expect(message.contextKeys).to.include(NORTHWIND);
    const sent = new URLSearchParams(mock.requests.at(-1)!.query);
    expect(sent.getAll('contextKeys')).to.deep.equal([NORTHWIND]);
    proxy.close();
  });

  it('refuses another tenant’s keys, alone or beside its own, on lists and counts', async () => {
    const { mock, proxy } = pinned();
    const attacks = [
      `${APP}/v1/messages?contextKeys=tenant:acme`,
      `${APP}/v1/messages?contextKeys=${NORTHWIND}&contextKeys=tenant:acme`,
      `${APP}/v1/messages?contextKeys=tenant%3Aacme&subscriberId=usr_maya`,
      `${APP}/counts?contextKeys=tenant:acme`,
    ];
    for (const url of attacks) {
      const response = await proxy(new Request(url));
      expect(response.status, url).to.equal(403);
    }
    expect(mock.requests.filter((r) => r.query.includes('acme')).map((r) => r.url)).to.deep.equal([]);
    // Its own tenant's counts are exact and scoped.
    const counts = (await (await proxy(new Request(`${APP}/counts`))).json()) as { unread: number };
    const unread = (await truth(mock, [NORTHWIND])).filter((m) => !m.read).length;
    expect(counts.unread).to.equal(unread);
    proxy.close();
  });

  it('its stream tells no subscriber-wide counts to a pinned session', async () => {
    const { proxy } = pinned();
    const controller = new AbortController();
    const response = await proxy(new Request(`${APP}/stream`, { signal: controller.signal }));
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('event: changed')) {
      const { value, done } = await Promise.race([
        reader.read(),
        aTimeout(3000).then(() => ({ done: true, value: undefined })),
      ]);
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).to.contain('"counts":null');
    controller.abort();
    proxy.close();
  });
});
