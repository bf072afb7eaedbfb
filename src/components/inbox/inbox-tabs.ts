/**
 * The inbox's tabs (loaded with `import()` once `tabs` is set; see `inbox-tabs-hook.ts`): a WAI-ARIA tab
 * list above the list, the store and filter of the active tab, and each tab's unread count.
 *
 * Tabs and the All / Unread views: the views stay, as a read filter inside the active tab (Novu's model:
 * tabs, and a read filter over them). The Unread view's count is the active tab's.
 *
 * Stores: a `contextKeys` tab lists through a store of that scope (`inboxOf(connection, keys)`), shared by
 * every element of the connection, so every list request of the tab carries the keys. Other tabs filter the
 * messages of the unscoped store on the page.
 *
 * Counts, per tab (in its accessible name too):
 * - a plain tab: the store's counts (exact from the proxy's stream, else counted over the loaded messages);
 * - a filtering tab: its unread messages among the loaded ones, `N+` while the store has more pages;
 * - a `contextKeys` tab: the proxy's `GET /counts?contextKeys=…` (exact, up to the proxy's cap), asked when
 *   the tabs show, when a shown list changes, and once per poll interval; the active tab's own marks move its
 *   count at once. Without that route (404...), the active tab counts its loaded messages and the others
 *   count the first page of their scope (one list request each): `N+` when more pages exist.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';
import { connectionOf, inboxOf } from '../../context/inbox-of.js';
import type { InboxStore } from '../../store/inbox.js';
import { listQuery, scopeKeys } from '../../store/list-query.js';
import type { NotifInboxTab, TabsHost, TabsHostAccess, TabsUi } from './inbox-tabs-hook.js';

/** A tab as the tabs use it. */
interface Tab {
  id: string;
  label: string;
  /** The server scope, sorted and unique; empty for none. */
  keys: string[];
  /** The page-side test; `null` when the tab does not filter. */
  test: ((message: Message) => boolean) | null;
  own?: InboxStore;
}

/** A tab's unread count: `atLeast` when it is a lower bound. */
interface Count {
  n: number;
  atLeast: boolean;
}

/** A count asked of the server for a scope, and the local unread count of its loaded list at that moment. */
interface ServerCount {
  n: number;
  exact: boolean;
  localThen: number | null;
}

const styles = css`
  .tabs {
    display: flex;
    gap: 0.25rem;
    padding-inline: calc(var(--_row-pad-inline) - 0.5rem);
    border-block-end: 1px solid var(--_border);
    overflow-x: auto;
    overscroll-behavior-inline: contain;
    scrollbar-width: none;
    flex: none;
  }

  .tabs::-webkit-scrollbar {
    display: none;
  }

  /* A tab looks like the All / Unread views (class "view", inbox.styles.ts); only the differences here. */
  .tab {
    flex: none;
    min-block-size: 2.5rem;
    padding-inline: 0.5rem;
    font: inherit;
    font-size: var(--_font-size-s);
    white-space: nowrap;
  }

  .tab-face {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
  }

  /* Inside: the tab list scrolls sideways and would clip an outline drawn outside. */
  .tab:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }

  .tabpanel {
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    min-block-size: 0;
  }

  .tabpanel > .banner {
    margin-block: var(--_space-s) 0;
    margin-inline: var(--_space);
  }
`;

let warned = false;

