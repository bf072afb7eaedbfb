/**
 * The inbox's `selectable` mode: a checkbox per row, Shift-range, Select all, keyboard, and the bulk bar
 * whose actions go to the store's `markAs` (which sends them in batches of at most 100 ids, each shown at once
 * and rolled back on its own when it fails). Loaded with `import()` the first time `selectable` is set, so
 * an inbox that never selects does not download it (issue 24's rule).
 *
 * The selection is a set of message ids, apart from the rendering: it survives paging, arrivals and the
 * virtualizer's recycling of rows; a message that leaves the list shown leaves the selection (see `prune`).
 */
import {
  css,
  html,
  nothing,
  type CSSResult,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { live } from 'lit/directives/live.js';
import type { Message } from '../../client/types.js';
import { enSelect } from '../../i18n/en-select.js';
import type { Translator } from '../../i18n/index.js';
import { addBuiltInStrings } from '../../i18n/translator.js';
import { reportFailure } from '../../internal/report-failure.js';
import type { ActionResult } from '../../store/contract.js';
import type { InboxStore } from '../../store/inbox.js';
import { contentText, messageHeading } from './inbox-message.js';

/** What a bulk action sets. */
export type BulkMarkAs = 'read' | 'unread' | 'seen';

/** What the selection needs from its inbox (the element itself). */
export interface SelectionHost extends ReactiveControllerHost, EventTarget {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly activeStore: InboxStore | undefined;
}

/** The row the keys or a click acted on. */
export interface SelectionTarget {
  message: Message;
  index: number;
  /** Whether the event's target is the row itself (not a control in it). */
  onItem: boolean;
}

const BULK: readonly {
  markAs: BulkMarkAs;
  key: 'select.markRead' | 'select.markUnread' | 'select.markSeen';
}[] = [
  { markAs: 'read', key: 'select.markRead' },
  { markAs: 'unread', key: 'select.markUnread' },
  { markAs: 'seen', key: 'select.markSeen' },
];

/** Whether `message` still needs `markAs` (a bulk action sends only those). */
function needs(message: Message, markAs: BulkMarkAs): boolean {
  if (markAs === 'read') return !message.read;
  if (markAs === 'unread') return message.read === true;
  return !message.seen;
}

export class InboxSelection implements ReactiveController {
  readonly #host: SelectionHost;
  /** The messages the list shows, in order (the loaded ones of the current view). */
  readonly #messages: () => readonly Message[];
  /** Says a text politely (the inbox's live region). */
  readonly #announce: (text: string) => void;
  /** The element's translator now (it changes with the locale). */
  readonly #translator: () => Translator;
  /** Selected message ids, in the order they were selected. */
  readonly #selected = new Set<string>();
  /** The last row toggled by hand: a Shift-click or Shift+Space selects from it. */
  #anchor: string | undefined;
  /** Whether a bulk-bar control had the focus before the update under way (it may be removed by it). */
  #barFocused = false;

  constructor(
    host: SelectionHost,
    messages: () => readonly Message[],
    announce: (text: string) => void,
    translator: () => Translator,
  ) {
    // Here, not at the module's top: bundlers that trust `sideEffects` keep what a used class does.
    addBuiltInStrings(enSelect);
    this.#host = host;
    this.#messages = messages;
    this.#announce = announce;
    this.#translator = translator;
    host.addController(this);
    adoptStyles(host.renderRoot, selectionStyles);
  }

  /** How many messages are selected. */
  get size(): number {
    return this.#selected.size;
  }

  /** The selected ids, in the order they were selected. */
  get ids(): string[] {
    return [...this.#selected];
  }

  has(id: string | undefined): boolean {
    return id !== undefined && this.#selected.has(id);
  }

  /**
   * Drops the ids of messages no longer shown (removed, or out of the current view). Called before every
   * render; quiet (the count shows the change): the user did not cause it.
   */
  prune(messages: readonly Message[]): void {
    if (this.#selected.size === 0 && this.#anchor === undefined) return;
    const shown = new Set(messages.map((message) => message._id));
    for (const id of this.#selected) if (!shown.has(id)) this.#selected.delete(id);
    if (this.#anchor !== undefined && !shown.has(this.#anchor)) this.#anchor = undefined;
  }

  /**
   * Toggles the row at `index`; with `range`, every row from the last toggled one to this one takes the
   * state this one gets (as in mail clients), and this one becomes the anchor.
   */
  toggle(index: number, range = false): void {
    const messages = this.#messages();
    const id = messages[index]?._id;
    if (id === undefined) return;
    const on = !this.#selected.has(id);
    const from = range ? messages.findIndex((message) => message._id === this.#anchor) : -1;
    if (from < 0) {
      this.#set(id, on);
    } else {
      const [start, end] = from < index ? [from, index] : [index, from];
      for (const message of messages.slice(start, end + 1)) this.#set(message._id, on);
    }
    this.#anchor = id;
    this.#changed();
  }

  /** Selects every row from the anchor (or `from`) to `to` (Shift+arrow), keeping the anchor. */
  extend(from: number, to: number): void {
    const messages = this.#messages();
    const anchorIndex = messages.findIndex((message) => message._id === this.#anchor);
    const start = anchorIndex >= 0 ? anchorIndex : from;
    if (anchorIndex < 0) this.#anchor = messages[from]?._id;
    const [a, b] = start < to ? [start, to] : [to, start];
    for (const message of messages.slice(a, b + 1)) this.#set(message._id, true);
    this.#changed();
  }

  /** Selects every loaded message shown (a virtualized list's too, rendered or not). */
  selectAll(): void {
    for (const message of this.#messages()) this.#set(message._id, true);
    this.#changed();
  }

  clear(): void {
    if (this.#selected.size === 0) return;
    this.#selected.clear();
    this.#anchor = undefined;
    this.#changed();
  }

  /**
   * Marks the selected messages that need it (`markAs` on the store: batches of at most 100 ids, optimistic,
   * each failed batch rolled back and shown by the inbox's error banner). The selection stays, so another
   * action can follow; in the Unread view, messages marked read leave it with the view.
   */
  mark(markAs: BulkMarkAs): Promise<ActionResult> | undefined {
    const byId = new Map(this.#messages().map((message) => [message._id, message]));
    const ids = this.ids.filter((id) => {
      const message = byId.get(id);
      return message !== undefined && needs(message, markAs);
    });
    if (ids.length === 0) return undefined;
    const action = this.#host.activeStore?.markAs(ids, markAs);
    // A failure is rolled back by the store and shown by the inbox's banner; `notif-error` tells the page.
    void reportFailure(this.#host, action, 'markAs');
    return action;
  }

  // --- events from the list --------------------------------------------------------------------------

  /** A click in the list: true when it was on a row's checkbox (toggled, Shift for a range). */
  onListClick(event: MouseEvent, target: SelectionTarget): boolean {
    const cell = (event.target as Element | null)?.closest?.('.select-cell');
    if (!cell) return false;
    this.toggle(target.index, event.shiftKey);
    return true;
  }

  /**
   * A key in the list: Space on a row or its checkbox toggles it (Shift+Space: the range from the last
   * toggled row); Shift+arrows extend the selection as the focus moves (the list then moves the focus);
   * Escape clears a selection. True when the key was used up here.
   */
  onListKeydown(event: KeyboardEvent, target: SelectionTarget, count: number): boolean {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const onCheckbox = (event.target as Element | null)?.matches?.('[data-action="select"]') ?? false;
    if (event.key === ' ' && (target.onItem || onCheckbox)) {
      event.preventDefault();
      this.toggle(target.index, event.shiftKey);
      return true;
    }
    if (event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const next = Math.max(0, Math.min(count - 1, target.index + (event.key === 'ArrowDown' ? 1 : -1)));
      this.extend(target.index, next);
      return false;
    }
    return this.#escape(event);
  }

  /** Escape clears a selection (and goes no further: a bell's panel stays open for a second Escape). */
  #escape(event: KeyboardEvent): boolean {
    if (event.key !== 'Escape' || this.#selected.size === 0) return false;
    event.preventDefault();
    event.stopPropagation();
    this.clear();
    return true;
  }

  // --- rendering -------------------------------------------------------------------------------------

  /** The checkbox at the start of a row, named by the message's subject (else the start of its body). */
  renderCheckbox(message: Message, active: boolean): TemplateResult {
    const t = this.#translator();
    const subject = messageHeading(message) || contentText(message.content).slice(0, 80);
    const selected = this.has(message._id);
    // Shift-click selects a range: no text selection for it (the mousedown would start one).
    return html`<span class="select-cell" @mousedown=${preventShiftSelect}
      ><input
        type="checkbox"
        class="select"
        part="select"
        data-action="select"
        tabindex=${active ? 0 : -1}
        aria-label=${t.t('select.row', { subject })}
        .checked=${live(selected)}
    /></span>`;
  }

  /** The bar above the list: "Select all" (tri-state), and while something is selected its count and actions. */
  renderBar(): TemplateResult {
    const t = this.#translator();
    const total = this.#messages().length;
    const count = this.#selected.size;
    const all = count > 0 && count >= total;
    return html`<div
      class="selection-bar"
      part="selection-bar"
      role="group"
      aria-label=${t.t('select.bar')}
      @keydown=${(event: KeyboardEvent) => this.#escape(event) && this.#focusSelectAll()}
    >
      <label class="select-all-label"
        ><input
          type="checkbox"
          class="select"
          part="select-all"
          data-select-all
          .checked=${live(all)}
          .indeterminate=${live(count > 0 && !all)}
          @change=${() => (all ? this.clear() : this.selectAll())}
        /><span class=${count > 0 ? 'visually-hidden' : ''}>${t.t('select.all')}</span></label
      >
      ${
        count > 0
          ? html`<span class="selection-count" part="selection-count">${t.t('select.count', { count })}</span>
              <button
                class="button quiet small"
                part="bulk-action"
                data-bulk="clear"
                aria-label=${t.t('select.clearLabel')}
                @click=${() => {
                  this.clear();
                  this.#focusSelectAll();
                }}
              >
                ${t.t('select.clear')}
              </button>
              <span class="bulk-actions">
                ${BULK.map(
                  ({ markAs, key }) =>
                    html`<button
                      class="button quiet small"
                      part="bulk-action"
                      data-bulk=${markAs}
                      @click=${() => void this.mark(markAs)}
                    >
                      ${t.t(key)}
                    </button>`,
                )}
              </span>`
          : nothing
      }
    </div>`;
  }

  // --- lifecycle ---------------------------------------------------------------------------------------

  hostUpdate(): void {
    const root = this.#host.renderRoot as ShadowRoot;
    this.#barFocused = root.activeElement?.matches?.('[data-bulk]') ?? false;
  }

  /** The bulk buttons go when the selection empties: their focus moves to "Select all", never to the page. */
  hostUpdated(): void {
    if (!this.#barFocused) return;
    this.#barFocused = false;
    const root = this.#host.renderRoot as ShadowRoot;
    if (!root.activeElement) this.#focusSelectAll();
  }

  /** Focuses "Select all"; the title when the bar went with the list (the last message left the view). */
  #focusSelectAll(): void {
    const root = this.#host.renderRoot;
    (
      root.querySelector<HTMLElement>('[data-select-all]') ?? root.querySelector<HTMLElement>('#title')
    )?.focus();
  }

  #set(id: string | undefined, on: boolean): void {
    if (id === undefined) return;
    if (on) this.#selected.add(id);
    else this.#selected.delete(id);
  }

  #changed(): void {
    const t = this.#translator();
    this.#announce(t.t('select.count', { count: this.#selected.size }));
    this.#host.requestUpdate();
  }
}

function preventShiftSelect(event: MouseEvent): void {
  if (event.shiftKey) event.preventDefault();
}

/** Adds the selection's styles to the inbox's shadow root, once (they are not in the inbox's own styles). */
function adoptStyles(root: HTMLElement | DocumentFragment, styles: CSSResult): void {
  const sheet = styles.styleSheet;
  if (!(root instanceof ShadowRoot) || !sheet || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

const selectionStyles = css`
  .selection-bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-s);
    min-block-size: 2.5rem;
    padding-block: 0.25rem;
    padding-inline: var(--_row-pad-start, 1rem) var(--_row-pad-inline, 1rem);
    border-block-end: 1px solid var(--_separator, var(--_border));
    font-size: var(--_font-size-s);
    color: var(--_fg);
  }

  .select-all-label {
    display: inline-flex;
    align-items: center;
    gap: var(--_space-s);
    cursor: pointer;
  }

  .selection-count {
    font-weight: 600;
  }

  /* "3 selected · Clear" first; the actions at the end of that line, or of their own line in a narrow panel. */
  .bulk-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    margin-inline-start: auto;
  }

  .selection-bar .button {
    padding-inline: 0.375rem;
  }

  .select {
    inline-size: 1.125rem;
    block-size: 1.125rem;
    margin: 0;
    accent-color: var(--_accent);
    cursor: pointer;
  }

  .select:focus-visible {
    outline: 2px solid var(--_focus, var(--_accent));
    outline-offset: 2px;
  }

  /* A column of its own at the row's start, before the avatar; the whole cell is the click target. */
  .item:has(> .select-cell) {
    grid-template-columns: auto var(--_avatar) minmax(0, 1fr);
  }

  .select-cell {
    display: flex;
    align-items: flex-start;
    justify-content: flex-start;
    min-inline-size: 1.5rem;
    padding-block-start: 0.375rem;
    user-select: none;
  }

  /* A row drawn by renderMessage lays out its own content: the checkbox takes the start padding. */
  .item.custom:has(> .select-cell) {
    padding-inline-start: calc(var(--_row-pad-inline) + 2rem);
  }

  .item.custom > .select-cell {
    position: absolute;
    inset-block: var(--_row-pad-block);
    inset-inline-start: var(--_row-pad-inline);
  }

  .item:has(> .select-cell .select:checked) {
    --_row-bg: var(--notif-row-selected-bg, color-mix(in srgb, var(--_accent) 12%, var(--_bg)));
  }

  @media (hover: none) and (pointer: coarse) {
    .item:has(> .select-cell) {
      grid-template-columns: auto var(--_avatar) minmax(0, 1fr) auto;
    }
    /* The cell is as tall as the row and is the checkbox's target: a wider one for fingers. */
    .select-cell {
      min-inline-size: 2rem;
    }
  }

  @media (forced-colors: active) {
    .item:has(> .select-cell .select:checked) {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
`;
