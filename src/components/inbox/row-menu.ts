/**
 * The row's "More actions" menu and "Turn off notifications like this", loaded with `import()` on the first
 * hover, focus or click of a row's More button (see `row-menu-hook.ts`).
 *
 * The menu (the WAI-ARIA menu button pattern): one menu for the whole inbox, a `popover="manual"` in the top
 * layer (so neither the list's scrolling box nor the bell's panel clips it), placed under its button, or
 * above it when there is no room below, its inline end on the button's (mirrored right to left) and kept
 * inside the viewport. Its items: Mark as read / unread, "Turn off notifications like this" when offered, and
 * the host's `rowActions`. Arrow keys move between items (wrapping), Home and End go to the first and last, a
 * letter to the next item starting with it; Enter or Space chooses; Escape closes it and gives the focus back
 * to the button; Tab closes it and gives the focus back to the button too (the row's next control is then one
 * Tab away, as before the menu opened). A click outside closes it.
 *
 * "Turn off notifications like this" turns the message's workflow's `in_app` channel off through the
 * preferences store (`PATCH /v2/subscribers/{id}/preferences` with `workflowId`), shows and announces that it
 * is off with an Undo (which turns it back on), and says so when either failed (the store rolls the change
 * back). It is offered only when all of these hold (anything unknown means "not offered"):
 * - the message names its workflow: `templateIdentifier`, else the first trigger of its embedded `template`;
 * - the embedded workflow (`template`), when the message carries it, is not `critical`;
 * - the subscriber's preferences are loaded (they load on the first intent toward a More button) and list
 *   that workflow (by identifier or slug): the service lists only the workflows a subscriber can change,
 *   never critical ones (nor inactive ones);
 * - that workflow's preference is `enabled` (`enabled: false` is the sender's doing, which the subscriber
 *   cannot change; the preferences store refuses such a change too);
 * - its `in_app` channel is not already off.
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { Message, WorkflowPreference } from '../../client/types.js';
import { preferencesOf } from '../../context/preferences-of.js';
import { NotifRowActionEvent } from '../../events/row-action.js';
import type { NotifErrorOperation } from '../../events/error.js';
import { enRowMenu } from '../../i18n/en-row-menu.js';
import type { TranslationKey } from '../../i18n/index.js';
import type { PreferencesStatus, PreferencesStore, SaveResult } from '../../store/preferences.js';
import type { NotifRowAction } from './row-actions.js';
import type { RowMenuHost, RowMenuKit } from './row-menu-hook.js';

/** The pixels kept between the menu and its button, and between the menu and the viewport's edges. */
const GAP = 4;
const EDGE = 8;

const bellOff = html`<svg
  class="icon"
  viewBox="0 0 24 24"
  aria-hidden="true"
  focusable="false"
  fill="none"
  stroke="currentColor"
  stroke-width="1.75"
  stroke-linecap="round"
  stroke-linejoin="round"
>
  <path d="M8.6 4.8A6 6 0 0 1 18 10c0 2.6.5 4.3 1 5.4M16 17H4c.5-1 2-2.5 2-7 0-.7.1-1.3.3-1.9" />
  <path d="M10 20a2 2 0 0 0 4 0M3 3l18 18" />
</svg>`;

const menuStyles = `
  .row-menu {
    position: fixed;
    inset: auto;
    margin: 0;
    box-sizing: border-box;
    min-inline-size: 13rem;
    max-inline-size: min(20rem, calc(100vw - ${2 * EDGE}px));
    padding: 0.25rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: var(--_shadow);
    font-family: var(--_font);
    font-size: var(--_font-size-s);
    overflow: visible;
  }
  .row-menu-item {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    box-sizing: border-box;
    inline-size: 100%;
    min-block-size: 2.25rem;
    padding-block: 0.375rem;
    padding-inline: 0.625rem;
    border: 0;
    border-radius: var(--_radius-s);
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .row-menu-item:hover,
  .row-menu-item:focus {
    background: color-mix(in srgb, var(--_accent) 10%, var(--_bg));
    outline: none;
  }
  .row-menu-item:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  .row-menu-item[aria-disabled='true'] {
    color: var(--_muted);
    cursor: default;
  }
  .row-menu-item .icon {
    flex: none;
    inline-size: 1.125rem;
    block-size: 1.125rem;
  }
  .row-menu-item .no-icon {
    flex: none;
    inline-size: 1.125rem;
  }
  .row-menu-sep {
    block-size: 1px;
    margin-block: 0.25rem;
    background: var(--_border);
  }
  /* The More button of the open menu stays shown while the focus is in the menu. */
  .tools:has([aria-expanded='true']) {
    opacity: 1;
  }
  .row-status {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: var(--_space-s);
    margin-block: 0;
  }
  .row-status.shown {
    padding-block: var(--_space-s);
    padding-inline: var(--_space);
    border-block-end: 1px solid var(--_border);
    background: var(--_bg-raised);
    font-size: var(--_font-size-s);
  }
  .row-status.failed {
    background: var(--_danger-bg);
    color: var(--_danger);
  }
  .row-status-text {
    flex: 1 1 12rem;
  }
  .row-status-text:empty {
    display: none;
  }
  @media (forced-colors: active) {
    .row-menu {
      border-color: CanvasText;
    }
    .row-menu-item:focus {
      outline: 2px solid Highlight;
    }
  }
`;

