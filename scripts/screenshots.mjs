// Screenshots of the elements as a user first meets them, for a person to look at (not a test):
// the self-contained bundle on the plain demo page (demo/cdn.html), the bell's panel open, in headless
// Chromium at desktop and phone sizes, light and dark, left-to-right and right-to-left.
//
//   npm run build:cdn && node scripts/screenshots.mjs [outDir]
//
// Writes PNGs to outDir (default .tmp/screenshots, ignored by git) and prints a few measurements.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { createServer } from 'vite';
import { HEADLESS_ARGS, requireChromium } from './chromium.mjs';

const outDir = resolve(process.argv[2] ?? '.tmp/screenshots');
await mkdir(outDir, { recursive: true });

const server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
await server.listen();
const { port } = server.httpServer.address();
const base = `http://127.0.0.1:${port}`;

const browser = await puppeteer.launch({
  executablePath: requireChromium(),
  headless: true,
  args: [...HEADLESS_ARGS, '--disable-dev-shm-usage'],
});

// The closed pages come first: opening the bell marks the shown messages seen on the shared mock.
const shots = [
  { name: 'page', width: 1280, height: 1100, closed: true },
  { name: 'page-dark', width: 1280, height: 1100, closed: true, dark: true },
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'desktop-dark', width: 1280, height: 800, dark: true },
  { name: 'desktop-rtl', width: 1280, height: 800, rtl: true },
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'phone-dark-rtl', width: 390, height: 844, mobile: true, dark: true, rtl: true },
  // A long language: the header's one row gives way (views under the title), the close button keeps its corner.
  { name: 'desktop-de', width: 1280, height: 800, lang: 'de' },
  { name: 'phone-de', width: 390, height: 844, mobile: true, lang: 'de' },
];

