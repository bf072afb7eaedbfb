import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';
import { NotifOpenChangeEvent } from '../../events/open-change.js';
import { Announcer } from '../../internal/announcer.js';
import { NotifElement } from '../../internal/notif-element.js';
import { InboxBinding } from '../../internal/inbox-binding.js';
import { reportFailure } from '../../internal/report-failure.js';
import type { InboxStore } from '../../store/inbox.js';
import { bellStyles } from './bell.styles.js';

/** Space kept between the panel and the viewport's edges, in px. */
const EDGE = 8;
/** Below this viewport width the panel spans the whole width. */
const NARROW = 480;

/**
 * A button with the count of unseen notifications that opens the inbox in a popover. Opening it marks the
 * messages shown as seen (unless the store's `markSeenOnOpen` is false); Escape or a click outside closes
 * it and focus returns to the button. The panel stays inside the viewport and spans a narrow phone screen.
 *
 * @summary Notification bell with an unseen badge and the inbox in a popover.
 *
 * @tagname notif-bell
 *
 * @slot icon - Replaces the bell icon.
 *
 * @csspart button - The bell button.
 * @csspart icon - The default bell icon.
 * @csspart badge - The unseen count badge.
 * @csspart panel - The popover holding the inbox.
 * @csspart inbox - The `<notif-inbox>` inside the panel (its own parts are forwarded with an `inbox-` prefix).
 *
 * @cssprop --notif-bell-size - Size of the bell button (default 2.5rem).
 * @cssprop --notif-bell-badge-color - Badge background (default the danger colour).
 * @cssprop --notif-bell-panel-width - Width of the panel on wide screens (default 24rem).
 * @cssprop --notif-color-accent - Accent colour.
 * @cssprop --notif-shadow - Shadow of the panel.
 *
 * @fires notif-open-change - The panel opened or closed.
 * @fires notif-message-click - From the inbox inside.
 * @fires notif-action - From the inbox inside.
 * @fires notif-error - Marking the shown messages seen failed; from the inbox inside, its failed loads and changes.
 */
export class NotifBell extends NotifElement {
  static override styles = [...NotifElement.styles, bellStyles];

  static override properties = {
    store: { attribute: false },
    open: { type: Boolean, reflect: true },
  };

  private readonly announcer = new Announcer(this);
  private readonly inbox = new InboxBinding(this, (messages) => this.announce(messages));

  /** An inbox store, for example one shared with an inbox elsewhere on the page. Wins over attributes and context. */
  declare store: InboxStore | undefined;
  /** Whether the panel is open. */
  declare open: boolean;

  /** Ids this opening already tried to mark seen, so a failed attempt is not repeated in a loop. */
  private readonly markedSeen = new Set<string>();
  private readonly reposition = () => this.position();

  constructor() {
    super();
    this.open = false;
  }

