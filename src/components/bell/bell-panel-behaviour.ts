/**
 * How the bell's panel behaves once open: the popover shown and hidden with the bell's `open`, light
 * dismiss, the focus moving in and back out, its place beside the button (inside the viewport), and on a
 * phone the full-screen sheet with the page behind it not scrolling. Part of the panel's module (loaded with
 * `import()`, see bell-panel.ts): a page pays for it when a person reaches for the bell, not at first paint.
 */
import type { ReactiveController } from 'lit';
import { NotifOpenChangeEvent } from '../../events/open-change.js';
import { controlStyles } from '../../internal/controls.js';
import type { NotifBell } from './bell.component.js';
import { panelStyles } from './bell-panel.styles.js';

/** Space kept between the panel and the viewport's edges, in px. */
const EDGE = 8;
/** Up to this viewport width (a phone) the panel is a full-screen sheet. Keep in step with bell-panel.styles.ts. */
const SHEET_QUERY = '(max-width: 30rem)';

/** The panel's styles, in the order they apply: after the bell's own (see `bell-panel.styles.ts`). */
export const PANEL_STYLES = [controlStyles, panelStyles];

/**
 * Adds the panel's styles to the bell's shadow root, once: the bell's `static styles` are those of its
 * button, all a closed bell (and a server) needs. Before the panel's content is drawn visible: the behaviour
 * is made in the update that first has the module, and the popover shows only through it.
 */
function adoptPanelStyles(bell: NotifBell): void {
  const root = bell.shadowRoot;
  const sheets = PANEL_STYLES.map((styles) => styles.styleSheet).filter((sheet) => sheet !== undefined);
  if (!root || sheets.every((sheet) => root.adoptedStyleSheets.includes(sheet))) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
}

export class PanelBehaviour implements ReactiveController {
  readonly #bell: NotifBell;
  /** Called as the panel closes (the bell forgets which messages this opening marked seen). */
  readonly #onClosed: () => void;
  readonly #reposition = () => this.position();
  /** The page's own `overflow` while the sheet locks its scrolling. */
  #lockedOverflow?: string;
  /** The focus left the panel for the page: closing must not take it back. */
  #focusLeft = false;

  constructor(bell: NotifBell, onClosed: () => void) {
    this.#bell = bell;
    this.#onClosed = onClosed;
    bell.addController(this);
    adoptPanelStyles(bell);
  }

  hostDisconnected(): void {
    this.#lockPageScroll(false);
    this.#listen(false);
  }

  get #panel(): HTMLElement | null {
    return this.#bell.renderRoot.querySelector<HTMLElement>('[part="panel"]');
  }

  get #button(): HTMLButtonElement | null {
    return this.#bell.renderRoot.querySelector<HTMLButtonElement>('[part="button"]');
  }

  /** Light dismiss (Escape, a click outside) closed the popover: the bell follows it. */
  onToggle(event: ToggleEvent): void {
    const open = event.newState === 'open';
    if (open === this.#bell.open) return;
    this.#bell.open = open;
  }

  /** Tab past the panel's last control (or Shift+Tab before its first) closes it: no open panel is left behind. */
  onFocusOut(event: FocusEvent): void {
    const next = event.relatedTarget as Node | null;
    if (!this.#bell.open || !next) return;
    // The browser retargets `relatedTarget` to this shadow root: focus moving into the inbox's or the
    // preferences' own shadow roots arrives as their host, inside the panel.
    if (this.#bell.shadowRoot?.contains(next) || this.#bell.contains(next)) return;
    this.#focusLeft = true;
    this.#bell.open = false;
  }

  /** Shows or hides the popover as the bell's `open` says, and tells the page (`notif-open-change`). */
  sync(): void {
    const panel = this.#panel;
    if (!panel) return;
    const bell = this.#bell;
    const shown = panel.matches(':popover-open');
    if (bell.open) {
      this.#focusLeft = false;
      if (!shown) panel.showPopover();
      this.position();
      this.#listen(true);
      panel.focus();
    } else {
      if (shown) panel.hidePopover();
      this.#onClosed();
      this.#lockPageScroll(false);
      this.#listen(false);
      // Return focus to the bell when it was inside the panel (or lost to the page), unless the user moved it
      // on to the page.
      const active = bell.shadowRoot?.activeElement;
      const lost = document.activeElement === document.body || document.activeElement === bell;
      if (!this.#focusLeft && ((active && active !== this.#button) || lost)) this.#button?.focus();
      this.#focusLeft = false;
    }
    bell.dispatchEvent(new NotifOpenChangeEvent({ open: bell.open }));
  }

  /** Focuses the settings title, or the settings button once the inbox that shows it has rendered. */
  async moveFocus(target: 'settings-title' | 'settings-button'): Promise<void> {
    const root = this.#bell.renderRoot;
    if (target === 'settings-title') {
      root.querySelector<HTMLElement>('.settings-title')?.focus();
      return;
    }
    const inbox = root.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('[part="inbox"]');
    await inbox?.updateComplete;
    root.querySelector<HTMLElement>('[part="settings"]')?.focus();
  }

  /** Places the open panel below the button, inside the viewport; on a phone the style sheet places the sheet. */
  position(): void {
    const panel = this.#panel;
    const button = this.#button;
    if (!panel || !button || !this.#bell.open) return;
    const sheet = window.matchMedia(SHEET_QUERY).matches;
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
    const rtl = getComputedStyle(this.#bell).direction === 'rtl';
    const wanted = rtl ? rect.left : rect.right - width;
    panel.style.left = `${Math.min(Math.max(EDGE, wanted), viewportWidth - width - EDGE)}px`;
  }

  #listen(on: boolean): void {
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('resize', this.#reposition);
    window[method]('scroll', this.#reposition, true);
  }

  /** While the sheet covers a phone's screen, the page behind it does not scroll. */
  #lockPageScroll(lock: boolean): void {
    const root = document.documentElement;
    if (lock && this.#lockedOverflow === undefined) {
      this.#lockedOverflow = root.style.overflow;
      root.style.overflow = 'hidden';
    } else if (!lock && this.#lockedOverflow !== undefined) {
      root.style.overflow = this.#lockedOverflow;
      this.#lockedOverflow = undefined;
    }
  }
}
