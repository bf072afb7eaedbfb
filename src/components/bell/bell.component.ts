import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';
import { Announcer } from '../../internal/announcer.js';
import { InboxBinding } from '../../internal/inbox-binding.js';
import { NotifElement } from '../../internal/notif-element.js';
import { reportFailure } from '../../internal/report-failure.js';
import type { Attention } from '../../internal/attention.js';
import { NotifMessageClickEvent } from '../../events/message-click.js';
import type { InboxCounts, InboxStore } from '../../store/inbox.js';
import type { PreferencesStore } from '../../store/preferences.js';
import type { BellPanelState, PanelBehaviour } from './bell-panel.js';
import type { RenderHook } from '../inbox/render-hooks.js';
import type { NotifRowAction } from '../inbox/row-actions.js';
import type { NotifInboxTab } from '../inbox/inbox-tabs-hook.js';
import type { NotifDensity } from '../inbox/inbox.component.js';
import type { NotifBodyFormat } from '../inbox/body-format.js';
import { bellStyles } from './bell.styles.js';
import {
  firstPageOf,
  forgetInboxOf,
  loadedInboxOf,
  readFirstPage,
  type FirstPage,
} from '../../context/read-ahead.js';
import { whenIdle } from '../../internal/when-idle.js';

/** The panel's content (bell-panel.ts), its inbox and everything they import: loaded with `import()`. */
type PanelModule = Pick<typeof import('./bell-panel.js'), 'renderPanel' | 'attentionKit' | 'PanelBehaviour'>;
/** Set once the panel's module has been evaluated (a page that imported it statically has it at once). */
let panelModule: PanelModule | undefined;
/** @internal Called by bell-panel.ts as it is evaluated. */
export function providePanel(module: PanelModule): void {
  panelModule = module;
}

/** How the bell shows the unseen count. */
export const BELL_BADGES = ['count', 'dot', 'none'] as const;
export type BellBadge = (typeof BELL_BADGES)[number];

/**
 * A button with the count of unseen notifications that opens the inbox in a popover. Opening it marks the
 * messages shown as seen (unless the store's `markSeenOnOpen` is false); Escape, a click outside or the
 * focus leaving the panel closes it, and the focus returns to the button when it was inside. The panel stays
 * inside the viewport; on a phone it is a full-screen sheet with a close button, and the page behind does
 * not scroll. A settings button in the panel's header shows `<notif-preferences>` in the panel, with a Back
 * button (loaded on first use; `hide-settings` removes it, and it shows only when the bell has preferences
 * to show: a connection, or a `.preferencesStore`).
 *
 * The panel's content (the inbox, its rows and the settings view) is a module of its own, loaded with
 * `import()` when the page is idle after the count shows, or at the first hover, focus or pointer-down on
 * the button, and at the latest when the panel opens. `updateComplete` covers it while the panel is open:
 * after `bell.open = true; await bell.updateComplete` the panel shows its inbox.
 *
 * The inbox store's code comes with the panel's (unless the page loaded it already: an inbox, a `.store`).
 * Until then the bell reads the first page itself and shows its count; the store, once made, takes that
 * answer as its own first page (one request; see `docs/light-at-first-paint.md`).
 *
 * @summary Notification bell with an unseen badge and the inbox in a popover.
 *
 * @tagname notif-bell
 *
 * @slot icon - Replaces the bell icon.
 * @slot empty - Replaces the empty state of the panel's inbox.
 * @slot error - Replaces the error state of the panel's inbox (the list could not be loaded).
 * @slot loading - Replaces the loading skeleton of the panel's inbox.
 *
 * @csspart button - The bell button.
 * @csspart icon - The default bell icon.
 * @csspart badge - The unseen count badge ("3", "20+" when more pages exist, "99+"; an exact count past 99 is named exactly), or the dot (`badge="dot"`).
 * @csspart badge-dot - The badge when it is a dot (`badge="dot"`).
 * @csspart panel - The popover holding the inbox or the settings.
 * @csspart inbox - The `<notif-inbox>` inside the panel; every part of it is forwarded with an `inbox-` prefix (`inbox-item`, `inbox-header`...).
 * @csspart settings - The settings button in the panel's header.
 * @csspart close - The close button of the panel (shown on phones).
 * @csspart settings-view - The settings view of the panel.
 * @csspart settings-header - The header of the settings view.
 * @csspart back - The Back button of the settings view.
 * @csspart preferences - The `<notif-preferences>` of the settings view; every part of it is forwarded with a `preferences-` prefix (`preferences-switch`, `preferences-section`...).
 * @csspart desktop - The "Desktop notifications" switch of the settings view (with `desktop-notifications`).
 *
 * @cssprop --notif-bell-size - Size of the bell button (default 2.5rem).
 * @cssprop --notif-bell-badge-color - Badge (or dot) background (default the danger colour).
 * @cssprop --notif-row-padding-block - Passed on to the panel's inbox, as every `--notif-*` token (see `<notif-inbox>`).
 * @cssprop --notif-bell-panel-width - Width of the panel on wide screens (default 25rem).
 * @cssprop --notif-bell-panel-height - Height of the panel on wide screens, at most the viewport's (default 40rem).
 * @cssprop --notif-color-accent - Accent colour.
 * @cssprop --notif-shadow - Shadow of the panel.
 *
 * @fires notif-open-change - The panel opened or closed.
 * @fires notif-message-click - From the inbox inside.
 * @fires notif-action - From the inbox inside.
 * @fires notif-row-action - From the inbox inside: an item of a row's "More actions" menu was chosen (cancelable).
 * @fires notif-preferences-change - From the preferences of the settings view.
 * @fires notif-error - Marking the shown messages seen failed; from the inbox and preferences inside, their failed loads and changes.
 */