  get activeStore(): InboxStore | undefined {
    return this.store ?? this.connection.connection?.inbox();
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

  private get panel(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('[part="panel"]');
  }

  private get button(): HTMLButtonElement | null {
    return this.renderRoot.querySelector<HTMLButtonElement>('[part="button"]');
  }

  // --- handlers ------------------------------------------------------------------------------------

  private onPanelToggle(event: ToggleEvent) {
    const open = event.newState === 'open';
    if (open === this.open) return;
    // Light dismiss (Escape, a click outside) closed the popover: follow it.
    this.open = open;
  }

  private announce(messages: readonly Message[]) {
    if (this.open) return; // the inbox inside announces while it is shown
    this.announcer.announce(this.translator.t('inbox.announce.new', { count: messages.length }));
  }

  /** Marks the messages shown in the open panel as seen (once per message and opening). */
  private markShownSeen() {
    const store = this.activeStore;
    if (!this.open || !store || !store.options.markSeenOnOpen || !this.inbox.loaded.value) return;
    const ids = (this.inbox.messages.value ?? [])
      .filter((message) => !message.seen && message._id && !this.markedSeen.has(message._id))
      .map((message) => message._id as string);
    if (ids.length === 0) return;
    ids.forEach((id) => this.markedSeen.add(id));
    void reportFailure(this, store.markAs(ids, 'seen'), 'markAs');
  }

  private position() {
    const panel = this.panel;
    const button = this.button;
    if (!panel || !button || !this.open) return;
    const rect = button.getBoundingClientRect();
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;
    const top = Math.min(rect.bottom + EDGE, viewportHeight - EDGE - 160);
    panel.style.top = `${Math.max(EDGE, top)}px`;
    panel.style.maxHeight = `${viewportHeight - Math.max(EDGE, top) - EDGE}px`;
    if (viewportWidth < NARROW) {
      panel.style.left = `${EDGE}px`;
      panel.style.width = `${viewportWidth - 2 * EDGE}px`;
      return;
    }
    panel.style.width = '';
    const width = Math.min(panel.offsetWidth, viewportWidth - 2 * EDGE);
    const rtl = getComputedStyle(this).direction === 'rtl';
    const wanted = rtl ? rect.left : rect.right - width;
    panel.style.left = `${Math.min(Math.max(EDGE, wanted), viewportWidth - width - EDGE)}px`;
  }

  // --- lifecycle -----------------------------------------------------------------------------------

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.reposition);
    window.removeEventListener('scroll', this.reposition, true);
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.inbox.bind(this.activeStore);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && (changed.get('open') !== undefined || this.open)) this.syncPopover();
    // After this update: marking changes the store, which updates this element again.
    if (this.open) void Promise.resolve().then(() => this.markShownSeen());
  }

  private syncPopover() {
    const panel = this.panel;
    if (!panel) return;
    const shown = panel.matches(':popover-open');
    if (this.open) {
      if (!shown) panel.showPopover();
      this.position();
      window.addEventListener('resize', this.reposition);
      window.addEventListener('scroll', this.reposition, true);
      panel.focus();
    } else {
      if (shown) panel.hidePopover();
      this.markedSeen.clear();
      window.removeEventListener('resize', this.reposition);
      window.removeEventListener('scroll', this.reposition, true);
      // Return focus to the bell when it was inside the panel (or lost to the page).
      const active = this.shadowRoot?.activeElement;
      const lost = document.activeElement === document.body || document.activeElement === this;
      if ((active && active !== this.button) || lost) this.button?.focus();
    }
    this.dispatchEvent(new NotifOpenChangeEvent({ open: this.open }));
  }

  // --- render --------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const t = this.translator;
    const unseen = this.inbox.counts.value?.unseen ?? 0;
    const badge = unseen > 99 ? t.t('bell.badgeOverflow') : t.number(unseen);
    return html`<button
        part="button"
        class="bell"
        aria-label=${unseen > 99 ? t.t('bell.labelOverflow', { badge }) : t.t('bell.label', { count: unseen })}
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        @click=${this.toggle}
      >
        <slot name="icon">
          <svg part="icon" class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
        </slot>
        ${unseen > 0 ? html`<span part="badge" class="badge" aria-hidden="true">${badge}</span>` : nothing}
      </button>
      <div
        id="panel"
        part="panel"
        class="panel"
        popover="auto"
        role="dialog"
        aria-label=${t.t('inbox.title')}
        tabindex="-1"
        @toggle=${this.onPanelToggle}
      >
        ${
          this.open
            ? html`<notif-inbox
                part="inbox"
                exportparts="base:inbox-base,header:inbox-header,list:inbox-list,item:inbox-item,item-unread:inbox-item-unread,badge:inbox-badge,empty:inbox-empty"
                .store=${this.activeStore}
                .locale=${this.locale}
                .strings=${this.strings}
                theme=${this.theme ?? nothing}
              ></notif-inbox>`
            : nothing
        }
      </div>
      ${this.announcer.render()}`;
  }
}
