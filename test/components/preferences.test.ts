import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { summariseSchedule } from '../../src/components/preferences/schedule-summary.js';
import { createNotifClient } from '../../src/client/index.js';
import type {
  DaySchedule,
  Schedule,
  SubscriberPreferences,
  UpdatePreferencesBody,
} from '../../src/client/types.js';
import type { NotifErrorEvent } from '../../src/events/error.js';
import { createTranslator, loadTranslation } from '../../src/i18n/index.js';
import { de } from '../../src/locales/de.js';
import { createMockService, type MockServiceOptions } from '../../src/mock/index.js';
import { createPreferencesStore, type PreferencesStore } from '../../src/store/preferences.js';
import { $, $$ } from '../helpers/inbox-setup.js';

const SUBSCRIBER = 'usr_priya_raman';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

type Mock = ReturnType<typeof createMockService>;

function setup(options?: MockServiceOptions) {
  const mock = createMockService(options);
  const client = createNotifClient({
    baseUrl: 'https://mock.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    retry: false,
  });
  const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
  return { mock, client, store };
}

/** A mock whose subscriber has the fixture preferences with `schedule` as the schedule. */
function setupWithSchedule(schedule: Schedule) {
  const base = createMockService().db.preferences[SUBSCRIBER]!;
  return setup({ seed: { preferences: { [SUBSCRIBER]: withSchedule(base, schedule) } } });
}

async function render(
  store: PreferencesStore,
  template = html`<notif-preferences .store=${store}></notif-preferences>`,
) {
  const el = await fixture<NotifPreferences>(template);
  const prefs = el.localName === 'notif-preferences' ? el : el.querySelector('notif-preferences')!;
  await untilLoaded(prefs);
  return el;
}

async function untilLoaded(el: Element) {
  await waitUntil(() => $(el, '[part~="schedule"]'), 'the preferences are shown', { timeout: 4000 });
}

/** Bodies of the preference updates that reached the service. */
function patches(mock: Mock): UpdatePreferencesBody[] {
  return mock.requests
    .filter((r) => r.method === 'PATCH' && r.path === `/v2/subscribers/${SUBSCRIBER}/preferences`)
    .map((r) => r.body as UpdatePreferencesBody);
}

async function idle(el: NotifPreferences, store: PreferencesStore) {
  await waitUntil(() => store.$pending.get().size === 0, 'the saves are done');
  await el.updateComplete;
}

function globalSwitch(el: Element, channel: string) {
  return $(el, `[data-key="global:${channel}"]`)!;
}

function input(el: Element, day: string, index: number, field: 'start' | 'end') {
  return $(el, `#range-${day}-${index}-${field}`) as HTMLInputElement;
}

