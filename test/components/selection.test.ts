import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { createNotifClient } from '../../src/client/index.js';
import { loadTranslation } from '../../src/i18n/index.js';
import { createMockService, PRIYA, type MockService } from '../../src/mock/index.js';
import { createNotifProxy } from '../../src/proxy/index.js';
import { createInboxStore, type InboxStore } from '../../src/store/inbox.js';
import { $, $$, animationsDone, untilMessages } from '../helpers/inbox-setup.js';

// Selecting many, in Chromium, against the mock service through the proxy (as a page talks to its backend).

const APP = 'https://app.test/notif-api';

function setup(mockOptions: Parameters<typeof createMockService>[0] = {}, pageSize = 20) {
  const mock = createMockService(mockOptions);
  const proxy = createNotifProxy({
    baseUrl: 'http://mock.internal',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    authenticate: () => PRIYA,
    basePath: '/notif-api',
  });
  const client = createNotifClient({
    baseUrl: APP,
    retry: false,
    fetch: (input, init) => proxy(new Request(input, init)),
  });
  const store = createInboxStore(client, { subscriberId: PRIYA, pollInterval: 0, syncKey: false, pageSize });
  return { mock, store };
}

/** The mark-as requests the service received (through the proxy): their ids and flag. */
function markAsSent(mock: MockService) {
  return mock.requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/messages/mark-as'))
    .map((r) => r.body as { messageId: string[]; markAs: string });
}

async function selectableInbox(store: InboxStore, attrs: { dir?: string; theme?: string } = {}) {
  const el = await fixture<NotifInbox>(
    html`<notif-inbox
      selectable
      .store=${store}
      dir=${attrs.dir ?? 'ltr'}
      theme=${attrs.theme ?? 'light'}
    ></notif-inbox>`,
  );
  await untilMessages(el);
  await waitUntil(() => $(el, '[part~="selection-bar"]'), 'the selection module loads', { timeout: 4000 });
  await waitUntil(() => $$(el, 'article [part="select"]').length > 0, 'rows get checkboxes');
  return el;
}

const boxes = (el: Element) => $$(el, 'article [part="select"]') as HTMLInputElement[];
const row = (el: Element, index: number) => $(el, `article[data-index="${index}"]`)!;
const count = (el: Element) => $(el, '[part="selection-count"]')?.textContent?.trim();

function click(target: HTMLElement, shiftKey = false) {
  target.dispatchEvent(
    new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, shiftKey }),
  );
}

