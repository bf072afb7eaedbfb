import { nothing, type PropertyValues, type TemplateResult } from 'lit';
import { html, unsafeStatic } from 'lit/static-html.js';
import type { Message } from '../../client/types.js';
import { NotifOpenChangeEvent } from '../../events/open-change.js';
import { Announcer } from '../../internal/announcer.js';
import { icon } from '../../internal/icons.js';
import { InboxBinding } from '../../internal/inbox-binding.js';
import { NotifElement } from '../../internal/notif-element.js';
import { reportFailure } from '../../internal/report-failure.js';
import type { InboxStore } from '../../store/inbox.js';
import type { PreferencesStore } from '../../store/preferences.js';
import { bellStyles } from './bell.styles.js';
import { inboxOf } from '../../context/inbox-of.js';

/** Space kept between the panel and the viewport's edges, in px. */
const EDGE = 8;
/** Up to this viewport width (a phone) the panel is a full-screen sheet. Keep in step with bell.styles.ts. */
const SHEET_QUERY = '(max-width: 30rem)';

/** Every part of `<notif-inbox>`, forwarded through the bell with an `inbox-` prefix. */
export const INBOX_PARTS = [
  'base',
  'header',
  'title',
  'views',
  'view',
  'view-active',
  'view-count',
  'mark-all',
  'list',
  'item',
  'item-unread',
  'avatar',
  'avatar-fallback',
  'avatar-image',
  'subject',
  'time',
  'content',
  'show-more',
  'block-button',
  'actions',
  'action',
  'action-primary',
  'action-secondary',
  'unread-marker',
  'tools',
  'toggle-read',
  'load-more',
  'skeleton',
  'empty',
  'error',
  'retry',
  'action-error',
] as const;

const EXPORT_INBOX_PARTS = INBOX_PARTS.map((part) => `${part}:inbox-${part}`).join(',');

