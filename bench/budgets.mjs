// The one budget table (issue 24): read by `npm run bench` (scripts/bench.mjs) and by `npm run size`
// (.size-limit.js). A budget is what CI enforces: a little above what the code measures today, so that
// growth fails; a target (below) is where a measure should get to, shown beside its budget, not enforced.
//
// Sizes are gzip -9 KB (1024 bytes) of what a page downloads before it can use an entry: the entry and the
// chunks it imports statically, bundled by an app (esbuild, minified, Lit and nanostores included); what
// loads with `import()` (the bell's panel, the virtualizer, the settings view, toasts, locales...) is not
// counted. The bench bundles through package.json `exports` with code splitting; size-limit bundles each
// entry into one file with every `import()` left out. One budget serves both: it is set just above the
// larger of the two. They differ by up to 0.1 KB for most entries; by 0.7 KB for the self-contained file
// (size-limit bundles the built file again); and the bench's "provider + bell" (2.4 KB), "every element" and
// "react" (3 to 5 KB) are over size-limit's, as code splitting cuts them into chunks that each compress on
// their own (Lit, the core, the store's small shared modules...).

/**
 * Gzip KB budgets by entry, as the bench names them (bench/sizes.mjs `APP_ENTRIES`, and the self-contained
 * file). A new feature arrives in a chunk loaded on intent: it must not move these.
 */
export const SIZE_BUDGETS = {
  // What a page showing a bell downloads and runs before the bell's accessible name shows the count: the
  // common way in. The panel (inbox, rows, styles, virtualizer, settings) loads when the page is idle
  // after the count shows, or at the first hover, focus or pointer-down on the bell; the inbox store comes with
  // it, and until then the bell counts the first page it reads itself (context/read-ahead.ts), which the store
  // then takes. Measured 18.5 (bench) and 15.9 (size-limit); 39.0 at the start of issue 24, 25.2 before the
  // store left it.
  'provider + bell': 19.0,
  // The bell alone (its client through the connection attributes; its store as above).
  'bell.js': 18.1,
  // The provider alone (its connection's client: list, `/counts` and the stream; the client's other
  // operations load on their first call).
  'provider.js': 9.9,
  // Every element at once (`import 'notif-elements'`): the most an app pays for the elements. 0.3 of it is
  // the bell's own read of the first page, which takes the store off the bell's critical path.
  'every element': 60.3,
  // The DOM-free client alone, for apps with their own UI: the transport, list, `/counts` and the stream;
  // the other operations (mark-as, preferences, subscriber, integrations, workflows, events, 0.8 KB) load
  // with `import()` on their first call.
  client: 3.1,
  // The inbox store with nanostores, for headless use. About 1 KB of it is the live edge's page side (exact
  // counts, the tabs' share of the stream, `$live`); the stream reader itself loads with `import()`, and so
  // does the sending of marks and mark-all (`inbox-marks.ts`, 1.2 KB), at the first mark.
  store: 7.3,
  // The mock service, for demos and tests; the default seed's messages load on demand.
  mock: 19,
  // The backend proxy (about 0.9 KB of it finds the key in an answer, encoded, nested or cut short; about
  // 1 KB serves the live edge's routes. The live edge itself loads with `import()` when turned on: below).
  proxy: 6.0,
  // The Redis bus for the live edge across server instances (no Redis package bundled: the app's client).
  'proxy/redis': 0.7,
  // The inbox element alone.
  'inbox.js': 37.0,
  // The preferences element alone.
  'preferences.js': 30.6,
  // The toast element alone (a page with the bell loads it on demand, in its own chunk, when a <notif-toast> shows).
  'toast.js': 28.0,
  // The React components (notif-elements/react) with every element they register; React itself not counted.
  react: 62.3,
  // The file a page loads with one <script type="module">, and the chunks it imports statically: it
  // defines every element; the heavy ones (<notif-inbox>, <notif-preferences>, <notif-toast>) load their
  // code in chunks beside it once one is in the document, and the inbox store with the bell's panel (or the
  // inbox); `createInboxStore` is one `loadApi()` away. Measured 19.8 (bench) and 20.0 (size-limit).
  'self-contained file': 20.5,
};

/** Lazy chunks with a budget of their own (gzip KB): loaded with `import()`, measured apart. */
export const LAZY_BUDGETS = {
  // The proxy's live edge, loaded when `live` is on.
  'proxy live edge': 3.5,
};

/** Where the sizes should get to (issue 24), when that is below their budget today. */
const SIZE_TARGETS = {
  'provider + bell': 20,
  'self-contained file': 24,
};

export const sizeName = (entry) => `initial gzip KB: ${entry}`;
export const lazyName = (chunk) => `lazy gzip KB: ${chunk}`;

