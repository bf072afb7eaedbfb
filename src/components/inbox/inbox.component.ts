import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Message } from '../../client/types.js';
import { NotifErrorEvent } from '../../events/error.js';
import { NotifMessageClickEvent } from '../../events/message-click.js';
import { NotifNewMessagesEvent } from '../../events/new-messages.js';
import { Announcer } from '../../internal/announcer.js';
import { ClampWatcher } from '../../internal/clamp-watcher.js';
import { feedbackStyles } from '../../internal/feedback.styles.js';
import { icon, illustration } from '../../internal/icons.js';
import { translatorFormats } from '../../i18n/formats.js';
import { addBuiltInStrings, provideFormats } from '../../i18n/translator.js';
import { NotifElement } from '../../internal/notif-element.js';
import { controlStyles } from '../../internal/controls.js';
import { RelativeTimeController } from '../../internal/relative-time.js';
import { focusBeside } from '../../internal/focus-order.js';
import { RowFocusController } from '../../internal/row-focus.js';
import { reportFailure } from '../../internal/report-failure.js';
import { safeUrl } from '../../internal/safe-url.js';
import { InboxBinding } from '../../internal/inbox-binding.js';
import { errorReason } from '../../internal/error-reason.js';
import type { InboxStore } from '../../store/inbox.js';
import { renderMessage } from './inbox-message.js';
import type { NotifRowContext, RenderHook, RowRenderers } from './render-hooks.js';
import type { NotifRowAction } from './row-actions.js';
import { RowMenuHook } from './row-menu-hook.js';
import type { PreferencesStore } from '../../store/preferences.js';
import { pressMessageAction, rowContext } from './row-context.js';
import { inboxStyles } from './inbox.styles.js';
import { inboxOf } from '../../context/inbox-of.js';
import type { InboxSelection } from './selection.js';
import { TabsHook, type NotifInboxTab } from './inbox-tabs-hook.js';
import { bodyFormatter, type NotifBodyFormat } from './body-format.js';
import { enInbox } from '../../i18n/en-inbox.js';
import { firstPage } from './first-page.js';

// Its English strings come with it, not on a bell's critical path (the bell's own are in `en-bell.ts`).
addBuiltInStrings(enInbox);
// Its dates and times (the bell alone shows none: not on its critical path).
provideFormats(translatorFormats);

interface VirtualizerHandle {
  element(index: number): { scrollIntoView(options?: ScrollIntoViewOptions): void } | undefined;
}

type VirtualizerModule = typeof import('@lit-labs/virtualizer/virtualize.js');

/**
 * The virtualizer, loaded the first time a list grows past `VIRTUALIZE_ABOVE`: most inboxes never do, and
 * it is the heaviest dependency by far. `false` when it failed to load (every row renders then).
 */
let virtualizer: VirtualizerModule | false | undefined;
let virtualizerLoading: Promise<unknown> | undefined;

function loadVirtualizer(): Promise<unknown> {
  return (virtualizerLoading ??= import('@lit-labs/virtualizer/virtualize.js').then(
    (module) => (virtualizer = module),
    () => (virtualizer = false),
  ));
}

/** What the inbox's body shows. */
type BodyState = 'error' | 'loading' | 'empty' | 'list';
/**
 * What an update shows: the body's state, and how the list renders (every row, its first rows while the
 * virtualizer loads, or the rows in view), with whether that changed between plain and virtual rows.
 */
interface ShownState {
  body: BodyState;
  mode: 'plain' | 'loading' | 'virtual';
  switched: boolean;
}

/** The row densities of the inbox. */
export const DENSITIES = ['comfortable', 'compact'] as const;
export type NotifDensity = (typeof DENSITIES)[number];

