// The visual-regression plugin of the browser tests: @web/test-runner-visual-regression, set up for this
// repository. A test calls `visualDiff(element, name)`; the plugin screenshots that element through the
// test page's puppeteer handle and compares it with test/visual/baselines/<name>.png.
//
// - Baselines are committed. `UPDATE_VISUAL=1` (`npm run test:visual:update`) writes them instead of comparing.
// - A failed comparison leaves <name>.png (what the page showed) and <name>-diff.png in test/visual/failed/,
//   which git ignores; they are removed when that look passes again.
// - Noise: pixelmatch leaves out the pixels it finds anti-aliased (text and curve edges, where renderers
//   differ), and counts a pixel only when its colour moved by more than PIXEL_THRESHOLD. Up to
//   FAILURE_PIXELS such pixels pass. The cap is a count, not a share of the picture: measured here, the
//   noise between runs (also beside two busy loops) is 0 pixels, while a one-word label change is about
//   240 pixels, which is 0.02% of a 1280×800 screenshot and would pass any "0.5%" rule. A screenshot of
//   another size than its baseline fails.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { visualRegressionPlugin } from '@web/test-runner-visual-regression/plugin';

const here = import.meta.dirname;
export const BASELINE_DIR = join(here, 'baselines');
export const FAILED_DIR = join(here, 'failed');

/**
 * How far two pixels' colours may be apart (0..1, pixelmatch's YIQ distance) and still count as the same.
 * Low, so that a dark theme's surface moving by a few shades is seen.
 */
const PIXEL_THRESHOLD = 0.02;
/**
 * The share of differing (not anti-aliased) pixels that still passes, in percent. Runs here differ by 0
 * pixels; CI installs the same Debian Chromium and fonts, but a Chromium update there may shift a few
 * glyph edges. 0.1% absorbs that and still fails a row, a badge or a panel that moved or changed size (a
 * renamed label alone, a few hundred pixels, may pass: the component tests check words).
 */
const FAILURE_PERCENT = 0.1;

/** Whether this run writes the baselines instead of comparing with them. */
export const updating = ['1', 'true'].includes(process.env.UPDATE_VISUAL ?? '');

export function visualRegression() {
  const plugin = visualRegressionPlugin({
    update: updating,
    baseDir: BASELINE_DIR,
    // Names relative to baseDir, or absolute: baselines/<name>.png, failed/<name>.png and failed/<name>-diff.png.
    getBaselineName: ({ name }) => name,
    getFailedName: ({ name }) => join(FAILED_DIR, name),
    getDiffName: ({ name }) => join(FAILED_DIR, `${name}-diff`),
    diffOptions: { threshold: PIXEL_THRESHOLD, includeAA: false },
    failureThresholdType: 'percent',
    failureThreshold: FAILURE_PERCENT,
  });
  return {
    ...plugin,
    async executeCommand(args) {
      if (args.command !== 'visual-diff') return undefined;
      const result = await withinViewportCapture(args.session, () => plugin.executeCommand(args));
      // A look that passes again leaves no failed picture behind from an earlier run.
      if (args.command === 'visual-diff' && result?.passed) await removeFailed(args.payload.name);
      return result;
    },
  };
}

/**
 * Puppeteer captures an element with `captureBeyondViewport: true` by default, for which Chromium applies a
 * device-metrics override for the duration of the capture: the page gets a `resize` event, and whatever it
 * lays out on resize (the bell positions its open panel) may be measured in that passing state and
 * captured so. An element that lies within the viewport is captured without it; a taller one (the
 * preferences) still needs it.
 */
async function withinViewportCapture(session, capture) {
  const page = session.browser.type === 'puppeteer' ? session.browser.getPage(session.id) : undefined;
  if (!page) return capture();
  const own = Object.hasOwn(page, 'screenshot') ? page.screenshot : undefined;
  const screenshot = page.screenshot;
  page.screenshot = function (options = {}) {
    const viewport = page.viewport();
    const clip = options.clip;
    const inside =
      viewport &&
      clip &&
      clip.x >= 0 &&
      clip.y >= 0 &&
      clip.x + clip.width <= viewport.width &&
      clip.y + clip.height <= viewport.height;
    return screenshot.call(this, inside ? { captureBeyondViewport: false, ...options } : options);
  };
  try {
    return await capture();
  } finally {
    if (own) page.screenshot = own;
    else delete page.screenshot;
  }
}

async function removeFailed(name) {
  await Promise.all(
    [`${name}.png`, `${name}-diff.png`].map((file) => rm(join(FAILED_DIR, file), { force: true })),
  );
}