try {
  for (const shot of shots) {
    const page = await browser.newPage();
    await page.setViewport({
      width: shot.width,
      height: shot.height,
      isMobile: !!shot.mobile,
      hasTouch: !!shot.mobile,
    });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: shot.dark ? 'dark' : 'light' }]);
    await page.goto(`${base}/demo/cdn.html`);
    if (shot.lang) await page.evaluate((lang) => (document.documentElement.lang = lang), shot.lang);
    if (shot.rtl) {
      await page.evaluate(() => {
        document.documentElement.dir = 'rtl';
        document.documentElement.lang = 'ar';
      });
    }
    await page.waitForFunction(() => customElements.get('notif-bell'));
    // Wait until the inbox on the page has its messages.
    await page.waitForFunction(() => {
      const inbox = document.querySelector('notif-inbox');
      return inbox?.shadowRoot?.querySelector('[part~="item"]');
    });
    const closedBadge = await page.evaluate(() => {
      const bell = document.querySelector('notif-bell');
      const glyph = bell.shadowRoot.querySelector('[part="icon"]')?.getBoundingClientRect();
      const badge = bell.shadowRoot.querySelector('[part="badge"]')?.getBoundingClientRect();
      if (!glyph || !badge) return null;
      const covered =
        (Math.max(0, Math.min(glyph.right, badge.right) - Math.max(glyph.left, badge.left)) *
          Math.max(0, Math.min(glyph.bottom, badge.bottom) - Math.max(glyph.top, badge.top))) /
        (glyph.width * glyph.height);
      return {
        text: bell.shadowRoot.querySelector('[part="badge"]').textContent,
        name: bell.shadowRoot.querySelector('[part="button"]').getAttribute('aria-label'),
        coversGlyph: Math.round(covered * 100) / 100,
      };
    });
    if (shot.closed) console.log(shot.name, 'badge', JSON.stringify(closedBadge));
    if (!shot.closed) {
      await page.evaluate(() => document.querySelector('notif-bell').show());
      await page.waitForFunction(() => {
        const inbox = document.querySelector('notif-bell')?.shadowRoot?.querySelector('notif-inbox');
        return inbox?.shadowRoot?.querySelector('[part~="item"]');
      });
      // Let the panel's opening animation end.
      await page.evaluate(() =>
        Promise.all(
          document
            .querySelector('notif-bell')
            .shadowRoot.querySelector('[part="panel"]')
            .getAnimations()
            .map((animation) => animation.finished),
        ),
      );
      const facts = await page.evaluate(() => {
        const bell = document.querySelector('notif-bell');
        const panel = bell.shadowRoot.querySelector('[part="panel"]').getBoundingClientRect();
        const inbox = bell.shadowRoot.querySelector('notif-inbox');
        const rows = [...inbox.shadowRoot.querySelectorAll('[part~="item"]')].map((row) =>
          row.getBoundingClientRect(),
        );
        const visible = rows.filter((row) => row.top >= panel.top && row.bottom <= panel.bottom).length;
        const plainRows = [...inbox.shadowRoot.querySelectorAll('[part~="item"]')]
          .filter((row) => !row.querySelector('[part~="actions"]'))
          .map((row) => Math.round(row.getBoundingClientRect().height));
        const glyph = bell.shadowRoot.querySelector('[part="icon"]')?.getBoundingClientRect();
        const badge = bell.shadowRoot.querySelector('[part="badge"]')?.getBoundingClientRect();
        const covered =
          glyph && badge
            ? (Math.max(0, Math.min(glyph.right, badge.right) - Math.max(glyph.left, badge.left)) *
                Math.max(0, Math.min(glyph.bottom, badge.bottom) - Math.max(glyph.top, badge.top))) /
              (glyph.width * glyph.height)
            : null;
        return {
          panel: `${Math.round(panel.width)}×${Math.round(panel.height)} at ${Math.round(panel.left)},${Math.round(panel.top)}`,
          visibleRows: visible,
          rowHeights: rows.slice(0, 6).map((row) => Math.round(row.height)),
          rowsWithoutButtons: plainRows,
          badge: bell.shadowRoot.querySelector('[part="badge"]')?.textContent ?? null,
          badgeCoversGlyph: covered === null ? null : Math.round(covered * 100) / 100,
        };
      });
      console.log(shot.name, JSON.stringify(facts));
    }
    await page.screenshot({ path: resolve(outDir, `${shot.name}.png`) });
    await page.close();
  }
  // Keyboard: End in the panel's list, then "Mark all as read" by keyboard; where is the focus?
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${base}/demo/cdn.html`);
  await page.waitForFunction(() => customElements.get('notif-bell'));
  const deepActive = () =>
    page.evaluate(() => {
      let active = document.activeElement;
      const path = [];
      while (active) {
        path.push(active.getAttribute('part') || active.tagName.toLowerCase());
        active = active.shadowRoot?.activeElement;
      }
      return path.join(' > ');
    });
  await page.evaluate(() =>
    document.querySelector('notif-bell').shadowRoot.querySelector('[part="button"]').focus(),
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    document
      .querySelector('notif-bell')
      .shadowRoot.querySelector('notif-inbox')
      ?.shadowRoot?.querySelector('article'),
  );
  await page.evaluate(() =>
    document
      .querySelector('notif-bell')
      .shadowRoot.querySelector('notif-inbox')
      .shadowRoot.querySelector('article[tabindex="0"]')
      .focus(),
  );
  await page.keyboard.press('End');
  await page.waitForFunction(() => {
    const inbox = document.querySelector('notif-bell').shadowRoot.querySelector('notif-inbox');
    return inbox.shadowRoot.activeElement?.matches('article');
  });
  console.log('after End:', await deepActive());
  await page.evaluate(() =>
    document
      .querySelector('notif-bell')
      .shadowRoot.querySelector('notif-inbox')
      .shadowRoot.querySelector('[part="mark-all"]')
      .focus(),
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () =>
      document
        .querySelector('notif-bell')
        .shadowRoot.querySelector('notif-inbox')
        .shadowRoot.querySelector('[part="mark-all"]').disabled,
  );
  console.log('after Mark all as read:', await deepActive());
  await page.close();
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${outDir}`);