/** What a user does in a time input, in one go: the value (`HH:mm`) and its events. */
function setTime(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function button(el: Element, selector: string) {
  return $(el, selector) as HTMLButtonElement;
}

/** The text of the elements an element's `aria-describedby` points at. */
function description(el: Element, node: HTMLElement): string {
  return (node.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => el.shadowRoot!.getElementById(id)?.textContent?.trim() ?? `#${id} missing`)
    .join(' | ');
}

/** Presses Tab until the focused element in the shadow root matches (keyboard only, no `.focus()`). */
async function tabTo(el: Element, selector: string, max = 200) {
  for (let i = 0; i < max; i++) {
    if (el.shadowRoot!.activeElement?.matches(selector)) return el.shadowRoot!.activeElement as HTMLElement;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function shiftTab() {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function withSchedule(prefs: SubscriberPreferences, schedule: Schedule): SubscriberPreferences {
  return { ...prefs, global: { ...prefs.global, schedule } };
}

function focused(el: Element): Element | null {
  return el.shadowRoot!.activeElement;
}

function summary(el: Element): string {
  return normalise($(el, '[part="schedule-summary"]')!.textContent);
}

/** The rows under the summary, "days hours". */
function groups(el: Element): string[] {
  return $$(el, '[part="schedule-days"] li').map((li) =>
    [...li.children].map((cell) => normalise(cell.textContent)).join(' '),
  );
}

function liveRegion(el: Element): string {
  return normalise($(el, '[aria-live="polite"][aria-atomic="true"]')!.textContent);
}

/** Clicks Edit and waits for the editor. */
async function openEditor(el: NotifPreferences) {
  button(el, '[part~="edit"]').click();
  await waitUntil(() => $(el, '[part="editor"]'), 'the editor opens');
  await el.updateComplete;
}

/** Shows a day in the editor, as a click on its tab does. */
async function selectDay(el: NotifPreferences, day: string) {
  button(el, `[data-day-tab="${day}"]`).click();
  await el.updateComplete;
}

const day = (...hours: [string, string][]): DaySchedule => ({
  isEnabled: true,
  hours: hours.map(([start, end]) => ({ start, end })),
});
const OFF: DaySchedule = { isEnabled: false, hours: [] };

function week(days: Partial<Record<(typeof WEEKDAYS)[number] | 'saturday' | 'sunday', DaySchedule>>) {
  return {
    isEnabled: true,
    weeklySchedule: {
      monday: OFF,
      tuesday: OFF,
      wednesday: OFF,
      thursday: OFF,
      friday: OFF,
      saturday: OFF,
      sunday: OFF,
      ...days,
    },
  } satisfies Schedule;
}

const nineToSix = day(['09:00 AM', '06:00 PM']);

describe('<notif-preferences>', () => {
  describe('showing the preferences', () => {
    it('shows one switch per global channel, in order, then the schedule and the notification types', async () => {
      const { store } = setup();
      const el = await render(store);
      const global = $(el, '[data-section="global"]')!;
      const switches = [...global.querySelectorAll<HTMLElement>('.switches [role="switch"]')];
      expect(switches.map((s) => normalise(s.textContent))).to.deep.equal([
        'In-app',
        'Email',
        'SMS',
        'Chat',
        'Push',
      ]);
      // Each switch carries its channel's icon, hidden from assistive technology: the label names it.
      for (const s of switches) {
        const icon = s.querySelector('[part="switch-icon"] svg')!;
        expect(icon, normalise(s.textContent)).to.not.equal(null);
        expect(icon.getAttribute('aria-hidden')).to.equal('true');
        expect(s.hasAttribute('aria-label')).to.equal(false);
      }
      expect(globalSwitch(el, 'sms').getAttribute('aria-checked')).to.equal('false');
      expect(globalSwitch(el, 'email').getAttribute('aria-checked')).to.equal('true');
      expect(normalise($(el, '#global-heading')!.textContent)).to.equal('All notifications');
      expect(global.getAttribute('aria-labelledby')).to.equal('global-heading');
      // The schedule is a summary until Edit is pressed: no day fields in the way.
      expect(normalise($(el, '#schedule-heading')!.textContent)).to.equal('Delivery schedule');
      expect(summary(el)).to.equal('6 days, different hours');
      expect($(el, '[part="editor"]')).to.equal(null);
      expect($$(el, 'input')).to.have.length(0);
      const workflows = $$(el, '[part~="workflow-name"]').map((b) => normalise(b.textContent));
      expect(workflows).to.deep.equal(['Comment mentions', 'Task assigned', 'Weekly digest', 'Build status']);
      await expect(el).to.be.accessible();
    });

    it('only shows the channels the global preferences carry', async () => {
      const { store } = setup({
        seed: {
          preferences: {
            [SUBSCRIBER]: {
              global: { enabled: true, channels: { email: true, push: false } },
              workflows: [],
            },
          },
        },
      });
      const el = await render(store);
      const labels = $$(el, '[data-section="global"] .switches [role="switch"]').map((s) =>
        normalise(s.textContent),
      );
      expect(labels).to.deep.equal(['Email', 'Push']);
      expect(normalise($(el, '[part~="empty"]')!.textContent)).to.equal(
        'There are no notification types to set yet.',
      );
      // No schedule at all: delivery at any time, nothing to edit until it is turned on.
      expect(summary(el)).to.equal('Delivered any time');
      expect($(el, '[part~="edit"]')).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('is accessible light and dark, left to right and right to left, with the editor closed and open', async () => {
      for (const theme of ['light', 'dark'] as const) {
        const { store } = setup();
        const el = await render(
          store,
          html`<notif-preferences theme=${theme} .store=${store}></notif-preferences>`,
        );
        expect(getComputedStyle(el).colorScheme).to.equal(theme);
        $(el, '[part~="workflow-toggle"]')!.click();
        await el.updateComplete;
        await expect(el).to.be.accessible();
        await openEditor(el);
        await selectDay(el, 'wednesday');
        await expect(el).to.be.accessible();
      }

      const { store } = setup();
      const wrapper = await render(
        store,
        html`<div dir="rtl" lang="ar"><notif-preferences .store=${store}></notif-preferences></div>`,
      );
      const rtl = wrapper.querySelector('notif-preferences')!;
      expect(getComputedStyle($(rtl, '[part~="schedule"]')!).direction).to.equal('rtl');
      // The thumb of a switch that is on sits at the inline end, which is the left in RTL; so does the
      // switch of a row, after its label.
      const on = $(rtl, '[data-key="global:email"]')!;
      const track = on.querySelector('.switch-track')!.getBoundingClientRect();
      const thumb = on.querySelector('.switch-thumb')!.getBoundingClientRect();
      const label = on.querySelector('.switch-label')!.getBoundingClientRect();
      expect(thumb.left - track.left).to.be.lessThan(track.right - thumb.right);
      expect(track.right).to.be.lessThan(label.left);
      await expect(rtl).to.be.accessible();
      await openEditor(rtl);
      await expect(rtl).to.be.accessible();
    });

    it('fits a 24rem panel without scrolling sideways', async () => {
      const { store } = setup();
      const wrapper = await render(
        store,
        html`<div style="inline-size: 24rem"><notif-preferences .store=${store}></notif-preferences></div>`,
      );
      const el = wrapper.querySelector('notif-preferences')!;
      $(el, '[part~="workflow-toggle"]')!.click();
      await openEditor(el);
      await selectDay(el, 'wednesday');
      const base = $(el, '[part="base"]')!;
      expect(base.scrollWidth).to.be.at.most(base.clientWidth);
      expect(el.getBoundingClientRect().width).to.be.at.most(384);
      // The two times and the remove button of a range share one line.
      const [start, end] = [input(el, 'wednesday', 0, 'start'), input(el, 'wednesday', 0, 'end')];
      const remove = $(el, '[data-range="range-wednesday-0"] [part~="remove-range"]')!;
      const top = start.getBoundingClientRect().top;
      expect(Math.abs(end.getBoundingClientRect().top - top)).to.be.lessThan(2);
      expect(remove.getBoundingClientRect().bottom).to.be.greaterThan(top);
      await expect(el).to.be.accessible();
    });

    it('shows a loading state, then the preferences', async () => {
      const { store, mock } = setup();
      mock.setLatency(150);
      const el = await fixture<NotifPreferences>(
        html`<notif-preferences .store=${store}></notif-preferences>`,
      );
      expect($(el, '[part="skeleton"]')).to.not.equal(null);
      expect(normalise($(el, '[role="status"]')!.textContent)).to.equal('Loading preferences…');
      await expect(el).to.be.accessible();
      await untilLoaded(el);
      expect($(el, '[part="skeleton"]')).to.equal(null);
    });

    it('says when the preferences could not be loaded, fires notif-error, and retries', async () => {
      const { store, mock } = setup();
      mock.fail({ status: 500, method: 'GET', path: '/v2/subscribers' });
      const errors: NotifErrorEvent[] = [];
      const el = await fixture<NotifPreferences>(
        html`<notif-preferences
          .store=${store}
          @notif-error=${(e: NotifErrorEvent) => errors.push(e)}
        ></notif-preferences>`,
      );
      await waitUntil(() => $(el, '[part="load-error"]'), 'the load error shows');
      const state = $(el, '[part="load-error"]')!;
      expect(state.querySelector('[role="alert"]')!.textContent).to.contain('could not be loaded');
      expect(normalise(state.querySelector('.state-title')!.textContent)).to.equal(
        'Preferences could not be loaded',
      );
      expect(errors).to.have.length(1);
      expect(errors[0]!.detail.operation).to.equal('load');
      await expect(el).to.be.accessible();
      button(el, '[part="retry"]').click();
      await untilLoaded(el);
      expect($(el, '[part="load-error"]')).to.equal(null);
    });

    it('connects by its own attributes to the shared preferences store', async () => {
      const mock = createMockService();
      const original = window.fetch;
      window.fetch = mock.fetch as typeof window.fetch;
      try {
        const el = await fixture<NotifPreferences>(
          html`<notif-preferences
            base-url="https://attrs.test"
            subscriber-id=${SUBSCRIBER}
            api-key=${mock.apiKey}
          ></notif-preferences>`,
        );
        await untilLoaded(el);
        expect(el.activeStore?.subscriberId).to.equal(SUBSCRIBER);
        expect(globalSwitch(el, 'email').getAttribute('aria-checked')).to.equal('true');
      } finally {
        window.fetch = original;
      }
    });
  });

  describe('channel switches', () => {
    it('turning Email off globally sends only that change, shows it off and announces it', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      const email = globalSwitch(el, 'email');
      const changed = oneEvent(el, 'notif-preferences-change');
      email.click();
      await el.updateComplete;
      expect(email.getAttribute('aria-checked')).to.equal('false');
      const event = await changed;
      expect(event.detail.change).to.deep.equal({ channels: { email: false } });
      expect(event.detail.preferences.global.channels.email).to.equal(false);
      await idle(el, store);
      expect(patches(mock)).to.deep.equal([{ channels: { email: false } }]);
      expect(globalSwitch(el, 'email').getAttribute('aria-checked')).to.equal('false');
      expect(mock.db.preferences[SUBSCRIBER]!.global.channels.email).to.equal(false);
      await waitUntil(() => liveRegion(el) === 'Saved');
    });

    it('shows a switch as busy while its change is saved, and keeps it usable', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      mock.setLatency(100);
      globalSwitch(el, 'push').click();
      await el.updateComplete;
      expect(globalSwitch(el, 'push').getAttribute('aria-busy')).to.equal('true');
      globalSwitch(el, 'push').click();
      await el.updateComplete;
      expect(globalSwitch(el, 'push').getAttribute('aria-checked')).to.equal('true');
      await idle(el, store);
      await waitUntil(() => globalSwitch(el, 'push').getAttribute('aria-busy') === 'false');
      expect(patches(mock)).to.deep.equal([{ channels: { push: false } }, { channels: { push: true } }]);
      expect(mock.db.preferences[SUBSCRIBER]!.global.channels.push).to.equal(true);
    });

    it('a closed notification type lists the channels it delivers on', async () => {
      const { store } = setup();
      const el = await render(store);
      const summaries = $$(el, '[part~="workflow"]').map((item) => [
        item.dataset['workflow'],
        normalise(item.querySelector('[part="workflow-summary"]')!.textContent),
      ]);
      expect(summaries).to.deep.equal([
        ['comment-mention', 'In-app'],
        ['task-assigned', 'In-app, Email, Push'],
        ['weekly-digest', 'Email'],
        ['build-status', 'All off'],
      ]);
      // The toggle is named by its content: the type, then its channels.
      const toggle = $(el, '[data-workflow="task-assigned"] [part~="workflow-toggle"]')!;
      expect(toggle.hasAttribute('aria-label')).to.equal(false);
      expect(toggle.hasAttribute('aria-labelledby')).to.equal(false);
      expect(normalise(toggle.textContent).replace(' ,', ',')).to.equal('Task assigned, In-app, Email, Push');
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');

      // A change shows in the summary at once.
      $(el, '[data-workflow="comment-mention"] [part~="workflow-toggle"]')!.click();
      await el.updateComplete;
      $(el, '[data-key="comment-mention:email"]')!.click();
      await el.updateComplete;
      expect(
        normalise($(el, '[data-workflow="comment-mention"] [part="workflow-summary"]')!.textContent),
      ).to.equal('In-app, Email');
      await idle(el, store);
    });

    it('turns a channel off for one notification type and says where each value comes from', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      const toggle = $(el, '[data-workflow="comment-mention"] [part~="workflow-toggle"]')!;
      const panel = el.shadowRoot!.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(panel.hidden).to.equal(true);
      toggle.click();
      await el.updateComplete;
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      expect(panel.hidden).to.equal(false);

      const email = panel.querySelector<HTMLElement>('[data-key="comment-mention:email"]')!;
      expect(email.getAttribute('aria-label')).to.equal('Email for Comment mentions');
      expect(email.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
      expect(description(el, email)).to.equal('Set by you');
      const inApp = panel.querySelector<HTMLElement>('[data-key="comment-mention:in_app"]')!;
      expect(inApp.getAttribute('aria-label')).to.equal('In-app for Comment mentions');
      expect(inApp.hasAttribute('aria-describedby')).to.equal(false);
      await expect(el).to.be.accessible();

      inApp.click();
      await idle(el, store);
      expect(patches(mock)).to.deep.equal([{ workflowId: 'comment-mention', channels: { in_app: false } }]);
      const after = $(el, '[data-key="comment-mention:in_app"]')!;
      expect(after.getAttribute('aria-checked')).to.equal('false');
      // The service records the subscriber's choice as an override.
      expect(description(el, after)).to.contain('Set by you');
    });

    it('a notification type turned off by the sender cannot be changed and says so', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      $(el, '[data-workflow="build-status"] [part~="workflow-toggle"]')!.click();
      await el.updateComplete;
      const item = $(el, '[data-workflow="build-status"]')!;
      expect(item.getAttribute('part')).to.contain('workflow-disabled');
      expect(normalise(item.querySelector('[part="note"]')!.textContent)).to.equal(
        "Turned off by the sender; can't be changed",
      );
      const chat = item.querySelector<HTMLElement>('[data-key="build-status:chat"]')!;
      expect(chat.getAttribute('aria-disabled')).to.equal('true');
      expect(description(el, chat)).to.equal("Turned off by the sender; can't be changed | Set by you");
      chat.click();
      chat.focus();
      await sendKeys({ press: 'Space' });
      await el.updateComplete;
      expect(chat.getAttribute('aria-checked')).to.equal('false');
      expect(patches(mock)).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });

    it('rolls a refused switch back, shows an error, and fires notif-error', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      mock.fail({ status: 500, method: 'PATCH', path: '/v2/subscribers' });
      const failed = oneEvent(el, 'notif-error');
      globalSwitch(el, 'email').click();
      const event = await failed;
      expect(event.detail.operation).to.equal('updatePreferences');
      expect(event.detail.error).to.have.property('status', 500);
      await idle(el, store);
      expect(globalSwitch(el, 'email').getAttribute('aria-checked')).to.equal('true');
      const banner = $(el, '[part="save-error"]')!;
      expect(banner.querySelector('[role="alert"]')!.textContent).to.contain('could not be saved');
      expect(normalise(banner.textContent)).to.contain('Your change could not be saved.');
      // A channel's failure is not the schedule's: the banner is at the top, not in the schedule card.
      expect($(el, '[part~="schedule"]')!.contains(banner)).to.equal(false);
      await expect(el).to.be.accessible();
      button(el, '[part="dismiss"]').click();
      await el.updateComplete;
      expect($(el, '[part="save-error"]')).to.equal(null);
    });

    it('listens to its store only while connected', async () => {
      const { store } = setup();
      const el = await render(store);
      const parent = el.parentElement!;
      let events = 0;
      el.addEventListener('notif-preferences-change', () => events++);
      el.remove();
      await store.setGlobalChannels({ sms: true });
      expect(events).to.equal(0);
      parent.append(el);
      await el.updateComplete;
      await store.setGlobalChannels({ sms: false });
      expect(events).to.equal(1);
    });
  });

  describe('the schedule summary', () => {
    it('says "Weekdays" and the hours when Monday to Friday share them', async () => {
      const { store } = setupWithSchedule(
        week({
          monday: nineToSix,
          tuesday: nineToSix,
          wednesday: nineToSix,
          thursday: nineToSix,
          friday: nineToSix,
        }),
      );
      const el = await render(store);
      expect(summary(el)).to.equal('Weekdays, 9:00 AM – 6:00 PM');
      expect($(el, '[part="schedule-days"]')).to.equal(null);
      const edit = button(el, '[part~="edit"]');
      expect(normalise(edit.textContent)).to.equal('Edit');
      expect(edit.getAttribute('aria-label')).to.equal('Edit delivery schedule');
      expect(description(el, $(el, '[data-key="schedule"]')!)).to.equal('Weekdays, 9:00 AM – 6:00 PM');
    });

    it('counts the days and lists them by hours when the hours differ', async () => {
      const { store } = setup();
      const el = await render(store);
      expect(summary(el)).to.equal('6 days, different hours');
      expect(groups(el)).to.deep.equal([
        'Mon, Tue, Thu 9:00 AM – 6:00 PM',
        'Wednesday 8:30 AM – 12:00 PM and 1:00 PM – 5:30 PM',
        'Friday 9:00 AM – 3:00 PM',
        'Sunday 7:00 PM – 9:00 PM',
      ]);
    });

    it('names every day, weekends, runs of days and short lists, on the locale clock', () => {
      const en = createTranslator('en');
      const nineToFive = day(['09:00 AM', '05:00 PM']);
      const split = day(['08:30 AM', '12:00 PM'], ['01:00 PM', '05:00 PM']);
      const all = { saturday: nineToFive, sunday: nineToFive };
      const cases: [Schedule, string][] = [
        [
          week({
            monday: nineToFive,
            tuesday: nineToFive,
            wednesday: nineToFive,
            thursday: nineToFive,
            friday: nineToFive,
            ...all,
          }),
          'Every day, 9:00 AM – 5:00 PM',
        ],
        [week(all), 'Weekends, 9:00 AM – 5:00 PM'],
        [
          week({ monday: split, wednesday: split, friday: split }),
          'Mon, Wed, Fri, 8:30 AM – 12:00 PM and 1:00 PM – 5:00 PM',
        ],
        [
          week({ tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive }),
          'Tue–Thu, 9:00 AM – 5:00 PM',
        ],
        [week({ sunday: day(['07:00 PM', '09:00 PM']) }), 'Sunday, 7:00 PM – 9:00 PM'],
        [week({ monday: nineToFive, tuesday: split }), '2 days, different hours'],
        [week({}), 'No delivery on any day'],
        [{ ...week({ monday: nineToFive }), isEnabled: false }, 'Delivered any time'],
      ];
      for (const [schedule, text] of cases) expect(summariseSchedule(schedule, en).text).to.equal(text);

      const gb = createTranslator('en-GB');
      const weekdays = week({
        monday: nineToSix,
        tuesday: nineToSix,
        wednesday: nineToSix,
        thursday: nineToSix,
        friday: nineToSix,
      });
      expect(summariseSchedule(weekdays, gb).text).to.equal('Weekdays, 09:00 – 18:00');
      const german = createTranslator('de', de);
      const shortDe = (index: number) =>
        new Intl.DateTimeFormat('de', { weekday: 'short', timeZone: 'UTC' }).format(
          Date.UTC(2024, 0, 1 + index),
        );
      expect(summariseSchedule(weekdays, german).text).to.equal('Montag bis Freitag, 09:00–18:00');
      expect(summariseSchedule(week({ monday: split, wednesday: split }), german).text).to.equal(
        `${shortDe(0)} und ${shortDe(2)}, 08:30–12:00 und 13:00–17:00`,
      );
    });
  });

  describe('the schedule editor', () => {
    it('Edit opens the editor on Monday, with the days as tabs the arrow keys move through', async () => {
      const { store } = setup();
      const el = await render(store);
      button(el, '[part~="edit"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => $(el, '[part="editor"]'), 'the editor opens');
      await el.updateComplete;
      const monday = $(el, '[data-day-tab="monday"]')!;
      expect(focused(el)).to.equal(monday);
      // Edit gives way to the editor; the summary stays, following the draft.
      expect($(el, '[part~="edit"]')).to.equal(null);
      const tabs = $$(el, '[role="tab"]');
      expect(tabs.map((tab) => normalise(tab.textContent))).to.deep.equal([
        'Mon',
        'Tue',
        'Wed',
        'Thu',
        'Fri',
        'Sat',
        'Sun',
      ]);
      expect(tabs.map((tab) => tab.getAttribute('tabindex'))).to.deep.equal([
        '0',
        '-1',
        '-1',
        '-1',
        '-1',
        '-1',
        '-1',
      ]);
      expect(monday.getAttribute('aria-selected')).to.equal('true');
      // Named by the short name it shows, described by the day's full name and hours.
      expect(monday.hasAttribute('aria-label')).to.equal(false);
      expect(description(el, monday)).to.equal('Monday: 9:00 AM – 6:00 PM');
      expect(description(el, $(el, '[data-day-tab="saturday"]')!)).to.equal('Saturday: No delivery');
      const panel = $(el, '[role="tabpanel"]')!;
      expect(panel.dataset['day']).to.equal('monday');
      expect(panel.getAttribute('aria-labelledby')).to.equal(monday.id);

      await sendKeys({ press: 'ArrowRight' });
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '[data-day-tab="tuesday"]'));
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('tuesday');
      await sendKeys({ press: 'End' });
      await el.updateComplete;
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('sunday');
      await sendKeys({ press: 'ArrowRight' });
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '[data-day-tab="monday"]'));
      await sendKeys({ press: 'ArrowLeft' });
      await el.updateComplete;
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('sunday');
      await expect(el).to.be.accessible();
    });

    it('mirrors the arrow keys right to left (in Hebrew, on a left-to-right page)', async () => {
      const { store } = setup();
      await loadTranslation('he');
      const wrapper = await render(
        store,
        html`<div><notif-preferences locale="he" .store=${store}></notif-preferences></div>`,
      );
      const el = wrapper.querySelector('notif-preferences')!;
      button(el, '[part~="edit"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.matches('[data-day-tab="monday"]'), 'Monday has the focus');
      await sendKeys({ press: 'ArrowLeft' });
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '[data-day-tab="tuesday"]'));
    });

    it('Save is a few Tab presses away from Monday', async () => {
      const { store } = setup();
      const el = await render(store);
      button(el, '[part~="edit"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.matches('[data-day-tab="monday"]'), 'Monday has the focus');
      let presses = 0;
      const visited = new Set<string>();
      while (!focused(el)?.matches('[part~="save"]')) {
        expect(presses, `Tab presses from Monday to Save: ${[...visited].join(', ')}`).to.be.below(14);
        await sendKeys({ press: 'Tab' });
        presses++;
        const node = focused(el) as HTMLElement | null;
        visited.add(node?.id || node?.getAttribute('part') || '?');
      }
      // The way passes Monday's switch and hours, and the day's buttons.
      expect([...visited]).to.include.members([
        'range-monday-0-start',
        'range-monday-0-end',
        'add-range',
        'copy',
        'cancel',
      ]);
      // Chromium's time field is four stops (hours, minutes, AM/PM, its picker): 14 presses in all, where
      // the week that was always open took 81.
      expect(presses).to.be.at.most(14);
    });

    it('saves Monday to Friday from 09:00 AM to 05:00 PM in one request, in the service form', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      // Wednesday has two ranges in the fixture: keep one.
      await selectDay(el, 'wednesday');
      button(el, '[data-range="range-wednesday-1"] [part~="remove-range"]').click();
      await el.updateComplete;
      for (const weekday of WEEKDAYS) {
        await selectDay(el, weekday);
        setTime(input(el, weekday, 0, 'start'), '09:00');
        setTime(input(el, weekday, 0, 'end'), '17:00');
      }
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      // The summary follows the draft as it is typed.
      expect(summary(el)).to.equal('6 days, different hours');
      expect(groups(el)[0]).to.equal('Weekdays 9:00 AM – 5:00 PM');
      const changed = oneEvent(el, 'notif-preferences-change');
      button(el, '[part="save"]').click();
      const event = await changed;
      await idle(el, store);

      expect(patches(mock)).to.have.length(1);
      const schedule = patches(mock)[0]!.schedule!;
      expect(event.detail.change.schedule).to.deep.equal(schedule);
      expect(schedule.isEnabled).to.equal(true);
      for (const weekday of WEEKDAYS) {
        expect(schedule.weeklySchedule![weekday], weekday).to.deep.equal({
          isEnabled: true,
          hours: [{ start: '09:00 AM', end: '05:00 PM' }],
        });
      }
      expect(schedule.weeklySchedule!.saturday).to.deep.equal({ isEnabled: false, hours: [] });
      expect(schedule.weeklySchedule!.sunday).to.deep.equal({
        isEnabled: true,
        hours: [{ start: '07:00 PM', end: '09:00 PM' }],
      });
      expect(mock.db.preferences[SUBSCRIBER]!.global.schedule).to.deep.equal(schedule);
      await waitUntil(() => liveRegion(el) === 'Schedule saved');
      expect($(el, '[part="editor"]')).to.equal(null);
      expect(groups(el)[0]).to.equal('Weekdays 9:00 AM – 5:00 PM');
    });

    it('after Save the editor closes, "Saved" shows and the focus is on Edit', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      button(el, '[part~="edit"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.matches('[data-day-tab="monday"]'), 'Monday has the focus');
      await tabTo(el, '#range-monday-0-end');
      await sendKeys({ type: '0500P' });
      await el.updateComplete;
      expect(input(el, 'monday', 0, 'end').value).to.equal('17:00');
      await tabTo(el, '[part~="save"]');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => $(el, '[part="saved"]'), '"Saved" shows');
      await el.updateComplete;
      expect(normalise($(el, '[part="saved"]')!.textContent)).to.equal('Saved');
      expect($(el, '[part="saved"] svg')!.getAttribute('aria-hidden')).to.equal('true');
      expect($(el, '[part="editor"]')).to.equal(null);
      expect(focused(el)).to.equal($(el, '#schedule-edit'));
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.monday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '05:00 PM' },
      ]);
      await waitUntil(() => liveRegion(el) === 'Schedule saved', 'the save is announced');
      await expect(el).to.be.accessible();
      // Editing again hides the confirmation.
      await openEditor(el);
      expect($(el, '[part="saved"]')).to.equal(null);
    });

    it('Cancel and Escape drop the draft and return the focus to Edit', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      setTime(input(el, 'monday', 0, 'end'), '20:00');
      await selectDay(el, 'tuesday');
      $(el, '[data-day="tuesday"] [role="switch"]')!.click();
      await el.updateComplete;
      expect($(el, '[data-day="tuesday"] [role="switch"]')!.getAttribute('aria-checked')).to.equal('false');
      expect(normalise($(el, '[data-day="tuesday"]')!.textContent)).to.contain('No delivery');
      expect($(el, '[data-day-tab="tuesday"]')!.getAttribute('part')).to.contain('day-tab-off');
      button(el, '[part="cancel"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes');
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '#schedule-edit'));
      expect(summary(el)).to.equal('6 days, different hours');

      // Opened again, it shows the stored schedule.
      await openEditor(el);
      expect(input(el, 'monday', 0, 'end').value).to.equal('18:00');
      await selectDay(el, 'tuesday');
      expect($(el, '[data-day="tuesday"] [role="switch"]')!.getAttribute('aria-checked')).to.equal('true');
      setTime(input(el, 'tuesday', 0, 'start'), '10:00');
      await el.updateComplete;
      input(el, 'tuesday', 0, 'start').focus();
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !$(el, '[part="editor"]'), 'Escape closes the editor');
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '#schedule-edit'));
      expect(patches(mock)).to.deep.equal([]);
    });

    it('Save without a change closes the editor and sends nothing', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      expect(button(el, '[part="save"]').getAttribute('aria-disabled')).to.equal('false');
      button(el, '[part="save"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes');
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '#schedule-edit'));
      expect($(el, '[part="saved"]')).to.equal(null);
      expect(patches(mock)).to.deep.equal([]);
    });

    it('a failed save keeps the editor open with what was typed and shows the error in it', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      await selectDay(el, 'friday');
      setTime(input(el, 'friday', 0, 'end'), '17:00');
      await el.updateComplete;
      // The schedule's request fails (the subscriber's time zone, sent first, is saved: see schedule-timezone.test.ts).
      mock.fail({ status: 503, method: 'PATCH', path: `/v2/subscribers/${SUBSCRIBER}/preferences` });
      const failed = oneEvent(el, 'notif-error');
      button(el, '[part="save"]').focus();
      await sendKeys({ press: 'Enter' });
      expect((await failed).detail.operation).to.equal('updatePreferences');
      await idle(el, store);
      await waitUntil(() => $(el, '[part="save-error"]'), 'the error shows');
      const banner = $(el, '[part="save-error"]')!;
      expect(banner.querySelector('[role="alert"]')!.textContent).to.contain('could not be saved');
      // In the editor, by the Save button, saying that nothing was lost.
      expect($(el, '[part="editor"]')!.contains(banner)).to.equal(true);
      expect(banner.nextElementSibling).to.equal($(el, '[part="actions"]'));
      expect(normalise(banner.textContent)).to.contain(
        'The schedule could not be saved. Your changes are still here: try again.',
      );
      expect($(el, '[part="saved"]')).to.equal(null);
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('friday');
      expect(input(el, 'friday', 0, 'end').value).to.equal('17:00');
      expect(button(el, '[part="save"]').getAttribute('aria-disabled')).to.equal('false');
      expect(focused(el)).to.equal(button(el, '[part="save"]'));
      expect(mock.db.preferences[SUBSCRIBER]!.global.schedule!.weeklySchedule!.friday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '03:00 PM' },
      ]);
      await expect(el).to.be.accessible();

      // Saving again succeeds, clears the error and closes the editor.
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes');
      await idle(el, store);
      expect($(el, '[part="save-error"]')).to.equal(null);
      expect(focused(el)).to.equal($(el, '#schedule-edit'));
      expect(patches(mock)).to.have.length(2);
      expect(mock.db.preferences[SUBSCRIBER]!.global.schedule!.weeklySchedule!.friday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '05:00 PM' },
      ]);
    });

    it('a change typed while the save is under way stays in the open editor', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      setTime(input(el, 'monday', 0, 'end'), '17:00');
      await el.updateComplete;
      mock.setLatency(80);
      button(el, '[part="save"]').click();
      await el.updateComplete;
      expect(button(el, '[part="save"]').getAttribute('aria-busy')).to.equal('true');
      expect(normalise(button(el, '[part="save"]').textContent)).to.equal('Saving…');
      setTime(input(el, 'monday', 0, 'start'), '08:00');
      await idle(el, store);
      await waitUntil(() => button(el, '[part="save"]')?.getAttribute('aria-busy') === 'false');
      // The first save landed; the newer change was not lost or overwritten by its answer.
      expect(patches(mock)).to.have.length(1);
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.monday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '05:00 PM' },
      ]);
      expect($(el, '[part="editor"]')).to.not.equal(null);
      expect(input(el, 'monday', 0, 'start').value).to.equal('08:00');
      expect(input(el, 'monday', 0, 'end').value).to.equal('17:00');
      mock.setLatency(0);
      button(el, '[part="save"]').click();
      await waitUntil(() => !$(el, '[part="editor"]'), 'the second save closes the editor');
      expect(patches(mock)[1]!.schedule!.weeklySchedule!.monday!.hours).to.deep.equal([
        { start: '08:00 AM', end: '05:00 PM' },
      ]);
    });

    it('turning the schedule off in the editor hides the days and is saved with Save', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      const toggle = $(el, '[data-key="schedule"]')!;
      expect(normalise(toggle.textContent)).to.equal('Only deliver during these hours');
      toggle.click();
      await el.updateComplete;
      expect($(el, '[part="week"]')).to.equal(null);
      expect(summary(el)).to.equal('Delivered any time');
      expect(patches(mock)).to.deep.equal([]);
      button(el, '[part="save"]').click();
      await waitUntil(() => patches(mock).length === 1);
      expect(patches(mock)[0]!.schedule!.isEnabled).to.equal(false);
      // The hours are kept for when the schedule is turned on again.
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.monday).to.deep.equal({
        isEnabled: true,
        hours: [{ start: '09:00 AM', end: '06:00 PM' }],
      });
      await idle(el, store);
      await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes');
      // No Edit while there are no hours to edit: the focus goes to the switch.
      expect($(el, '[part~="edit"]')).to.equal(null);
      await el.updateComplete;
      expect(focused(el)).to.equal($(el, '#schedule-toggle'));
    });

    it('the schedule switch saves at once outside the editor', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      const toggle = $(el, '[data-key="schedule"]')!;
      toggle.click();
      await waitUntil(() => patches(mock).length === 1, 'the change is sent');
      expect(patches(mock)[0]!.schedule!.isEnabled).to.equal(false);
      await idle(el, store);
      await waitUntil(() => $(el, '[part="saved"]'), '"Saved" shows');
      expect(summary(el)).to.equal('Delivered any time');
      expect($(el, '[part="editor"]')).to.equal(null);

      $(el, '[data-key="schedule"]')!.click();
      await waitUntil(() => patches(mock).length === 2, 'the change is sent');
      await idle(el, store);
      expect(patches(mock)[1]!.schedule!.isEnabled).to.equal(true);
      expect(summary(el)).to.equal('6 days, different hours');
    });

    it('turning the schedule on without any delivery day opens the editor with Monday to Friday', async () => {
      const { store, mock } = setupWithSchedule({ ...week({}), isEnabled: false });
      const el = await render(store);
      expect(summary(el)).to.equal('Delivered any time');
      $(el, '[data-key="schedule"]')!.click();
      await waitUntil(() => $(el, '[part="editor"]'), 'the editor opens');
      expect(patches(mock)).to.deep.equal([]);
      expect(summary(el)).to.equal('Weekdays, 9:00 AM – 5:00 PM');
      button(el, '[part="save"]').click();
      await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes');
      const weekly = patches(mock)[0]!.schedule!.weeklySchedule!;
      expect(weekly.monday).to.deep.equal({
        isEnabled: true,
        hours: [{ start: '09:00 AM', end: '05:00 PM' }],
      });
      expect(weekly.saturday!.isEnabled).to.equal(false);
    });

    it('adds, removes and copies ranges, and names them on the locale clock', async () => {
      const { store, mock } = setup();
      const el = await render(
        store,
        html`<notif-preferences locale="en-GB" .store=${store}></notif-preferences>`,
      );
      await openEditor(el);
      const remove = $(el, '[data-range="range-monday-0"] [part~="remove-range"]')!;
      expect(remove.title).to.equal('Remove 09:00–18:00');
      expect($(el, '[data-range="range-monday-0"]')!.getAttribute('aria-label')).to.equal('09:00–18:00');

      const add = button(el, '[data-day="monday"] [part~="add-range"]');
      expect(normalise(add.textContent)).to.equal('Add time range');
      expect(add.classList.contains('button')).to.equal(true);
      add.click();
      await el.updateComplete;
      // The new range follows the last one, and gets the focus.
      expect(focused(el)).to.equal(input(el, 'monday', 1, 'start'));
      expect(input(el, 'monday', 1, 'start').value).to.equal('18:00');
      expect(input(el, 'monday', 1, 'end').value).to.equal('19:00');

      button(el, '[data-range="range-monday-1"] [part~="remove-range"]').click();
      await el.updateComplete;
      expect($(el, '[data-range="range-monday-1"]')).to.equal(null);
      expect(focused(el)).to.equal(button(el, '[part~="add-range"]'));

      // Saturday is off in the fixture; turning it on gives it a first range.
      await selectDay(el, 'saturday');
      $(el, '[data-day="saturday"] [role="switch"]')!.click();
      await el.updateComplete;
      expect(input(el, 'saturday', 0, 'start').value).to.equal('09:00');
      expect(input(el, 'saturday', 0, 'end').value).to.equal('17:00');

      await selectDay(el, 'wednesday');
      const copy = button(el, '[data-day="wednesday"] [part~="copy"]');
      expect(copy.classList.contains('button')).to.equal(true);
      copy.click();
      await el.updateComplete;
      expect(summary(el)).to.equal('Every day, 08:30 – 12:00 and 13:00 – 17:30');
      for (const weekday of ['monday', 'saturday', 'sunday']) {
        await selectDay(el, weekday);
        expect(input(el, weekday, 1, 'start').value, weekday).to.equal('13:00');
        expect(input(el, weekday, 1, 'end').value, weekday).to.equal('17:30');
      }
      button(el, '[part="save"]').click();
      await idle(el, store);
      const weekly = patches(mock)[0]!.schedule!.weeklySchedule!;
      expect(Object.values(weekly).every((d) => d!.isEnabled && d!.hours!.length === 2)).to.equal(true);
      expect(weekly.sunday!.hours).to.deep.equal([
        { start: '08:30 AM', end: '12:00 PM' },
        { start: '01:00 PM', end: '05:30 PM' },
      ]);
      await expect(el).to.be.accessible();
    });

    it('an end before the start is shown next to the field and nothing is sent', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      setTime(input(el, 'monday', 0, 'end'), '08:00');
      await el.updateComplete;
      const end = input(el, 'monday', 0, 'end');
      expect(end.getAttribute('aria-invalid')).to.equal('true');
      expect(description(el, end)).to.equal('The end must be after the start.');
      const message = el.shadowRoot!.getElementById(end.getAttribute('aria-describedby')!)!;
      expect($(el, '[data-range="range-monday-0"]')!.contains(message)).to.equal(true);
      expect(input(el, 'monday', 0, 'start').getAttribute('aria-invalid')).to.equal('false');
      expect(normalise($(el, '[part="issues"]')!.textContent)).to.equal(
        'Monday: The end must be after the start.',
      );
      const tab = $(el, '[data-day-tab="monday"]')!;
      expect(tab.getAttribute('part')).to.contain('day-tab-invalid');
      expect(description(el, tab)).to.equal('Monday: The end must be after the start.');
      await expect(el).to.be.accessible();

      // Save from another day shows the day at fault and focuses the field.
      await selectDay(el, 'thursday');
      button(el, '[part="save"]').click();
      await el.updateComplete;
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('monday');
      expect(focused(el)).to.equal(input(el, 'monday', 0, 'end'));

      setTime(input(el, 'monday', 0, 'end'), '18:30');
      await el.updateComplete;
      expect(input(el, 'monday', 0, 'end').getAttribute('aria-invalid')).to.equal('false');
      expect(normalise($(el, '[part="issues"]')!.textContent)).to.equal('');
    });

    it('overlapping ranges are shown on both and nothing is sent', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      await selectDay(el, 'tuesday');
      button(el, '[data-day="tuesday"] [part~="add-range"]').click();
      await el.updateComplete;
      setTime(input(el, 'tuesday', 1, 'start'), '17:00');
      await el.updateComplete;
      for (const index of [0, 1]) {
        const start = input(el, 'tuesday', index, 'start');
        expect(start.getAttribute('aria-invalid'), `range ${index}`).to.equal('true');
        expect(description(el, start)).to.equal('Time ranges overlap.');
      }
      expect(normalise($(el, '[part="issues"]')!.textContent)).to.equal('Tuesday: Time ranges overlap.');
      button(el, '[part="save"]').click();
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });

    it('a day that is on without any range says so and nothing is sent', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await openEditor(el);
      button(el, '[data-range="range-monday-0"] [part~="remove-range"]').click();
      await el.updateComplete;
      const add = button(el, '[data-day="monday"] [part~="add-range"]');
      expect(focused(el)).to.equal(add);
      expect(description(el, add)).to.equal('Add at least one time range or turn the day off.');
      expect(description(el, $(el, '[data-day="monday"] [role="switch"]')!)).to.equal(
        'Add at least one time range or turn the day off.',
      );
      button(el, '[part="save"]').click();
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      await expect(el).to.be.accessible();
      // Turning the day off is a valid way out.
      $(el, '[data-day="monday"] [role="switch"]')!.click();
      await el.updateComplete;
      button(el, '[part="save"]').click();
      await idle(el, store);
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.monday).to.deep.equal({
        isEnabled: false,
        hours: [],
      });
    });

    it('flags a malformed time coming from the service', async () => {
      const base = createMockService().db.preferences[SUBSCRIBER]!;
      const schedule = structuredClone(base.global.schedule!);
      schedule.weeklySchedule!.thursday!.hours = [{ start: '9am', end: '05:00 PM' }];
      const { store, mock } = setupWithSchedule(schedule);
      const el = await render(store);
      // The summary shows the time as it came.
      expect(groups(el)).to.include('Thursday 9am – 5:00 PM');
      await openEditor(el);
      expect($(el, '[data-day-tab="thursday"]')!.getAttribute('part')).to.contain('day-tab-invalid');
      await selectDay(el, 'thursday');
      const start = input(el, 'thursday', 0, 'start');
      expect(start.value).to.equal('');
      expect(start.getAttribute('aria-invalid')).to.equal('true');
      expect(normalise(description(el, start))).to.equal('Enter a time like 9:00 AM.');
      expect(
        normalise($(el, '[data-range="range-thursday-0"] [part~="remove-range"]')!.getAttribute('title')),
      ).to.equal('Remove 9am–5:00 PM');
      await expect(el).to.be.accessible();

      // Another edit does not let the bad time through.
      await selectDay(el, 'monday');
      setTime(input(el, 'monday', 0, 'end'), '17:00');
      await el.updateComplete;
      button(el, '[part="save"]').click();
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('thursday');

      setTime(input(el, 'thursday', 0, 'start'), '09:00');
      await el.updateComplete;
      button(el, '[part="save"]').click();
      await idle(el, store);
      expect(patches(mock)).to.have.length(1);
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.thursday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '05:00 PM' },
      ]);
    });

    it('turning a schedule with a malformed time off opens the editor on the problem', async () => {
      const base = createMockService().db.preferences[SUBSCRIBER]!;
      const schedule = structuredClone(base.global.schedule!);
      schedule.weeklySchedule!.tuesday!.hours = [{ start: '09:00 AM', end: '5pm' }];
      const { store, mock } = setupWithSchedule(schedule);
      const el = await render(store);
      $(el, '[data-key="schedule"]')!.click();
      await waitUntil(() => $(el, '[part="editor"]'), 'the editor opens');
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      expect($(el, '[role="tabpanel"]')!.dataset['day']).to.equal('tuesday');
      expect(focused(el)).to.equal(input(el, 'tuesday', 0, 'end'));
    });
  });

  describe('by keyboard alone', () => {
    it('turns Email off and opens a notification type', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await tabTo(el, '[data-key="global:email"]');
      await sendKeys({ press: 'Space' });
      await idle(el, store);
      expect(patches(mock)).to.deep.equal([{ channels: { email: false } }]);
      expect(globalSwitch(el, 'email').getAttribute('aria-checked')).to.equal('false');

      const toggle = await tabTo(el, '[data-workflow="task-assigned"] [part~="workflow-toggle"]');
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      await tabTo(el, '[data-key="task-assigned:push"]');
      await sendKeys({ press: 'Space' });
      await idle(el, store);
      expect(patches(mock)[1]).to.deep.equal({ workflowId: 'task-assigned', channels: { push: false } });
    });

    it('sets Monday to Friday from 9 to 5 and saves', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      await tabTo(el, '[part~="edit"]');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.matches('[data-day-tab="monday"]'), 'Monday has the focus');
      // Monday: 09:00 AM–06:00 PM becomes 09:00 AM–05:00 PM.
      await tabTo(el, '#range-monday-0-end');
      await sendKeys({ type: '0500P' });
      await el.updateComplete;
      expect(input(el, 'monday', 0, 'end').value).to.equal('17:00');
      // Copy Monday to every day, then turn the weekend off.
      await tabTo(el, '[data-day="monday"] [part~="copy"]');
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      await tabTo(el, '[part~="cancel"]');
      for (let i = 0; i < 20 && !focused(el)?.matches('[role="tab"]'); i++) {
        await shiftTab();
      }
      for (const weekday of ['saturday', 'sunday']) {
        await sendKeys({ press: 'End' });
        if (weekday === 'saturday') await sendKeys({ press: 'ArrowLeft' });
        await el.updateComplete;
        expect(focused(el)).to.equal($(el, `[data-day-tab="${weekday}"]`));
        await sendKeys({ press: 'Tab' });
        expect(focused(el)).to.equal($(el, `[data-day="${weekday}"] [role="switch"]`));
        await sendKeys({ press: 'Space' });
        await el.updateComplete;
        await shiftTab();
      }
      expect(summary(el)).to.equal('Weekdays, 9:00 AM – 5:00 PM');
      await tabTo(el, '[part="save"]');
      await sendKeys({ press: 'Enter' });
      await idle(el, store);

      expect(patches(mock)).to.have.length(1);
      const weekly = patches(mock)[0]!.schedule!.weeklySchedule!;
      for (const weekday of WEEKDAYS) {
        expect(weekly[weekday], weekday).to.deep.equal({
          isEnabled: true,
          hours: [{ start: '09:00 AM', end: '05:00 PM' }],
        });
      }
      expect(weekly.saturday!.isEnabled).to.equal(false);
      expect(weekly.sunday!.isEnabled).to.equal(false);
      await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes');
      expect(focused(el)).to.equal($(el, '#schedule-edit'));
    });
  });
});
