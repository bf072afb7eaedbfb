/**
 * The bell by keyboard alone, from opening it to saving a schedule and coming back, with what a screen reader
 * reads on the way: nothing closes that should not, and the focus is always where the user expects it.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { a11ySnapshot, sendKeys } from '@web/test-runner-commands';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, markAsRequests, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';

interface AxNode {
  name?: string;
  description?: string;
  focused?: boolean;
  children?: AxNode[];
}

/** What Chromium's accessibility tree says of the focused node: its name and description. */
async function spokenOnFocus(): Promise<string> {
  const find = (node: AxNode | undefined): AxNode | undefined => {
    if (!node || node.focused) return node;
    for (const child of node.children ?? []) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const node = find((await a11ySnapshot({})) as unknown as AxNode);
  return `${node?.name ?? ''} ${node?.description ?? ''}`;
}

/** The focused element, through every shadow root. */
function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Presses a key, with a modifier when it is named first ("Shift+Tab"). */
async function press(key: string): Promise<void> {
  const [modifier, main] = key.includes('+') ? key.split('+') : [undefined, key];
  if (modifier) await sendKeys({ down: modifier });
  await sendKeys({ press: main! });
  if (modifier) await sendKeys({ up: modifier });
}

/** Presses `key` until the focus reaches an element matching `selector`, at most `limit` times. */
async function pressUntil(key: string, selector: string, limit = 15): Promise<HTMLElement> {
  for (let presses = 0; presses < limit && !focused()?.matches(selector); presses++) {
    await press(key);
  }
  expect(focused()?.matches(selector), `${key} reaches ${selector}`).to.equal(true);
  return focused() as HTMLElement;
}

describe('<notif-bell> by keyboard alone', () => {
  it('opens, marks a message read, edits and saves the schedule, and comes back, never closing', async () => {
    const { store, client, mock } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .preferencesStore=${preferences}></notif-bell>`,
    );
    const stillOpen = (step: string) => {
      expect(bell.open, `${step}: the panel is open`).to.equal(true);
      expect($(bell, '[part="panel"]')!.matches(':popover-open'), `${step}: the popover shows`).to.equal(
        true,
      );
    };
    await waitUntil(() => store.$loaded.get(), 'loaded');

    // The bell opens with Enter.
    $(bell, '[part="button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('article'), 'the inbox shows');
    stillOpen('opened');

    // Tab reaches the messages; the arrows move to an unread one, which says it is unread.
    await pressUntil('Tab', 'article');
    const message = await pressUntil('ArrowDown', 'article.unread');
    expect(await spokenOnFocus()).to.contain('Unread');
    stillOpen('on a message');

    // Its "Mark as read" button, by keyboard.
    const key = message.dataset.key!;
    await pressUntil('Tab', '[part="toggle-read"]');
    await sendKeys({ press: 'Enter' });
    await waitUntil(
      () => markAsRequests(mock).some((body) => JSON.stringify(body).includes(key)),
      'marked read on the service',
    );
    await waitUntil(() => store.$messages.get().find((m) => m._id === key)?.read === true, 'read');
    expect((focused() as HTMLElement).title).to.contain('Mark as unread');
    stillOpen('marked read');

    // Back up to the settings button, and into the settings.
    await pressUntil('Shift+Tab', '[part="settings"]');
    await sendKeys({ press: 'Enter' });
    await waitUntil(
      () => $(bell, 'notif-preferences')?.shadowRoot?.querySelector('[part="edit"]'),
      'settings',
    );
    stillOpen('settings');
    const prefs = $(bell, 'notif-preferences')!;

    // The schedule's Edit, then Escape: the editor closes, the panel stays, the focus is on Edit.
    await pressUntil('Tab', '[part="edit"]', 20);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(prefs, '[part="editor"]'), 'the editor opened');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !$(prefs, '[part="editor"]'), 'the editor closed');
    await waitUntil(() => focused()?.matches('[part="edit"]'), 'the focus is on Edit');
    stillOpen('Escape in the editor');

    // Edit again, change Monday's start, Save.
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(prefs, '[part="editor"]'), 'the editor opened again');
    const start = (await pressUntil('Tab', '[part="time-input"]')) as HTMLInputElement;
    const before = start.value;
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => start.value !== before, 'the start changed');
    await pressUntil('Tab', '[part="save"]', 20);
    mock.clearRequests();
    await sendKeys({ press: 'Enter' });
    await waitUntil(
      () => mock.requests.some((request) => request.method === 'PATCH'),
      'the schedule is sent',
    );
    await waitUntil(() => !$(prefs, '[part="editor"]'), 'the editor closed after Save');
    await waitUntil(() => focused()?.matches('[part="edit"]'), 'the focus is on Edit after Save');
    stillOpen('saved');

    // Back to the notifications: the focus returns to the settings button.
    await pressUntil('Shift+Tab', '[part="back"]', 20);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => focused()?.matches('[part="settings"]'), 'the focus is on the settings button');
    stillOpen('back to the notifications');
    await expect(bell).to.be.accessible();
  });
});