/** One item of the open menu. */
interface Item {
  id: string;
  label: string;
  icon: TemplateResult | undefined;
  disabled: boolean;
  run: () => void;
  action?: NotifRowAction;
}

/** The state of "Turn off notifications like this" after it was chosen. */
interface Status {
  workflowId: string;
  name: string;
  /** `off`: turned off (or being turned off); `on`: turned back on; the others: that change failed. */
  state: 'off' | 'on' | 'offFailed' | 'onFailed';
  busy: boolean;
}

/** The workflow a message names: `templateIdentifier`, else the first trigger of its embedded workflow. */
export function workflowOf(message: Message): string | undefined {
  if (typeof message.templateIdentifier === 'string' && message.templateIdentifier)
    return message.templateIdentifier;
  const trigger = Array.isArray(message.template?.triggers) ? message.template.triggers[0] : undefined;
  const identifier = (trigger as { identifier?: unknown } | undefined)?.identifier;
  return typeof identifier === 'string' && identifier ? identifier : undefined;
}

/**
 * The preference "Turn off notifications like this" changes for `message`, or `undefined` when it is not
 * offered (see the module's comment for the rules).
 */
export function turnOffTarget(
  message: Message,
  preferences: { workflows: readonly WorkflowPreference[] } | undefined,
): WorkflowPreference | undefined {
  const id = workflowOf(message);
  if (!id || !preferences) return undefined;
  if (message.template?.critical === true) return undefined;
  const entry = preferences.workflows.find(
    (preference) => preference.workflow.identifier === id || preference.workflow.slug === id,
  );
  if (!entry || !entry.enabled || entry.channels.in_app === false) return undefined;
  return entry;
}

export class RowMenu implements ReactiveController {
  readonly #host: RowMenuHost;
  readonly #kit: RowMenuKit;
  /** The open menu: its message and the More button it opened from. */
  #open: { message: Message; key: string | undefined; button: HTMLElement } | undefined;
  #status: Status | undefined;
  /** The polite announcement and the alert, in live regions that are always rendered. */
  #polite = '';
  #alert = '';
  #styled = false;
  /** Whether the open menu has been shown, placed and given the focus. */
  #shown = false;
  /** Type-ahead: the letters typed in the last half second. */
  #typed = '';
  #typedAt = 0;
  /** The preferences store listened to, and how to stop. */
  #preferences: PreferencesStore | undefined;
  #unlisten: (() => void) | undefined;

  constructor(host: RowMenuHost, kit: RowMenuKit) {
    this.#host = host;
    this.#kit = kit;
    kit.addBuiltInStrings(enRowMenu);
    host.element.addController(this);
  }

  get openKey(): string | undefined {
    return this.#open?.key;
  }

  hostConnected(): void {
    this.#bindPreferences();
  }

  hostUpdate(): void {
    this.#bindPreferences();
  }

