import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import '../../src/components/preferences/preferences.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { en } from '../../src/i18n/index.js';
import { ar } from '../../src/locales/ar.js';
import { he } from '../../src/locales/he.js';
import { ja } from '../../src/locales/ja.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, $$, setupInbox, SUBSCRIBER, untilMessages, animationsDone } from '../helpers/inbox-setup.js';

/** No text of the element is a raw translation key ("inbox.title"). */
function showsNoKeys(el: Element): boolean {
  return !/\b(inbox|bell|preferences)\.[a-z]+[.A-Za-z]*\b/.test(el.shadowRoot!.textContent ?? '');
}

describe('elements in other languages', () => {
  for (const [locale, table] of [
    ['ar', ar],
    ['he', he],
  ] as const) {
    describe(`${locale}, right to left`, () => {
      it('the inbox is in the language, right to left, and accessible', async () => {
        const { store } = setupInbox();
        const el = await fixture<NotifInbox>(
          html`<notif-inbox locale=${locale} .store=${store}></notif-inbox>`,
        );
        await untilMessages(el);
        await waitUntil(
          () => $(el, '#title')?.textContent?.trim() === table['inbox.title'],
          'the table loaded',
        );
        expect(showsNoKeys(el)).to.equal(true);
        const base = $(el, '[part="base"]')!;
        expect(base.getAttribute('dir')).to.equal('rtl');
        expect(base.getAttribute('lang')).to.equal(locale);
        expect(getComputedStyle(base).direction).to.equal('rtl');
        // A relative time in the locale's words, isolated from the English subject beside it.
        const time = $$(el, '[part="time"] .visually-hidden')[0]!;
        expect(time.textContent).to.not.match(/ago|now/);
        await expect(el).to.be.accessible();
      });

      it('the bell and its open inbox are in the language and accessible', async () => {
        const { store } = setupInbox();
        const el = await fixture<NotifBell>(html`<notif-bell locale=${locale} .store=${store}></notif-bell>`);
        await waitUntil(() => store.$loaded.get(), 'loaded');
        el.show();
        await waitUntil(() => {
          const inbox = el.shadowRoot!.querySelector('notif-inbox');
          return inbox?.shadowRoot?.querySelector('#title')?.textContent?.trim() === table['inbox.title'];
        }, 'the panel shows the inbox in the language');
        // Colour checks see the panel's final colours, once its opening animation is over.
        await Promise.all(
          $(el, '[part="panel"]')!
            .getAnimations()
            .map((animation) => animation.finished),
        );
        const button = $(el, '[part="button"]')!;
        expect(button.getAttribute('aria-label')).to.not.contain('Notifications');
        expect(button.getAttribute('lang')).to.equal(locale);
        await animationsDone(el);
        await expect(el).to.be.accessible();
      });

      it('the preferences are in the language, right to left, and accessible', async () => {
        const { client } = setupInbox();
        const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
        const el = await fixture<NotifPreferences>(
          html`<notif-preferences locale=${locale} .store=${store}></notif-preferences>`,
        );
        await waitUntil(
          () => $(el, '#title')?.textContent?.trim() === table['preferences.title'],
          'the table loaded and the preferences showed',
        );
        await waitUntil(() => $(el, '[part~="schedule-summary"]'), 'the schedule shows');
        expect(showsNoKeys(el)).to.equal(true);
        expect($(el, '[part="base"]')!.getAttribute('dir')).to.equal('rtl');
        await expect(el).to.be.accessible();
        store.destroy();
      });
    });
  }

  it('an English inbox on a right-to-left page reads left to right', async () => {
    const { store } = setupInbox();
    const wrapper = await fixture<HTMLElement>(
      html`<div dir="rtl"><notif-inbox locale="en" .store=${store}></notif-inbox></div>`,
    );
    const el = wrapper.querySelector('notif-inbox')!;
    await untilMessages(el);
    expect(getComputedStyle($(el, '[part="base"]')!).direction).to.equal('ltr');
    expect($(el, '#title')!.textContent!.trim()).to.equal(en['inbox.title']);
    await expect(el).to.be.accessible();
  });

  it('its own dir attribute wins over its language', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifInbox>(
      html`<notif-inbox dir="rtl" locale="en" .store=${store}></notif-inbox>`,
    );
    await untilMessages(el);
    expect(getComputedStyle($(el, '[part="base"]')!).direction).to.equal('rtl');
  });

  it('shows English, never raw keys, until a locale it loads on demand arrives', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifInbox>(html`<notif-inbox locale="ja-JP" .store=${store}></notif-inbox>`);
    const title = () => $(el, '#title')!.textContent!.trim();
    expect([en['inbox.title'], ja['inbox.title']]).to.include(title());
    expect(showsNoKeys(el)).to.equal(true);
    await waitUntil(() => title() === ja['inbox.title'], 'the Japanese table arrives');
    await untilMessages(el);
    expect(showsNoKeys(el)).to.equal(true);
    expect($(el, '[part="base"]')!.getAttribute('lang')).to.equal('ja-JP');
  });
});