export function createTabs(host: TabsHost, access: TabsHostAccess): TabsUi {
  let given: NotifInboxTab[] | undefined;
  let tabs: Tab[] = [];
  let active = 0;
  let restored = false;
  let base: InboxStore | undefined;
  /** The stores listened to (for counts), and how to stop. */
  const listening = new Map<InboxStore, () => void>();
  const server = new Map<string, ServerCount>();
  /** Whether the proxy has `GET /counts` (`undefined`: not asked yet). */
  let countsRoute: boolean | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;
  let asked = 0;
  const aborter = new AbortController();
  adopt();

  /** The tabs' styles join the inbox's shadow root once. */
  function adopt(): void {
    const root = host.renderRoot as ShadowRoot;
    const sheet = styles.styleSheet;
    if (!sheet || !('adoptedStyleSheets' in root) || root.adoptedStyleSheets.includes(sheet)) return;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  function normalise(list: NotifInboxTab[]): Tab[] {
    return list
      .filter((tab) => tab && typeof tab === 'object' && typeof tab.label === 'string')
      .map((tab, index) => {
        const keys = Array.isArray(tab.contextKeys)
          ? scopeKeys(tab.contextKeys.filter((k) => typeof k === 'string' && k !== ''))
          : [];
        return {
          id: typeof tab.id === 'string' && tab.id !== '' ? tab.id : tab.label || String(index),
          label: tab.label,
          keys,
          test: testOf(tab),
          own: tab.store,
        };
      });
  }

  /** Takes a new `tabs` value: keeps the active tab by id, restores the stored one the first time. */
  function take(): void {
    if (host.tabs === given) return;
    const previous = tabs[active]?.id;
    given = host.tabs;
    tabs = normalise(given ?? []);
    let want = previous;
    if (!restored) {
      restored = true;
      want = read() ?? previous;
    }
    const found = tabs.findIndex((tab) => tab.id === want);
    active = found >= 0 ? found : 0;
    server.clear();
    scheduleRefresh(0);
  }

  function storageKey(): string | undefined {
    const key = host.tabStorageKey;
    return typeof key === 'string' && key !== '' ? key : undefined;
  }

  /** Kept across reloads only when the host asks (`tab-storage-key`), in `sessionStorage`. */
  function read(): string | undefined {
    const key = storageKey();
    if (!key) return undefined;
    try {
      return globalThis.sessionStorage?.getItem(key) ?? undefined;
    } catch {
      return undefined; // storage refused (privacy settings): the first tab
    }
  }

  function write(id: string): void {
    const key = storageKey();
    if (!key) return;
    try {
      globalThis.sessionStorage?.setItem(key, id);
    } catch {
      // storage refused or full: the choice lasts for this page only
    }
  }

  /** The store of `tab`: its scope's when it has keys and a store of that scope can be had. */
  function storeOf(tab: Tab | undefined): { store: InboxStore | undefined; scoped: boolean } {
    if (!tab || tab.keys.length === 0) return { store: base, scoped: false };
    const connection = access.connection() ?? (base && connectionOf(base));
    if (connection) return { store: inboxOf(connection, tab.keys), scoped: true };
    if (tab.own) return { store: tab.own, scoped: true };
    return { store: base, scoped: false };
  }

  /** The page-side test of `tab`, with its keys when no scoped store lists them. */
  function testFor(tab: Tab | undefined): ((message: Message) => boolean) | null {
    if (!tab) return null;
    if (tab.keys.length === 0 || storeOf(tab).scoped) return tab.test;
    const keys = tab.keys;
    const inScope = (m: Message) => {
      const own = (m as { contextKeys?: unknown }).contextKeys;
      return Array.isArray(own) && keys.every((key) => own.includes(key));
    };
    const test = tab.test;
    return test ? (m) => inScope(m) && test(m) : inScope;
  }

  function select(index: number, focus: boolean): void {
    if (index < 0 || index >= tabs.length) return;
    if (index !== active) {
      active = index;
      write(tabs[index]!.id);
      // Its store kept its list while another tab was shown (marks made there reached only that store):
      // read its top again. A store not mounted yet loads anyway.
      const store = storeOf(tabs[index]).store;
      if (store && listening.has(store) && store.$loaded.get()) void store.refresh();
      access.changed();
      host.requestUpdate();
      scheduleRefresh(0);
    }
    if (focus) {
      void host.updateComplete.then(() => {
        const button = host.renderRoot.querySelector<HTMLElement>(`#tab-${index}`);
        button?.focus();
        button?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      });
    }
  }

  function onKeydown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = access.dir() === 'rtl';
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = rtl ? active - 1 : active + 1;
        break;
      case 'ArrowLeft':
        next = rtl ? active + 1 : active - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    select(next < 0 ? last : next > last ? 0 : next, true);
  }

  // ─── Counts ──────────────────────────────────────────────────────────────────────────────────────────

  /** Listens to the stores whose atoms the counts read (mounting them: they load and poll). */
  function listenTo(stores: Set<InboxStore>): void {
    for (const [store, stop] of listening) {
      if (stores.has(store)) continue;
      stop();
      listening.delete(store);
    }
    for (const store of stores) {
      if (listening.has(store)) continue;
      const changed = () => {
        host.requestUpdate();
        scheduleRefresh(1000);
      };
      const stops = [
        store.$messages.listen(changed),
        store.$hasMore.listen(changed),
        store.$counts.listen(changed),
      ];
      listening.set(store, () => stops.forEach((stop) => stop()));
    }
  }

  function unreadIn(messages: readonly Message[], test: ((m: Message) => boolean) | null): number {
    let n = 0;
    for (const m of messages) if (!m.read && (!test || safeTest(test, m))) n++;
    return n;
  }

  function countOf(index: number): Count | null {
    const tab = tabs[index]!;
    const { store, scoped } = storeOf(tab);
    const test = testFor(tab);
    const isActive = index === active;
    if (!store) return null;
    if (test) {
      // Over the loaded messages of its store: a lower bound while there are more pages.
      return { n: unreadIn(store.$messages.get(), test), atLeast: store.$hasMore.get() };
    }
    if (!scoped) {
      const counts = store.$counts.get();
      return { n: counts.unread, atLeast: !counts.exact };
    }
    const known = server.get(tab.keys.join('&'));
    if (isActive) {
      const local = unreadIn(store.$messages.get(), null);
      if (known && known.localThen !== null) {
        // The server's count, moved by what changed in the loaded list since it was asked (the user's marks).
        return { n: Math.max(0, known.n + local - known.localThen), atLeast: !known.exact };
      }
      return { n: local, atLeast: store.$hasMore.get() };
    }
    return known ? { n: known.n, atLeast: !known.exact } : null;
  }

  function scheduleRefresh(delay: number): void {
    if (aborter.signal.aborted) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refreshServerCounts(), delay);
  }

  /** Asks the server's counts of every scoped tab (their first page without the counts route). */
  async function refreshServerCounts(): Promise<void> {
    const round = ++asked;
    const jobs = tabs.map(async (tab, index) => {
      const { store, scoped } = storeOf(tab);
      if (!scoped || !store || testFor(tab)) return;
      const name = tab.keys.join('&');
      const client = (access.connection() ?? (base && connectionOf(base)))?.client;
      if (!client) return;
      const localThen = index === active ? unreadIn(store.$messages.get(), null) : null;
      const signal = aborter.signal;
      if (countsRoute !== false && client.getCounts) {
        try {
          const counts = await client.getCounts({ signal }, { contextKeys: tab.keys });
          if (round !== asked) return;
          if (isCount(counts?.unread)) {
            countsRoute = true;
            server.set(name, { n: counts.unread, exact: counts.exact !== false, localThen });
            return;
          }
        } catch (error) {
          if (signal.aborted || round !== asked) return;
          const status = (error as { status?: unknown }).status;
          if (status === 404 || status === 403 || status === 405) countsRoute = false;
        }
      }
      // No counts route: the active tab counts its own list; another asks its first page (a lower bound).
      if (index === active) return;
      try {
        const page = await client.listMessages(
          listQuery(store.subscriberId, tab.keys, 0, store.options.pageSize),
          {
            signal,
          },
        );
        if (round !== asked) return;
        const data = Array.isArray(page.data) ? page.data : [];
        const n = data.filter((m) => m && m.channel === 'in_app' && m.read !== true).length;
        server.set(name, { n, exact: page.hasMore !== true, localThen: null });
      } catch {
        // The tab shows no count until the next round.
      }
    });
    await Promise.all(jobs);
    if (round === asked && !aborter.signal.aborted) host.requestUpdate();
  }

  function renderCount(count: Count | null): TemplateResult | typeof nothing {
    if (!count || count.n === 0) return nothing;
    const t = access.translator();
    return html`<span class="view-count" part="tab-count"
      >${t.number(count.n)}${count.atLeast ? '+' : ''}</span
    >`;
  }

  function nameOf(tab: Tab, count: Count | null): string {
    if (!count || count.n === 0) return tab.label;
    const t = access.translator();
    const params = { label: tab.label, count: count.n, badge: `${t.number(count.n)}+` };
    return count.atLeast ? t.t('inbox.tabs.unreadAtLeast', params) : t.t('inbox.tabs.unread', params);
  }

  return {
    store(given) {
      base = given;
      take();
      return storeOf(tabs[active]).store;
    },
    filter(messages) {
      const test = testFor(tabs[active]);
      return test ? messages.filter((m) => safeTest(test, m)) : messages;
    },
    get filtering() {
      return testFor(tabs[active]) !== null;
    },
    counts(counts) {
      const tab = tabs[active];
      const test = testFor(tab);
      const { store, scoped } = storeOf(tab);
      if (scoped && !test) {
        // The Unread view's count is the tab's (the server's for a scope, when known).
        const count = countOf(active);
        return count && counts ? { ...counts, unread: count.n, exact: !count.atLeast } : counts;
      }
      if (!test || !store) return counts;
      return {
        unseen: counts?.unseen ?? 0,
        unread: unreadIn(store.$messages.get(), test),
        exact: !store.$hasMore.get(),
      };
    },
    markAllRead(store) {
      const test = testFor(tabs[active]);
      if (!test) return undefined;
      // A filtering tab marks its own unread messages (the loaded ones): never the rest of the inbox.
      const ids = store.$messages
        .get()
        .filter((m) => !m.read && m._id && safeTest(test, m))
        .map((m) => m._id!);
      return store.markAs(ids, 'read');
    },
    update() {
      take();
      // The stores the counts read: every tab's (the active one's is the inbox's own).
      const stores = new Set<InboxStore>();
      for (const tab of tabs) {
        const { store, scoped } = storeOf(tab);
        // An inactive scoped tab asks the counts route instead of mounting its store.
        if (store && (!scoped || tab === tabs[active])) stores.add(store);
      }
      listenTo(stores);
      if (!interval && tabs.some((tab) => tab.keys.length > 0)) {
        const every = base?.options.pollInterval || 30_000;
        interval = setInterval(() => {
          if (globalThis.document?.visibilityState !== 'hidden') scheduleRefresh(0);
        }, every);
      }
    },
    render() {
      if (tabs.length === 0) return nothing;
      const t = access.translator();
      return html`<div
        class="tabs"
        part="tabs"
        role="tablist"
        aria-label=${t.t('inbox.tabs.label')}
        @keydown=${onKeydown}
      >
        ${tabs.map((tab, index) => {
          const selected = index === active;
          const count = countOf(index);
          return html`<button
            type="button"
            class="view tab"
            part=${selected ? 'tab tab-active' : 'tab'}
            role="tab"
            id=${`tab-${index}`}
            data-tab=${tab.id}
            aria-selected=${selected ? 'true' : 'false'}
            aria-controls=${selected ? 'tabpanel' : nothing}
            tabindex=${selected ? 0 : -1}
            @click=${() => select(index, false)}
          >
            <span class="tab-face" aria-hidden="true"><bdi>${tab.label}</bdi>${renderCount(count)}</span
            ><span class="visually-hidden">${nameOf(tab, count)}</span>
          </button>`;
        })}
      </div>`;
    },
    panel(content) {
      if (tabs.length === 0) return content;
      return html`<div
        class="tabpanel"
        part="tabpanel"
        id="tabpanel"
        role="tabpanel"
        aria-labelledby=${`tab-${active}`}
      >
        ${content}
      </div>`;
    },
    disconnect() {
      for (const stop of listening.values()) stop();
      listening.clear();
      clearTimeout(refreshTimer);
      clearInterval(interval);
      interval = undefined;
    },
  };
}

