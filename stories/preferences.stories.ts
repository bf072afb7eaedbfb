import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../src/components/preferences/preferences.component.js';
import type { Schedule, SubscriberPreferences } from '../src/client/types.js';
import {
  darkStory,
  elementArgTypes,
  fixturePreferences,
  FOREVER_MS,
  frame,
  manyWorkflowsSeed,
  preferencesStore,
  rtlPage,
  SUBSCRIBER,
  type ElementArgs,
  type MockOptions,
} from './helpers.js';

/** `<notif-preferences>` over a fresh mock service shaped by `options`, its events in the Actions panel. */
function withService(options: MockOptions = {}): StoryObj<ElementArgs>['render'] {
  return (args) => {
    const { store } = preferencesStore(options);
    return html`<notif-preferences
      .store=${store}
      theme=${args.theme ?? nothing}
      locale=${args.locale ?? nothing}
      @notif-preferences-change=${action('notif-preferences-change')}
      @notif-error=${action('notif-error')}
    ></notif-preferences>`;
  };
}

/** A seed where `usr_priya_raman`'s preferences are the fixture's with `schedule` in place of its schedule. */
function withSchedule(schedule: Schedule): MockOptions['seed'] {
  const preferences: SubscriberPreferences = fixturePreferences();
  preferences.global.schedule = schedule;
  return { preferences: { [SUBSCRIBER]: preferences } };
}

const nineToFive = { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] };

type PlayContext = { canvasElement: HTMLElement };

/** The element of a story, once its preferences are loaded and shown. */
async function loaded({ canvasElement }: PlayContext): Promise<NotifPreferences | undefined> {
  const el = canvasElement.querySelector<NotifPreferences>('notif-preferences');
  const store = el?.activeStore;
  if (!el || !store) return undefined;
  await new Promise<void>((resolve) => {
    if (store.$preferences.get()) return resolve();
    const stop = store.$preferences.listen((value) => {
      if (!value) return;
      stop();
      resolve();
    });
  });
  await el.updateComplete;
  return el;
}

/** Presses Edit on a loaded element, which opens the schedule editor on Monday. */
async function pressEdit(context: PlayContext): Promise<NotifPreferences | undefined> {
  const el = await loaded(context);
  el?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="edit"]')?.click();
  await el?.updateComplete;
  return el;
}

/** A story's play function: opens the schedule editor. */
async function openEditor(context: PlayContext): Promise<void> {
  await pressEdit(context);
}

/** Opens the editor, sets Monday's end to 5:00 PM and presses Save; resolves when the save has settled. */
async function editAndSave(context: PlayContext): Promise<void> {
  const el = await pressEdit(context);
  const root = el?.shadowRoot;
  const end = root?.querySelector<HTMLInputElement>('#range-monday-0-end');
  if (!el || !root || !end) return;
  end.value = '17:00';
  end.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
  const store = el.activeStore!;
  const settled = new Promise<void>((resolve) => {
    const stops = [store.onSaved(() => done()), store.onError(() => done())];
    const done = () => {
      stops.forEach((stop) => stop());
      resolve();
    };
  });
  root.querySelector<HTMLButtonElement>('[part~="save"]')?.click();
  await settled;
  await el.updateComplete;
}

const weekdaysNineToSix = withSchedule({
  isEnabled: true,
  weeklySchedule: {
    monday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '06:00 PM' }] },
    tuesday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '06:00 PM' }] },
    wednesday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '06:00 PM' }] },
    thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '06:00 PM' }] },
    friday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '06:00 PM' }] },
    saturday: { isEnabled: false },
    sunday: { isEnabled: false },
  },
});

const meta: Meta<ElementArgs> = {
  title: 'Elements/Preferences',
  component: 'notif-preferences',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  decorators: [frame('36rem')],
  parameters: {
    liveControls: ['theme', 'locale'],
  },
  render: withService(),
};

export default meta;
type Story = StoryObj<ElementArgs>;

