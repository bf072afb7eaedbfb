/**
 * The inbox's side of its tabs: the public shape of a tab, the `tabs` attribute's parser, and a small
 * controller that loads the tabs' code (`inbox-tabs.ts`, its own chunk) the first time `tabs` is set. Until
 * then, and without tabs, every hook returns what the inbox had: an inbox without tabs pays for this file
 * only.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';
import type { NotifConnection } from '../../context/registry.js';
import type { Translator } from '../../i18n/translator.js';
import type { ActionResult } from '../../store/contract.js';
import type { InboxCounts, InboxStore } from '../../store/inbox.js';

/** A JSON value a tab's `payload` filter compares (by `===`) with the message's payload field. */
export type NotifTabPayloadValue = string | number | boolean | null;

/**
 * One tab of `<notif-inbox>` (and `<notif-bell>`): a label, and what it lists. A tab with `contextKeys` is
 * scoped on the server: its own list, every list request of it (first page, next pages, polls) sending those
 * keys. `tags`, `workflow`, `payload` and `filter` filter on the page, over the messages loaded. Given
 * together, a message must pass each. A tab with none of them lists everything.
 */
export interface NotifInboxTab {
  /** The tab's visible name (the host translates it). */
  label: string;
  /** Kept in storage (`tab-storage-key`) to find the tab again after a reload. Default `label`. */
  id?: string;
  /** Server scope: messages with every one of these context keys (exact keys `type:id`, §4.9 of the service). */
  contextKeys?: string[];
  /** Messages whose workflow has one of these tags (`template.tags`). */
  tags?: string[];
  /** Messages of this workflow, or of one of these (by identifier: `templateIdentifier`). */
  workflow?: string | string[];
  /** Messages whose payload has each of these top-level fields equal (`===`) to the value given. */
  payload?: Record<string, NotifTabPayloadValue>;
  /** JavaScript only: messages for which it returns true (one that throws lists nothing). */
  filter?: (message: Message) => boolean;
  /**
   * JavaScript only: the store of a `contextKeys` tab, for an inbox given a `.store` made outside the
   * elements (the inbox makes scoped stores itself when it has a connection). Without either, a `contextKeys`
   * tab filters the loaded messages by their own `contextKeys`.
   */
  store?: InboxStore;
}

/** What the tabs' code needs from the inbox. */
export interface TabsHost extends ReactiveControllerHost {
  tabs: NotifInboxTab[] | undefined;
  tabStorageKey: string | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface TabsHostAccess {
  translator(): Translator;
  dir(): 'ltr' | 'rtl';
  /** The inbox's own connection (attributes or provider), if any. */
  connection(): NotifConnection | undefined;
  /** Called when the active tab changed (the inbox resets its focus keeping). */
  changed(): void;
  /** True on the server and in the update that hydrates its HTML: no tabs then (the server draws none). */
  server(): boolean;
}

/** The loaded tabs (see `inbox-tabs.ts`). */
export interface TabsUi {
  store(base: InboxStore | undefined): InboxStore | undefined;
  filter(messages: readonly Message[]): readonly Message[];
  readonly filtering: boolean;
  counts(counts: InboxCounts | undefined): InboxCounts | undefined;
  markAllRead(store: InboxStore): Promise<ActionResult> | undefined;
  render(): TemplateResult | typeof nothing;
  panel(content: unknown): unknown;
  update(): void;
  disconnect(): void;
}

/** Loads the tabs' chunk when `tabs` is first set, and forwards the inbox's hooks to it. */
export class TabsHook implements ReactiveController {
  readonly #host: TabsHost;
  readonly #access: TabsHostAccess;
  #ui: TabsUi | undefined;
  #loading = false;

  constructor(host: TabsHost, access: TabsHostAccess) {
    this.#host = host;
    this.#access = access;
    host.addController(this);
  }

  get #on(): TabsUi | undefined {
    const tabs = this.#host.tabs;
    if (!Array.isArray(tabs) || tabs.length === 0 || this.#access.server()) return undefined;
    if (!this.#ui && !this.#loading) {
      this.#loading = true;
      import('./inbox-tabs.js')
        .then(({ createTabs }) => {
          this.#ui = createTabs(this.#host, this.#access);
          this.#host.requestUpdate();
        })
        .catch((error: unknown) => console.warn('notif-elements: the tabs could not load.', error))
        .finally(() => (this.#loading = false));
    }
    return this.#ui;
  }

  hostUpdate(): void {
    this.#on?.update();
  }

  hostDisconnected(): void {
    this.#ui?.disconnect();
  }

  /** The store of the active tab (`base` without tabs). */
  store(base: InboxStore | undefined): InboxStore | undefined {
    return this.#on ? this.#on.store(base) : base;
  }

  /** The active tab's messages among those of its store. */
  filter(messages: readonly Message[]): readonly Message[] {
    return this.#on ? this.#on.filter(messages) : messages;
  }

  /** Whether the active tab filters on the page (the inbox then loads on until something shows). */
  get filtering(): boolean {
    return this.#on?.filtering ?? false;
  }

  /** The active tab's counts (a filtering tab counts its own messages). */
  counts(counts: InboxCounts | undefined): InboxCounts | undefined {
    return this.#on ? this.#on.counts(counts) : counts;
  }

  /** A filtering tab marks its own messages; `undefined`: the store's mark-all. */
  markAllRead(store: InboxStore): Promise<ActionResult> | undefined {
    return this.#on?.markAllRead(store);
  }

  render(): TemplateResult | typeof nothing {
    return this.#on?.render() ?? nothing;
  }

  /** Wraps the list in the tab panel when there are tabs. */
  panel(content: unknown): unknown {
    return this.#on ? this.#on.panel(content) : content;
  }
}