/** The page-side test of a tab's `tags`, `workflow`, `payload` and `filter`; `null` when it has none. */
function testOf(tab: NotifInboxTab): ((message: Message) => boolean) | null {
  const tests: ((m: Message) => boolean)[] = [];
  const strings = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  if (tab.tags !== undefined) {
    const tags = strings(tab.tags);
    tests.push((m) => {
      const own = (m.template as { tags?: unknown } | undefined)?.tags;
      return Array.isArray(own) && own.some((tag) => tags.includes(tag as string));
    });
  }
  if (tab.workflow !== undefined) {
    const workflows = strings(tab.workflow);
    tests.push((m) => typeof m.templateIdentifier === 'string' && workflows.includes(m.templateIdentifier));
  }
  if (tab.payload && typeof tab.payload === 'object') {
    const fields = Object.entries(tab.payload);
    tests.push((m) => {
      const payload = m.payload;
      return (
        typeof payload === 'object' &&
        payload !== null &&
        fields.every(([key, value]) => Object.hasOwn(payload, key) && payload[key] === value)
      );
    });
  }
  if (typeof tab.filter === 'function') tests.push(tab.filter);
  if (tests.length === 0) return null;
  return (m) => tests.every((test) => test(m));
}

/** A host's filter that throws lists nothing (said once on the console). */
function safeTest(test: (m: Message) => boolean, message: Message): boolean {
  try {
    return test(message) === true;
  } catch (error) {
    if (!warned) console.warn('notif-elements: a tab filter threw; it lists nothing.', error);
    warned = true;
    return false;
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
