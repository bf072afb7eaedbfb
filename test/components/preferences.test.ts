import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { createNotifClient } from '../../src/client/index.js';
import type { Schedule, SubscriberPreferences, UpdatePreferencesBody } from '../../src/client/types.js';
import type { NotifErrorEvent } from '../../src/events/error.js';
import { createMockService, type MockServiceOptions } from '../../src/mock/index.js';
import { createPreferencesStore, type PreferencesStore } from '../../src/store/preferences.js';

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

function $(el: Element, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

function $$(el: Element, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
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

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function withSchedule(prefs: SubscriberPreferences, schedule: Schedule): SubscriberPreferences {
  return { ...prefs, global: { ...prefs.global, schedule } };
}

describe('<notif-preferences>', () => {
  describe('showing the preferences', () => {
    it('shows one switch per global channel, in order, then the schedule and the notification types', async () => {
      const { store } = setup();
      const el = await render(store);
      const global = $(el, '[data-section="global"]')!;
      const labels = [...global.querySelectorAll('.switches [role="switch"]')].map((s) =>
        normalise(s.textContent),
      );
      expect(labels).to.deep.equal(['In-app', 'Email', 'SMS', 'Chat', 'Push']);
      expect(globalSwitch(el, 'sms').getAttribute('aria-checked')).to.equal('false');
      expect(globalSwitch(el, 'email').getAttribute('aria-checked')).to.equal('true');
      expect(normalise($(el, '#global-heading')!.textContent)).to.equal('All notifications');
      expect(global.getAttribute('aria-labelledby')).to.equal('global-heading');
      const days = $$(el, '[part~="day"] [part~="switch-label"]').map((d) => normalise(d.textContent));
      expect(days).to.deep.equal([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      const workflows = $$(el, '[part~="workflow-toggle"]').map((b) => normalise(b.textContent));
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
      expect(normalise($(el, '[part="empty"]')!.textContent)).to.equal(
        'There are no notification types to set yet.',
      );
      await expect(el).to.be.accessible();
    });

    it('is accessible in the dark theme and right to left', async () => {
      const { store } = setup();
      const dark = await render(
        store,
        html`<notif-preferences theme="dark" .store=${store}></notif-preferences>`,
      );
      expect(dark.getAttribute('theme')).to.equal('dark');
      expect(getComputedStyle(dark).colorScheme).to.equal('dark');
      await expect(dark).to.be.accessible();

      const wrapper = await render(
        store,
        html`<div dir="rtl" lang="ar"><notif-preferences .store=${store}></notif-preferences></div>`,
      );
      const rtl = wrapper.querySelector('notif-preferences')!;
      $(rtl, '[part~="workflow-toggle"]')!.click();
      await rtl.updateComplete;
      expect(getComputedStyle($(rtl, '[part~="schedule"]')!).direction).to.equal('rtl');
      // The thumb of a switch that is on sits at the inline end, which is the left in RTL.
      const on = $(rtl, '[data-key="global:email"]')!;
      const track = on.querySelector('.switch-track')!.getBoundingClientRect();
      const thumb = on.querySelector('.switch-thumb')!.getBoundingClientRect();
      expect(thumb.left - track.left).to.be.lessThan(track.right - thumb.right);
      await expect(rtl).to.be.accessible();
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
      expect(state.getAttribute('role')).to.equal('alert');
      expect(normalise(state.textContent)).to.contain('Preferences could not be loaded');
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
      await waitUntil(
        () => normalise($(el, '[aria-live="polite"][aria-atomic="true"]')!.textContent) === 'Saved',
      );
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
      expect(description(el, email)).to.equal('Set by you');
      const inApp = panel.querySelector<HTMLElement>('[data-key="comment-mention:in_app"]')!;
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
      expect(banner.getAttribute('role')).to.equal('alert');
      expect(normalise(banner.textContent)).to.contain('Your change could not be saved.');
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

  describe('the weekly schedule', () => {
    it('saves Monday to Friday from 09:00 AM to 05:00 PM in one request, in the service form', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      expect(button(el, '[part="save"]').getAttribute('aria-disabled')).to.equal('true');
      // Wednesday has two ranges in the fixture: keep one.
      button(el, '[data-day="wednesday"] [data-range="range-wednesday-1"] [part~="remove-range"]').click();
      await el.updateComplete;
      for (const day of WEEKDAYS) {
        setTime(input(el, day, 0, 'start'), '09:00');
        setTime(input(el, day, 0, 'end'), '17:00');
      }
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      expect(button(el, '[part="save"]').getAttribute('aria-disabled')).to.equal('false');
      const changed = oneEvent(el, 'notif-preferences-change');
      button(el, '[part="save"]').click();
      const event = await changed;
      await idle(el, store);

      expect(patches(mock)).to.have.length(1);
      const schedule = patches(mock)[0]!.schedule!;
      expect(event.detail.change.schedule).to.deep.equal(schedule);
      expect(schedule.isEnabled).to.equal(true);
      for (const day of WEEKDAYS) {
        expect(schedule.weeklySchedule![day], day).to.deep.equal({
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
      await waitUntil(
        () => normalise($(el, '[aria-live="polite"][aria-atomic="true"]')!.textContent) === 'Schedule saved',
      );
      expect(button(el, '[part="save"]').getAttribute('aria-disabled')).to.equal('true');
      expect(input(el, 'monday', 0, 'end').value).to.equal('17:00');
    });

    it('Cancel discards the draft', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      setTime(input(el, 'monday', 0, 'end'), '20:00');
      $(el, '[data-day="tuesday"] [role="switch"]')!.click();
      await el.updateComplete;
      expect($(el, '[data-day="tuesday"] [role="switch"]')!.getAttribute('aria-checked')).to.equal('false');
      expect(normalise($(el, '[data-day="tuesday"]')!.textContent)).to.contain('No delivery');
      button(el, '[part="cancel"]').click();
      await el.updateComplete;
      expect(input(el, 'monday', 0, 'end').value).to.equal('18:00');
      expect($(el, '[data-day="tuesday"] [role="switch"]')!.getAttribute('aria-checked')).to.equal('true');
      button(el, '[part="save"]').click();
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
    });

    it('turning the schedule off hides the days and is saved with Save', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      const toggle = $(el, '[data-key="schedule"]')!;
      expect(normalise(toggle.textContent)).to.equal('Only deliver during these hours');
      toggle.click();
      await el.updateComplete;
      expect($(el, '[part="week"]')).to.equal(null);
      button(el, '[part="save"]').click();
      await waitUntil(() => patches(mock).length === 1);
      expect(patches(mock)[0]!.schedule!.isEnabled).to.equal(false);
      // The hours are kept for when the schedule is turned on again.
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.monday).to.deep.equal({
        isEnabled: true,
        hours: [{ start: '09:00 AM', end: '06:00 PM' }],
      });
    });

    it('adds, removes and copies ranges, and names them on the locale clock', async () => {
      const { store, mock } = setup();
      const el = await render(
        store,
        html`<notif-preferences locale="en-GB" .store=${store}></notif-preferences>`,
      );
      const remove = $(el, '[data-range="range-monday-0"] [part~="remove-range"]')!;
      expect(remove.getAttribute('aria-label')).to.equal('Remove 09:00–18:00');
      expect($(el, '[data-range="range-monday-0"]')!.getAttribute('aria-label')).to.equal('09:00–18:00');

      button(el, '[data-day="monday"] [part~="add-range"]').click();
      await el.updateComplete;
      // The new range follows the last one, and gets the focus.
      expect(el.shadowRoot!.activeElement).to.equal(input(el, 'monday', 1, 'start'));
      expect(input(el, 'monday', 1, 'start').value).to.equal('18:00');
      expect(input(el, 'monday', 1, 'end').value).to.equal('19:00');

      button(el, '[data-range="range-monday-1"] [part~="remove-range"]').click();
      await el.updateComplete;
      expect($(el, '[data-range="range-monday-1"]')).to.equal(null);

      // Saturday is off in the fixture; turning it on gives it a first range.
      $(el, '[data-day="saturday"] [role="switch"]')!.click();
      await el.updateComplete;
      expect(input(el, 'saturday', 0, 'start').value).to.equal('09:00');
      expect(input(el, 'saturday', 0, 'end').value).to.equal('17:00');

      button(el, '[data-day="wednesday"] [part~="copy"]').click();
      await el.updateComplete;
      for (const day of ['monday', 'saturday', 'sunday']) {
        expect(input(el, day, 1, 'start').value, day).to.equal('13:00');
        expect(input(el, day, 1, 'end').value, day).to.equal('17:30');
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
      await expect(el).to.be.accessible();

      button(el, '[part="save"]').click();
      await el.updateComplete;
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);
      expect(el.shadowRoot!.activeElement).to.equal(end);

      setTime(end, '18:30');
      await el.updateComplete;
      expect(end.getAttribute('aria-invalid')).to.equal('false');
      expect(normalise($(el, '[part="issues"]')!.textContent)).to.equal('');
    });

    it('overlapping ranges are shown on both and nothing is sent', async () => {
      const { store, mock } = setup();
      const el = await render(store);
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
      button(el, '[data-range="range-monday-0"] [part~="remove-range"]').click();
      await el.updateComplete;
      const add = button(el, '[data-day="monday"] [part~="add-range"]');
      expect(el.shadowRoot!.activeElement).to.equal(add);
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
      const { store, mock } = setup({
        seed: { preferences: { [SUBSCRIBER]: withSchedule(base, schedule) } },
      });
      const el = await render(store);
      const start = input(el, 'thursday', 0, 'start');
      expect(start.value).to.equal('');
      expect(start.getAttribute('aria-invalid')).to.equal('true');
      expect(normalise(description(el, start))).to.equal('Enter a time like 9:00 AM.');
      expect(
        normalise(
          $(el, '[data-range="range-thursday-0"] [part~="remove-range"]')!.getAttribute('aria-label'),
        ),
      ).to.equal('Remove 9am–5:00 PM');
      await expect(el).to.be.accessible();

      // Another edit does not let the bad time through.
      setTime(input(el, 'monday', 0, 'end'), '17:00');
      await el.updateComplete;
      button(el, '[part="save"]').click();
      await el.updateComplete;
      expect(patches(mock)).to.deep.equal([]);

      setTime(start, '09:00');
      await el.updateComplete;
      button(el, '[part="save"]').click();
      await idle(el, store);
      expect(patches(mock)).to.have.length(1);
      expect(patches(mock)[0]!.schedule!.weeklySchedule!.thursday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '05:00 PM' },
      ]);
    });

    it('a failed save keeps what was typed and shows the error', async () => {
      const { store, mock } = setup();
      const el = await render(store);
      setTime(input(el, 'friday', 0, 'end'), '17:00');
      await el.updateComplete;
      mock.fail({ status: 503, method: 'PATCH', path: '/v2/subscribers' });
      const failed = oneEvent(el, 'notif-error');
      button(el, '[part="save"]').click();
      expect((await failed).detail.operation).to.equal('updatePreferences');
      await idle(el, store);
      await waitUntil(() => $(el, '[part="save-error"]'), 'the error shows');
      expect(input(el, 'friday', 0, 'end').value).to.equal('17:00');
      expect(button(el, '[part="save"]').getAttribute('aria-disabled')).to.equal('false');
      expect(mock.db.preferences[SUBSCRIBER]!.global.schedule!.weeklySchedule!.friday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '03:00 PM' },
      ]);

      // Saving again succeeds and clears the error.
      button(el, '[part="save"]').click();
      await idle(el, store);
      await waitUntil(() => !$(el, '[part="save-error"]'), 'the error goes');
      expect(patches(mock)).to.have.length(2);
      expect(mock.db.preferences[SUBSCRIBER]!.global.schedule!.weeklySchedule!.friday!.hours).to.deep.equal([
        { start: '09:00 AM', end: '05:00 PM' },
      ]);
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
      // Monday: 09:00 AM–06:00 PM becomes 09:00 AM–05:00 PM.
      await tabTo(el, '#range-monday-0-end');
      await sendKeys({ type: '0500P' });
      await el.updateComplete;
      expect(input(el, 'monday', 0, 'end').value).to.equal('17:00');
      // Copy Monday to every day, then turn the weekend off.
      await tabTo(el, '[data-day="monday"] [part~="copy"]');
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      for (const day of ['saturday', 'sunday']) {
        await tabTo(el, `[data-day="${day}"] [role="switch"]`);
        await sendKeys({ press: 'Space' });
        await el.updateComplete;
      }
      await tabTo(el, '[part="save"]');
      await sendKeys({ press: 'Enter' });
      await idle(el, store);

      expect(patches(mock)).to.have.length(1);
      const weekly = patches(mock)[0]!.schedule!.weeklySchedule!;
      for (const day of WEEKDAYS) {
        expect(weekly[day], day).to.deep.equal({
          isEnabled: true,
          hours: [{ start: '09:00 AM', end: '05:00 PM' }],
        });
      }
      expect(weekly.saturday!.isEnabled).to.equal(false);
      expect(weekly.sunday!.isEnabled).to.equal(false);
    });
  });
});
