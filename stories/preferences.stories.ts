import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/preferences/preferences.js';
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

/** The fixture preferences of `usr_priya_raman`: channel switches, four notification types and a weekly schedule. */
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

/** Fifteen notification types; two were turned off by the sender and cannot be changed. */
export const ManyWorkflows: Story = {
  name: 'Many workflows',
  render: withService({ seed: manyWorkflowsSeed() }),
};

/** Delivery at any time: the schedule is off, and only its switch shows. */
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

/** Delivery on weekdays in office hours, with a lunch break on Wednesday and no delivery at the weekend. */
export const ScheduleOn: Story = {
  name: 'Schedule on',
  render: withService({
    seed: withSchedule({
      isEnabled: true,
      weeklySchedule: {
        monday: nineToFive,
        tuesday: nineToFive,
        wednesday: {
          isEnabled: true,
          hours: [
            { start: '08:30 AM', end: '12:00 PM' },
            { start: '01:00 PM', end: '05:30 PM' },
          ],
        },
        thursday: nineToFive,
        friday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '03:00 PM' }] },
        saturday: { isEnabled: false },
        sunday: { isEnabled: false },
      },
    }),
  }),
};

/**
 * A stored schedule the editor cannot accept as it is: Monday ends before it starts, Tuesday has the
 * malformed time `9am`, Wednesday's ranges overlap. The fields say what is wrong and Save refuses until they
 * are fixed.
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
};

/** `theme="dark"` on a dark page. */
export const Dark: Story = { ...darkStory };

/** Inside `<div dir="rtl" lang="ar">`: switches, days and time ranges mirror. */
export const RTL: Story = { decorators: [rtlPage] };

/** A 320 px wide container: time ranges wrap onto their own lines. */
export const Narrow: Story = { parameters: { frame: { width: '320px' } } };