export class NotifBell extends NotifElement {
  static override styles = [...NotifElement.styles, bellStyles];

  /**
   * The tag of the inbox the panel shows. A design system that registers `NotifInbox` (or a subclass) under
   * a tag of its own sets it on a subclass of the bell.
   */
  static inboxTag = 'notif-inbox';

  static override properties = {
    store: { attribute: false },
    preferencesStore: { attribute: false },
    open: { type: Boolean, reflect: true },
    hideSettings: { type: Boolean, attribute: 'hide-settings' },
    badge: { type: String, reflect: true },
    density: { type: String, reflect: true },
    selectable: { type: Boolean, reflect: true },
    renderMessage: { attribute: false },
    renderAvatar: { attribute: false },
    renderSubject: { attribute: false },
    renderBody: { attribute: false },
    renderActions: { attribute: false },
    rowActions: { attribute: false },
    // JSON, as the inbox's `tabs` attribute (Lit's own parsing: the bell imports no code of the tabs).
    tabs: { type: Array },
    tabStorageKey: { type: String, attribute: 'tab-storage-key' },
    bodyFormat: { type: String, attribute: 'body-format' },
    titleCount: { type: Boolean, attribute: 'title-count' },
    faviconBadge: { type: Boolean, attribute: 'favicon-badge' },
    desktopNotifications: { type: Boolean, attribute: 'desktop-notifications' },
    /** @internal */
    settings: { state: true, attribute: false },
  };

  readonly #announcer = new Announcer(this);
  /** One callback per bell, however often it asks before the store's code arrives. */
  readonly #storeArrived = () => this.requestUpdate();
  readonly #inbox = new InboxBinding(
    this,
    // The store's code comes with the panel's (or with an inbox of the page): until then, the first page
    // the bell reads itself gives the count (see `context/read-ahead.ts`).
    this.storeSource(
      () => this.store,
      // Told of the arrival only while on the page (an update can run after the bell left it).
      (connection) => loadedInboxOf(connection, this.isConnected ? this.#storeArrived : undefined),
    ),
    (messages) => this.#announce(messages),
  );
  /** The first page this bell read while it had no store, for its count. */
  #first?: FirstPage;

