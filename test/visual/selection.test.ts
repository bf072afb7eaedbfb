/**
 * Screenshots of the inbox's `selectable` mode (row checkboxes, three rows selected, the bulk bar), compared
 * with the committed baselines in test/visual/baselines/ (named as in `visual.test.ts`).
 *
 *   npx wtr --files test/visual/selection.test.ts                     compare
 *   UPDATE_VISUAL=1 npx wtr --files test/visual/selection.test.ts     rewrite the baselines, then review the PNGs
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { $, $$, setupInbox } from '../helpers/inbox-setup.js';
import { FIXED_NOW, VISUAL_MESSAGES } from './fixtures.js';
import { frame, type Look, useViewport, FEATURE_LOOKS, snapshotCases, useVisualPage } from './harness.js';

/** The inbox over the visual fixtures with `selectable`, rows 1 to 3 selected (the bulk bar open). */
async function showSelection(look: Look): Promise<Element> {
  const { store } = setupInbox({
    mock: { now: () => FIXED_NOW, seed: { base: 'empty', messages: [...VISUAL_MESSAGES] } },
  });
  const wrapper = await fixture<HTMLElement>(
    frame(look, html`<notif-inbox selectable theme=${look.theme} .store=${store}></notif-inbox>`),
  );
  const inbox = wrapper.querySelector<NotifInbox>('notif-inbox')!;
  const boxes = () => $$(inbox, 'article [part="select"]');
  await waitUntil(() => boxes().length === VISUAL_MESSAGES.length, 'the rows have checkboxes', {
    timeout: 4000,
  });
  for (const [index, shiftKey] of [
    [0, false],
    [2, true],
  ] as const) {
    boxes()[index]!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, shiftKey }));
  }
  await waitUntil(() => $(inbox, '[part="selection-count"]'), 'the bulk bar shows the count');
  await inbox.updateComplete;
  return wrapper;
}

describe('visual regression: selection', () => {
  useVisualPage();

  snapshotCases([{ subject: 'inbox-selection', looks: FEATURE_LOOKS, render: showSelection }]);

  it('is accessible as screenshotted (dark, right to left)', async () => {
    await useViewport('desktop');
    const wrapper = await showSelection({ theme: 'dark', dir: 'rtl', device: 'desktop' });
    await expect(wrapper.querySelector('notif-inbox')).to.be.accessible();
  });
});
