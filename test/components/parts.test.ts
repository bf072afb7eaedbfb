/**
 * Every part is reachable from the page and declared once: what the elements render in their states is in
 * their parts lists (which the JSDoc matches, see test/node/parts.node.test.mjs), and the bell forwards the
 * parts of its inbox and of its settings view's preferences.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import '../../src/components/preferences/preferences.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { BELL_PARTS } from '../../src/components/bell/bell.parts.js';
import { INBOX_PARTS } from '../../src/components/inbox/inbox.parts.js';
import { PREFERENCES_PARTS } from '../../src/components/preferences/preferences.parts.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, setupInbox, SUBSCRIBER, untilMessages } from '../helpers/inbox-setup.js';

/** Every part name in an element's shadow root (not in nested elements' roots). */
function partsIn(el: Element): Set<string> {
  const names = new Set<string>();
  el.shadowRoot!.querySelectorAll('[part]').forEach((node) => node.part.forEach((name) => names.add(name)));
  return names;
}

function undeclared(found: Set<string>, declared: readonly string[]): string[] {
  return [...found].filter((name) => !declared.includes(name));
}

async function settingsOf(bell: NotifBell): Promise<NotifPreferences> {
  bell.show();
  await waitUntil(() => $(bell, '[part="settings"]'), 'the settings button');
  $(bell, '[part="settings"]')!.click();
  await waitUntil(
    () =>
      ($(bell, 'notif-preferences') as NotifPreferences | null)?.shadowRoot?.querySelector(
        '[part~="switch"]',
      ),
    'the switches show',
  );
  return $(bell, 'notif-preferences') as NotifPreferences;
}

describe('parts', () => {
  it('::part(preferences-…) on the bell styles the switches of its settings view', async () => {
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const wrapper = await fixture(
      html`<div>
        <style>
          .branded notif-bell::part(preferences-switch-track) {
            border-radius: 3px;
          }
          .branded notif-bell::part(preferences-section) {
            border-color: rgb(15, 118, 110);
          }
        </style>
        <div class="branded"><notif-bell .store=${store} .preferencesStore=${preferences}></notif-bell></div>
      </div>`,
    );
    const bell = wrapper.querySelector<NotifBell>('notif-bell')!;
    const prefs = await settingsOf(bell);
    await waitUntil(
      () => getComputedStyle($(prefs, '[part~="switch-track"]')!).borderTopLeftRadius === '3px',
      'square',
    );
    expect(getComputedStyle($(prefs, '[part~="section"]')!).borderTopColor).to.equal('rgb(15, 118, 110)');
    await expect(bell).to.be.accessible();
  });

  it('the inbox renders only declared parts, in its states', async () => {
    const found = new Set<string>();
    const collect = (el: Element) => partsIn(el).forEach((name) => found.add(name));

    const { store, mock } = setupInbox();
    mock.setLatency(100);
    mock.addMessage(SUBSCRIBER, {
      subject: 'With a picture',
      avatar: '/test/visual/baselines/inbox-loading-light-ltr-desktop.png',
      cta: {
        type: 'redirect',
        action: {
          buttons: [
            { type: 'primary', content: 'Open' },
            { type: 'secondary', content: 'Later' },
          ],
        },
      },
    } as never);
    const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
    collect(el); // loading
    await untilMessages(el);
    await el.updateComplete;
    collect(el); // messages, avatars, buttons, load more
    const empty = await fixture<NotifInbox>(
      html`<notif-inbox .store=${setupInbox({ store: { subscriberId: 'usr_empty' } }).store}></notif-inbox>`,
    );
    await waitUntil(() => $(empty, '[part="empty"]'), 'empty');
    collect(empty);
    const failing = setupInbox();
    failing.mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
    const error = await fixture<NotifInbox>(html`<notif-inbox .store=${failing.store}></notif-inbox>`);
    await waitUntil(() => $(error, '[part="error"]'), 'error');
    collect(error);

    expect(undeclared(found, INBOX_PARTS)).to.deep.equal([]);
    for (const name of ['avatar-image', 'action-primary', 'action-secondary', 'skeleton', 'empty', 'error']) {
      expect(found.has(name), name).to.equal(true);
    }
  });

  it('the bell and its settings view render only declared parts, and the bell forwards them all', async () => {
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .preferencesStore=${preferences}></notif-bell>`,
    );
    await waitUntil(() => store.$loaded.get(), 'loaded');
    const bellParts = partsIn(bell);
    bell.show();
    await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('article'), 'the inbox');
    partsIn(bell).forEach((name) => bellParts.add(name));
    const inbox = $(bell, 'notif-inbox')!;
    expect(
      inbox
        .getAttribute('exportparts')!
        .split(',')
        .map((pair) => pair.split(':')[0]),
    ).to.deep.equal([...INBOX_PARTS]);

    const prefs = await settingsOf(bell);
    partsIn(bell).forEach((name) => bellParts.add(name));
    $(prefs, '[part~="edit"]')!.click();
    await waitUntil(() => $(prefs, '[part="editor"]'), 'the editor');
    await prefs.updateComplete;
    expect(undeclared(bellParts, BELL_PARTS)).to.deep.equal([]);
    expect(undeclared(partsIn(prefs), PREFERENCES_PARTS)).to.deep.equal([]);
    expect(
      prefs
        .getAttribute('exportparts')!
        .split(',')
        .map((pair) => pair.split(':')[1]),
    ).to.deep.equal(PREFERENCES_PARTS.map((name) => `preferences-${name}`));
  });
});
