// The bell's panel (issue 24): from a click on the bell to the panel open with its messages painted. A page
// with the self-contained file, <notif-provider> and <notif-bell> over the bench's mock; the bell's code is
// light, its panel (the inbox, rows, styles) a chunk loaded on idle or intent. Two cases, `runs` page loads
// each, alternately: a click after the page has been idle for a second once the count shows (the chunk has
// loaded while idle: the target is 100 ms), and a cold click the moment the count shows (the click itself
// fetches the chunk; reported).
import { API_BASE } from './server.mjs';
import { SUBSCRIBER } from './first-render.mjs';

/** How long one page load and click may take before the bench fails. */
const LOAD_TIMEOUT = 15_000;
/** How long the page is left idle after the count shows, before the click of the `idle` case. */
const IDLE_MS = 1_000;

/**
 * The page; `window.benchOpen(wait)` clicks the bell `wait` ms after its badge shows (at once when 0, in the
 * same task as the render that showed it: nothing idle has run) and resolves `{ ms, preloaded }`: the time
 * from the click to the frame after the panel is open with rows, and whether the panel's chunk had been
 * fetched before the click.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bell panel</title>
<link rel="icon" href="data:,">
<script type="module" src="/cdn/notif-elements.js"></script>
</head>
<body>
<notif-provider base-url="${API_BASE}" subscriber-id="${SUBSCRIBER}"><notif-bell></notif-bell></notif-provider>
<script>
window.benchOpen = (wait) =>
  new Promise((resolve) => {
    const bell = document.querySelector('notif-bell');
    const counted = () => bell.shadowRoot?.querySelector('[part~="badge"]');
    const click = () => {
      const preloaded = performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('bell-panel'));
      const start = performance.now();
      bell.shadowRoot.querySelector('[part="button"]').click();
      const poll = () => {
        const root = bell.shadowRoot;
        const rows = root.querySelector('[part="inbox"]')?.shadowRoot?.querySelectorAll('article[data-key]');
        if (!root.querySelector('[part="panel"]').matches(':popover-open') || !rows?.length)
          return requestAnimationFrame(poll);
        requestAnimationFrame(() => resolve({ ms: performance.now() - start, preloaded }));
      };
      poll();
    };
    const go = () => (wait > 0 ? setTimeout(click, wait) : click());
    const watch = () => {
      if (!bell.shadowRoot) return setTimeout(watch, 1);
      if (counted()) return go();
      const observer = new MutationObserver(() => {
        if (!counted()) return;
        observer.disconnect();
        go();
      });
      observer.observe(bell.shadowRoot, { subtree: true, childList: true, attributes: true });
    };
    watch();
  });
</script>
</body>
</html>`;

/** Rejects when `promise` has not settled in `ms` milliseconds. */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The subscriber's messages unseen again: opening the panel marks them seen, and the badge must show. */
function markUnseen(mock) {
  const subscriber = mock.db.subscribers.find((s) => s.subscriberId === SUBSCRIBER);
  for (const message of mock.db.messages) {
    if (message._subscriberId !== subscriber._id) continue;
    message.seen = false;
    delete message.lastSeenDate;
  }
}

async function openOnce(browser, url, mock, wait) {
  markUnseen(mock);
  const page = await browser.newPage();
  try {
    await page.setCacheEnabled(false);
    page.on('pageerror', (error) => console.error(`page error (${url}):`, error.message));
    // Opening the panel marks the shown messages seen. The mark's code loads on first use, so its request
    // can leave after the measure: the next load resets the messages to unseen only once it is answered,
    // or the late mark would hide the next page's badge.
    const marked = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/messages/mark-as'),
      { timeout: LOAD_TIMEOUT },
    );
    marked.catch(() => {}); // awaited below; when the measure fails first, closing the page ends the wait
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const result = await withTimeout(
      page.evaluate((ms) => window.benchOpen(ms), wait),
      LOAD_TIMEOUT,
      `${url} (wait ${wait})`,
    );
    await marked;
    return result;
  } finally {
    await page.close();
  }
}

/** Resolves `{ idle, cold }`: `runs` results `{ ms, preloaded }` each, after one pair not counted. */
export async function panelOpenTimes(browser, server, mock, runs) {
  await mock.ready;
  server.files.set('/bell-panel.html', PAGE);
  const url = `${server.origin}/bell-panel.html`;
  await openOnce(browser, url, mock, IDLE_MS);
  await openOnce(browser, url, mock, 0);
  const idle = [];
  const cold = [];
  for (let i = 0; i < runs; i++) {
    idle.push(await openOnce(browser, url, mock, IDLE_MS));
    cold.push(await openOnce(browser, url, mock, 0));
  }
  return { idleMs: IDLE_MS, idle, cold };
}
