import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/provider/provider.js';
import '../../src/components/inbox/inbox.js';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { NotifRowAction } from '../../src/components/inbox/row-actions.js';
import type { Message } from '../../src/client/types.js';
import { createMockService, type MockService } from '../../src/mock/index.js';
import { createNotifProxy } from '../../src/proxy/index.js';
import { $, $$, removeFixtures, untilMessages } from '../helpers/inbox-setup.js';

const PRIYA = 'usr_priya_raman';
const APP = 'https://app.test/notif';

/** The page's requests go to its own backend (`APP`), whose proxy calls the mock service with the key. */
function throughProxy() {
  const mock = createMockService({ apiKey: 'sk_test_row_menu' });
  const proxy = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: 'sk_test_row_menu',
    authenticate: () => PRIYA,
    fetch: mock.fetch,
  });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => proxy(new Request(input, init));
  return { mock, fetch };
}

/** The preference updates the service received, in order. */
function preferenceUpdates(mock: MockService) {
  return mock.requests
    .filter((r) => r.method === 'PATCH' && r.path === `/v2/subscribers/${PRIYA}/preferences`)
    .map((r) => r.body as { workflowId?: string; channels?: Record<string, boolean> });
}

async function inboxThroughProxy(
  options: { dir?: string; theme?: string; locale?: string; rowActions?: NotifRowAction[] } = {},
) {
  const { mock, fetch } = throughProxy();
  const wrapper = await fixture<HTMLElement>(
    html`<div dir=${options.dir ?? 'ltr'} style="width: 420px">
      <notif-provider base-url=${APP} subscriber-id=${PRIYA} .fetch=${fetch}>
        <notif-inbox
          theme=${options.theme ?? 'light'}
          locale=${options.locale ?? 'en'}
          .rowActions=${options.rowActions}
        ></notif-inbox>
      </notif-provider>
    </div>`,
  );
  const inbox = wrapper.querySelector<NotifInbox>('notif-inbox')!;
  await untilMessages(inbox);
  if (options.locale && options.locale !== 'en') {
    await waitUntil(() => $(inbox, '#title')?.textContent !== 'Notifications', 'the locale loads');
  }
  return { mock, inbox, wrapper };
}

function messages(inbox: NotifInbox): readonly Message[] {
  return inbox.activeStore!.$messages.get();
}

/** The row of the first message of `workflow`, and its More button. */
function rowOf(inbox: NotifInbox, workflow: string) {
  const message = messages(inbox).find((m) => m.templateIdentifier === workflow)!;
  expect(message, `a message of ${workflow}`).to.exist;
  const row = $(inbox, `article[data-key="${message._id}"]`)!;
  return { message, row, more: row.querySelector<HTMLElement>('[data-action="row-menu"]')! };
}

function menu(inbox: NotifInbox): HTMLElement | null {
  return $(inbox, '[role="menu"]');
}

function items(inbox: NotifInbox): HTMLElement[] {
  return $$(inbox, '[role="menuitem"]');
}

function focused(inbox: NotifInbox): Element | null {
  return inbox.shadowRoot!.activeElement;
}

/** Opens the row's menu from the keyboard and waits until the preferences say whether "Turn off" is offered. */
async function openMenu(inbox: NotifInbox, more: HTMLElement) {
  more.focus();
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => menu(inbox)?.matches(':popover-open'), 'the menu opens');
  await waitUntil(
    () => !items(inbox).some((item) => item.getAttribute('aria-disabled') === 'true'),
    'the preferences load',
  );
}