  hostUpdated(): void {
    this.#style();
    const menu = this.#menuElement();
    if (!menu) return;
    if (this.#open && !this.#shown) {
      this.#shown = true;
      // Without the popover API (older browsers) the menu is still fixed in place, over the list.
      menu.showPopover?.();
      this.#place();
      this.#focusItem(0);
      document.addEventListener('pointerdown', this.#onOutside, true);
      window.addEventListener('resize', this.#place);
      window.addEventListener('scroll', this.#place, true);
    }
  }

  hostDisconnected(): void {
    this.#unlisten?.();
    this.#unlisten = undefined;
    this.#preferences = undefined;
    this.#close(false);
  }

  /** Opens the menu of `message` under `button`, or closes it when it is open for that message. */
  toggle(message: Message, button: HTMLElement): void {
    if (this.#open && this.#open.button === button) {
      this.#close(true);
      return;
    }
    if (this.#open) this.#close(false);
    this.#open = { message, key: message._id, button };
    this.#host.element.requestUpdate();
  }

  render(): TemplateResult {
    const t = this.#host.translator();
    const status = this.#status;
    const failed = status?.state === 'offFailed' || status?.state === 'onFailed';
    return html`${this.#renderMenu()}
      <div class="row-status ${status ? 'shown' : ''} ${failed ? 'failed' : ''}" part="row-status">
        <span class="row-status-text" role="status">${this.#polite}</span>
        <span class="row-status-text" role="alert">${this.#alert}</span>
        ${
          status
            ? html`${
                  status.state === 'off' || status.state === 'onFailed'
                    ? html`<button
                        class="button small"
                        data-status="undo"
                        ?disabled=${status.busy}
                        @click=${() => void this.#turn(status.workflowId, status.name, true)}
                      >
                        ${t.t('rowMenu.undo')}
                      </button>`
                    : nothing
                }
                <button class="button quiet small" data-status="dismiss" @click=${this.#dismiss}>
                  ${t.t('rowMenu.dismiss')}
                </button>`
            : nothing
        }
      </div>`;
  }

  // --- the menu ------------------------------------------------------------------------------------

  #renderMenu(): TemplateResult | typeof nothing {
    const open = this.#open;
    if (!open) return nothing;
    const t = this.#host.translator();
    const items = this.#items(open.message);
    const builtIn = items.filter((item) => !item.action);
    const hosts = items.filter((item) => item.action);
    const renderItem = (item: Item) =>
      html`<button
        class="row-menu-item"
        part="row-menu-item"
        role="menuitem"
        tabindex="-1"
        data-item=${item.id}
        aria-disabled=${item.disabled ? 'true' : nothing}
        @click=${() => this.#choose(item)}
      >
        ${item.icon ?? html`<span class="no-icon"></span>`}<span>${item.label}</span>
      </button>`;
    return html`<div
      class="row-menu"
      part="row-menu"
      role="menu"
      popover="manual"
      aria-label=${t.t('rowMenu.label')}
      dir=${this.#host.dir()}
      @keydown=${this.#onKeydown}
      @focusout=${this.#onFocusOut}
    >
      ${builtIn.map(renderItem)}
      ${
        hosts.length
          ? html`<div class="row-menu-sep" role="separator"></div>
              ${hosts.map(renderItem)}`
          : nothing
      }
    </div>`;
  }

  #items(message: Message): Item[] {
    const t = this.#host.translator();
    const icons = this.#host.icons();
    const { icon } = this.#kit;
    const items: Item[] = [
      message.read
        ? {
            id: 'mark-unread',
            label: t.t('rowMenu.markUnread'),
            icon: icons?.markUnread ?? icon('envelopeDot'),
            disabled: false,
            run: () => this.#markAs(message, 'unread'),
          }
        : {
            id: 'mark-read',
            label: t.t('rowMenu.markRead'),
            icon: icons?.markRead ?? icon('check'),
            disabled: false,
            run: () => this.#markAs(message, 'read'),
          },
    ];
    const target = this.#turnOffItem(message);
    if (target) items.push(target);
    for (const action of this.#host.rowActions() ?? []) {
      if (!action || typeof action.label !== 'string' || typeof action.handler !== 'function') continue;
      if (!this.#isShownFor(action, message)) continue;
      items.push({
        id: typeof action.id === 'string' && action.id ? action.id : action.label,
        label: action.label,
        icon: action.icon,
        disabled: false,
        action,
        run: () => this.#runHostAction(action, message),
      });
    }
    return items;
  }

  /** The "Turn off" item: enabled when offered, disabled while the preferences load, absent otherwise. */
  #turnOffItem(message: Message): Item | undefined {
    const store = this.#preferences;
    if (!store || !workflowOf(message) || message.template?.critical === true) return undefined;
    const preferences = store.$preferences.get();
    const status: PreferencesStatus = store.$status.get();
    const loading = preferences === undefined && status.state !== 'error';
    const target = loading ? undefined : turnOffTarget(message, preferences);
    if (!loading && !target) return undefined;
    const t = this.#host.translator();
    return {
      id: 'turn-off',
      label: t.t('rowMenu.turnOff'),
      icon: bellOff,
      disabled: loading,
      run: () => {
        if (target)
          void this.#turn(
            target.workflow.identifier,
            target.workflow.name || target.workflow.identifier,
            false,
          );
      },
    };
  }

  #isShownFor(action: NotifRowAction, message: Message): boolean {
    if (typeof action.shownFor !== 'function') return true;
    try {
      return action.shownFor(message) !== false;
    } catch (error) {
      console.error('notif-elements: a row action’s shownFor threw; the item is hidden.', error);
      return false;
    }
  }

  #choose(item: Item) {
    const open = this.#open;
    if (!open || item.disabled) return;
    this.#close(true);
    const event = new NotifRowActionEvent({ message: open.message, id: item.id, action: item.action });
    this.#host.element.dispatchEvent(event);
    if (!event.defaultPrevented) item.run();
  }