  /** An inbox store, for example one shared with an inbox elsewhere on the page. Wins over attributes and context. */
  declare store: InboxStore | undefined;
  /**
   * The preferences store of the settings view, when the bell gets its stores as properties; its inbox's
   * "Turn off notifications like this" saves through it too.
   */
  declare preferencesStore: PreferencesStore | undefined;
  /** Whether the panel is open. */
  declare open: boolean;
  /** Hides the settings button (and so the settings view) of the panel. */
  declare hideSettings: boolean;
  /**
   * How the unseen count shows on the bell: `count` (default, "3", "20+", "99+"), `dot` (a dot) or `none`.
   * The bell's accessible name gives the count in every case.
   */
  declare badge: BellBadge;
  /** Row spacing of the panel's inbox: `comfortable` (default) or `compact`. */
  declare density: NotifDensity;
  /** Lets the person select messages of the panel's inbox and mark them at once (see `NotifInbox.selectable`). */
  declare selectable: boolean;
  /**
   * Renders the whole content of each row of the panel's inbox (see `NotifInbox.renderMessage`): a Lit
   * template, a DOM node, a string (shown as text), `null` (nothing) or `undefined` (the default row).
   *
   * @example
   * bell.renderMessage = (message, context) => html`<b>${message.subject}</b> <small>${context.time}</small>`;
   */
  declare renderMessage: RenderHook | undefined;
  /** Renders the avatar of the inbox's default rows (see `NotifInbox.renderAvatar`). */
  declare renderAvatar: RenderHook | undefined;
  /** Renders the subject of the inbox's default rows (see `NotifInbox.renderSubject`). */
  declare renderSubject: RenderHook | undefined;
  /** Renders the body of the inbox's default rows (see `NotifInbox.renderBody`). */
  declare renderBody: RenderHook | undefined;
  /** Renders the call-to-action buttons of the inbox's default rows (see `NotifInbox.renderActions`). */
  declare renderActions: RenderHook | undefined;
  /** Items the inbox adds to every row's "More actions" menu (see `NotifInbox.rowActions`). */
  declare rowActions: readonly NotifRowAction[] | undefined;
  /**
   * Tabs of the panel's inbox (see `<notif-inbox>`'s `tabs` and `docs/tabs.md`); as an attribute, JSON. The
   * badge still counts every unseen message. The tabs' code loads when this is first set.
   */
  declare tabs: NotifInboxTab[] | undefined;
  /** Keeps the panel's selected tab across reloads under this `sessionStorage` key. Default: not kept. */
  declare tabStorageKey: string | undefined;
  /** How the panel's inbox reads message bodies: `text` (default) or `markdown` (see `NotifInbox.bodyFormat`). */
  declare bodyFormat: NotifBodyFormat | undefined;
  /** Prefixes the page's title with the unseen count, "(3) ", while there is one (see `internal/attention.ts`). */
  declare titleCount: boolean;
  /** Draws a badge with the unseen count over the page's icon while there is one. */
  declare faviconBadge: boolean;
  /**
   * Desktop notifications for arrivals while the page is hidden, from one tab. The settings view shows the
   * switch that asks the browser's permission; it is never asked otherwise.
   */
  declare desktopNotifications: boolean;
  /** The code of those three, loaded with `import()` once one is set. */
  #attention?: Attention | Promise<unknown>;
  /** Whether the panel shows the settings instead of the inbox. */
  declare private settings: boolean;

  /** Ids this opening already tried to mark seen, so a failed attempt is not repeated in a loop. */
  readonly #markedSeen = new Set<string>();
  /** What to focus after the next render (the view changed). */
  #focusAfterRender?: 'settings-title' | 'settings-button';
  /** The popover, its position, the phone's sheet and the focus: the panel's module, once loaded. */
  #behaviour?: PanelBehaviour;
  /** The panel opened before its module arrived: it shows once the module is there. */
  #showPending = false;
  /** The panel's module on its way (see `#loadPanel`). */
  #panelLoading?: Promise<unknown>;
  /** Whether loading the panel once the page is idle has been asked for. */
  #idleLoad = false;
  /** Cancels that idle callback (the bell left the page first). */
  #cancelIdle?: () => void;
  /**
   * From the idle load until the first opening, the panel's inbox is drawn in the closed (hidden) panel, so
   * that the first click shows rows already rendered (drawn for one update and removed, it saved little: the
   * rows' templates and styles are most of the cost). Closing removes it, as ever.
   */
  #warm = false;
  /** Whether the panel has been opened (with its content) once. */
  #opened = false;
  /** `exportparts` of the settings view's preferences, once their module has loaded. */
  #preferencesParts?: string;
  /**
   * Renders again when the bell's children change, so that a state slot is passed on only while it has
   * content: a forwarded slot with nothing in it would still hide the inbox's default state.
   */
  #children?: MutationObserver;

  constructor() {
    super();
    this.open = false;
    this.hideSettings = false;
    this.badge = 'count';
    this.density = 'comfortable';
    this.selectable = false;
    this.settings = false;
  }

  /**
   * The store in use: `.store`, else the one of the element's attributes or of its provider, once the store's
   * code has loaded (with the panel's, or with an inbox of the page; the count shows before). None on the
   * server, nor in the update that hydrates server-rendered HTML (see `serverState`).
   */
  get activeStore(): InboxStore | undefined {
    return this.#inbox.active;
  }