describe('<notif-inbox selectable>', () => {
  it('loads nothing of the selection until `selectable` is set', async () => {
    const { store } = setup();
    const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
    await untilMessages(el);
    expect($(el, '[part~="selection-bar"]')).to.equal(null);
    expect($$(el, '[part="select"]')).to.have.length(0);
    el.selectable = true;
    await waitUntil(() => $(el, '[part~="selection-bar"]'), 'the bar shows once loaded');
    expect(boxes(el).length).to.equal($$(el, 'article').length);
    await expect(el).to.be.accessible();
  });

  it('names each checkbox by its message, and Shift-click + Mark as read sends one mark-as with those three ids', async () => {
    const { mock, store } = setup();
    const el = await selectableInbox(store);
    const messages = store.$messages.get();
    expect(messages.slice(0, 3).every((m) => !m.read)).to.equal(true);
    expect(boxes(el)[0]!.getAttribute('aria-label')).to.equal(`Select ${messages[0]!.subject}`);

    click(boxes(el)[0]!);
    click(boxes(el)[2]!, true);
    await el.updateComplete;
    expect(
      boxes(el)
        .map((b) => b.checked)
        .slice(0, 4),
    ).to.deep.equal([true, true, true, false]);
    expect(count(el)).to.equal('3 selected');
    await waitUntil(() => $(el, '[role="status"][aria-live="polite"]')?.textContent?.includes('3 selected'));
    await expect(el).to.be.accessible();

    mock.clearRequests();
    $(el, '[data-bulk="read"]')!.click();
    // Optimistic: the rows show read at once.
    await el.updateComplete;
    expect([0, 1, 2].map((i) => row(el, i).classList.contains('unread'))).to.deep.equal([
      false,
      false,
      false,
    ]);
    await waitUntil(() => markAsSent(mock).length === 1, 'one mark-as request');
    await waitUntil(() =>
      store.$messages
        .get()
        .slice(0, 3)
        .every((m) => m.read),
    );
    const [sent] = markAsSent(mock);
    expect(sent!.markAs).to.equal('read');
    expect([...sent!.messageId].sort()).to.deep.equal(
      messages
        .slice(0, 3)
        .map((m) => m._id!)
        .sort(),
    );
    // Confirmed by the service too.
    const stored = (await mock.ready, mock.db.messages.filter((m) => sent!.messageId.includes(m._id!)));
    expect(stored.every((m) => m.read)).to.equal(true);
    // The selection stays for another action.
    expect(count(el)).to.equal('3 selected');
  });

  it('rolls a failed bulk action back visibly: the rows are unread again and the error shows', async () => {
    const { mock, store } = setup();
    const el = await selectableInbox(store);
    click(boxes(el)[0]!);
    click(boxes(el)[1]!);
    await el.updateComplete;
    mock.fail({ status: 500, method: 'POST', path: /mark-as/ });
    const failed = oneEvent(el, 'notif-error');
    $(el, '[data-bulk="read"]')!.click();
    await el.updateComplete;
    expect(row(el, 0).classList.contains('unread')).to.equal(false);
    const event = (await failed) as CustomEvent<{ operation: string }>;
    expect(event.detail.operation).to.equal('markAs');
    await waitUntil(() => $(el, '[part="action-error"]'), 'the error banner shows');
    await el.updateComplete;
    expect(row(el, 0).classList.contains('unread')).to.equal(true);
    expect(row(el, 1).classList.contains('unread')).to.equal(true);
    expect($(el, '[part="action-error"] [role="alert"]')!.textContent).to.contain('could not be saved');
    await expect(el).to.be.accessible();
  });

  it('sends 250 selected messages (Select all, a virtualized list) as 3 requests of at most 100 ids', async () => {
    const { mock, store } = setup({ messagesPerSubscriber: 250 }, 100);
    const el = await selectableInbox(store);
    while (store.$hasMore.get()) await store.loadMore();
    await waitUntil(() => el.shadowRoot!.querySelector('.list.virtual'), 'the list is virtualized');
    await waitUntil(() => boxes(el).length > 0);
    expect($$(el, 'article').length).to.be.below(250);
    // Every one of them unread first, so that each needs the change.
    const ids = store.$messages.get().map((m) => m._id!);
    expect(ids).to.have.length(250);
    expect((await store.markAs(ids, 'unread')).ok).to.equal(true);
    const all = $(el, '[part="select-all"]') as HTMLInputElement;
    click(all);
    await el.updateComplete;
    expect(count(el)).to.equal('250 selected');
    expect(all.checked).to.equal(true);
    mock.clearRequests();
    $(el, '[data-bulk="read"]')!.click();
    await waitUntil(() => markAsSent(mock).length === 3, 'three mark-as requests', { timeout: 8000 });
    await waitUntil(() => store.$messages.get().every((m) => m.read), 'all read', { timeout: 8000 });
    const sizes = markAsSent(mock).map((r) => r.messageId.length);
    expect(sizes).to.deep.equal([100, 100, 50]);
    expect(new Set(markAsSent(mock).flatMap((r) => r.messageId)).size).to.equal(250);
    // Nothing left to mark: no request.
    mock.clearRequests();
    $(el, '[data-bulk="read"]')!.click();
    await el.updateComplete;
    expect(markAsSent(mock)).to.have.length(0);
  });

  it('Select all is tri-state: mixed while some are selected; Clear empties it', async () => {
    const { store } = setup();
    const el = await selectableInbox(store);
    const all = $(el, '[part="select-all"]') as HTMLInputElement;
    expect(all.checked).to.equal(false);
    expect(all.indeterminate).to.equal(false);
    click(boxes(el)[1]!);
    await el.updateComplete;
    expect(all.indeterminate).to.equal(true);
    click(all);
    await el.updateComplete;
    expect(all.checked).to.equal(true);
    expect(all.indeterminate).to.equal(false);
    expect(count(el)).to.equal(`${store.$messages.get().length} selected`);
    click(all);
    await el.updateComplete;
    expect(all.checked).to.equal(false);
    expect(count(el)).to.equal(undefined);
    click(boxes(el)[0]!);
    await el.updateComplete;
    $(el, '[data-bulk="clear"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(boxes(el).some((b) => b.checked)).to.equal(false);
    // The focus moved to "Select all", not to the page.
    expect(el.shadowRoot!.activeElement).to.equal(all);
  });

  it('works from the keyboard: Space toggles the focused row, Shift+Space selects the range, Escape clears', async () => {
    const { store } = setup();
    const el = await selectableInbox(store);
    const opened: unknown[] = [];
    el.addEventListener('notif-message-click', (e) => {
      e.preventDefault();
      opened.push(e);
    });
    row(el, 0).focus();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(boxes(el)[0]!.checked).to.equal(true);
    expect(opened).to.have.length(0);
    expect(count(el)).to.equal('1 selected');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Space' });
    await sendKeys({ up: 'Shift' });
    await el.updateComplete;
    expect(
      boxes(el)
        .map((b) => b.checked)
        .slice(0, 5),
    ).to.deep.equal([true, true, true, true, false]);
    // Shift+ArrowDown extends the range as the focus moves.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Shift' });
    await el.updateComplete;
    expect(count(el)).to.equal('5 selected');
    expect(el.shadowRoot!.activeElement).to.equal(row(el, 4));
    // Space on the row's own checkbox toggles it too (Tab reaches it: it is the active row's first control).
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(boxes(el)[4]);
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(boxes(el)[4]!.checked).to.equal(false);
    expect(count(el)).to.equal('4 selected');
    // Enter still opens the row.
    row(el, 4).focus();
    await sendKeys({ press: 'Enter' });
    expect(opened).to.have.length(1);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(boxes(el).some((b) => b.checked)).to.equal(false);
    expect($(el, '[part="selection-count"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('keeps the focus in the bar when a bulk action empties the selection (Unread view, Mark as read)', async () => {
    const { store } = setup();
    const el = await selectableInbox(store);
    el.view = 'unread';
    await el.updateComplete;
    await waitUntil(() => boxes(el).length > 2);
    click(boxes(el)[0]!);
    click(boxes(el)[1]!, true);
    await el.updateComplete;
    expect(count(el)).to.equal('2 selected');
    $(el, '[data-bulk="read"]')!.focus();
    await sendKeys({ press: 'Enter' });
    // The two leave the Unread view, and the selection with them; the buttons go, the focus does not fall.
    await waitUntil(() => !$(el, '[part="selection-count"]'), 'the selection empties');
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part="select-all"]'));
  });

  it('keeps the selection across paging and arrivals; a message that leaves the list leaves it', async () => {
    const { mock, store } = setup();
    const el = await selectableInbox(store);
    const first = store.$messages.get()[0]!._id!;
    const second = store.$messages.get()[1]!._id!;
    click(boxes(el)[0]!);
    click(boxes(el)[1]!);
    await el.updateComplete;
    await store.loadMore();
    await el.updateComplete;
    expect(count(el)).to.equal('2 selected');
    mock.addMessage(PRIYA, { subject: 'Fresh arrival' });
    await store.refresh();
    await el.updateComplete;
    await waitUntil(() => el.shadowRoot!.querySelector(`article[data-key="${second}"]`), 'the rows render');
    expect(store.$messages.get()[0]!.subject).to.equal('Fresh arrival');
    expect(count(el)).to.equal('2 selected');
    expect(
      (el.shadowRoot!.querySelector(`article[data-key="${first}"] [part="select"]`) as HTMLInputElement)
        .checked,
    ).to.equal(true);
    expect(
      (el.shadowRoot!.querySelector(`article[data-key="${second}"] [part="select"]`) as HTMLInputElement)
        .checked,
    ).to.equal(true);
    // In the Unread view, a selected message read elsewhere leaves the view, and the selection.
    el.view = 'unread';
    await el.updateComplete;
    await store.markAs([first], 'read');
    await el.updateComplete;
    await el.updateComplete;
    expect(count(el)).to.equal('1 selected');
  });

  it('gives rows drawn by renderMessage their checkbox too', async () => {
    const { store } = setup();
    const el = await fixture<NotifInbox>(
      html`<notif-inbox
        selectable
        .store=${store}
        .renderMessage=${(message: { subject?: string }) => html`<strong>${message.subject}</strong>`}
      ></notif-inbox>`,
    );
    await untilMessages(el);
    await waitUntil(() => boxes(el).length > 0, 'custom rows get checkboxes');
    expect(row(el, 0).classList.contains('custom')).to.equal(true);
    row(el, 0).focus();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(boxes(el)[0]!.checked).to.equal(true);
    // The checkbox does not cover the hook's content.
    const box = boxes(el)[0]!.getBoundingClientRect();
    const content = row(el, 0).querySelector('strong')!.getBoundingClientRect();
    expect(box.right <= content.left || box.left >= content.right).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('is translated, with plural forms for the count', async () => {
    await loadTranslation('pl');
    const { store } = setup();
    const el = await fixture<NotifInbox>(
      html`<notif-inbox selectable locale="pl" .store=${store}></notif-inbox>`,
    );
    await untilMessages(el);
    await waitUntil(() => $(el, '[part~="selection-bar"]'));
    await waitUntil(() => boxes(el).length > 0);
    expect($(el, '.select-all-label')!.textContent).to.contain('Zaznacz wszystkie');
    click(boxes(el)[0]!);
    click(boxes(el)[1]!, true);
    await el.updateComplete;
    expect(count(el)).to.equal('Zaznaczono 2 powiadomienia');
    click(boxes(el)[4]!, true);
    await el.updateComplete;
    expect(count(el)).to.equal('Zaznaczono 5 powiadomień');
    expect($(el, '[data-bulk="read"]')!.textContent!.trim()).to.equal('Oznacz jako przeczytane');
  });

  for (const [dir, theme] of [
    ['ltr', 'light'],
    ['ltr', 'dark'],
    ['rtl', 'light'],
    ['rtl', 'dark'],
  ] as const) {
    it(`passes axe with rows selected and the bulk bar open (${dir}, ${theme})`, async () => {
      const { store } = setup();
      const el = await selectableInbox(store, { dir, theme });
      click(boxes(el)[0]!);
      click(boxes(el)[2]!, true);
      await el.updateComplete;
      row(el, 1).focus();
      await animationsDone(el);
      expect(count(el)).to.equal('3 selected');
      await expect(el).to.be.accessible();
    });
  }

  it('is settable on the bell, which passes it to its inbox', async () => {
    const { store } = setup();
    const el = await fixture<NotifBell>(html`<notif-bell selectable .store=${store}></notif-bell>`);
    el.open = true;
    await el.updateComplete;
    const inbox = el.shadowRoot!.querySelector<NotifInbox>('notif-inbox')!;
    await untilMessages(inbox);
    expect(inbox.selectable).to.equal(true);
    await waitUntil(() => $(inbox, '[part~="selection-bar"]'));
    await waitUntil(() => boxes(inbox).length > 0);
    click(boxes(inbox)[0]!);
    await inbox.updateComplete;
    // Escape in the list clears the selection first; the panel stays open.
    row(inbox, 0).focus();
    await sendKeys({ press: 'Escape' });
    await inbox.updateComplete;
    expect(boxes(inbox)[0]!.checked).to.equal(false);
    expect(el.open).to.equal(true);
    await animationsDone(el);
    await expect(el).to.be.accessible();
  });
});