/**
 * A button with the count of unseen notifications that opens the inbox in a popover. Opening it marks the
 * messages shown as seen (unless the store's `markSeenOnOpen` is false); Escape, a click outside or the
 * focus leaving the panel closes it, and the focus returns to the button when it was inside. The panel stays
 * inside the viewport; on a phone it is a full-screen sheet with a close button, and the page behind does
 * not scroll. A settings button in the panel's header shows `<notif-preferences>` in the panel, with a Back
 * button (loaded on first use; `hide-settings` removes it, and it shows only when the bell has preferences
 * to show: a connection, or a `.preferencesStore`).
 *
 * @summary Notification bell with an unseen badge and the inbox in a popover.
 *
 * @tagname notif-bell
 *
 * @slot icon - Replaces the bell icon.
 *
 * @csspart button - The bell button.
 * @csspart icon - The default bell icon.
 * @csspart badge - The unseen count badge ("3", "20+" when more pages exist, "99+"; an exact count past 99 is
 *   named exactly).
 * @csspart panel - The popover holding the inbox or the settings.
 * @csspart inbox - The `<notif-inbox>` inside the panel; every part of it is forwarded with an `inbox-` prefix (`inbox-item`, `inbox-header`...).
 * @csspart settings - The settings button in the panel's header.
 * @csspart close - The close button of the panel (shown on phones).
 * @csspart settings-view - The settings view of the panel.
 * @csspart settings-header - The header of the settings view.
 * @csspart back - The Back button of the settings view.
 * @csspart preferences - The `<notif-preferences>` of the settings view.
 *
 * @cssprop --notif-bell-size - Size of the bell button (default 2.5rem).
 * @cssprop --notif-bell-badge-color - Badge background (default the danger colour).
 * @cssprop --notif-bell-panel-width - Width of the panel on wide screens (default 25rem).
 * @cssprop --notif-bell-panel-height - Height of the panel on wide screens, at most the viewport's (default 40rem).
 * @cssprop --notif-color-accent - Accent colour.
 * @cssprop --notif-shadow - Shadow of the panel.
 *
 * @fires notif-open-change - The panel opened or closed.
 * @fires notif-message-click - From the inbox inside.
 * @fires notif-action - From the inbox inside.
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
    /** @internal */
    settings: { state: true, attribute: false },
  };

  readonly #announcer = new Announcer(this);
  readonly #inbox = new InboxBinding(this, (messages) => this.#announce(messages));

  /** An inbox store, for example one shared with an inbox elsewhere on the page. Wins over attributes and context. */
  declare store: InboxStore | undefined;
  /** The preferences store of the settings view, when the bell gets its stores as properties. */
  declare preferencesStore: PreferencesStore | undefined;
  /** Whether the panel is open. */
  declare open: boolean;
  /** Hides the settings button (and so the settings view) of the panel. */
  declare hideSettings: boolean;
  /** Whether the panel shows the settings instead of the inbox. */
  declare private settings: boolean;

  /** Ids this opening already tried to mark seen, so a failed attempt is not repeated in a loop. */
  readonly #markedSeen = new Set<string>();
  readonly #reposition = () => this.#position();
  /** What to focus after the next render (the view changed). */
  #focusAfterRender?: 'settings-title' | 'settings-button';
  /** The page's own `overflow` while the sheet locks its scrolling. */
  #lockedOverflow?: string;
  /** The focus left the panel for the page: closing must not take it back. */
  #focusLeft = false;

  constructor() {
    super();
    this.open = false;
    this.hideSettings = false;
    this.settings = false;
  }

  /**
   * The store in use: `.store`, else the one of the element's attributes or of its provider. None on the
   * server, nor in the update that hydrates server-rendered HTML (see `serverState`).
   */
  get activeStore(): InboxStore | undefined {
    if (this.serverState) return undefined;
    return this.store ?? (this.connection.connection && inboxOf(this.connection.connection));
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

  get #panel(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('[part="panel"]');
  }

  get #button(): HTMLButtonElement | null {
    return this.renderRoot.querySelector<HTMLButtonElement>('[part="button"]');
  }

  // --- handlers ------------------------------------------------------------------------------------

  #onPanelToggle(event: ToggleEvent) {
    const open = event.newState === 'open';
    if (open === this.open) return;
    // Light dismiss (Escape, a click outside) closed the popover: follow it.
    this.open = open;
  }

  /** Tab past the panel's last control (or Shift+Tab before its first) closes it: no open panel is left behind. */
  #onPanelFocusOut(event: FocusEvent) {
    const next = event.relatedTarget as Node | null;
    if (!this.open || !next) return;
    // The browser retargets `relatedTarget` to this shadow root: focus moving into the inbox's or the
    // preferences' own shadow roots arrives as their host, inside the panel.
    if (this.shadowRoot?.contains(next) || this.contains(next)) return;
    this.#focusLeft = true;
    this.open = false;
  }

  #showSettings() {
    // Loaded on first use: pages that never open the settings do not pay for them.
    void import('../preferences/preferences.js');
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
    if (!this.open || this.settings || !store || !store.options.markSeenOnOpen || !this.#inbox.loaded.value)
      return;
    const ids = (this.#inbox.messages.value ?? [])
      .filter((message) => !message.seen && message._id && !this.#markedSeen.has(message._id))
      .map((message) => message._id as string);
    if (ids.length === 0) return;
    ids.forEach((id) => this.#markedSeen.add(id));
    void reportFailure(this, store.markAs(ids, 'seen'), 'markAs');
  }

  get #isSheet(): boolean {
    return window.matchMedia(SHEET_QUERY).matches;
  }

  #position() {
    const panel = this.#panel;
    const button = this.#button;
    if (!panel || !button || !this.open) return;
    const sheet = this.#isSheet;
    this.#lockPageScroll(sheet);
    if (sheet) {
      // The sheet's place and size come from the style sheet.
      panel.style.removeProperty('top');
      panel.style.removeProperty('left');
      panel.style.removeProperty('max-height');
      return;
    }
    const rect = button.getBoundingClientRect();
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;
    const top = Math.max(EDGE, Math.min(rect.bottom + EDGE, viewportHeight - EDGE - 240));
    panel.style.top = `${top}px`;
    panel.style.maxHeight = `${viewportHeight - top - EDGE}px`;
    const width = Math.min(panel.offsetWidth, viewportWidth - 2 * EDGE);
    const rtl = getComputedStyle(this).direction === 'rtl';
    const wanted = rtl ? rect.left : rect.right - width;
    panel.style.left = `${Math.min(Math.max(EDGE, wanted), viewportWidth - width - EDGE)}px`;
  }

  /** While the sheet covers a phone's screen, the page behind it does not scroll. */
  #lockPageScroll(lock: boolean) {
    const root = document.documentElement;
    if (lock && this.#lockedOverflow === undefined) {
      this.#lockedOverflow = root.style.overflow;
      root.style.overflow = 'hidden';
    } else if (!lock && this.#lockedOverflow !== undefined) {
      root.style.overflow = this.#lockedOverflow;
      this.#lockedOverflow = undefined;
    }
  }

  // --- lifecycle -----------------------------------------------------------------------------------

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#lockPageScroll(false);
    window.removeEventListener('resize', this.#reposition);
    window.removeEventListener('scroll', this.#reposition, true);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#inbox.bind(this.activeStore);
    if (changed.has('open') && !this.open) this.settings = false;
    if (this.hideSettings || !this.#hasPreferences) this.settings = false;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && (changed.get('open') !== undefined || this.open)) this.#syncPopover();
    if (this.#focusAfterRender) void this.#moveFocus(this.#focusAfterRender);
    // After this update: marking changes the store, which updates this element again.
    if (this.open) void Promise.resolve().then(() => this.#markShownSeen());
  }

  /** Focuses the settings title, or the settings button once the inbox that shows it has rendered. */
  async #moveFocus(target: 'settings-title' | 'settings-button') {
    this.#focusAfterRender = undefined;
    if (target === 'settings-title') {
      this.renderRoot.querySelector<HTMLElement>('.settings-title')?.focus();
      return;
    }
    const inbox = this.renderRoot.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>(
      '[part="inbox"]',
    );
    await inbox?.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="settings"]')?.focus();
  }

  #syncPopover() {
    const panel = this.#panel;
    if (!panel) return;
    const shown = panel.matches(':popover-open');
    if (this.open) {
      this.#focusLeft = false;
      if (!shown) panel.showPopover();
      this.#position();
      window.addEventListener('resize', this.#reposition);
      window.addEventListener('scroll', this.#reposition, true);
      panel.focus();
    } else {
      if (shown) panel.hidePopover();
      this.#markedSeen.clear();
      this.#lockPageScroll(false);
      window.removeEventListener('resize', this.#reposition);
      window.removeEventListener('scroll', this.#reposition, true);
      // Return focus to the bell when it was inside the panel (or lost to the page), unless the user moved it
      // on to the page.
      const active = this.shadowRoot?.activeElement;
      const lost = document.activeElement === document.body || document.activeElement === this;
      if (!this.#focusLeft && ((active && active !== this.#button) || lost)) this.#button?.focus();
      this.#focusLeft = false;
    }
    this.dispatchEvent(new NotifOpenChangeEvent({ open: this.open }));
  }

  // --- render --------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const t = this.translator;
    const counts = this.#inbox.counts.value;
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
      >
        <slot name="icon">
          <svg part="icon" class="bell-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
        </slot>
        ${unseen > 0 ? html`<span part="badge" class="badge" aria-hidden="true"><bdi>${badge}</bdi></span>` : nothing}
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
        ${this.open ? (this.settings ? this.#renderSettings() : this.#renderInbox()) : nothing}
      </div>
      ${this.#announcer.render()}`;
  }

  /**
   * A button of the panel's headers: an icon, named by its tooltip (`title`) alone. An `aria-label` beside an
   * equal `title` makes the title the description too, and screen readers read the name twice.
   */
  #renderIconButton(
    part: 'close' | 'settings' | 'back',
    label: string,
    glyph: TemplateResult,
    onClick: () => void,
  ): TemplateResult {
    return html`<button
      class=${part === 'close' ? 'icon-button close' : 'icon-button'}
      part=${part}
      slot="header-end"
      title=${label}
      @click=${onClick}
    >
      ${glyph}
    </button>`;
  }

  #renderCloseButton(): TemplateResult {
    return this.#renderIconButton('close', this.translator.t('bell.close'), icon('close'), this.hide);
  }

  /* eslint-disable lit/binding-positions, lit/no-invalid-html -- lit/static-html puts the inbox's tag there */
  #renderInbox(): TemplateResult {
    const t = this.translator;
    const tag = unsafeStatic((this.constructor as typeof NotifBell).inboxTag);
    return html`<${tag}
      part="inbox"
      exportparts=${EXPORT_INBOX_PARTS}
      .store=${this.activeStore}
      .locale=${this.locale}
      .strings=${this.strings}
      theme=${this.theme ?? nothing}
    >
      ${
        this.hideSettings || !this.#hasPreferences
          ? nothing
          : this.#renderIconButton('settings', t.t('bell.settings'), icon('settings'), this.#showSettings)
      }
      ${this.#renderCloseButton()}
    </${tag}>`;
  }

  /* eslint-enable lit/binding-positions, lit/no-invalid-html */

  #renderSettings(): TemplateResult {
    const t = this.translator;
    return html`<div class="settings-view" part="settings-view">
      <div class="settings-header" part="settings-header">
        ${this.#renderIconButton('back', t.t('bell.back'), icon('back', true), this.#showInbox)}
        <h2 class="settings-title" tabindex="-1">${t.t('bell.settingsTitle')}</h2>
        ${this.#renderCloseButton()}
      </div>
      <notif-preferences
        part="preferences"
        class="preferences"
        .store=${this.preferencesStore}
        .baseUrl=${this.baseUrl}
        .subscriberId=${this.subscriberId}
        .apiKey=${this.apiKey}
        .locale=${this.locale}
        .strings=${this.strings}
        theme=${this.theme ?? nothing}
      ></notif-preferences>
    </div>`;
  }
}