  #markAs(message: Message, markAs: 'read' | 'unread') {
    const store = this.#host.store();
    if (!store || !message._id) return;
    void store.markAs([message._id], markAs).then((result) => {
      if (!result.ok && result.reason === 'failed' && 'error' in result) this.#error(result.error, 'markAs');
    });
  }

  #runHostAction(action: NotifRowAction, message: Message) {
    try {
      const result = action.handler(message);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(undefined, (error: unknown) => this.#error(error, 'rowAction'));
    } catch (error) {
      this.#error(error, 'rowAction');
    }
  }

  #error(error: unknown, operation: NotifErrorOperation) {
    this.#host.element.dispatchEvent(new this.#kit.NotifErrorEvent({ error, operation }));
  }

  #menuElement(): HTMLElement | null {
    return this.#host.element.shadowRoot?.querySelector<HTMLElement>('.row-menu') ?? null;
  }

  #menuItems(): HTMLElement[] {
    return [...(this.#menuElement()?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  }

  #focusItem(index: number) {
    const items = this.#menuItems();
    if (items.length === 0) return;
    items[(index + items.length) % items.length]?.focus();
  }

  readonly #onKeydown = (event: KeyboardEvent) => {
    const items = this.#menuItems();
    const current = items.indexOf(event.composedPath()[0] as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        this.#focusItem(current + 1);
        break;
      case 'ArrowUp':
        this.#focusItem(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
      case 'PageUp':
        this.#focusItem(0);
        break;
      case 'End':
      case 'PageDown':
        this.#focusItem(-1);
        break;
      case 'Escape':
        this.#close(true);
        break;
      case 'Tab':
        this.#close(true);
        break;
      default:
        if (
          event.key.length === 1 &&
          /\S/u.test(event.key) &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey
        ) {
          this.#typeAhead(event.key, items, current);
          break;
        }
        return;
    }
    // Handled here: neither the list (which moves between rows) nor the bell (which closes on Escape) acts.
    event.preventDefault();
    event.stopPropagation();
  };

  #typeAhead(key: string, items: HTMLElement[], current: number) {
    const now = Date.now();
    this.#typed = now - this.#typedAt > 500 ? key : this.#typed + key;
    this.#typedAt = now;
    const wanted = this.#typed.toLocaleLowerCase();
    const start = this.#typed.length === 1 ? current + 1 : current;
    for (let step = 0; step < items.length; step++) {
      const index = (start + step + items.length) % items.length;
      if (items[index]?.textContent?.trim().toLocaleLowerCase().startsWith(wanted)) {
        items[index]?.focus();
        return;
      }
    }
  }

  readonly #onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget;
    const menu = this.#menuElement();
    // The focus left for somewhere else on the page (not nowhere, as when a click lands on plain text).
    if (next instanceof Node && menu && !menu.contains(next)) this.#close(false);
  };

  readonly #onOutside = (event: PointerEvent) => {
    const path = event.composedPath();
    const menu = this.#menuElement();
    if ((menu && path.includes(menu)) || (this.#open && path.includes(this.#open.button))) return;
    this.#close(false);
  };

  /** Closes the menu; `refocus` gives the focus back to its More button (or its row, if the button went). */
  #close(refocus: boolean) {
    const open = this.#open;
    if (!open) return;
    this.#open = undefined;
    this.#shown = false;
    document.removeEventListener('pointerdown', this.#onOutside, true);
    window.removeEventListener('resize', this.#place);
    window.removeEventListener('scroll', this.#place, true);
    const menu = this.#menuElement();
    if (typeof menu?.hidePopover === 'function' && menu.matches(':popover-open')) menu.hidePopover();
    if (refocus) this.#refocus(open);
    this.#host.element.requestUpdate();
  }

  #refocus(open: { key: string | undefined; button: HTMLElement }) {
    if (open.button.isConnected) {
      open.button.focus();
      return;
    }
    const root = this.#host.element.shadowRoot;
    const row =
      open.key === undefined
        ? null
        : root?.querySelector<HTMLElement>(`[data-key="${CSS.escape(open.key)}"]`);
    (
      row?.querySelector<HTMLElement>('[data-action="row-menu"]') ??
      root?.querySelector<HTMLElement>('[data-key][tabindex="0"]') ??
      root?.querySelector<HTMLElement>('#title')
    )?.focus();
  }

  /** Puts the menu under its button (above when there is no room below), its inline end on the button's. */
  readonly #place = () => {
    const open = this.#open;
    const menu = this.#menuElement();
    if (!open || !menu) return;
    // A virtualized list recycles rows as it scrolls: once the button is gone or shows another message, the
    // menu has nothing to stand by.
    const shows = open.button.closest('[data-key]')?.getAttribute('data-key');
    if (!open.button.isConnected || (open.key !== undefined && shows !== open.key)) {
      this.#close(false);
      return;
    }
    const button = open.button.getBoundingClientRect();
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
    const viewportHeight = window.innerHeight;
    const rtl = this.#host.dir() === 'rtl';
    let left = rtl ? button.left : button.right - width;
    left = Math.min(Math.max(EDGE, left), Math.max(EDGE, viewportWidth - width - EDGE));
    let top = button.bottom + GAP;
    if (top + height > viewportHeight - EDGE && button.top - GAP - height >= EDGE)
      top = button.top - GAP - height;
    top = Math.max(EDGE, Math.min(top, viewportHeight - height - EDGE));
    menu.style.left = `${Math.round(left)}px`;
    menu.style.top = `${Math.round(top)}px`;
  };

  // --- turning off -----------------------------------------------------------------------------------

  /** Listens to the preferences store in use (the host's, else the connection's): loads it once. */
  #bindPreferences() {
    const connection = this.#host.connection();
    const store = this.#host.preferences() ?? (connection ? preferencesOf(connection) : undefined);
    if (store === this.#preferences) return;
    this.#unlisten?.();
    this.#preferences = store;
    if (!store) {
      this.#unlisten = undefined;
      return;
    }
    const update = () => this.#host.element.requestUpdate();
    const stops = [store.$preferences.listen(update), store.$status.listen(update)];
    this.#unlisten = () => stops.forEach((stop) => stop());
    // `listen` mounts the stores, which starts their first load (once per store).
    update();
  }

  async #turn(workflowId: string, name: string, on: boolean) {
    const store = this.#preferences;
    if (!store) return;
    this.#status = { workflowId, name, state: on ? 'on' : 'off', busy: true };
    this.#say(on ? 'rowMenu.turnedOn' : 'rowMenu.turnedOff', name, false);
    const result: SaveResult = await store.setWorkflowChannels(workflowId, { in_app: on });
    if (this.#status?.workflowId !== workflowId) return;
    if (result.ok) {
      this.#status = { workflowId, name, state: on ? 'on' : 'off', busy: false };
      this.#moveFocusFromUndo(on);
    } else {
      this.#status = { workflowId, name, state: on ? 'onFailed' : 'offFailed', busy: false };
      this.#say(on ? 'rowMenu.undoFailed' : 'rowMenu.turnOffFailed', name, true);
      if (result.reason === 'failed') this.#error(result.error, 'updatePreferences');
    }
    this.#host.element.requestUpdate();
  }

  /** After Undo worked its button goes: the focus moves to Dismiss rather than to the page. */
  #moveFocusFromUndo(on: boolean) {
    const root = this.#host.element.shadowRoot;
    if (!on || root?.activeElement !== root?.querySelector('[data-status="undo"]')) return;
    void (this.#host.element as unknown as { updateComplete: Promise<unknown> }).updateComplete.then(() =>
      root?.querySelector<HTMLElement>('[data-status="dismiss"]')?.focus(),
    );
  }

  #say(key: TranslationKey, name: string, failed: boolean) {
    const text = this.#host.translator().t(key, { name });
    this.#polite = failed ? '' : text;
    this.#alert = failed ? text : '';
    this.#host.element.requestUpdate();
  }

  readonly #dismiss = () => {
    const root = this.#host.element.shadowRoot;
    const hadFocus = root?.activeElement?.closest('.row-status') != null;
    this.#status = undefined;
    this.#polite = '';
    this.#alert = '';
    this.#host.element.requestUpdate();
    if (hadFocus) {
      void (this.#host.element as unknown as { updateComplete: Promise<unknown> }).updateComplete.then(() =>
        root?.querySelector<HTMLElement>('[data-key][tabindex="0"], #title')?.focus(),
      );
    }
  };

  /** Adds the menu's styles to the inbox's shadow root, once. */
  #style() {
    const root = this.#host.element.shadowRoot;
    if (this.#styled || !root) return;
    this.#styled = true;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(menuStyles);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
}