describe('row menu', () => {
  it('loads its code and the preferences only on the first intent toward a More button', async () => {
    const { mock, inbox } = await inboxThroughProxy();
    expect($(inbox, '.row-status'), 'no menu code before any intent').to.be.null;
    expect(mock.requests.some((r) => r.path.includes('/preferences'))).to.be.false;
    const { more } = rowOf(inbox, 'comment-mention');
    expect(more.getAttribute('aria-haspopup')).to.equal('menu');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    more.focus();
    await waitUntil(() => $(inbox, '.row-status'), 'the menu code loads on focus');
    await waitUntil(() => mock.requests.some((r) => r.method === 'GET' && r.path.includes('/preferences')));
  });

  it('turns off notifications like this through the proxy, announces it, and Undo turns them back on', async () => {
    const { mock, inbox } = await inboxThroughProxy();
    const { more } = rowOf(inbox, 'comment-mention');
    await openMenu(inbox, more);
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    expect(items(inbox).map((item) => item.textContent!.trim())).to.deep.equal([
      'Mark as read',
      'Turn off notifications like this',
    ]);
    expect(focused(inbox)).to.equal(items(inbox)[0]);
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(inbox)).to.equal(items(inbox)[1]);
    await sendKeys({ press: 'Enter' });

    await waitUntil(() => preferenceUpdates(mock).length === 1, 'one preferences update');
    expect(preferenceUpdates(mock)[0]).to.deep.equal({
      workflowId: 'comment-mention',
      channels: { in_app: false },
    });
    // The menu closed and gave the focus back to its button.
    expect(menu(inbox)).to.be.null;
    expect(focused(inbox)).to.equal(more);
    const status = $(inbox, '.row-status [role="status"]')!;
    expect(status.textContent).to.contain('You will no longer get “Comment mentions” notifications here.');
    await expect(inbox).to.be.accessible();

    const undo = $(inbox, '[data-status="undo"]') as HTMLButtonElement;
    await waitUntil(() => !undo.disabled, 'saved');
    undo.click();
    await waitUntil(() => preferenceUpdates(mock).length === 2, 'a second update');
    expect(preferenceUpdates(mock)[1]).to.deep.equal({
      workflowId: 'comment-mention',
      channels: { in_app: true },
    });
    await waitUntil(() => status.textContent!.includes('“Comment mentions” notifications are on again.'));
    expect($(inbox, '[data-status="undo"]')).to.be.null;
  });

  it('does not offer it for a critical workflow, nor for a message that names no workflow', async () => {
    const { mock, inbox } = await inboxThroughProxy();
    const { more } = rowOf(inbox, 'security-alert');
    await openMenu(inbox, more);
    expect(items(inbox).map((item) => item.dataset.item)).to.deep.equal(['mark-read']);
    await sendKeys({ press: 'Escape' });

    // A message without a workflow, arriving later.
    mock.addMessages(1, PRIYA, { templateIdentifier: undefined, subject: 'From nowhere' });
    await inbox.activeStore!.refresh();
    const bare = messages(inbox).find((m) => m.subject === 'From nowhere')!;
    const row = $(inbox, `article[data-key="${bare._id}"]`)!;
    await openMenu(inbox, row.querySelector<HTMLElement>('[data-action="row-menu"]')!);
    expect(items(inbox).map((item) => item.dataset.item)).to.deep.equal(['mark-read']);
    expect(preferenceUpdates(mock)).to.have.length(0);
  });

  it('rolls back with a visible error when the service refuses', async () => {
    const { mock, inbox } = await inboxThroughProxy();
    const { more } = rowOf(inbox, 'task-assigned');
    await openMenu(inbox, more);
    mock.fail({ status: 400, method: 'PATCH', path: '/v2/subscribers' });
    const error = oneEvent(inbox, 'notif-error');
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Enter' });
    expect((await error).detail.operation).to.equal('updatePreferences');
    const alert = $(inbox, '.row-status [role="alert"]')!;
    await waitUntil(() => alert.textContent!.includes('could not be turned off'));
    // Rolled back: offered again (its in_app is still on).
    await openMenu(inbox, more);
    expect(items(inbox).map((item) => item.dataset.item)).to.include('turn-off');
    await expect(inbox).to.be.accessible();
  });

  it('is operated with the keyboard: arrows wrap, Home and End, a letter, Escape and Tab close', async () => {
    const { inbox } = await inboxThroughProxy({
      rowActions: [{ id: 'archive', label: 'Archive', handler: () => undefined }],
    });
    const { more } = rowOf(inbox, 'comment-mention');
    await openMenu(inbox, more);
    const all = items(inbox);
    expect(all.map((item) => item.dataset.item)).to.deep.equal(['mark-read', 'turn-off', 'archive']);
    await sendKeys({ press: 'ArrowUp' });
    expect(focused(inbox), 'ArrowUp wraps to the last').to.equal(all[2]);
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(inbox), 'ArrowDown wraps to the first').to.equal(all[0]);
    await sendKeys({ press: 'End' });
    expect(focused(inbox)).to.equal(all[2]);
    await sendKeys({ press: 'Home' });
    expect(focused(inbox)).to.equal(all[0]);
    await sendKeys({ press: 't' });
    expect(focused(inbox), 'a letter moves to the item it starts').to.equal(all[1]);
    await sendKeys({ press: 'Escape' });
    expect(menu(inbox)).to.be.null;
    expect(focused(inbox)).to.equal(more);
    expect(more.getAttribute('aria-expanded')).to.equal('false');

    await openMenu(inbox, more);
    await sendKeys({ press: 'Tab' });
    expect(menu(inbox)).to.be.null;
    expect(focused(inbox)).to.equal(more);

    // Mark as read from the menu.
    await openMenu(inbox, more);
    await sendKeys({ press: 'Enter' });
    const { message } = rowOf(inbox, 'comment-mention');
    await waitUntil(() => messages(inbox).find((m) => m._id === message._id)?.read === true);
  });

  it("fires a cancelable notif-row-action before the host item's handler, and shows items by their predicate", async () => {
    const handled: string[] = [];
    const { inbox } = await inboxThroughProxy({
      rowActions: [
        { id: 'archive', label: 'Archive', handler: (m) => void handled.push(`archive:${m._id}`) },
        {
          id: 'pay',
          label: 'Update payment',
          shownFor: (m) => m.templateIdentifier === 'payment-failed',
          handler: () => void handled.push('pay'),
        },
      ],
    });
    const { message, more } = rowOf(inbox, 'comment-mention');
    await openMenu(inbox, more);
    expect(items(inbox).map((item) => item.dataset.item)).to.deep.equal(['mark-read', 'turn-off', 'archive']);

    const cancelled = oneEvent(inbox, 'notif-row-action');
    inbox.addEventListener('notif-row-action', (event) => event.preventDefault(), { once: true });
    items(inbox)[2]!.click();
    const event = await cancelled;
    expect(event.detail.id).to.equal('archive');
    expect(event.detail.message._id).to.equal(message._id);
    expect(event.cancelable).to.be.true;
    expect(handled).to.deep.equal([]);

    await openMenu(inbox, more);
    items(inbox)[2]!.click();
    expect(handled).to.deep.equal([`archive:${message._id}`]);

    const payment = rowOf(inbox, 'payment-failed');
    await openMenu(inbox, payment.more);
    expect(items(inbox).map((item) => item.dataset.item)).to.include('pay');
    await sendKeys({ press: 'Escape' });
  });

  for (const look of [
    { theme: 'light', dir: 'ltr' },
    { theme: 'dark', dir: 'ltr' },
    { theme: 'light', dir: 'rtl', locale: 'ar' },
    { theme: 'dark', dir: 'rtl', locale: 'he' },
  ]) {
    it(`is accessible open, ${look.theme} ${look.dir}, and sits by its button inside the viewport`, async () => {
      const { inbox } = await inboxThroughProxy(look);
      const { more } = rowOf(inbox, 'comment-mention');
      await openMenu(inbox, more);
      const box = menu(inbox)!.getBoundingClientRect();
      const button = more.getBoundingClientRect();
      expect(box.top).to.be.closeTo(button.bottom + 4, 1);
      // Its inline end on the button's: the right edges in LTR, the left edges in RTL.
      if (look.dir === 'rtl') expect(box.left).to.be.closeTo(Math.max(8, button.left), 1);
      else expect(box.right).to.be.closeTo(button.right, 1);
      expect(box.left).to.be.at.least(0);
      expect(box.right).to.be.at.most(document.documentElement.clientWidth);
      if (look.locale) {
        // Translated: no English item.
        expect(items(inbox).map((item) => item.textContent!.trim())).not.to.include('Mark as read');
      }
      await expect(inbox).to.be.accessible();
    });
  }

  it('offers it in a bell configured by its own attributes (the bell hands its inbox the connection)', async () => {
    const { mock, fetch } = throughProxy();
    const stub = sinon.stub(window, 'fetch').callsFake(fetch);
    try {
      const bell = await fixture<NotifBell>(
        html`<notif-bell base-url=${APP} subscriber-id=${PRIYA}></notif-bell>`,
      );
      bell.open = true;
      await waitUntil(() => bell.shadowRoot!.querySelector('notif-inbox'), 'the panel renders its inbox');
      const inbox = bell.shadowRoot!.querySelector<NotifInbox>('notif-inbox')!;
      await untilMessages(inbox);
      const { more } = rowOf(inbox, 'comment-mention');
      await openMenu(inbox, more);
      expect(items(inbox).map((item) => item.dataset.item)).to.deep.equal(['mark-read', 'turn-off']);
      await sendKeys({ press: 'Escape' });
      expect(mock.requests.filter((r) => r.path.includes('/preferences'))).to.have.length(1);
    } finally {
      await removeFixtures();
      stub.restore();
    }
  });

  it('works in the bell, whose panel stays open while Escape closes the menu', async () => {
    const { mock, fetch } = throughProxy();
    const wrapper = await fixture<HTMLElement>(
      html`<notif-provider base-url=${APP} subscriber-id=${PRIYA} .fetch=${fetch}>
        <notif-bell></notif-bell>
      </notif-provider>`,
    );
    const bell = wrapper.querySelector<NotifBell>('notif-bell')!;
    bell.open = true;
    await waitUntil(() => bell.shadowRoot!.querySelector('notif-inbox'), 'the panel renders its inbox');
    const inbox = bell.shadowRoot!.querySelector<NotifInbox>('notif-inbox')!;
    await untilMessages(inbox);
    const { more } = rowOf(inbox, 'comment-mention');
    await openMenu(inbox, more);
    await sendKeys({ press: 'Escape' });
    expect(menu(inbox)).to.be.null;
    expect(bell.open).to.be.true;
    await openMenu(inbox, more);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => preferenceUpdates(mock).length === 1);
    expect(preferenceUpdates(mock)[0]).to.deep.equal({
      workflowId: 'comment-mention',
      channels: { in_app: false },
    });
  });
});