/** Every measure of the bench, in the order of its table, with its budget (`null`: reported, not checked). */
export const budgets = {
  ...Object.fromEntries(Object.entries(SIZE_BUDGETS).map(([entry, kb]) => [sizeName(entry), kb])),
  ...Object.fromEntries(Object.entries(LAZY_BUDGETS).map(([chunk, kb]) => [lazyName(chunk), kb])),
  // The bell's panel (bench/panel-open.mjs): from a click on the bell to the panel open with its messages
  // painted, on a page with <notif-provider> and <notif-bell> (the self-contained file). After the page has
  // been idle for a second (the panel's chunk loaded while idle), and on a click the moment the count shows
  // (nothing preloaded: the chunk is fetched on the click).
  'panel open after 1 s idle (median ms)': 100,
  'panel open on a cold click (median ms)': null,
  // Reported: machines differ, so the ratio of the two is what is budgeted.
  'first render: notif-inbox, 20 messages (median ms)': null,
  'first render: raw DOM, 20 messages (median ms)': null,
  // The inbox against hand-written DOM showing the same content (bench/first-render.mjs): the header's
  // unread count, and for each message its sender's avatar, unread marker, subject, relative time (through
  // `Intl`, as a careful page would), body and action buttons; on a first visit. Issue 24's target, at most 2×,
  // is shown beside it (`targets`), not enforced: measured 1.39 to 2.00 in full bench runs, a fresh-clone CI run
  // went over 2 (2.00 against 2) with the inbox at 252 ms, and a run beside one busy loop measured 2.06
  // (docs/performance.md says why a run moves). The budget catches a regression, not the noise of a loaded
  // machine.
  'first render: notif-inbox / raw DOM': 2.5,
  // Reported, for comparison with earlier runs: against the raw page the bench used before, which showed the
  // text and the times only (no header, avatars, unread markers or action buttons): 1.56 to 2.22 in the same
  // runs.
  'first render: raw DOM, text and times only (median ms)': null,
  'first render: notif-inbox / raw DOM, text and times only': null,
  // Fifty messages must show within a few frames of inserting the inbox.
  'render 50 messages (median ms)': 150,
  // A long inbox renders only the rows in view, so 10,000 messages cost about what 50 do.
  'render 10,000 messages (median ms)': 400,
  // Virtualized: the rows in view and a few more, never the whole list.
  'rows in the DOM for 10,000 messages': 60,
  // One list request shows the inbox.
  'requests: first load': 1,
  // The messages shown are marked seen in one request.
  'requests: opening the bell (mark shown seen)': 1,
  // One mark-as request per change.
  'requests: mark one read': 1,
  // 20 of 60 loaded: a batch of the loaded ones, one page of the walk, a batch of what it found.
  'requests: mark all read, 20 of 60 loaded': 3,
  // Everything loaded: one batch, no list request.
  'requests: mark all read, all loaded': 1,
  // A bell and an inbox configured alike share one store, so one list request.
  'requests: bell + inbox configured alike, first load': 1,
  // Cycles that leave nothing behind measured 2 to 46 KB (noise); one bell kept per cycle adds about 12 MB.
  'heap growth over 100 mounts (KB)': 256,
  // Clean cycles measured 0; one element kept per cycle adds 100 or more (a whole open bell, about 1,700).
  'DOM node growth over 100 mounts': 50,
  // Clean cycles measured 0; one listener left behind per cycle adds 100.
  'event listener growth over 100 mounts': 50,
  // The live edge (bench/live.mjs), over HTTP on this machine: the built proxy and mock in a server process.
  // From `publish` to a page's stream hearing it: measured 3 to 14 ms; a page must hear within a second.
  'live: publish to stream, median (ms)': null,
  'live: publish to stream, p95 (ms)': 1000,
  // 5,000 unless the descriptor limit is lower (two sockets a stream, both in this machine).
  'live: open streams held by one process': null,
  // The server's heap and buffers per open stream, its socket and Node's HTTP response included: measured 22.
  'live: server memory per open stream (KB)': 48,
  // One publish reaching 1,000 open streams of one subscriber (tabs and devices): measured about 60 ms.
  'live: one publish to 1,000 streams of one subscriber (ms)': 1000,
  // The watcher polls each subscriber with open streams once per 15 s, whatever the tabs: 100 x 4, no counts
  // when nothing changes (a change adds one count, 1 request per 100 messages).
  'live: service requests per minute, 1,000 streams of 100 subscribers, watcher 15 s': 400,
  // Today's pages poll their first page every 30 s each: reported, to compare with the line above.
  'live: service requests per minute, polling today (1,000 pages, every 30 s)': null,
  // The page side (bench/live-page.mjs): Chromium loads the built file with one bell on its provider, over
  // the built proxy on node:http. From `publish` to the bell's accessible name saying the new exact count,
  // 20 arrivals: measured 7 to 18 ms; a person must see it within a second.
  'live page: publish to the bell’s name, median (ms)': null,
  'live page: publish to the bell’s name, p95 (ms)': 1000,
  // Without `publish`, the proxy's watcher (every 2 s here) finds the arrival: at most its interval + 1 s.
  'live page: watcher (2 s) to the bell’s name, max (ms)': 3000,
};

/** Where a measure should get to (issue 24), when that is below its budget today: shown, not enforced. */
export const targets = {
  ...Object.fromEntries(Object.entries(SIZE_TARGETS).map(([entry, kb]) => [sizeName(entry), kb])),
  'first render: notif-inbox / raw DOM': 2,
};