  /**
   * The counts shown: those of the first page the bell read ahead of its store until the store has its own
   * first page (it takes the same answer), else the store's.
   */
  get #counts(): InboxCounts | undefined {
    const first = this.#first?.counts;
    return this.#inbox.loaded.value || !first ? this.#inbox.counts.value : first;
  }

  /** Whether the count has been answered (the store's first page, or the bell's own read of it). */
  get #counted(): boolean {
    return this.#inbox.loaded.value === true || this.#first?.settledAt !== undefined;
  }

  /** Whether the settings view has preferences to show: a `.preferencesStore`, or a connection. */
  get #hasPreferences(): boolean {
    if (this.serverState) return false;
    return this.preferencesStore !== undefined || this.connection.connection !== undefined;
  }

  /** Opens the panel. */
  show(): void {
    this.open = true;
  }

  /** Closes the panel. */
  hide(): void {
    this.open = false;
  }

  /** Opens or closes the panel. */
  toggle(): void {
    this.open = !this.open;
  }

  /**
   * Loads the panel's module (once; at once when it is already there), then renders with it. A module that
   * failed to load (a network error) is asked for again at the next intent.
   */
  readonly #loadPanel = (): Promise<unknown> => {
    if (panelModule || isServer) return Promise.resolve();
    this.#panelLoading ??= import('./bell-panel.js').then(
      () => this.requestUpdate(),
      (error: unknown) => {
        this.#panelLoading = undefined;
        throw error;
      },
    );
    return this.#panelLoading;
  };

  /** Intent (hover, focus, pointer-down on the button): load the panel before the click. */
  readonly #preload = () => void this.#loadPanel().catch(() => undefined);

  /** While the panel is open, `updateComplete` waits for its module too, and the update that draws it. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    if (!this.open || panelModule || !this.#panelLoading) return done;
    await this.#panelLoading.catch(() => undefined);
    return super.getUpdateComplete();
  }

  /** Light dismiss and the focus leaving the panel (see `PanelBehaviour`); no module, no open panel. */
  readonly #onPanelToggle = (event: ToggleEvent) => this.#behaviour?.onToggle(event);
  readonly #onPanelFocusOut = (event: FocusEvent) => this.#behaviour?.onFocusOut(event);

  #showSettings() {
    // Loaded on first use: pages that never open the settings do not pay for them (nor for their parts' list).
    void import('../preferences/preferences.js').then((module) => {
      this.#preferencesParts = module.EXPORT_PREFERENCES_PARTS;
      this.requestUpdate();
    });
    this.settings = true;
    this.#focusAfterRender = 'settings-title';
  }

  #showInbox() {
    this.settings = false;
    this.#focusAfterRender = 'settings-button';
  }

  #announce(messages: readonly Message[]) {
    if (this.open && !this.settings) return; // the inbox inside announces while it is shown
    this.#announcer.announce(this.translator.t('inbox.announce.new', { count: messages.length }));
  }

  /** Marks the messages shown in the open panel as seen (once per message and opening). */
  #markShownSeen() {
    const store = this.activeStore;
    // Not before the panel shows them: on a cold click its module is still on the way.
    if (!this.open || !this.#behaviour || this.settings || !store?.options.markSeenOnOpen) return;
    if (!this.#inbox.loaded.value) return;
    const ids = (this.#inbox.messages.value ?? [])
      .filter((message) => !message.seen && message._id && !this.#markedSeen.has(message._id))
      .map((message) => message._id as string);
    if (ids.length === 0) return;
    ids.forEach((id) => this.#markedSeen.add(id));
    void reportFailure(this, store.markAs(ids, 'seen'), 'markAs');
  }

  // --- lifecycle -----------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    // Not on the server (with @lit-labs/ssr's connectedCallback option): it has no MutationObserver.
    if (isServer) return;
    this.#children ??= new MutationObserver(() => this.requestUpdate());
    this.#children.observe(this, { childList: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#children?.disconnect();
    // A bell removed before the page was idle does not load its panel, and is not kept alive until then,
    // nor until the store's code arrives.
    forgetInboxOf(this.#storeArrived);
    this.#cancelIdle?.();
    this.#cancelIdle = undefined;
    this.#idleLoad = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#inbox.bind();
    // The first page this bell reads while it has no store, or the one it read for its store's connection.
    const connection = this.connection.connection;
    const first =
      this.store || !connection || this.serverState
        ? undefined
        : this.#inbox.bound
          ? readFirstPage(connection)
          : firstPageOf(connection);
    if (first !== this.#first && (this.#first = first)) {
      const shown = () => this.#first === first && this.requestUpdate();
      first.page.then(shown, shown);
    }
    if (this.open && !this.serverState) this.#preload();
    if (this.open && panelModule) this.#opened = true;
    if (changed.has('open') && !this.open) this.settings = false;
    if (this.hideSettings || !this.#hasPreferences) this.settings = false;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!this.#attention && (this.titleCount || this.faviconBadge || this.desktopNotifications)) {
      // With the panel's module, which has the row helpers the attention code uses (one chunk, not three).
      this.#attention = Promise.all([import('../../internal/attention.js'), this.#loadPanel()]).then(
        ([m]) =>
          (this.#attention = new m.Attention(this, () => this.translator, {
            ...panelModule!.attentionKit,
            reportFailure,
            NotifMessageClickEvent,
          })),
      );
    }
    // Once the count shows, the panel loads when the page is idle: a click then opens it at once.
    if (!this.#idleLoad && this.isConnected && this.#counted && !this.serverState) {
      this.#idleLoad = true;
      this.#cancelIdle = whenIdle(() =>
        this.#loadPanel().then(
          () => {
            if (!this.isConnected) return;
            this.#warm = true;
            this.requestUpdate();
          },
          () => undefined,
        ),
      );
    }
    if (panelModule && !this.#behaviour && !this.serverState) {
      this.#behaviour = new panelModule.PanelBehaviour(this, () => this.#markedSeen.clear());
    }
    const behaviour = this.#behaviour;
    if (changed.has('open') && (changed.get('open') !== undefined || this.open)) {
      if (behaviour) behaviour.sync();
      else this.#showPending = this.open;
    } else if (this.#showPending && behaviour) {
      this.#showPending = false;
      if (this.open) behaviour.sync();
    }
    if (this.#focusAfterRender && behaviour) {
      void behaviour.moveFocus(this.#focusAfterRender);
      this.#focusAfterRender = undefined;
    }
    // After this update: marking changes the store, which updates this element again.
    if (this.open) void Promise.resolve().then(() => this.#markShownSeen());
  }

  // --- render --------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const t = this.translator;
    const counts = this.#counts;
    const unseen = counts?.unseen ?? 0;
    // Never understate: past 99, or when the count covers only the loaded pages, it reads "99+" or "20+".
    // An exact count past 99 (the proxy's) is named exactly, with the pill's text kept in the name (label in
    // name; axe drops parentheticals, so no brackets): "Notifications, 99+: 150 unseen".
    const lowerBound = counts?.exact === false;
    const badge = unseen > 99 ? t.t('bell.badgeOverflow') : `${t.number(unseen)}${lowerBound ? '+' : ''}`;
    const named = unseen > 99 && !lowerBound ? `${badge}: ${t.number(unseen)}` : badge;
    return html`<button
        part="button"
        class="bell"
        lang=${t.locale}
        aria-label=${unseen > 99 || (lowerBound && unseen > 0) ? t.t('bell.labelOverflow', { badge: named }) : t.t('bell.label', { count: unseen })}
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        @click=${this.toggle}
        @pointerenter=${this.#preload}
        @pointerdown=${this.#preload}
        @focus=${this.#preload}
      >
        <slot name="icon">
          <svg part="icon" class="bell-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
        </slot>
        ${
          unseen === 0 || this.badge === 'none'
            ? nothing
            : this.badge === 'dot'
              ? html`<span part="badge badge-dot" class="badge dot" aria-hidden="true"></span>`
              : html`<span part="badge" class="badge" aria-hidden="true"><bdi>${badge}</bdi></span>`
        }
      </button>
      <div
        id="panel"
        part="panel"
        class="panel"
        popover="auto"
        role="dialog"
        lang=${t.locale}
        dir=${this.contentDir}
        aria-label=${this.settings ? t.t('bell.settingsTitle') : t.t('inbox.title')}
        tabindex="-1"
        @toggle=${this.#onPanelToggle}
        @focusout=${this.#onPanelFocusOut}
      >
        ${
          (this.open || (this.#warm && !this.#opened)) && panelModule
            ? panelModule.renderPanel(this, this.#panelState())
            : nothing
        }
      </div>
      ${this.#announcer.render()}`;
  }

  /** What the panel's module needs of the bell's private state. */
  #panelState(): BellPanelState {
    const attention = this.#attention;
    return {
      translator: this.translator,
      store: this.activeStore,
      preferencesStore: this.preferencesStore,
      ownConnection: this.connection.own,
      hasPreferences: this.#hasPreferences,
      serverState: this.serverState,
      settings: this.settings,
      preferencesParts: this.#preferencesParts,
      desktopSwitch: attention && 'renderSwitch' in attention ? attention.renderSwitch() : undefined,
      showSettings: () => this.#showSettings(),
      showInbox: () => this.#showInbox(),
    };
  }
}
