// First render of the inbox against raw DOM: navigation start to the newest message's subject painted,
// for a page with <notif-inbox> (the self-contained file) and a page that fetches the same list and
// renders it with createElement/textContent. Both get the list over HTTP from the bench's mock.
import { API_BASE } from './server.mjs';

export const SUBSCRIBER = 'usr_priya_raman';
/**
 * The raw-DOM page's font: the inbox's default (`--notif-font-family`). Drawn in the browser's default serif
 * instead, the raw page laid its text out in a cheaper font than the inbox's (traced on Debian's Chromium: the
 * inbox's first layout took about 6 ms less in that serif, the raw page's about 2 ms more in this stack): as
 * with `Intl`, the baseline pays what the inbox pays.
 */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/** How long one page load may take before the bench fails. */
const LOAD_TIMEOUT = 15_000;

/**
 * An inline script for the top of a page: on every animation frame it looks for `subject` in the text of
 * `root()`; once there, it waits one more frame (the text has been painted) and records `performance.now()`,
 * ms since navigation start, as `window.benchFirstRender` (and resolves `window.benchPainted` with it).
 */
function paintProbe(subject, root) {
  return `<script>
window.benchPainted = new Promise((resolve) => {
  const subject = ${JSON.stringify(subject)};
  const root = () => ${root};
  const poll = () => {
    if (!root()?.textContent.includes(subject)) return requestAnimationFrame(poll);
    requestAnimationFrame(() => resolve((window.benchFirstRender = performance.now())));
  };
  requestAnimationFrame(poll);
});
</script>`;
}

/** Page A: the self-contained file and an inbox reaching the API by its attributes. */
function inboxPage(subject) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>notif-inbox</title>
${paintProbe(subject, "document.querySelector('notif-inbox')?.shadowRoot")}
<script type="module" src="/cdn/notif-elements.js"></script>
</head>
<body>
<notif-inbox base-url="${API_BASE}" subscriber-id="${SUBSCRIBER}"></notif-inbox>
</body>
</html>`;
}

/**
 * Page B: fetches `listUrl` and renders each message with plain DOM calls, as a careful hand-written page
 * would show the same content as the inbox:
 * - the header's title and the unread count (`Intl.NumberFormat`);
 * - for each message, its sender's avatar (the picture when its URL is http or https, lazy and without a
 *   referrer, over the sender's initials), its unread marker (a dot, and "Unread" for screen readers), its
 *   subject, the time it was sent as a `<time>` with the relative time in words ("5 minutes ago",
 *   `Intl.RelativeTimeFormat`, the short form shown and the long one for screen readers) and the full date as
 *   its title (`Intl.DateTimeFormat`), its body, and its own action buttons.
 *
 * With `textOnly`, the page the bench used before: subject, time and body only (no header, avatars, unread
 * markers or action buttons), reported beside the other for comparison. The baseline before issue 24 also had
 * no times, so it never paid for `Intl`, which the inbox must.
 */
function rawDomPage(subject, listUrl, { textOnly = false } = {}) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>raw DOM</title>
${paintProbe(subject, "document.getElementById('list')")}
<style>
body { font-family: ${FONT}; }
.visually-hidden { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.avatar { display: inline-grid; place-items: center; inline-size: 2rem; block-size: 2rem; border-radius: 50%; overflow: hidden; background: #e8eaf0; }
.avatar img { grid-area: 1 / 1; inline-size: 100%; block-size: 100%; object-fit: cover; }
.dot { display: inline-block; inline-size: 0.5rem; block-size: 0.5rem; border-radius: 50%; background: #3b5bdb; }
</style>
</head>
<body>
${textOnly ? '' : '<h2>Inbox <span id="unread"></span></h2>'}
<ul id="list"></ul>
<script type="module">
const TEXT_ONLY = ${textOnly};
const UNITS = [['year', 31536e6], ['month', 2592e6], ['week', 6048e5], ['day', 864e5], ['hour', 36e5], ['minute', 6e4]];
const long = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const narrow = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'narrow' });
const full = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });
const relative = (format, ms) => {
  for (const [unit, size] of UNITS) if (Math.abs(ms) >= size) return format.format(Math.round(ms / size), unit);
  return format.format(Math.round(ms / 1000), 'second');
};
// Pictures come from other people: http and https only.
const pictureUrl = (url) => {
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '';
  } catch {
    return '';
  }
};
// The sender's name, as the inbox reads it: \`payload.actor\` or \`payload.subscriber\`, text only.
const senderOf = (payload) => {
  const sender = payload?.actor ?? payload?.subscriber;
  if (typeof sender === 'string') return sender;
  if (typeof sender?.name === 'string') return sender.name;
  return [sender?.firstName, sender?.lastName].filter((part) => typeof part === 'string').join(' ');
};
const initialsOf = (name) => name.split(/\\s+/).filter(Boolean).map((word) => word[0]).slice(0, 2).join('').toUpperCase();
const response = await fetch(${JSON.stringify(listUrl)});
const { data } = await response.json();
const list = document.getElementById('list');
if (!TEXT_ONLY) {
  document.getElementById('unread').textContent = new Intl.NumberFormat('en').format(data.filter((m) => !m.read).length) + ' unread';
}
const now = Date.now();
for (const message of data) {
  const item = document.createElement('li');
  if (!TEXT_ONLY) {
    const avatar = document.createElement('span');
    avatar.className = 'avatar';
    avatar.ariaHidden = 'true';
    avatar.textContent = initialsOf(senderOf(message.payload));
    const src = typeof message.avatar === 'string' ? pictureUrl(message.avatar) : '';
    if (src) {
      const picture = document.createElement('img');
      picture.alt = '';
      picture.loading = 'lazy';
      picture.decoding = 'async';
      picture.referrerPolicy = 'no-referrer';
      picture.src = src;
      avatar.append(picture);
    }
    item.append(avatar);
    if (!message.read) {
      const dot = document.createElement('span');
      dot.className = 'dot';
      const unread = document.createElement('span');
      unread.className = 'visually-hidden';
      unread.textContent = 'Unread';
      dot.append(unread);
      item.append(dot);
    }
  }
  const subject = document.createElement('strong');
  subject.textContent = message.subject ?? '';
  const created = new Date(message.createdAt);
  const time = document.createElement('time');
  if (!Number.isNaN(created.getTime())) {
    time.dateTime = created.toISOString();
    time.title = full.format(created);
    const shown = document.createElement('span');
    shown.ariaHidden = 'true';
    shown.textContent = relative(narrow, created.getTime() - now);
    const spoken = document.createElement('span');
    spoken.className = 'visually-hidden';
    spoken.textContent = relative(long, created.getTime() - now);
    time.append(shown, spoken);
  }
  const body = document.createElement('p');
  body.textContent = typeof message.content === 'string' ? message.content : '';
  item.append(subject, time, body);
  if (!TEXT_ONLY) {
    for (const button of message.cta?.action?.buttons ?? []) {
      const action = document.createElement('button');
      action.type = 'button';
      action.textContent = typeof button.content === 'string' ? button.content : '';
      item.append(action);
    }
  }
  list.append(item);
}
</script>
</body>
</html>`;
}

