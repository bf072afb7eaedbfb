// Screenshots of the inbox and the preferences in other languages, for a person to look at (not a test):
// the demo page (index.html) with its language menu set to each locale, in headless Chromium at desktop and
// phone sizes. Japanese and Chinese need a CJK font on the machine (Debian: fonts-ipafont-gothic).
//
//   node scripts/locale-screenshots.mjs [locale ...]      (default: ar he ja de)
//
// Writes PNGs to .tmp/locale-screenshots (ignored by git).
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { createServer } from 'vite';
import { HEADLESS_ARGS, requireChromium } from './chromium.mjs';

const locales = process.argv.slice(2).length ? process.argv.slice(2) : ['ar', 'he', 'ja', 'de'];
const outDir = resolve('.tmp/locale-screenshots');
await mkdir(outDir, { recursive: true });

const server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
await server.listen();
const { port } = server.httpServer.address();
const browser = await puppeteer.launch({
  executablePath: requireChromium(),
  headless: true,
  args: [...HEADLESS_ARGS, '--disable-dev-shm-usage'],
});

/** Resolves once the inbox and the preferences show their content in `locale`, with fonts laid out. */
function shownIn(page, locale) {
  return page.waitForFunction(
    (wanted) => {
      const inbox = document.querySelector('notif-inbox')?.shadowRoot;
      const preferences = document.querySelector('notif-preferences')?.shadowRoot;
      const base = inbox?.querySelector('[part="base"]');
      return (
        base?.getAttribute('lang') === wanted &&
        inbox.querySelector('[part~="mark-all"]')?.textContent.trim() !== 'Mark all as read' &&
        inbox.querySelector('article') &&
        preferences?.querySelector('[part~="schedule-summary"]') &&
        document.fonts.status === 'loaded'
      );
    },
    { timeout: 15_000 },
    locale,
  );
}

const frames = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

try {
  for (const [device, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ]) {
    const page = await browser.newPage();
    await page.setViewport({ width, height });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle0' });
    for (const locale of locales) {
      await page.select('#locale', locale);
      await shownIn(page, locale);
      await frames(page);
      for (const tag of ['notif-inbox', 'notif-preferences']) {
        const path = `${outDir}/${tag.replace('notif-', '')}-${locale}-${device}.png`;
        await (await page.$(tag)).screenshot({ path });
      }
    }
    await page.close();
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await server.close();
}
