import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { registerTranslation } from '../../src/i18n/index.js';
import type { InboxStore } from '../../src/store/inbox.js';
import {
  $,
  $$,
  markAsRequests,
  setupInbox,
  SUBSCRIBER,
  untilListSettled,
  untilMessages,
} from '../helpers/inbox-setup.js';
import { loadedStore, syntheticMessage } from '../helpers/messages.js';
import { XSS_TEXT, XSS_URLS } from '../helpers/xss-corpus.js';

async function renderInbox(store: InboxStore, template = html`<notif-inbox .store=${store}></notif-inbox>`) {
  const el = await fixture<NotifInbox>(template);
  return el;
}

function texts(el: Element, selector: string): string[] {
  return $$(el, selector).map((node) => node.textContent!.trim());
}

describe('<notif-inbox>', () => {
  it('shows the newest messages with subject, content, relative time and unread markers', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const newest = store.$messages.get()[0]!;
    const article = $$(el, 'article')[0]!;
    expect(article.textContent).to.contain(newest.subject!);
    expect(mock.requests[0]!.query).to.contain('channel=in_app');
    const time = article.querySelector('time')!;
    expect(time.getAttribute('datetime')).to.equal(
      new Date(store.$messages.get()[0]!.createdAt).toISOString(),
    );
    expect(time.textContent!.trim()).to.match(/ago|now|minute|hour|yesterday/);
    const unread = store.$messages.get().filter((m) => !m.read).length;
    expect($$(el, '[part~="unread-marker"]').length).to.equal(unread);
    await expect(el).to.be.accessible();
  });

  it('is accessible in the dark theme and right to left', async () => {
    const { store } = setupInbox();
    const dark = await renderInbox(store, html`<notif-inbox theme="dark" .store=${store}></notif-inbox>`);
    await untilMessages(dark);
    await expect(dark).to.be.accessible();
    const wrapper = await fixture(
      html`<div dir="rtl" lang="ar"><notif-inbox .store=${store}></notif-inbox></div>`,
    );
    const rtl = wrapper.querySelector('notif-inbox')!;
    await untilMessages(rtl);
    expect(getComputedStyle($(rtl, 'article')!).direction).to.equal('rtl');
    await expect(rtl).to.be.accessible();
  });

  describe("the rows' tools", () => {
    const icons = (el: Element) => $$(el, '[part="tools"] svg').length;
    const everyRow = (el: Element) => 2 * $$(el, 'article').length;

    it('draw their icons at the first pointer in the list; their buttons are there and named before', async () => {
      const { store } = setupInbox();
      const el = await renderInbox(store);
      await untilMessages(el);
      // Invisible until their row is hovered or focused (this screen has hover): no icon drawn yet.
      expect(getComputedStyle($(el, '[part="tools"]')!).opacity).to.equal('0');
      expect(icons(el)).to.equal(0);
      const heading = store.$messages.get()[0]!.subject!;
      const first = $(el, 'article')!;
      expect(first.querySelector<HTMLElement>('[part="toggle-read"]')!.title).to.be.oneOf([
        `Mark as read: ${heading}`,
        `Mark as unread: ${heading}`,
      ]);
      expect(first.querySelector<HTMLElement>('[part="more-button"]')!.title).to.equal(
        `More actions: ${heading}`,
      );
      const box = first.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(box.left + 40), Math.round(box.top + 10)] });
      await waitUntil(() => icons(el) === everyRow(el), "every row's tools draw their icons");
      await waitUntil(
        () => getComputedStyle(first.querySelector('[part="tools"]')!).opacity === '1',
        'the hovered row shows its tools',
      );
      await sendMouse({ type: 'move', position: [0, 0] });
      await expect(el).to.be.accessible();
    });

    it('draw their icons at the first focus in the list', async () => {
      const { store } = setupInbox();
      const el = await renderInbox(store);
      await untilMessages(el);
      expect(icons(el)).to.equal(0);
      $(el, 'article[tabindex="0"]')!.focus();
      await el.updateComplete;
      expect(icons(el)).to.equal(everyRow(el));
    });

    it('draw their icons at once where the page shows the tools without hover', async () => {
      const { store } = setupInbox();
      const wrapper = await fixture(
        html`<div>
          <style>
            notif-inbox::part(tools) {
              opacity: 1;
            }
          </style>
          <notif-inbox .store=${store}></notif-inbox>
        </div>`,
      );
      const el = wrapper.querySelector('notif-inbox')!;
      await untilMessages(el);
      await el.updateComplete;
      expect(icons(el)).to.equal(everyRow(el));
    });
  });

  it('shows a loading skeleton, then the messages', async () => {
    const { store, mock } = setupInbox();
    mock.setLatency(200);
    const el = await renderInbox(store);
    expect($(el, '[part="skeleton"]')).to.exist;
    expect($(el, '[role="status"]')!.textContent).to.contain('Loading');
    await expect(el).to.be.accessible();
    await untilMessages(el);
    expect($(el, '[part="skeleton"]')).to.equal(null);
  });

  it('marks one message read and unread', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const index = store.$messages.get().findIndex((m) => !m.read);
    const message = store.$messages.get()[index]!;
    const button = () => $(el, `article[data-index="${index}"] [part~="toggle-read"]`)!;
    // An icon button: its name (its tooltip) says what it does, to which message.
    expect(button().title).to.equal(`Mark as read: ${message.subject}`);
    button().click();
    await el.updateComplete;
    expect(button().title).to.equal(`Mark as unread: ${message.subject}`);
    await waitUntil(() => markAsRequests(mock).length === 1);
    expect(markAsRequests(mock)[0]).to.deep.equal({ messageId: [message._id], markAs: 'read' });
    button().click();
    await waitUntil(() => markAsRequests(mock).length === 2);
    expect(markAsRequests(mock)[1]).to.deep.equal({ messageId: [message._id], markAs: 'unread' });
    await el.updateComplete;
    expect(button().title).to.equal(`Mark as read: ${message.subject}`);
  });

  it('rolls a failed change back and says so', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const index = store.$messages.get().findIndex((m) => !m.read);
    mock.fail({ status: 500, method: 'POST', path: '/v1/subscribers' });
    $(el, `article[data-index="${index}"] [part~="toggle-read"]`)!.click();
    await waitUntil(() => $(el, '[part="action-error"]'), 'the error banner shows');
    expect($(el, '[part="action-error"] [role="alert"]')).to.exist;
    expect($(el, '[part="action-error"]')!.textContent).to.contain('could not be saved');
    await el.updateComplete;
    expect(store.$messages.get()[index]!.read).to.equal(false);
    expect(($(el, `article[data-index="${index}"] [part~="toggle-read"]`) as HTMLElement).title).to.contain(
      'Mark as read',
    );
    await expect(el).to.be.accessible();
    ($(el, '[part="action-error"] button') as HTMLButtonElement).click();
    await el.updateComplete;
    expect($(el, '[part="action-error"]')).to.equal(null);
  });

  it('marks every unread message read on the service, loaded or not, and keeps the focus inside', async () => {
    const { store, client } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    expect(store.$hasMore.get(), 'more pages on the service').to.equal(true);
    const markAll = $(el, '[part="mark-all"]') as HTMLButtonElement;
    expect(markAll.disabled).to.equal(false);
    markAll.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect($$(el, '[part~="unread-marker"]'), 'optimistic on what is shown').to.have.length(0);
    expect(markAll.disabled).to.equal(true);
    // The focus moved to a message, not to the page.
    expect(el.shadowRoot!.activeElement?.matches('article')).to.equal(true);
    const unreadOnService = async () => {
      const page = await client.listMessages({ subscriberId: SUBSCRIBER, channel: 'in_app', limit: 100 });
      return page.data.filter((m) => !m.read).length;
    };
    await waitUntil(async () => (await unreadOnService()) === 0, 'nothing unread on the service', {
      timeout: 4000,
    });
    await store.refresh();
    await el.updateComplete;
    expect(store.$counts.get().unread).to.equal(0);
  });

  it('filters to unread messages and says when all are read', async () => {
    // Every message on one page, so marking the loaded ones marks them all.
    const { store } = setupInbox({ mock: { messagesPerSubscriber: 12 } });
    const el = await renderInbox(store);
    await untilMessages(el);
    expect(store.$hasMore.get()).to.equal(false);
    const unread = store.$messages.get().filter((m) => !m.read).length;
    ($(el, '[data-view="unread"]') as HTMLButtonElement).click();
    await el.updateComplete;
    expect($(el, '[data-view="unread"]')!.getAttribute('aria-pressed')).to.equal('true');
    expect($$(el, 'article')).to.have.length(unread);
    await store.markAllAs('read');
    await el.updateComplete;
    expect($$(el, 'article')).to.have.length(0);
    expect($(el, '[part="empty"]')!.textContent).to.contain('all caught up');
  });

  it('opens a message: cancelable event, marks it read, follows its safe URL', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const visited: string[] = [];
    el.navigate = (url) => visited.push(url);
    const index = store.$messages.get().findIndex((m) => !m.read && m.cta?.data?.url);
    const message = store.$messages.get()[index]!;
    const article = $(el, `article[data-index="${index}"]`)!;
    setTimeout(() => (article.querySelector('.content') as HTMLElement).click());
    const event = await oneEvent(el, 'notif-message-click');
    expect(event.detail.message._id).to.equal(message._id);
    expect(event.detail.url).to.equal(message.cta.data!.url);
    await waitUntil(() => visited.length === 1);
    expect(visited[0]).to.equal(message.cta.data!.url);
    expect(markAsRequests(mock)).to.deep.include({ messageId: [message._id], markAs: 'read' });
  });

  it('lets the host take over a message click', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const visited: string[] = [];
    el.navigate = (url) => visited.push(url);
    el.addEventListener('notif-message-click', (event) => event.preventDefault());
    const [first, second] = store.$messages.get();
    $(el, `article[data-key="${first!._id}"] .content`)!.click();
    // A change made after the click reaches the service after anything the click would have sent.
    await store.markAs([second!._id!], second!.read ? 'unread' : 'read');
    expect(markAsRequests(mock).map((body) => (body as { messageId: string[] }).messageId)).to.deep.equal([
      [second!._id],
    ]);
    expect(visited).to.have.length(0);
    expect(store.$messages.get()[0]!.read).to.equal(first!.read);
  });

  it('emits notif-action for a CTA button and marks the message read', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const index = store.$messages
      .get()
      .findIndex((m) => !m.read && (m.cta?.action?.buttons?.length ?? 0) > 1);
    const message = store.$messages.get()[index]!;
    const second = $$(el, `article[data-index="${index}"] [part~="action"]`)[1]!;
    expect(second.textContent!.trim()).to.equal(message.cta.action!.buttons![1]!.content);
    setTimeout(() => second.click());
    const event = await oneEvent(el, 'notif-action');
    expect(event.detail.index).to.equal(1);
    expect(event.detail.button.content).to.equal(message.cta.action!.buttons![1]!.content);
    await waitUntil(() => markAsRequests(mock).length === 1);
    expect(markAsRequests(mock)[0]).to.deep.equal({ messageId: [message._id], markAs: 'read' });
  });

  it('moves between messages with the arrow keys, Home and End, and opens with Enter', async () => {
    const { store } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const visited: string[] = [];
    el.navigate = (url) => visited.push(url);
    el.addEventListener('notif-message-click', (e) => e.preventDefault());
    const articles = () => $$(el, 'article');
    const focusedKey = () => (el.shadowRoot!.activeElement as HTMLElement | null)?.dataset.key;
    expect(articles().filter((a) => a.tabIndex === 0)).to.have.length(1);
    articles()[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    await waitUntil(
      () => el.shadowRoot!.activeElement === $(el, 'article[data-index="1"]'),
      'ArrowDown moves to the second message',
    );
    expect($(el, 'article[data-index="1"]')!.tabIndex).to.equal(0);
    expect($(el, 'article[data-index="0"]')!.tabIndex).to.equal(-1);
    const last = store.$messages.get().length - 1;
    await sendKeys({ press: 'End' });
    await waitUntil(
      () => el.shadowRoot!.activeElement === $(el, `article[data-index="${last}"]`),
      'End moves to the last message',
    );
    await sendKeys({ press: 'Home' });
    const first = store.$messages.get()[0]!._id;
    await waitUntil(() => focusedKey() === first, 'Home moves to the first');
    // End scrolled to the end of the list, which loads the next page: once it is in, the focus is still on
    // the first message, whatever the list re-rendered meanwhile.
    await waitUntil(() => store.$messages.get().length > last + 1, 'the next page loads');
    await el.updateComplete;
    await waitUntil(() => focusedKey() === first, 'the focus stays on the first message');
    setTimeout(() => void sendKeys({ press: 'Enter' }));
    const event = await oneEvent(el, 'notif-message-click');
    expect(event.detail.message._id).to.equal(first);
  });

  it('keeps the focus on the same message as messages arrive, pages load and rows become virtual', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el, 20);
    const focusedKey = () => (el.shadowRoot!.activeElement as HTMLElement | null)?.dataset.key;
    const reading = store.$messages.get()[5]!;
    $(el, `article[data-key="${reading._id}"]`)!.focus();

    mock.addMessage(SUBSCRIBER, { subject: 'Arrived while reading' });
    await store.refresh();
    await el.updateComplete;
    expect(store.$messages.get()[6]!._id, 'the new message is listed above').to.equal(reading._id);
    expect(focusedKey(), 'after a new message arrived above').to.equal(reading._id);

    await store.loadMore();
    await waitUntil(() => $(el, '[part="list"].virtual'), 'the list renders only the rows in view');
    await waitUntil(() => focusedKey() === reading._id, 'the focus is back on the message after the switch');
    expect((el.shadowRoot!.activeElement as HTMLElement).tabIndex).to.equal(0);
    expect($$(el, 'article[tabindex="0"]')).to.have.length(1);
  });

  it('moves the focus to the next message when the focused one leaves the Unread view', async () => {
    const { store } = setupInbox();
    const el = await renderInbox(store, html`<notif-inbox view="unread" .store=${store}></notif-inbox>`);
    await untilMessages(el, 3);
    const unread = () => store.$messages.get().filter((m) => !m.read);
    const [, second, third] = unread();
    const toggle = $(el, `article[data-key="${second!._id}"] [part~="toggle-read"]`)!;
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !$(el, `article[data-key="${second!._id}"]`), 'the read message leaves the view');
    await waitUntil(
      () => (el.shadowRoot!.activeElement as HTMLElement | null)?.dataset.key === third!._id,
      'the focus moves to the message that took its place',
    );
    expect((el.shadowRoot!.activeElement as HTMLElement).tabIndex).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('loads more with the "Load more" button until the end', async () => {
    const { store } = setupInbox({ store: { pageSize: 10 } });
    const el = await renderInbox(store);
    await untilMessages(el);
    expect($$(el, 'article')).to.have.length(10);
    ($(el, '[part="load-more"]') as HTMLButtonElement).click();
    await untilMessages(el, 20);
    expect(new Set(store.$messages.get().map((m) => m._id)).size).to.equal(store.$messages.get().length);
    while (store.$hasMore.get()) await store.loadMore();
    await el.updateComplete;
    expect($(el, '[part="load-more"]')).to.equal(null);
  });

  it('loads the next page when scrolled to the end', async () => {
    const { store } = setupInbox({ store: { pageSize: 10 } });
    const el = await renderInbox(store);
    await untilMessages(el);
    const list = $(el, '[part="list"]')!;
    list.scrollTop = list.scrollHeight;
    await untilMessages(el, 11);
  });

  it('shows the empty state, replaceable through the empty slot', async () => {
    const { store } = setupInbox({ store: { subscriberId: 'usr_empty' } });
    const el = await renderInbox(store);
    await waitUntil(() => $(el, '[part="empty"]'));
    expect($(el, '[part="empty"]')!.textContent).to.contain('No notifications yet');
    await expect(el).to.be.accessible();

    const { store: other } = setupInbox({ store: { subscriberId: 'usr_empty' } });
    const custom = await renderInbox(
      other,
      html`<notif-inbox .store=${other}><p slot="empty">Nothing to see</p></notif-inbox>`,
    );
    await waitUntil(() => $(custom, 'slot[name="empty"]'));
    const slot = $(custom, 'slot[name="empty"]') as HTMLSlotElement;
    expect(slot.assignedElements()[0]!.textContent).to.equal('Nothing to see');
  });

  it('shows an error with a retry button that loads the messages', async () => {
    const { store, mock } = setupInbox();
    mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
    const el = await renderInbox(store);
    await waitUntil(() => $(el, '[part="error"]'));
    expect($(el, '[part="error"] [role="alert"]')).to.exist;
    await expect(el).to.be.accessible();
    ($(el, '[part="retry"]') as HTMLButtonElement).click();
    await untilMessages(el);
  });

  it('announces new messages politely', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    mock.addMessage(SUBSCRIBER, { subject: 'Fresh arrival' });
    const arrival = oneEvent(el, 'notif-new-messages');
    await store.refresh();
    expect((await arrival).detail.messages).to.have.length(1);
    await el.updateComplete;
    const live = $(el, '[aria-live="polite"]')!;
    expect(live.textContent!.trim()).to.equal('1 new notification');
    expect($$(el, 'article')[0]!.textContent).to.contain('Fresh arrival');
  });

  it('lets go of a shared store when removed, even with an update pending', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    // The page keeps the store (a bell elsewhere, say) while this inbox leaves with an update still queued.
    const stopKeeping = store.$messages.listen(() => {});
    let heard = 0;
    el.addEventListener('notif-new-messages', () => heard++);
    el.requestUpdate();
    el.remove();
    await el.updateComplete;
    mock.addMessage(SUBSCRIBER, { subject: 'Arrived after the inbox left' });
    await store.refresh();
    expect(store.$messages.get()[0]!.subject).to.equal('Arrived after the inbox left');
    expect(heard, 'the removed inbox hears nothing').to.equal(0);
    stopKeeping();
  });

  it('takes its strings from a translation table, a locale and single overrides', async () => {
    registerTranslation('fr', {
      'inbox.title': 'Notifications FR',
      'inbox.markAllRead': 'Tout marquer comme lu',
    });
    const { store } = setupInbox();
    const el = await renderInbox(store, html`<notif-inbox locale="fr" .store=${store}></notif-inbox>`);
    await untilMessages(el);
    expect($(el, '[part="title"]')!.textContent).to.equal('Notifications FR');
    expect($(el, '[part="mark-all"]')!.title).to.equal('Tout marquer comme lu');
    el.strings = { 'inbox.title': 'Alerts' };
    await el.updateComplete;
    expect($(el, '[part="title"]')!.textContent).to.equal('Alerts');
    const time = $(el, 'article time')!.textContent!;
    expect(time).to.match(/il y a|maintenant|hier/);
  });

  it('never renders message fields as markup and follows only safe URLs', async () => {
    const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty' } });
    (window as unknown as { __xss?: number }).__xss = 0;
    XSS_TEXT.forEach((payload, i) => {
      const url = XSS_URLS[i % XSS_URLS.length]!;
      mock.addMessage('usr_empty', {
        subject: payload,
        title: payload,
        content:
          i % 2
            ? payload
            : [
                { type: 'text', content: payload },
                { type: 'button', content: payload, url },
              ],
        avatar: url,
        cta: {
          type: 'redirect',
          data: { url },
          action: { buttons: [{ type: 'primary', content: payload }] },
        },
        payload: { html: payload },
      });
    });
    const el = await renderInbox(store);
    await untilMessages(el);
    const root = el.shadowRoot!;
    expect(
      root.querySelectorAll(
        // Our own icons and drawings are the only SVG; nothing a message carries becomes an element.
        'script, iframe, object, embed, svg:not(.icon, .state-art), math, form, style:not([data-lit])',
      ).length,
    ).to.equal(0);
    for (const node of root.querySelectorAll('*')) {
      for (const attribute of node.attributes) {
        expect(attribute.name.startsWith('on'), `${node.tagName} ${attribute.name}`).to.equal(false);
      }
    }
    for (const link of root.querySelectorAll<HTMLAnchorElement | HTMLImageElement>('a[href], img[src]')) {
      const value = link instanceof HTMLAnchorElement ? link.href : link.src;
      expect(new URL(value).protocol).to.be.oneOf(['http:', 'https:']);
    }
    const subjects = texts(el, '[part="subject"]');
    expect(subjects.some((s) => s.includes('<script'))).to.equal(true);
    const visited: string[] = [];
    el.navigate = (url) => visited.push(url);
    const offered: (string | undefined)[] = [];
    el.addEventListener('notif-message-click', (event) => offered.push(event.detail.url));
    const articles = $$(el, 'article');
    for (const article of articles) (article.querySelector('.content') as HTMLElement).click();
    expect(offered).to.have.length(articles.length);
    expect(offered.filter((url) => url !== undefined)).to.deep.equal([]);
    // A URL is followed once the message's mark-as settled: a change made now settles after all of them.
    const probe = store.$messages.get()[0]!;
    await store.markAs([probe._id!], probe.read ? 'unread' : 'read');
    expect(visited).to.deep.equal([]);
    expect((window as unknown as { __xss?: number }).__xss).to.equal(0);
  });

  it('renders only the rows in view for 10,000 loaded messages', async () => {
    const base = setupInbox().store;
    const store = loadedStore(base, 10_000);
    const el = await renderInbox(store);
    await untilMessages(el, 3);
    const rendered = $$(el, 'article').length;
    expect(rendered).to.be.greaterThan(2);
    expect(rendered).to.be.lessThan(100);
    await expect(el).to.be.accessible();
    $(el, 'article')!.focus();
    await sendKeys({ press: 'End' });
    await waitUntil(
      () => el.shadowRoot!.activeElement?.getAttribute('data-index') === '9999',
      'End reaches the last message',
    );
    expect(el.shadowRoot!.activeElement!.textContent).to.contain('Message 9999');
    // The focus in the list drew the tools' icons, in the virtualized rows scrolled to as well.
    const rows = $$(el, 'article');
    expect(rows.filter((row) => row.querySelectorAll('[part="tools"] svg').length === 2)).to.have.length(
      rows.length,
    );
  });

  it('retries the refresh that failed, from the Retry under the list', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const count = store.$messages.get().length;
    const arrived = mock.addMessage(SUBSCRIBER, { subject: 'Arrived while the service was down' })._id;
    mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
    await store.refresh();
    await el.updateComplete;
    const retry = $(el, '[part="error"] [part="retry"]');
    expect(retry, 'the footer offers to retry').to.exist;
    await expect(el).to.be.accessible();

    mock.clearRequests();
    retry!.click();
    await waitUntil(() => !$(el, '[part="error"]'), 'the error goes away', { timeout: 4000 });
    const pages = mock.requests
      .filter((r) => r.method === 'GET' && r.path === '/v1/messages')
      .map((r) => new URLSearchParams(r.query).get('page'));
    expect(pages, 'the refresh is sent again, not the next page').to.deep.equal(['0']);
    expect(store.$messages.get().map((m) => m._id)).to.have.length(count + 1);
    expect(store.$messages.get()[0]!._id).to.equal(arrived);
  });
  it('fires notif-error and shows the banner when a change or a refresh fails, and rolls the change back', async () => {
    const { store, mock } = setupInbox();
    const el = await renderInbox(store);
    await untilMessages(el);
    const message = store.$messages.get().find((m) => !m.read)!;
    mock.fail({ status: 500, method: 'POST', path: `/v1/subscribers/${SUBSCRIBER}/messages/mark-as` });
    const changeFailed = oneEvent(el, 'notif-error');
    $(el, `article[data-key="${message._id}"] [part~="toggle-read"]`)!.click();
    const change = await changeFailed;
    expect(change.detail.operation).to.equal('markAs');
    expect((change.detail.error as { status?: number }).status).to.equal(500);
    await el.updateComplete;
    expect($(el, '[part="action-error"]'), 'the banner says it').to.exist;
    expect(store.$messages.get().find((m) => m._id === message._id)!.read, 'rolled back').to.equal(false);
    await expect(el).to.be.accessible();

    mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
    const listFailed = oneEvent(el, 'notif-error');
    void store.refresh();
    expect((await listFailed).detail.operation).to.equal('refresh');
  });

  describe('looks', () => {
    it('keeps a message without buttons at most 96px tall, its long body clamped with "Show more"', async () => {
      const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty' } });
      mock.addMessage('usr_empty', {
        subject: 'Quarterly report',
        content: 'A long body. '.repeat(40),
        cta: { type: 'redirect', data: {} },
        payload: { actor: { name: 'Maya Chen' } },
      });
      const el = await renderInbox(store);
      await untilMessages(el);
      const row = $(el, 'article')!;
      expect(row.getBoundingClientRect().height).to.be.at.most(96);
      const more = () => row.querySelector<HTMLButtonElement>('[part="show-more"]')!;
      await waitUntil(() => more().getBoundingClientRect().width > 0, '"Show more" shows for a long body');
      expect(more().getAttribute('aria-expanded')).to.equal('false');
      more().click();
      await el.updateComplete;
      expect(more().getAttribute('aria-expanded')).to.equal('true');
      expect(more().textContent!.trim()).to.equal('Show less');
      expect(row.getBoundingClientRect().height).to.be.above(96);
      await expect(el).to.be.accessible();
    });

    it('offers "Show more" on the long bodies of a virtualized list, in rows scrolled to as well', async () => {
      const long = 'A long body. '.repeat(40);
      const store = loadedStore(setupInbox().store, 2_000, (i) => ({
        ...syntheticMessage(i),
        content: long,
      }));
      const el = await renderInbox(store);
      await waitUntil(() => $(el, '[part="list"].virtual'), 'the list renders only the rows in view');
      const moreShows = (row: Element | null) =>
        !!row && row.querySelector('[part="show-more"]')!.getBoundingClientRect().width > 0;
      await waitUntil(() => moreShows($(el, 'article[data-index="0"]')), '"Show more" in the first row');
      const list = $(el, '[part="list"]')!;
      await untilListSettled(list);
      list.scrollTop = list.scrollHeight / 2;
      await waitUntil(
        () => $$(el, 'article').some((row) => Number(row.dataset.index) > 500 && moreShows(row)),
        '"Show more" in a row rendered after scrolling',
      );
      await expect(el).to.be.accessible();
    });

    it('offers no "Show more" for a short body', async () => {
      const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty' } });
      mock.addMessage('usr_empty', { subject: 'Short', content: 'Two words.' });
      const el = await renderInbox(store);
      await untilMessages(el);
      // Let the size observer report.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      expect($(el, '[part="show-more"]')!.getBoundingClientRect().width).to.equal(0);
    });

    it("shows the sender's initials, or a neutral icon, never the subject's first letter", async () => {
      const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty' } });
      mock.addMessage('usr_empty', {
        subject: 'New task assigned',
        payload: { actor: { name: 'Daniel Okafor' } },
      });
      mock.addMessage('usr_empty', { subject: 'Build failed', payload: {} });
      mock.addMessage('usr_empty', {
        subject: 'Comment',
        payload: { subscriber: { firstName: 'Élodie', lastName: 'Durand' } },
      });
      const el = await renderInbox(store);
      await untilMessages(el, 3);
      const avatars = $$(el, '[part~="avatar"]');
      const bySubject = (subject: string) =>
        avatars.find(
          (a) => a.closest('article')!.querySelector('[part="subject"]')!.textContent === subject,
        )!;
      expect(bySubject('New task assigned').textContent!.trim()).to.equal('DO');
      expect(bySubject('Comment').textContent!.trim()).to.equal('ÉD');
      expect(bySubject('Build failed').textContent!.trim()).to.equal('');
      expect(bySubject('Build failed').querySelector('svg.icon')).to.exist;
      await expect(el).to.be.accessible();
    });

    it('says per view that there is nothing, with a title and a hint', async () => {
      const { store } = setupInbox({ store: { subscriberId: 'usr_empty' } });
      const el = await renderInbox(store);
      await waitUntil(() => $(el, '[part="empty"]'));
      expect($(el, '[part="empty"] .state-title')!.textContent).to.equal('No notifications yet');
      expect($(el, '[part="empty"] .state-hint')!.textContent).to.contain('you will find it here');
      expect($(el, '[part="empty"] svg.state-art')).to.exist;
      ($(el, '[data-view="unread"]') as HTMLButtonElement).click();
      await el.updateComplete;
      expect($(el, '[part="empty"] .state-title')!.textContent).to.equal("You're all caught up");
      await expect(el).to.be.accessible();
    });

    it('says why the list could not load, in plain words, and retries', async () => {
      const { store, mock } = setupInbox();
      mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
      const el = await renderInbox(store);
      await waitUntil(() => $(el, '[part="error"]'));
      expect($(el, '[part="error"] .state-title')!.textContent).to.equal('Notifications could not be loaded');
      expect($(el, '[part="error"] .state-hint')!.textContent).to.contain('having trouble');
      await expect(el).to.be.accessible();
      ($(el, '[part="retry"]') as HTMLButtonElement).click();
      await untilMessages(el);
    });

    it('loads further pages in the Unread view until it has something to show', async () => {
      const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty', pageSize: 5 } });
      // One unread message, under three pages of read ones.
      mock.addMessage('usr_empty', { subject: 'Still unread', read: false, seen: false });
      for (let i = 0; i < 15; i++)
        mock.addMessage('usr_empty', { subject: `Read ${i}`, read: true, seen: true });
      const el = await renderInbox(store);
      await untilMessages(el);
      ($(el, '[data-view="unread"]') as HTMLButtonElement).click();
      await waitUntil(() => $$(el, 'article').length === 1, 'the unread message shows', { timeout: 4000 });
      expect($(el, 'article')!.textContent).to.contain('Still unread');
      await expect(el).to.be.accessible();
    });

    it('says "all caught up" in the Unread view once every page is loaded and none is unread', async () => {
      const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty', pageSize: 5 } });
      for (let i = 0; i < 12; i++)
        mock.addMessage('usr_empty', { subject: `Read ${i}`, read: true, seen: true });
      const el = await renderInbox(store);
      await untilMessages(el);
      ($(el, '[data-view="unread"]') as HTMLButtonElement).click();
      await waitUntil(() => $(el, '[part="empty"]'), 'the empty state shows', { timeout: 4000 });
      expect(store.$hasMore.get()).to.equal(false);
      expect($(el, '[part="load-more"]')).to.equal(null);
      expect($(el, '[part="empty"] .state-title')!.textContent).to.equal("You're all caught up");
    });

    it('fills the height its container gives it, and has a default height when it gets none', async () => {
      const { store } = setupInbox();
      const wrapper = await fixture(
        html`<div style="block-size: 900px; display: flex; flex-direction: column">
          <notif-inbox .store=${store} style="flex: 1"></notif-inbox>
        </div>`,
      );
      const el = wrapper.querySelector('notif-inbox')!;
      await untilMessages(el);
      const base = $(el, '[part="base"]')!.getBoundingClientRect();
      expect(Math.round(base.height)).to.equal(900);
      const plain = await fixture(html`<div><notif-inbox .store=${store}></notif-inbox></div>`);
      const inbox = plain.querySelector('notif-inbox')!;
      await untilMessages(inbox);
      const list = $(inbox, '[part="list"]')!.getBoundingClientRect();
      expect(list.height, 'a sensible default').to.be.within(300, 600);
    });

    for (const theme of ['light', 'dark'] as const) {
      for (const dir of ['ltr', 'rtl'] as const) {
        it(`has no axe violation in any state, ${theme}, ${dir}`, async () => {
          const states: Array<[string, () => ReturnType<typeof setupInbox>]> = [
            ['messages', () => setupInbox()],
            ['empty', () => setupInbox({ store: { subscriberId: 'usr_empty' } })],
            [
              'error',
              () => {
                const setup = setupInbox();
                setup.mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
                return setup;
              },
            ],
            [
              'loading',
              () => {
                const setup = setupInbox();
                setup.mock.setLatency(60_000);
                return setup;
              },
            ],
          ];
          for (const [state, make] of states) {
            const { store } = make();
            const wrapper = await fixture(
              html`<div dir=${dir}><notif-inbox theme=${theme} .store=${store}></notif-inbox></div>`,
            );
            const el = wrapper.querySelector('notif-inbox')!;
            const shown = {
              messages: 'article',
              empty: '[part="empty"]',
              error: '[part="error"]',
              loading: '[part="skeleton"]',
            }[state]!;
            await waitUntil(() => $(el, shown), `${state} shows`, { timeout: 4000 });
            if (state === 'messages') {
              // Hover and focus show the row's tools: check them too.
              ($(el, 'article [part="toggle-read"]') as HTMLElement).focus();
            }
            await expect(el, state).to.be.accessible();
            store.destroy();
          }
        });
      }
    }
  });
});
