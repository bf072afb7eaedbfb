/**
 * Screenshots of the inbox's tabs (see visual.test.ts for the harness and how baselines are updated): light
 * and dark, left to right and right to left on a desktop column, and a phone, where the tab list scrolls
 * instead of wrapping.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/inbox/inbox.js';
import type { NotifInboxTab } from '../../src/components/inbox/inbox-tabs-hook.js';
import type { Message } from '../../src/client/types.js';
import { $, $$, setupInbox } from '../helpers/inbox-setup.js';
import { FIXED_NOW, VISUAL_MESSAGES } from './fixtures.js';
import { frame, type Look, useViewport, FEATURE_LOOKS, snapshotCases, useVisualPage } from './harness.js';

const WORKFLOWS: Record<string, string> = {
  vis_mention: 'comment-mention',
  vis_task: 'task-assigned',
  vis_build: 'build-status',
  vis_export: 'export-ready',
};

/** The visual messages with their workflows, and half of them in the Northwind tenant. */
const MESSAGES: Message[] = VISUAL_MESSAGES.map((message, index) => ({
  ...message,
  templateIdentifier: WORKFLOWS[message._id!]!,
  ...(index % 2 === 0 ? { contextKeys: ['tenant:northwind'] } : {}),
}));

const TABS: NotifInboxTab[] = [
  { label: 'All' },
  { label: 'Mentions', workflow: 'comment-mention' },
  { label: 'Tasks', workflow: ['task-assigned', 'build-status'] },
  { label: 'Northwind', contextKeys: ['tenant:northwind'] },
  { label: 'Exports', workflow: 'export-ready' },
];

async function showTabs(look: Look): Promise<Element> {
  const { store } = setupInbox({
    mock: { now: () => FIXED_NOW, seed: { base: 'empty', messages: MESSAGES } },
  });
  const wrapper = await fixture<HTMLElement>(
    frame(look, html`<notif-inbox theme=${look.theme} .store=${store} .tabs=${TABS}></notif-inbox>`),
  );
  const inbox = wrapper.querySelector<HTMLElement>('notif-inbox')!;
  await waitUntil(
    () => $$(inbox, '[role="tab"]').length === TABS.length && $$(inbox, 'article').length === MESSAGES.length,
    'the tabs and the messages',
    { timeout: 4000 },
  );
  return wrapper;
}

describe('visual regression: tabs', () => {
  useVisualPage();

  snapshotCases([{ subject: 'inbox-tabs', looks: FEATURE_LOOKS, render: showTabs }]);

  it('on a phone, the tab list scrolls in one row instead of wrapping', async () => {
    await useViewport('phone');
    const wrapper = await showTabs({ theme: 'light', dir: 'ltr', device: 'phone' });
    const inbox = wrapper.querySelector('notif-inbox')!;
    const list = $(inbox, '[role="tablist"]')!;
    const tops = new Set($$(inbox, '[role="tab"]').map((tab) => Math.round(tab.getBoundingClientRect().top)));
    expect(tops.size, 'one row').to.equal(1);
    expect(getComputedStyle(list).overflowX).to.equal('auto');
    await expect(inbox).to.be.accessible();
  });
});