/**
 * The fixture preferences of `usr_priya_raman`: channel switches with their icons, the schedule as a summary
 * (its days differ, so they are listed by hours under it) and four notification types, each with the
 * channels it delivers on.
 */
export const Default: Story = {};

/** The preferences never arrive: the skeleton stays. */
export const Loading: Story = { render: withService({ latencyMs: FOREVER_MS }) };

/** The first three loads answer 503. Each "Try again" is one more request; the third click loads them. */
export const LoadError: Story = {
  name: 'Error',
  render: withService({
    fail: { method: 'GET', path: `/v2/subscribers/${SUBSCRIBER}/preferences`, status: 503, times: 3 },
  }),
};

/** Monday to Friday share their hours: the summary says "Weekdays, 9:00 AM – 6:00 PM" on one line. */
export const Summary: Story = { render: withService({ seed: weekdaysNineToSix }) };

/**
 * Edit pressed: the days are tabs (arrow keys move between them), Monday's hours show below, and Save is a
 * few Tab presses away. Escape or Cancel closes the editor without saving.
 */
export const EditorOpen: Story = { name: 'Editor open', play: openEditor };

/** Monday's end changed to 5:00 PM and saved: the editor closed, "Saved" shows beside the summary. */
export const Saved: Story = { play: editAndSave };

/**
 * The service refuses every change (503): after Save the editor stays open with what was typed, and the
 * error shows in the schedule card.
 */
export const SaveError: Story = {
  name: 'Save error',
  render: withService({
    fail: { method: 'PATCH', path: `/v2/subscribers/${SUBSCRIBER}/preferences`, status: 503, times: 1000 },
  }),
  play: editAndSave,
};

/** Fifteen notification types; two were turned off by the sender and cannot be changed. */
export const ManyWorkflows: Story = {
  name: 'Many workflows',
  render: withService({ seed: manyWorkflowsSeed() }),
};

/** Delivery at any time: the schedule is off, its switch and "Delivered any time" show, and no Edit. */
export const ScheduleOff: Story = {
  name: 'Schedule off',
  render: withService({
    seed: withSchedule({
      isEnabled: false,
      weeklySchedule: {
        monday: nineToFive,
        tuesday: nineToFive,
        wednesday: nineToFive,
        thursday: nineToFive,
        friday: nineToFive,
      },
    }),
  }),
};

/**
 * A stored schedule the editor cannot accept as it is: Monday ends before it starts, Tuesday has the
 * malformed time `9am`, Wednesday's ranges overlap. The editor is open: the day tabs with a problem carry a
 * dot, the fields say what is wrong, and Save shows the first problem instead of sending.
 */
export const InvalidInput: Story = {
  name: 'Invalid input',
  render: withService({
    seed: withSchedule({
      isEnabled: true,
      weeklySchedule: {
        monday: { isEnabled: true, hours: [{ start: '05:00 PM', end: '09:00 AM' }] },
        tuesday: { isEnabled: true, hours: [{ start: '9am', end: '05:00 PM' }] },
        wednesday: {
          isEnabled: true,
          hours: [
            { start: '09:00 AM', end: '01:00 PM' },
            { start: '12:00 PM', end: '05:00 PM' },
          ],
        },
        thursday: nineToFive,
        friday: nineToFive,
      },
    }),
  }),
  play: openEditor,
};

/** `theme="dark"` on a dark page, with the editor open. */
export const Dark: Story = { ...darkStory, play: openEditor };

/** Inside `<div dir="rtl" lang="ar">`, with the editor open: rows, tabs and time ranges mirror. */
export const RTL: Story = { decorators: [rtlPage], play: openEditor };

/**
 * 24rem (384 px) wide, as in the bell's panel, with the editor open: a range's two times and its remove
 * button share a line; the cards tighten.
 */
export const Narrow: Story = {
  name: 'Narrow (24rem)',
  parameters: { frame: { width: '24rem' } },
  play: openEditor,
};

/** A 320 px wide container, the narrowest phone. */
export const Phone: Story = { parameters: { frame: { width: '320px' } }, play: openEditor };