/** The two views of the inbox. */
export const INBOX_VIEWS = ['all', 'unread'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/**
 * Lists longer than this render only the rows in view (and take the full height). Shorter ones render every
 * row and are as tall as their content.
 */
const VIRTUALIZE_ABOVE = 30;
/** While the virtualizer loads, a long list renders its first rows only. */
const PLAIN_ROWS_WHILE_LOADING = 2 * VIRTUALIZE_ABOVE;
/** Locales whose formats `warmUpFormats` has set up (the formatters live in each translator). */
const warmedLocales = new Set<string>();
/** Start loading the next page when the list is scrolled this close to its end. */
const LOAD_AHEAD_PX = 160;

/**
 * The subscriber's in-app messages: paged, with read and unread views, mark read/unread, mark all as read,
 * avatars, content blocks, call-to-action buttons and relative times, and loading, empty and error states.
 *
 * Connects through a surrounding `<notif-provider>`, its own `base-url` and `subscriber-id` attributes, or a
 * `.store` property. Messages are untrusted: they are shown as text, and only http(s) or relative URLs are
 * followed.
 *
 * Keyboard (the WAI-ARIA feed pattern): Tab reaches the header controls, then the active message and its
 * buttons; Arrow Up/Down and Page Up/Down move to the previous or next message, Home and End to the first or
 * last; Ctrl+Home and Ctrl+End move to the control before or after the list; Enter opens the active message.
 *
 * @summary The in-app notification inbox.
 *
 * @tagname notif-inbox
 *
 * @slot empty - Replaces the empty state (both views).
 * @slot error - Replaces the error state shown when the list could not be loaded (the inbox still fires `notif-error`).
 * @slot loading - Replaces the loading skeleton (the inbox still says "Loading" to screen readers).
 * @slot header-actions - Extra controls in the header, before "Mark all as read".
 * @slot header-end - Controls at the header's inline end, after "Mark all as read" (the bell puts its settings and close buttons there).
 *
 * @csspart base - The inbox container.
 * @csspart header - The header with the title, actions and views.
 * @csspart title - The title.
 * @csspart views - The group of view buttons ("All", "Unread").
 * @csspart view - A view button; also `view-active` on the current one.
 * @csspart view-active - The view button of the current view.
 * @csspart view-count - The unread count in the "Unread" view button.
 * @csspart mark-all - The "Mark all as read" button.
 * @csspart list - The scrolling list of messages.
 * @csspart item - A message; unread ones also have `item-unread`.
 * @csspart item-unread - An unread message.
 * @csspart avatar - The avatar image or its fallback (`avatar-fallback`: the sender's initials, or an icon).
 * @csspart avatar-fallback - The avatar while it shows the sender's initials or an icon (no picture, or one that failed to load).
 * @csspart avatar-image - The avatar's picture, over the initials.
 * @csspart subject - The subject or title of a message.
 * @csspart time - The relative time of a message, at the end of the subject's line.
 * @csspart content - The body of a message, clamped to two lines until expanded.
 * @csspart show-more - The "Show more" / "Show less" button of a long body.
 * @csspart block-button - A button block of a message's content.
 * @csspart body-link - A link in a formatted body (`body-format="markdown"`).
 * @csspart body-code - Inline code in a formatted body (`body-format="markdown"`).
 * @csspart actions - The call-to-action buttons of a message.
 * @csspart action - A call-to-action button; also `action-primary` or `action-secondary`.
 * @csspart action-primary - The primary call-to-action button.
 * @csspart action-secondary - The secondary call-to-action button.
 * @csspart unread-marker - The unread dot, at the inline start of an unread message.
 * @csspart tools - The per-message icon buttons (shown on hover and focus, always on touch screens).
 * @csspart toggle-read - The "Mark as read" / "Mark as unread" icon button.
 * @csspart more-button - The "More actions" icon button of a message, which opens its row menu.
 * @csspart row-menu - The row menu (Mark as read / unread, "Turn off notifications like this", `rowActions`).
 * @csspart row-menu-item - An item of the row menu.
 * @csspart row-status - The status of "Turn off notifications like this", with Undo (or its error).
 * @csspart load-more - The "Load more" button.
 * @csspart skeleton - The loading placeholder.
 * @csspart empty - The default empty state.
 * @csspart error - The error state of the list.
 * @csspart retry - The retry button of the error state.
 * @csspart action-error - The banner shown when a change could not be saved.
 * @csspart selection-bar - With `selectable`: the bar above the list ("Select all", then the count and the bulk actions).
 * @csspart select-all - With `selectable`: the "Select all" checkbox (mixed while some messages are selected).
 * @csspart selection-count - With `selectable`: the count of selected messages ("3 selected").
 * @csspart bulk-action - With `selectable`: a button of the selection bar (Mark as read, Mark as unread, Mark as seen, Clear); `[data-bulk]` says which.
 * @csspart select - With `selectable`: the checkbox at the start of a message.
 * @csspart tabs - The tab list (with `tabs`).
 * @csspart tab - A tab; also `tab-active` on the selected one.
 * @csspart tab-active - The selected tab.
 * @csspart tab-count - The unread count of a tab (`3`, or `3+` when it is a lower bound).
 * @csspart tabpanel - The panel of the selected tab, around the list.
 *
 * @cssprop --notif-color-surface - Background.
 * @cssprop --notif-color-surface-raised - Background of skeletons and raised controls.
 * @cssprop --notif-color-text - Text colour.
 * @cssprop --notif-color-text-muted - Secondary text (times, content).
 * @cssprop --notif-color-border - Borders and separators.
 * @cssprop --notif-color-accent - Accent: primary buttons, unread marker, active view, illustrations.
 * @cssprop --notif-color-on-accent - Text on the accent colour.
 * @cssprop --notif-color-unread-surface - Background of unread messages.
 * @cssprop --notif-color-danger - Error text.
 * @cssprop --notif-color-focus - Focus ring.
 * @cssprop --notif-font-family - Font family.
 * @cssprop --notif-font-size - Base font size.
 * @cssprop --notif-radius-m - Corner radius of containers.
 * @cssprop --notif-space-m - Base spacing.
 * @cssprop --notif-inbox-height - Height of the message list when the inbox's container gives the inbox no height (default 30rem). In a container with a height, the inbox fills it.
 * @cssprop --notif-inbox-max-height - Maximum height of the message list (default none).
 * @cssprop --notif-inbox-avatar-size - Avatar size (default 2rem; 1.5rem when compact).
 * @cssprop --notif-row-padding-block - Padding above and below a message (default 0.75rem; 0.5rem when compact). The unread dot stays on the subject's first line at any padding.
 * @cssprop --notif-row-padding-inline - Padding at a message's ends (default 1rem; 0.875rem when compact); the unread dot sits in the start padding, half a rem wider.
 * @cssprop --notif-row-gap - Space between the avatar and the text (default 0.75rem; 0.5rem when compact).
 * @cssprop --notif-row-bg - Background of read messages (default the surface).
 * @cssprop --notif-row-unread-bg - Background of unread messages (default `--notif-color-unread-surface`).
 * @cssprop --notif-row-hover-bg - Background of a hovered message (default the row's own background, 5% darker: visible on read and unread rows).
 * @cssprop --notif-row-selected-bg - Background of the message that has the keyboard focus (default the row's own, tinted 9% with the accent).
 * @cssprop --notif-action-primary-bg - Background of a message's primary call-to-action button.
 * @cssprop --notif-action-primary-color - Text colour of the primary call-to-action button.
 * @cssprop --notif-action-primary-border - Border colour of the primary call-to-action button (default its background).
 *
 * @fires notif-message-click - A message was activated. Cancelable: unless cancelled, it is marked read and its safe CTA URL is followed.
 * @fires notif-action - A call-to-action button was pressed. Cancelable: unless cancelled, the message is marked read.
 * @fires notif-new-messages - New messages arrived while the inbox was shown.
 * @fires notif-row-action - An item of a row's "More actions" menu was chosen. Cancelable: unless cancelled, the item acts (marks, turns off, or runs the `rowActions` item's handler).
 * @fires notif-error - Loading the list (`refresh`, `loadMore`) or a change (`markAs`, `markAllAs`, `updatePreferences` for "Turn off notifications like this", `rowAction` for a `rowActions` handler) failed; the inbox shows its own error state too.
 */
export class NotifInbox extends NotifElement {
  static override styles = [...NotifElement.styles, controlStyles, feedbackStyles, inboxStyles];

  static override properties = {
    store: { attribute: false },
    view: { type: String, reflect: true },
    heading: { type: String },
    density: { type: String, reflect: true },
    selectable: { type: Boolean, reflect: true },
    navigate: { attribute: false },
    renderMessage: { attribute: false },
    renderAvatar: { attribute: false },
    renderSubject: { attribute: false },
    renderBody: { attribute: false },
    renderActions: { attribute: false },
    rowActions: { attribute: false },
    preferencesStore: { attribute: false },
    // JSON as an attribute (Lit's parsing: bad JSON gives no tabs).
    tabs: { type: Array },
    tabStorageKey: { type: String, attribute: 'tab-storage-key' },
    bodyFormat: { type: String, attribute: 'body-format' },
    /** @internal */
    activeKey: { state: true, attribute: false },
    /** @internal */
    expanded: { state: true, attribute: false },
  };

  readonly #announcer = new Announcer(this);
  /** The store of `.store` or of the connection, before the tabs pick the active tab's. */
  readonly #storeSource = this.storeSource(() => this.store, inboxOf);
  readonly #inbox = new InboxBinding(
    this,
    () => {
      const base = this.#storeSource();
      // The active tab's store: a server-scoped tab has its own (see inbox-tabs.ts).
      return this.serverState ? undefined : this.#tabs.store(base);
    },
    (messages) => this.#announce(messages),
    (error, operation) => this.dispatchEvent(new NotifErrorEvent({ error, operation })),
  );
  /** The row's "More actions" menu, loaded on first use (see `row-menu-hook.ts`). */
  readonly #rowMenu = new RowMenuHook(
    {
      element: this,
      store: () => this.activeStore,
      preferences: () => this.preferencesStore,
      connection: () => (this.serverState ? undefined : this.connection.connection),
      rowActions: () => this.rowActions,
      translator: () => this.translator,
      dir: () => this.contentDir,
      icons: () => this.icons,
    },
    { icon, addBuiltInStrings, NotifErrorEvent },
  );
  readonly #tabs = new TabsHook(this, {
    translator: () => this.translator,
    dir: () => this.contentDir,
    connection: () => this.connection.connection,
    server: () => this.serverState,
    changed: () => {
      this.activeKey = undefined;
      this.#activeIndex = 0;
    },
  });
  readonly #rowFocus = new RowFocusController(this, {
    list: () => this.renderRoot.querySelector<HTMLElement>('.list'),
    missing: (key) => this.#stillListedOrNeighbour(key),
    reveal: (key) => this.#reveal(key),
  });

  /** An inbox store to render, for example one shared with a bell in another subtree. Wins over attributes and context. */
  declare store: InboxStore | undefined;
  /** Which messages are listed: `all` or `unread`. */
  declare view: InboxView;
  /** Replaces the translated title. */
  declare heading: string | undefined;
  /** Row spacing: `comfortable` (default) or `compact` (tighter rows, a smaller avatar, a one-line body). */
  declare density: NotifDensity;
  /**
   * Lets the person select messages and act on them at once: a checkbox per message (Shift-click selects a
   * range; Space toggles the focused message, Shift+Space and Shift+arrows select ranges), "Select all" (the
   * loaded messages) and a bar with the count, Mark as read / unread / seen and Clear (Escape clears too).
   * Bulk actions are sent as mark-as requests of at most 100 ids. Its code loads when this is first set.
   * See `docs/selection.md`.
   */
  declare selectable: boolean;
  /** Follows a message's URL when it is activated. Default: `location.assign`. Set it to use your router. */
  declare navigate: (url: string) => void;
  /**
   * Renders the whole content of each row. Returns a Lit template, a DOM node, a string (shown as text) or
   * `null` (an empty row); `undefined` keeps the default row. The inbox keeps the `<article>` around it: its
   * name (the message's subject, else its body text), the keys, Enter and clicks, the unread state and
   * virtualization. Use `context.markAs`, `context.pressAction` and `context.focused` (for the `tabindex` of
   * the row's controls). A hook that throws shows the default row (and is reported on the console once).
   *
   * @example
   * inbox.renderMessage = (message, context) => html`<div class="row">
   *   <strong>${message.subject}</strong> <small>${context.time}</small>
   *   <button tabindex=${context.focused ? 0 : -1} @click=${() => context.markAs('read')}>Done</button>
   * </div>`;
   */
  declare renderMessage: RenderHook | undefined;
  /** Renders the avatar of the default row (decorative: hidden from assistive technology). `undefined`: the default avatar. */
  declare renderAvatar: RenderHook | undefined;
  /** Renders the subject of the default row, which names the row. `null`: no subject; `undefined`: the default. */
  declare renderSubject: RenderHook | undefined;
  /** Renders the body of the default row (clamped, with "Show more"). `undefined`: the default body. */
  declare renderBody: RenderHook | undefined;
  /**
   * Renders the call-to-action buttons of the default row. `null`: none; `undefined`: the default buttons.
   *
   * @example
   * inbox.renderActions = (message, context) =>
   *   context.buttons.length ? html`<button tabindex=${context.focused ? 0 : -1}
   *     @click=${() => context.pressAction(0)}>${context.buttons[0].content}</button>` : null;
   */
  declare renderActions: RenderHook | undefined;
  /**
   * Items added to every row's "More actions" menu, after Mark as read / unread and "Turn off notifications
   * like this": a `label` (shown as text), an optional `icon` (a Lit template), a `handler(message)` and an
   * optional `shownFor(message)` predicate. Choosing one fires the cancelable `notif-row-action` first; the
   * handler runs unless it was cancelled. See `docs/row-menu.md`.
   *
   * @example
   * inbox.rowActions = [
   *   { id: 'archive', label: 'Archive', handler: (message) => archive(message._id) },
   *   { label: 'Open project', shownFor: (m) => Boolean(m.payload?.project), handler: (m) => openProject(m) },
   * ];
   */
  declare rowActions: readonly NotifRowAction[] | undefined;
  /**
   * The preferences store "Turn off notifications like this" saves through. Default: the connection's
   * (shared with `<notif-preferences>`). Without either, the item is not offered.
   */
  declare preferencesStore: PreferencesStore | undefined;
  /**
   * Tabs above the list, each a label and either a server scope (`contextKeys`, sent on every list request
   * of the tab) or a page-side filter (`tags`, `workflow`, `payload`, `filter`), with its unread count. The
   * All / Unread views filter inside the active tab. As an attribute: JSON (`tabs='[{"label":"Team",
   * "contextKeys":["team:42"]}]'`). The tabs' code loads when this is first set. See `docs/tabs.md`.
   */
  declare tabs: NotifInboxTab[] | undefined;
  /** Keeps the selected tab across reloads under this `sessionStorage` key. Default: not kept. */
  declare tabStorageKey: string | undefined;
  /**
   * How message bodies are read: `text` (default: as they are) or `markdown`, a small documented subset
   * (emphasis, strong, inline code, links, line breaks, lists; see docs/formatted-bodies.md) rendered into
   * elements without ever parsing HTML; links only to http(s) or relative URLs, anything else shows as
   * text. Its code loads (its own chunk) the first time it is set. Applies to the default body of render hooks.
   */
  declare bodyFormat: NotifBodyFormat | undefined;

  /** The message in the tab order (roving tabindex), by `_id`: it stays the same message as the list changes. */
  declare private activeKey: string | undefined;
  /** Messages whose whole body shows, by `_id`. */
  declare private expanded: ReadonlySet<string>;
  /** Where the active message was in the list, to pick its neighbour when it leaves the list. */
  #activeIndex = 0;

  /** The `selectable` mode (row checkboxes, the bulk bar): its own module, loaded when first switched on (`false` while it loads). */
  #selection: InboxSelection | false | undefined;

  readonly #brokenAvatars = new Set<string>();
  readonly #clamps = new ClampWatcher();
  /** What the update under way shows, derived once in `willUpdate` (never written while rendering). */
  #shown: ShownState = { body: 'loading', mode: 'plain', switched: false };

  constructor() {
    super();
    new RelativeTimeController(this);
    this.view = 'all';
    this.density = 'comfortable';
    this.selectable = false;
    this.expanded = new Set();
    this.navigate = (url) => window.location.assign(url);
  }

  /**
   * The store in use: `.store`, else the one of the element's attributes or of its provider. None on the
   * server, nor in the update that hydrates server-rendered HTML (see `serverState`).
   */
  get activeStore(): InboxStore | undefined {
    return this.#inbox.active;
  }

  // --- handlers ------------------------------------------------------------------------------------

  #setView(view: InboxView) {
    this.view = view;
    this.activeKey = undefined;
    this.#activeIndex = 0;
  }

  #onViewKeydown(event: KeyboardEvent) {
    const keys = ['ArrowLeft', 'ArrowRight'];
    if (!keys.includes(event.key)) return;
    event.preventDefault();
    const next = this.view === 'all' ? 'unread' : 'all';
    this.#setView(next);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLButtonElement>(`[data-view="${next}"]`)?.focus(),
    );
  }

  #markAllRead() {
    // The button is disabled once nothing is unread: the focus moves to the active message (or the title)
    // first, so it never falls to the page.
    const button = this.renderRoot.querySelector<HTMLElement>('[part~="mark-all"]');
    if (button && this.shadowRoot?.activeElement === button) this.#focusInside();
    const store = this.activeStore;
    void reportFailure(
      this,
      store && (this.#tabs.markAllRead(store) ?? store.markAllAs('read')),
      'markAllAs',
    );
  }

  /** Focuses the active message when the list shows one, else the title. */
  #focusInside() {
    const key = this.activeKey;
    // In the Unread view every message is about to leave: the title takes the focus there.
    if (key !== undefined && this.view === 'all') this.#rowFocus.focus(key);
    else this.renderRoot.querySelector<HTMLElement>('#title')?.focus();
  }

  #toggleExpanded(message: Message) {
    const key = message._id;
    if (!key) return;
    const next = new Set(this.expanded);
    if (!next.delete(key)) next.add(key);
    this.expanded = next;
  }

  #messageAt(target: EventTarget | null): { message: Message; index: number; item: HTMLElement } | undefined {
    const item = (target as Element | null)?.closest?.<HTMLElement>('article[data-index]');
    if (!item) return undefined;
    const index = Number(item.dataset.index);
    const message = this.#visibleMessages[index];
    return message ? { message, index, item } : undefined;
  }

  #onListClick(event: MouseEvent) {
    const found = this.#messageAt(event.target);
    if (!found) return;
    this.activeKey = found.message._id;
    if (this.#selecting?.onListClick(event, { ...found, onItem: event.target === found.item })) return;
    const control = (event.target as Element).closest('button, a');
    if (control?.matches('[data-action="toggle-read"]')) {
      this.#toggleRead(found.message);
    } else if (control?.matches('[data-action="row-menu"]')) {
      this.#rowMenu.toggle(found.message, control as HTMLElement);
    } else if (control?.matches('[data-action="expand"]')) {
      this.#toggleExpanded(found.message);
    } else if (control?.matches('[data-action="cta"]')) {
      this.#pressAction(found.message, Number((control as HTMLElement).dataset.button));
    } else if (!control) {
      void this.#activate(found.message);
    }
  }

  #onListKeydown(event: KeyboardEvent) {
    // The list itself holds the focus while its rows are replaced: keys then act on the active message.
    const found =
      this.#messageAt(event.target) ??
      (event.target === event.currentTarget ? this.#activeEntry() : undefined);
    if (!found) return;
    const onItem = event.target === found.item;
    const count = this.#visibleMessages.length;
    const held = event.target === event.currentTarget;
    if (this.#selecting?.onListKeydown(event, { ...found, onItem: onItem || held }, count)) return;
    let next: number | undefined;
    // The feed pattern: Ctrl+Home and Ctrl+End leave the feed for the control before or after it.
    if ((event.key === 'Home' || event.key === 'End') && (event.ctrlKey || event.metaKey)) {
      const list = event.currentTarget as HTMLElement;
      if (focusBeside(list, event.key === 'End')) event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    switch (event.key) {
      // Page Down and Page Up move by one message, as the arrows do (the feed pattern): the message that
      // gets the focus scrolls into view, rendered first when the list is virtualized.
      case 'ArrowDown':
      case 'PageDown':
        next = Math.min(count - 1, found.index + 1);
        break;
      case 'ArrowUp':
      case 'PageUp':
        next = Math.max(0, found.index - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Enter':
      case ' ':
        if (onItem) {
          event.preventDefault();
          void this.#activate(found.message);
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    const key = this.#visibleMessages[next]?._id;
    if (key === undefined) return;
    this.activeKey = key;
    this.#rowFocus.focus(key);
  }

  #activeEntry(): { message: Message; index: number; item: undefined } | undefined {
    const message = this.#visibleMessages[this.#activeIndex];
    return message ? { message, index: this.#activeIndex, item: undefined } : undefined;
  }

  /**
   * Whether the rows' tools draw their icons. On a screen with hover the tools show only on a hovered or
   * focused row, so the first render leaves their icons out (two SVGs a row, about a twentieth of an inbox's
   * first render); the first pointer or focus in the list draws them, in the same frame the tools appear.
   * Where the tools show at once (touch screens, or a page that styles `::part(tools)` visible), `updated`
   * draws them at once.
   */
  #toolIcons = false;

  #showToolIcons(): void {
    if (this.#toolIcons) return;
    this.#toolIcons = true;
    this.requestUpdate();
  }

  /** After a render with rows: draws the tools' icons at once when the tools can be seen without intent. */
  #checkToolIcons(): void {
    if (this.#toolIcons) return;
    const tools = this.renderRoot.querySelector('.tools');
    if (!tools) return;
    if (getComputedStyle(tools).opacity !== '0' || tools.closest('.list')?.matches(':hover, :focus-within'))
      this.#showToolIcons();
  }

  #onListPointerOver = (event: PointerEvent): void => {
    this.#showToolIcons();
    this.#rowMenu.intent(event);
  };

  #onListFocusIn(event: FocusEvent) {
    this.#showToolIcons();
    this.#rowFocus.onFocusIn(event);
    this.#rowMenu.intent(event);
    const found = this.#messageAt(event.target);
    if (found && found.message._id !== this.activeKey) this.activeKey = found.message._id;
  }

  /** For the focus keeper: `key` when that message is still listed, else the one that took its place. */
  #stillListedOrNeighbour(key: string): string | undefined {
    const messages = this.#visibleMessages;
    if (messages.some((message) => message._id === key)) return key;
    return messages[Math.min(this.#activeIndex, messages.length - 1)]?._id;
  }

  /**
   * How the list renders: every row (`plain`), its first rows while the virtualizer loads (`loading`), or only
   * the rows in view (`virtual`). Loads the virtualizer when the list is long enough to need it.
   */
  #listMode(count: number): 'plain' | 'loading' | 'virtual' {
    if (count <= VIRTUALIZE_ABOVE || virtualizer === false) return 'plain';
    if (virtualizer) return 'virtual';
    void loadVirtualizer().then(() => this.requestUpdate());
    return 'loading';
  }

  /** Asks the virtualizer to render a row far from the rows in view. */
  #reveal(key: string, attempt = 0) {
    if (this.#shown.mode !== 'virtual' || !virtualizer) return;
    const index = this.#visibleMessages.findIndex((message) => message._id === key);
    const list = this.renderRoot.querySelector('.list') as
      (Element & Record<symbol, VirtualizerHandle | undefined>) | null;
    try {
      list?.[virtualizer.virtualizerRef]?.element(index)?.scrollIntoView({ block: 'nearest' });
    } catch {
      // The virtualizer is between layouts (it has not measured its rows yet): try on the next frames.
      if (attempt < 30) requestAnimationFrame(() => this.#reveal(key, attempt + 1));
    }
  }

  #toggleRead(message: Message) {
    if (!message._id) return;
    void reportFailure(
      this,
      this.activeStore?.markAs([message._id], message.read ? 'unread' : 'read'),
      'markAs',
    );
  }

  #pressAction(message: Message, index: number) {
    pressMessageAction(this, this.activeStore, message, index);
  }

  async #activate(message: Message) {
    const url = safeUrl(message.cta?.data?.url);
    const event = new NotifMessageClickEvent({ message, url });
    this.dispatchEvent(event);
    if (event.defaultPrevented) return;
    const marking =
      !message.read && message._id ? this.activeStore?.markAs([message._id], 'read') : undefined;
    void reportFailure(this, marking, 'markAs');
    if (!url) return;
    // Give the mark-as a moment to reach the service before a full-page navigation can cancel it.
    if (marking) await Promise.race([marking, new Promise((resolve) => setTimeout(resolve, 1500))]);
    this.navigate(url);
  }

  #onAvatarError(event: Event) {
    const img = event.target as HTMLImageElement;
    if (img.dataset.avatar) {
      this.#brokenAvatars.add(img.dataset.avatar);
      this.requestUpdate();
    }
  }

  /** Infinite scroll: near the end of the list, the next page loads ("Load more" stays as a fallback). */
  #onListScroll(event: Event) {
    const list = event.currentTarget as HTMLElement;
    // A list that shows its first rows only while the virtualizer loads has not reached its end.
    if (list.classList.contains('loading')) return;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_AHEAD_PX) this.#loadMoreIfIdle();
  }

  #loadMoreIfIdle() {
    const store = this.activeStore;
    if (store && this.#inbox.hasMore.value && this.#inbox.status.value?.state !== 'loading')
      void store.loadMore();
  }

  #announce(messages: readonly Message[]) {
    this.#announcer.announce(this.translator.t('inbox.announce.new', { count: messages.length }));
    this.dispatchEvent(new NotifNewMessagesEvent({ messages }));
  }

  /** Loads the selection module the first time `selectable` is set; drops selected messages no longer shown. */
  #updateSelection(messages: readonly Message[]) {
    if (this.selectable && this.#selection === undefined) {
      this.#selection = false;
      void import('./selection.js').then(({ InboxSelection }) => {
        this.#selection = new InboxSelection(
          this,
          () => this.#visibleMessages,
          (text) => this.#announcer.announce(text),
          () => this.translator,
        );
        this.requestUpdate();
      });
    }
    if (this.#selection) this.#selection.prune(this.selectable ? messages : []);
  }

  /** The selection while `selectable` is on and its module has loaded. */
  get #selecting(): InboxSelection | undefined {
    return (this.selectable && this.#selection) || undefined;
  }

  // --- lifecycle -----------------------------------------------------------------------------------

  /** The first render waits a moment for the first page, not to draw a skeleton for nothing (`first-page.ts`). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated || this.serverState || this.tabs?.length) return super.scheduleUpdate();
    const store = this.#storeSource();
    // Loaded already (the bell's panel, a shared store): nothing to wait for.
    if (!store || store.$loaded.value) return super.scheduleUpdate();
    this.#warmUpFormats();
    return firstPage(store).then(() => super.scheduleUpdate());
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.#inbox.bind();
    // The active message keeps its place in the tab order by `_id`; when it left the list (read in the
    // Unread view, say), the message that took its place is active.
    const messages = this.#visibleMessages;
    this.#updateSelection(messages);
    const index = messages.findIndex((message) => message._id === this.activeKey);
    if (index >= 0) {
      this.#activeIndex = index;
    } else {
      this.#activeIndex = Math.max(0, Math.min(this.#activeIndex, messages.length - 1));
      this.activeKey = messages[this.#activeIndex]?._id;
    }
    // The list keeps the mode it was last shown in while another state (loading, empty) shows.
    const body = this.#bodyState(messages);
    const mode = body === 'list' ? this.#listMode(messages.length) : this.#shown.mode;
    const switched = (mode === 'virtual') !== (this.#shown.mode === 'virtual');
    if (switched) this.#rowFocus.hold();
    this.#shown = { body, mode, switched };
  }

  /** Which of the body's states shows: the load error, the skeleton, the empty state, or the list. */
  #bodyState(messages: readonly Message[]): BodyState {
    const status = this.#inbox.status.value;
    const loaded = this.#inbox.loaded.value ?? false;
    const hasMore = this.#inbox.hasMore.value ?? false;
    if (!loaded && status?.state === 'error') return 'error';
    // Still loading, or the Unread view loading further pages to find something to show.
    if (!loaded || (messages.length === 0 && hasMore && status?.state !== 'error')) return 'loading';
    if (messages.length === 0 && !hasMore) return 'empty';
    return 'list';
  }

  protected override updated(): void {
    if (!this.#inbox.loaded.value) this.#warmUpFormats();
    this.#checkToolIcons();
    this.#clamps.sweep();
    // Plain and virtualized rows are different elements: bring the focused one back into view.
    if (this.#shown.switched) this.#rowFocus.keep();
    // The Unread view never shows a bare "Load more": while it has nothing to show and the service has more,
    // the next page loads, until an unread message turns up or the pages end (then the empty state shows).
    if (
      (this.view === 'unread' || this.#tabs.filtering) &&
      this.#inbox.loaded.value &&
      this.#visibleMessages.length === 0 &&
      this.#inbox.status.value?.state === 'idle'
    ) {
      this.#loadMoreIfIdle();
    }
  }

  /**
   * While the first page loads, sets up the locale's date, time and number formats the rows and the header
   * use (from the first render's short wait for the page, `scheduleUpdate`): the first `Intl`
   * formatter of a page loads the locale data (tens of milliseconds), better spent waiting on the network
   * than between the response and the rows.
   */
  #warmUpFormats() {
    const t = this.translator;
    if (warmedLocales.has(t.locale)) return;
    warmedLocales.add(t.locale);
    setTimeout(() => {
      t.relativeTime(0, undefined, 'narrow');
      t.relativeTime(0);
      t.dateTime(0);
      // The unread count in the header.
      t.number(0);
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#clamps.disconnect();
  }

  // --- render --------------------------------------------------------------------------------------

  get #visibleMessages(): readonly Message[] {
    const messages = this.#tabs.filter(this.#inbox.messages.value ?? []);
    return this.view === 'unread' ? messages.filter((message) => !message.read) : messages;
  }

  protected override render(): TemplateResult {
    const t = this.translator;
    return html`<section
      part="base"
      class="inbox"
      aria-labelledby="title"
      lang=${t.locale}
      dir=${this.contentDir}
    >
      ${this.#renderHeader()} ${this.#tabs.render()}
      ${this.#tabs.panel(
        html`${this.#shown.body === 'list' ? this.#selecting?.renderBar() : nothing}
        ${this.#renderActionError()} ${this.#rowMenu.render()} ${this.#renderBody()}`,
      )}
      ${this.#announcer.render()}
    </section>`;
  }

  #renderHeader(): TemplateResult {
    const t = this.translator;
    const counts = this.#tabs.counts(this.#inbox.counts.value);
    const unread = counts?.unread ?? 0;
    // One row: the title and the views, then the tools. When the title and views do not fit beside the tools
    // (German, a narrow panel), the views move under the title and the tools keep their corner.
    return html`<header part="header" class="header">
      <div class="header-main">
        <h2 id="title" part="title" class="title" tabindex="-1">${this.heading ?? t.t('inbox.title')}</h2>
        ${this.#renderViews(unread, counts?.exact === false)}
      </div>
      <div class="header-row">
        <slot name="header-actions"></slot>
        <button
          class="icon-button"
          part="mark-all"
          title=${t.t('inbox.markAllRead')}
          ?disabled=${unread === 0}
          @click=${this.#markAllRead}
        >
          ${this.icons?.markAllRead ?? icon('checkAll')}
        </button>
        <slot name="header-end"></slot>
      </div>
    </header>`;
  }

  #renderViews(unread: number, atLeast: boolean): TemplateResult {
    const t = this.translator;
    return html`<div
      part="views"
      class="views"
      role="group"
      aria-label=${t.t('inbox.views')}
      @keydown=${this.#onViewKeydown}
    >
      ${INBOX_VIEWS.map((view) => {
        const current = this.view === view;
        return html`<button
          class="view"
          part=${current ? 'view view-active' : 'view'}
          data-view=${view}
          aria-pressed=${current ? 'true' : 'false'}
          @click=${() => this.#setView(view)}
        >
          ${t.t(`inbox.view.${view}`)}${
            view === 'unread' && unread > 0
              ? html` <bdi class="view-count" part="view-count"
                  >${t.number(unread)}${atLeast ? '+' : ''}</bdi
                >`
              : nothing
          }
        </button>`;
      })}
    </div>`;
  }

  #renderActionError(): TemplateResult | typeof nothing {
    const error = this.#inbox.actionError.value;
    if (!error) return nothing;
    const t = this.translator;
    // Only the message is the alert: a button inside it would be read as part of the message.
    return html`<div class="banner" part="action-error">
      ${this.icons?.alert ?? icon('alert')}<span role="alert">${t.t('inbox.error.action')}</span>
      <button class="button quiet small" @click=${() => this.activeStore?.dismissError()}>
        ${t.t('inbox.error.dismiss')}
      </button>
    </div>`;
  }

  #renderBody(): TemplateResult {
    const t = this.translator;
    const status = this.#inbox.status.value;
    const messages = this.#visibleMessages;
    const body = this.#shown.body;

    if (body === 'error' && status?.state === 'error') {
      return html`<slot name="error">
        <div class="state error" part="error">
          ${this.icons?.error ?? illustration('error')}
          <div class="state-text" role="alert">
            <p class="state-title">${t.t('inbox.error.title')}</p>
            <p class="state-hint">${t.t(errorReason(status.error))}</p>
          </div>
          <button class="button" part="retry" @click=${() => this.activeStore?.retry()}>
            ${this.icons?.retry ?? icon('retry')}${t.t('inbox.error.retry')}
          </button>
        </div>
      </slot>`;
    }
    if (body === 'loading') {
      return html`<slot name="loading"
          ><div class="skeleton" part="skeleton" aria-hidden="true">
            ${[0, 1, 2, 3, 4].map(
              (row) =>
                html`<div class="skeleton-row">
                  <span class="bone avatar-bone"></span>
                  <span class="bone-lines">
                    <span class="bone-head"
                      ><span class="bone title-bone"></span><span class="bone time-bone"></span
                    ></span>
                    <span class="bone"></span>
                    ${row % 2 ? nothing : html`<span class="bone short"></span>`}
                  </span>
                </div>`,
            )}
          </div></slot
        >
        <p class="visually-hidden" role="status">${t.t('inbox.loading')}</p>`;
    }
    if (body === 'empty') {
      const unreadView = this.view === 'unread';
      return html`<slot name="empty">
        <div class="state empty" part="empty">
          ${unreadView ? (this.icons?.caughtUp ?? illustration('caught-up')) : (this.icons?.empty ?? illustration('empty'))}
          <p class="state-title">${unreadView ? t.t('inbox.empty.unread') : t.t('inbox.empty.title')}</p>
          <p class="state-hint">${unreadView ? t.t('inbox.empty.unreadHint') : t.t('inbox.empty.hint')}</p>
        </div>
      </slot>`;
    }
    return html`${this.#renderList(messages)} ${this.#renderFooter()}`;
  }

  #renderList(messages: readonly Message[]): TemplateResult {
    const t = this.translator;
    const now = new Date();
    const setSize = this.#inbox.hasMore.value ? -1 : messages.length;
    const hooks: RowRenderers = {
      renderMessage: this.renderMessage,
      renderAvatar: this.renderAvatar,
      renderSubject: this.renderSubject,
      renderBody: this.renderBody,
      renderActions: this.renderActions,
    };
    const formatBody = bodyFormatter(this, this.bodyFormat);
    const row = (message: Message, index: number) => {
      const active = message._id === this.activeKey;
      let context: NotifRowContext | undefined;
      return renderMessage({
        message,
        selectBox: this.#selecting?.renderCheckbox(message, active),
        index,
        setSize,
        active,
        hooks,
        icons: this.icons,
        context: () => (context ??= this.#rowContext(message, index, active, now)),
        expanded: message._id !== undefined && this.expanded.has(message._id),
        now,
        t,
        brokenAvatars: this.#brokenAvatars,
        watchClamp: this.#clamps.for(message._id ?? `#${index}`),
        menuOpen: message._id !== undefined && message._id === this.#rowMenu.openKey,
        toolIcons: this.#toolIcons,
        formatBody,
      });
    };
    const busy = this.#inbox.status.value?.state === 'loading';
    const mode = this.#shown.mode;
    const virtual = mode === 'virtual';
    return html`<div
      class=${mode === 'plain' ? 'list' : `list ${mode}`}
      part="list"
      role="feed"
      tabindex="-1"
      aria-label=${t.t('inbox.list')}
      aria-busy=${busy ? 'true' : 'false'}
      @click=${this.#onListClick}
      @keydown=${this.#onListKeydown}
      @focusin=${this.#onListFocusIn}
      @focusout=${this.#rowFocus.onFocusOut}
      @pointerover=${this.#onListPointerOver}
      @error=${{ handleEvent: (e: Event) => this.#onAvatarError(e), capture: true }}
      @scroll=${this.#onListScroll}
      @wheel=${this.#rowFocus.userScrolled}
      @touchstart=${this.#rowFocus.userScrolled}
      @pointerdown=${this.#rowFocus.userScrolled}
    >
      ${
        virtual && virtualizer
          ? virtualizer.virtualize({
              items: messages as Message[],
              renderItem: row,
              keyFunction: messageKey,
              scroller: true,
            })
          : repeat(
              mode === 'loading' ? messages.slice(0, PLAIN_ROWS_WHILE_LOADING) : messages,
              messageKey,
              row,
            )
      }
    </div>`;
  }

  /** What the render hooks get for one row (built as the toast builds it). */
  #rowContext(message: Message, index: number, focused: boolean, now: Date): NotifRowContext {
    const t = this.translator;
    const store = () => this.activeStore;
    return rowContext(message, { host: this, store, t, dir: this.contentDir, index, focused, now });
  }

  #renderFooter(): TemplateResult | typeof nothing {
    const t = this.translator;
    const status = this.#inbox.status.value;
    if (status?.state === 'error') {
      return html`<div class="footer banner" part="error">
        ${this.icons?.alert ?? icon('alert')}<span role="alert">${t.t('inbox.error.title')}</span>
        <button class="button small" part="retry" @click=${() => this.activeStore?.retry()}>
          ${t.t('inbox.error.retry')}
        </button>
      </div>`;
    }
    if (!this.#inbox.hasMore.value) return nothing;
    const loading = status?.state === 'loading';
    return html`<div class="footer">
      <button
        class="button quiet small"
        part="load-more"
        ?disabled=${loading}
        aria-busy=${loading ? 'true' : 'false'}
        @click=${() => this.#loadMoreIfIdle()}
      >
        ${loading ? t.t('inbox.loading') : t.t('inbox.loadMore')}
      </button>
    </div>`;
  }
}

const messageKey = (message: Message) => message._id;
