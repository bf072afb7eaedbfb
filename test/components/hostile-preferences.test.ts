/**
 * Preferences come from other people's data too: `null`s and values of the wrong type in the schedule, the
 * channels or the workflows cost at most themselves. The panel renders what is valid, and saves carry a
 * valid schedule.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { createNotifClient } from '../../src/client/index.js';
import type { Schedule, UpdatePreferencesBody } from '../../src/client/types.js';
import { createPreferencesStore, type PreferencesStore } from '../../src/store/preferences.js';
import { validateSchedule } from '../../src/store/schedule.js';
import { respondWith } from '../helpers/fake-fetch.js';
import { $, $$ } from '../helpers/inbox-setup.js';

const WORKING_HOURS = { start: '09:00 AM', end: '06:00 PM' };

/** Preferences with a wrong value in every part the panel reads, beside valid ones. */
function hostilePreferences(): unknown {
  return {
    global: {
      enabled: null,
      channels: { email: true, in_app: false, sms: null, push: 'yes', chat: {} },
      schedule: {
        isEnabled: true,
        weeklySchedule: {
          monday: { isEnabled: true, hours: [WORKING_HOURS, null] },
          tuesday: null,
          wednesday: { isEnabled: 'yes', hours: 'abc' },
          thursday: { isEnabled: true, hours: [WORKING_HOURS, { start: 9, end: null }, [], 'x'] },
          friday: { isEnabled: true, hours: { length: 1 } },
          saturday: 42,
          sunday: { isEnabled: false, hours: null },
          funday: { isEnabled: true, hours: [null] },
        },
      },
    },
    workflows: [
      {
        enabled: true,
        channels: { in_app: true, email: false },
        overrides: [null, { channel: 'email', source: 'subscriber' }, 'x'],
        workflow: { slug: 'comment-mentions', identifier: 'comment-mention', name: 'Comment mentions' },
      },
      null,
      'abc',
      { enabled: true, channels: { email: true }, overrides: [], workflow: null },
      { enabled: true, channels: { email: true }, overrides: [], workflow: { identifier: 7, name: 'No id' } },
      {
        enabled: 'no',
        channels: null,
        overrides: 'abc',
        workflow: { identifier: 'task-assigned', slug: null, name: 12 },
      },
      {
        enabled: true,
        channels: { in_app: true, email: 'yes', push: null },
        overrides: { length: 1 },
        workflow: { identifier: 'build-status', slug: 'build-status', name: 'Build status', updatedAt: 5 },
      },
    ],
  };
}

/** A preferences panel over a service that answers every request (loads and saves) with `answer`. */
async function renderPanel(answer: () => unknown) {
  const patches: UpdatePreferencesBody[] = [];
  const { fetch } = respondWith(() => Response.json({ data: answer() }));
  const recording = (url: string, init: RequestInit) => {
    if (init.method === 'PATCH') patches.push(JSON.parse(String(init.body)) as UpdatePreferencesBody);
    return fetch(url, init);
  };
  const client = createNotifClient({ baseUrl: 'https://api.test', fetch: recording, retry: false });
  const store: PreferencesStore = createPreferencesStore(client, { subscriberId: 'usr_1' });
  const el = await fixture<NotifPreferences>(html`<notif-preferences .store=${store}></notif-preferences>`);
  await waitUntil(() => store.$status.get().state === 'idle' && store.$preferences.get(), 'loaded');
  await el.updateComplete;
  return { el, store, patches };
}

const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** Every day of a saved schedule: an object with a boolean switch and a list of string ranges. */
function expectWellFormed(schedule: Schedule | undefined) {
  expect(schedule, 'a schedule is sent').to.be.an('object');
  expect(validateSchedule(schedule!)).to.deep.equal([]);
  for (const day of Object.values(schedule!.weeklySchedule ?? {})) {
    expect(day.isEnabled).to.be.a('boolean');
    for (const range of day.hours ?? []) {
      expect(range.start).to.be.a('string');
      expect(range.end).to.be.a('string');
    }
  }
}

describe('<notif-preferences> with hostile preferences', () => {
  it('renders the valid channels, schedule days and workflows, and saves a valid schedule', async () => {
    const { el, store, patches } = await renderPanel(hostilePreferences);

    // The global channels that are switches; the schedule summary; the workflows that have an identifier.
    expect($$(el, '[data-key^="global:"]').map((node) => node.dataset.key)).to.deep.equal([
      'global:in_app',
      'global:email',
    ]);
    expect(text($(el, '[part="schedule-summary"]'))).to.not.equal('');
    expect($$(el, '[data-workflow]').map((node) => node.dataset.workflow)).to.deep.equal([
      'comment-mention',
      'task-assigned',
      'build-status',
    ]);
    expect(text($(el, '[data-workflow="build-status"] [part="workflow-summary"]'))).to.equal('In-app');

    // A change saves, and the schedule it sends (turning it off) is well formed.
    $(el, '[data-key="schedule"]')!.click();
    await waitUntil(() => patches.length === 1 && store.$pending.get().size === 0, 'the schedule saves');
    expectWellFormed(patches[0]!.schedule);
    expect(patches[0]!.schedule!.weeklySchedule!.monday!.hours).to.deep.equal([WORKING_HOURS]);
    expect(store.$saveError.get()).to.equal(null);

    // A workflow switch saves too.
    $(el, '[data-key="comment-mention:email"]')!.click();
    await waitUntil(() => patches.length === 2 && store.$pending.get().size === 0, 'the switch saves');
    expect(patches[1]).to.deep.equal({ workflowId: 'comment-mention', channels: { email: true } });
    await expect(el).to.be.accessible();
    store.destroy();
  });

  it('renders when whole sections are of the wrong type', async () => {
    for (const answer of [
      { global: null, workflows: 'abc' },
      { global: { channels: [], schedule: 'abc' }, workflows: [null] },
      { global: { channels: null, schedule: { isEnabled: true, weeklySchedule: null } }, workflows: {} },
      { global: 'x', workflows: [{ workflow: { identifier: 'a' } }] },
    ]) {
      const { el, store } = await renderPanel(() => answer);
      expect($(el, '[part~="schedule"]'), JSON.stringify(answer)).to.exist;
      expect(text($(el, '[part="schedule-summary"]'))).to.not.equal('');
      store.destroy();
    }
  });
});

describe('<notif-preferences> load errors', () => {
  async function failedPanel(answer: () => Response) {
    const { fetch } = respondWith(answer);
    const client = createNotifClient({ baseUrl: 'https://api.test', fetch, retry: false });
    const store = createPreferencesStore(client, { subscriberId: 'usr_1' });
    const el = await fixture<NotifPreferences>(html`<notif-preferences .store=${store}></notif-preferences>`);
    await waitUntil(() => $(el, '[part="load-error"]'), 'the load error shows');
    return { el, store };
  }

  it('says the service answered from an unexpected address when it redirects', async () => {
    const { el, store } = await failedPanel(
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/' } }),
    );
    expect(text($(el, '[part="load-error"] .state-hint'))).to.equal(
      'The notification service answered from an unexpected address.',
    );
    await expect(el).to.be.accessible();
    store.destroy();
  });

  it('asks to check the connection only when the connection failed', async () => {
    const offline = await failedPanel(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(text($(offline.el, '[part="load-error"] .state-hint'))).to.equal(
      'Check your connection, then try again.',
    );
    offline.store.destroy();
    const broken = await failedPanel(() => Response.json({ message: 'Boom' }, { status: 500 }));
    expect(text($(broken.el, '[part="load-error"] .state-hint'))).to.not.contain('connection');
    broken.store.destroy();
  });
});
