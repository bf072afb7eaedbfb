/**
 * Baselines of formatted bodies (`body-format="markdown"`) and of the schedule's time zone picker
 * (`formatted-bodies-*`, `schedule-timezone-*` in baselines/). Run alone:
 * `UPDATE_VISUAL=1 npx wtr --files test/visual/formatted-bodies.test.ts`.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/inbox/inbox.js';
import '../../src/components/preferences/preferences.js';
import { createNotifClient } from '../../src/client/index.js';
import type { Message } from '../../src/client/types.js';
import { createMockService } from '../../src/mock/index.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, $$, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';
import { FIXED_NOW, MINUTE, visualMessage } from './fixtures.js';
import { frame, type Look, looks, snapshotCases, useVisualPage } from './harness.js';

/** The visual fixtures' message, seen (no badge in these shots). */
const message = (id: string, ageMs: number, fields: Partial<Message>): Message =>
  visualMessage(id, ageMs, { seen: true, ...fields });

/** Bodies in the subset, and one that tries what is outside it. */
export const FORMATTED_MESSAGES: readonly Message[] = [
  message('fmt_deploy', 4 * MINUTE, {
    subject: 'Deploy finished',
    content:
      '**api-gateway** is live on `production`.\nSee the [release notes](https://example.com/releases/4.2) for *what changed*.',
  }),
  message('fmt_list', 40 * MINUTE, {
    subject: 'Three tasks are due today',
    content: '- Review **Q4 roadmap**\n- Approve `INV-1042`\n- Reply to _Maya Chen_',
  }),
  message('fmt_hostile', 2 * 60 * MINUTE, {
    subject: 'Security report',
    content: 'Blocked: [click me](javascript:alert(1)) <img src=x onerror=alert(1)> stays text.',
    read: true,
  }),
];

async function showFormatted(look: Look): Promise<Element> {
  const { store } = setupInbox({
    mock: { now: () => FIXED_NOW, seed: { base: 'empty', messages: [...FORMATTED_MESSAGES] } },
  });
  const wrapper = await fixture<HTMLElement>(
    frame(look, html`<notif-inbox theme=${look.theme} body-format="markdown" .store=${store}></notif-inbox>`),
  );
  const inbox = wrapper.querySelector<HTMLElement>('notif-inbox')!;
  await waitUntil(
    () => $$(inbox, 'article').length === FORMATTED_MESSAGES.length && $$(inbox, '.md').length === 3,
    'the formatted bodies',
    { timeout: 4000 },
  );
  return wrapper;
}

async function showTimezone(look: Look): Promise<Element> {
  const mock = createMockService({ now: () => FIXED_NOW });
  const client = createNotifClient({
    baseUrl: 'https://mock.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    retry: false,
  });
  const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER, timezone: 'Europe/Paris' });
  const wrapper = await fixture<HTMLElement>(
    frame(look, html`<notif-preferences theme=${look.theme} .store=${store}></notif-preferences>`),
  );
  const prefs = wrapper.querySelector('notif-preferences')!;
  await waitUntil(() => $(prefs, '[part~="edit"]'), 'the schedule', { timeout: 4000 });
  $(prefs, '[part~="edit"]')!.click();
  await waitUntil(() => $(prefs, '[part="timezone-select"]'), 'the time zone picker', { timeout: 4000 });
  return wrapper;
}

const CASES = [
  {
    subject: 'formatted-bodies',
    looks: [
      ...looks(['light', 'dark'], ['ltr'], ['desktop']),
      ...looks(['light'], ['rtl'], ['desktop']),
      ...looks(['light'], ['ltr'], ['phone']),
    ],
    render: showFormatted,
  },
  {
    subject: 'schedule-timezone',
    looks: [...looks(['light', 'dark'], ['ltr'], ['desktop']), ...looks(['light'], ['ltr'], ['phone'])],
    render: showTimezone,
  },
];

describe('visual regression: formatted bodies and the time zone picker', () => {
  useVisualPage();

  snapshotCases(CASES);
});
