/**
 * What makes a screenshot repeatable: a fixed viewport per device, reduced motion and every animation run
 * to its end, a page with no margin and no scrollbar, fonts and pictures loaded, and the elements' updates
 * done. `snapshot()` then compares the element with its baseline (see plugin.mjs).
 */
import { html, type TemplateResult } from 'lit';
import { waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { visualDiff } from '@web/test-runner-visual-regression';
import sinon from 'sinon';
import { loadTranslation } from '../../src/i18n/index.js';
import { FIXED_NOW } from './fixtures.js';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DEVICES = ['desktop', 'phone'] as const;
export type Device = (typeof DEVICES)[number];

export const VIEWPORTS: Record<Device, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** One screenshot: what is shown (`inbox-messages`), in which theme, direction and viewport. */
export interface Look {
  theme: Theme;
  dir: Direction;
  device: Device;
}

/** The baseline's file name without `.png`: `inbox-messages-light-ltr-desktop`. */
export function lookName(subject: string, look: Look): string {
  return `${subject}-${look.theme}-${look.dir}-${look.device}`;
}

/** Every combination of the values given, in a stable order. */
export function looks(
  themes: readonly Theme[],
  dirs: readonly Direction[],
  devices: readonly Device[],
): Look[] {
  return devices.flatMap((device) => dirs.flatMap((dir) => themes.map((theme) => ({ theme, dir, device }))));
}

/** The looks of a feature's baselines: light and dark on a desktop, right to left, and a phone. */
export const FEATURE_LOOKS: readonly Look[] = [
  ...looks(['light', 'dark'], ['ltr'], ['desktop']),
  ...looks(['light'], ['rtl'], ['desktop']),
  ...looks(['light'], ['ltr'], ['phone']),
];

/**
 * Call inside a visual suite's `describe`: the page prepared once, and Date fixed at FIXED_NOW for each test,
 * so relative times are computed from it while timers and promises run for real.
 */
export function useVisualPage(): void {
  let clock: sinon.SinonFakeTimers | undefined;
  before(preparePage);
  after(restorePage);
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: FIXED_NOW, toFake: ['Date'] });
  });
  afterEach(() => clock?.restore());
}

/** A baseline per look: `render` shows the subject in that look, and the screenshot is named after both. */
export interface VisualCase {
  subject: string;
  looks: readonly Look[];
  render(look: Look): Promise<Element>;
}

/** One test per case and look: the viewport of the look's device, the render, the comparison with the baseline. */
export function snapshotCases(cases: readonly VisualCase[]): void {
  for (const visualCase of cases) {
    for (const look of visualCase.looks) {
      const name = lookName(visualCase.subject, look);
      it(name, async () => {
        await useViewport(look.device);
        await snapshot(await visualCase.render(look), name);
      });
    }
  }
}

const PAGE_STYLE = `
  html { scrollbar-width: none; }
  body { margin: 0; }
  .visual-frame {
    box-sizing: border-box;
    padding: 16px;
    background: Canvas;
    color: CanvasText;
    font-family: system-ui, sans-serif;
  }
  .visual-frame[data-theme='light'] { color-scheme: light; }
  .visual-frame[data-theme='dark'] { color-scheme: dark; }
  .visual-frame[data-device='desktop'] { inline-size: 560px; }
  .visual-frame[data-device='phone'] { inline-size: 100%; }
  .visual-frame.inline { display: inline-block; inline-size: auto; }
  .visual-frame.screen {
    position: fixed;
    inset: 0;
    inline-size: auto;
    display: flex;
    align-items: flex-start;
    justify-content: flex-end;
  }
`;

let pageStyle: HTMLStyleElement | undefined;

/** Once per file: reduced motion, a light page, and the frame styles. */
export async function preparePage(): Promise<void> {
  await emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  // Right-to-left looks are in Arabic: its table is there before the first screenshot.
  await loadTranslation(RTL_LOCALE);
  if (!pageStyle) {
    pageStyle = document.createElement('style');
    pageStyle.textContent = PAGE_STYLE;
    document.head.append(pageStyle);
  }
}

/** After the file: the page as the other tests expect it. */
export async function restorePage(): Promise<void> {
  pageStyle?.remove();
  pageStyle = undefined;
  await emulateMedia({ reducedMotion: 'no-preference', colorScheme: 'no-preference' });
  await setViewport({ width: 800, height: 600 });
}

export async function useViewport(device: Device): Promise<void> {
  await setViewport(VIEWPORTS[device]);
}

/** The language of the right-to-left looks (the left-to-right ones are in English). */
export const RTL_LOCALE = 'ar';

/**
 * A frame around `content` in the look's colours, direction and language (Arabic for right to left): `block`
 * takes the device's column width, `inline` shrinks to the content, `screen` covers the viewport (for
 * popovers, which paint outside their host).
 */
export function frame(
  look: Look,
  content: TemplateResult,
  layout: 'block' | 'inline' | 'screen' = 'block',
): TemplateResult {
  const classes = layout === 'block' ? 'visual-frame' : `visual-frame ${layout}`;
  return html`<div
    class=${classes}
    data-theme=${look.theme}
    data-device=${look.device}
    dir=${look.dir}
    lang=${look.dir === 'rtl' ? RTL_LOCALE : 'en'}
  >
    ${content}
  </div>`;
}

/** The element and every element in its shadow roots, depth first. */
function* deep(root: Element | ShadowRoot): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* deep(element.shadowRoot);
  }
}

function shadowRoots(root: Element): ShadowRoot[] {
  return [root, ...deep(root)].flatMap((element) => (element.shadowRoot ? [element.shadowRoot] : []));
}

const frameDone = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Waits until what `root` shows no longer changes: Lit updates done, pictures decoded, fonts loaded, every
 * finite animation at its end and every endless one cancelled, and two frames painted.
 */
export async function settle(root: Element): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      [root, ...deep(root)].map(
        (element) => (element as Element & { updateComplete?: Promise<unknown> }).updateComplete,
      ),
    );
    const images = [...deep(root)].filter(
      (element): element is HTMLImageElement => element.localName === 'img',
    );
    await waitUntil(() => images.every((image) => image.complete), 'the pictures load', { timeout: 4000 });
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
    for (const scope of [document, ...shadowRoots(root)]) {
      for (const animation of scope.getAnimations()) {
        const end = animation.effect?.getComputedTiming().endTime;
        if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
        else animation.cancel();
      }
    }
    await frameDone();
  }
}

/**
 * Compares `element` with test/visual/baselines/`name`.png once the page has settled. A missing baseline
 * fails with the command that creates it.
 */
export async function snapshot(element: Element, name: string): Promise<void> {
  await settle(element);
  try {
    await visualDiff(element, name);
  } catch (error) {
    if (error instanceof Error && /no baseline/i.test(error.message)) {
      throw new Error(
        `No baseline for "${name}" (test/visual/baselines/${name}.png). If this look is new, create it ` +
          'with `npm run test:visual:update` and commit the PNG; the screenshot taken is in test/visual/failed/.',
        { cause: error },
      );
    }
    throw error;
  }
}