/** The subject of the subscriber's newest in-app message, from the mock's data (newest first). */
async function newestSubject(mock) {
  await mock.ready; // a mock that loads its seed on demand has all its messages then
  const subscriber = mock.db.subscribers.find((s) => s.subscriberId === SUBSCRIBER);
  const newest = mock.db.messages.find((m) => m._subscriberId === subscriber._id && m.channel === 'in_app');
  if (!newest?.subject) throw new Error('bench: the newest message of the mock has no subject');
  return newest.subject;
}

/** The URL of the list request the inbox made, from the mock's request log. */
function listUrlFrom(mock) {
  const request = mock.requests.find((r) => r.method === 'GET' && r.path === '/v1/messages');
  if (!request) throw new Error('bench: the inbox made no list request');
  return `${API_BASE}${request.path}${request.query ? `?${request.query}` : ''}`;
}

/** Rejects when `promise` has not settled in `ms` milliseconds. */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Loads `url` in a new tab, with no cache, and resolves the time its probe recorded. */
async function timedLoad(browser, url) {
  const page = await browser.newPage();
  try {
    await page.setCacheEnabled(false);
    page.on('pageerror', (error) => console.error(`page error (${url}):`, error.message));
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    return await withTimeout(
      page.evaluate(() => window.benchPainted),
      LOAD_TIMEOUT,
      url,
    );
  } finally {
    await page.close();
  }
}

/**
 * Loads the inbox page (A), the raw-DOM page (B) and B with text and times only, in turn, `runs` times
 * each, after one round that is not counted (it warms the browser up and gives the raw pages the inbox's
 * list URL). Resolves the times.
 */
export async function firstRender(browser, server, mock, runs) {
  const subject = await newestSubject(mock);
  const pageA = `${server.origin}/inbox.html`;
  const pageB = `${server.origin}/raw-dom.html`;
  const pageText = `${server.origin}/raw-dom-text.html`;
  server.files.set('/inbox.html', inboxPage(subject));
  mock.clearRequests();
  await timedLoad(browser, pageA);
  const listUrl = listUrlFrom(mock);
  server.files.set('/raw-dom.html', rawDomPage(subject, listUrl));
  server.files.set('/raw-dom-text.html', rawDomPage(subject, listUrl, { textOnly: true }));
  await timedLoad(browser, pageB);
  await timedLoad(browser, pageText);
  const inbox = [];
  const raw = [];
  const rawText = [];
  for (let i = 0; i < runs; i++) {
    inbox.push(await timedLoad(browser, pageA));
    raw.push(await timedLoad(browser, pageB));
    rawText.push(await timedLoad(browser, pageText));
  }
  return { subject, listUrl, inbox, raw, rawText };
}
