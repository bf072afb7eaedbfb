/**
 * Screenshots of `<notif-toast>`, compared with test/visual/baselines/ (see visual.test.ts and harness.ts):
 * the default toasts of three arrivals at the top end, at the bottom start in Arabic, and a custom row from
 * `renderMessage`. Deterministic: the clock is FIXED_NOW, motion is reduced (and every animation finished),
 * the toasts' timers are long and the messages arrive through a test store, never from a timer.
 *
 *   UPDATE_VISUAL=1 npx wtr --files test/visual/toast.test.ts   rewrites these baselines
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/toast/toast.js';
import type { NotifToast } from '../../src/components/toast/toast.component.js';
import type { RenderHook } from '../../src/components/inbox/render-hooks.js';
import type { ToastPosition } from '../../src/components/toast/toast.js';
import { arrivalsStore } from '../helpers/arrivals.js';
import { $$ } from '../helpers/inbox-setup.js';
import { VISUAL_MESSAGES } from './fixtures.js';
import { frame, type Look, lookName, snapshot, useViewport, useVisualPage } from './harness.js';

interface ToastCase {
  subject: string;
  look: Look;
  position?: ToastPosition;
  renderMessage?: RenderHook;
}

/** The toasts of the first three visual messages, arrived in one go, over a frame covering the viewport. */
async function showToasts(c: ToastCase): Promise<Element> {
  const { store, arrive } = arrivalsStore();
  const wrapper = await fixture<HTMLElement>(
    frame(
      c.look,
      html`<notif-toast
        theme=${c.look.theme}
        position=${c.position ?? 'top-end'}
        duration="600000"
        .renderMessage=${c.renderMessage}
        .store=${store}
      ></notif-toast>`,
      'screen',
    ),
  );
  const toast = wrapper.querySelector<NotifToast>('notif-toast')!;
  arrive(...VISUAL_MESSAGES.slice(0, 3));
  await waitUntil(() => $$(toast, '[part~="toast"]').length === 3, 'three toasts', { timeout: 4000 });
  // The toasts' own box (at their corner), over the frame's colours: not the empty rest of the viewport.
  return toast;
}

const CASES: ToastCase[] = [
  { subject: 'toast-default', look: { theme: 'light', dir: 'ltr', device: 'desktop' } },
  { subject: 'toast-default', look: { theme: 'dark', dir: 'ltr', device: 'desktop' } },
  {
    subject: 'toast-bottom-start',
    look: { theme: 'light', dir: 'rtl', device: 'phone' },
    position: 'bottom-start',
  },
  {
    subject: 'toast-custom-row',
    look: { theme: 'light', dir: 'ltr', device: 'desktop' },
    renderMessage: (message, context) =>
      html`<div style="display: flex; gap: 0.5rem; align-items: baseline">
        <strong style="flex: 1">${message.subject}</strong><small>${context.time}</small>
      </div>`,
  },
];

describe('visual regression: toasts', () => {
  useVisualPage();

  for (const c of CASES) {
    const name = lookName(c.subject, c.look);
    it(name, async () => {
      await useViewport(c.look.device);
      const toast = await showToasts(c);
      await snapshot(toast, name);
      await expect(toast).to.be.accessible();
    });
  }
});
