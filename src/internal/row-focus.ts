/**
 * Keeps the keyboard focus on the same row of a list, by the row's key, while the list re-renders under it.
 *
 * Rows come and go for many reasons the user did not cause: a page loads, new messages arrive at the top, a
 * list switches between plain and virtualized rendering (replacing every row), a virtualizer recycles rows.
 * When the focused row (or a control in it) is removed, the browser moves the focus to `<body>`, and a
 * keyboard or screen-reader user loses their place. This controller remembers which row had the focus and,
 * whenever rows are added or removed, puts the focus back on the row with that key: on the same control
 * in it (by its `data-action`) when there is one.
 *
 * Rows carry `data-key`; focusable controls in a row carry `data-action` (and `data-button` for several of
 * one kind). The focus is only restored while it is lost (on `<body>`) or on a row that now shows another
 * key: it is never taken back from wherever the user moved it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface RowFocusOptions {
  /** The list element whose rows are kept focused. */
  list(): HTMLElement | null;
  /**
   * Called when the remembered row is not rendered: returns the key to focus instead (its neighbour, when
   * the row left the list), the same key when the row is still in the list but out of the rendered range
   * (and should be brought into view), or `undefined` to give up.
   */
  missing(key: string): string | undefined;
  /** Asks for the row with this key to be rendered (a virtualized list scrolls to it). */
  reveal(key: string): void;
}

const ROW = '[data-key]';

/** The element that has the focus, through every open shadow root. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export class RowFocusController implements ReactiveController {
  /** The key of the row that holds the focus, or `undefined` when the focus is not in the list. */
  #key: string | undefined;
  /** `data-action` and `data-button` of the focused control in the row, or `null` for the row itself. */
  #control: string | null = null;
  /**
   * Set by `focus()`: the row may be brought into view, again whenever a virtualizer drops it while placing
   * rows, until the user scrolls the list themselves (`userScrolled()`). A row the user scrolled away from is
   * not brought back.
   */
  #revealing = false;
  /** Made when a row is first remembered: never on the server, which has no `MutationObserver`. */
  #observer?: MutationObserver;
  readonly #host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };
  readonly #options: RowFocusOptions;

  constructor(
    host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment },
    options: RowFocusOptions,
  ) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The key of the row that holds (or is to get back) the focus. */
  get focusedKey(): string | undefined {
    return this.#key;
  }

  /** Moves the focus to the row with this key, now or as soon as it is rendered. */
  focus(key: string, control: string | null = null): void {
    this.#remember(key, control);
    this.#revealing = true;
    this.#restore(true);
  }

  /**
   * Before a render that replaces every row (a switch between plain and virtualized rows): the list itself
   * holds the focus meanwhile, so keys pressed in between still reach it, and `keep()` gives it back.
   */
  hold(): void {
    const list = this.#options.list();
    if (this.#key !== undefined && list?.contains(deepActiveElement())) list.focus({ preventScroll: true });
  }

  /** After the list switched between plain and virtualized rows: bring the focused row back into view. */
  keep(): void {
    if (this.#key !== undefined) this.focus(this.#key, this.#control);
  }

  /** Call when the user scrolls the list (wheel, touch, pointer, scrolling keys): the row stays where it is. */
  readonly userScrolled = (): void => {
    this.#revealing = false;
  };

  /** Call from the list's `focusin`. */
  readonly onFocusIn = (event: FocusEvent): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof HTMLElement)) return;
    const row = target.closest<HTMLElement>(ROW);
    if (!row?.dataset.key) return;
    const action = target === row ? null : target.closest<HTMLElement>('[data-action]');
    this.#remember(
      row.dataset.key,
      action ? `[data-action="${action.dataset.action}"]${buttonSelector(action)}` : null,
    );
  };

  /** Call from the list's `focusout`. */
  readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    const list = this.#options.list();
    if (next instanceof Node && list?.contains(next)) return;
    if (next) {
      this.#forget();
      return;
    }
    // No new target: the user clicked something that takes no focus, or the window lost the focus (keep
    // the row), or the row was removed from the page (keep it and restore). Tell them apart once the
    // removal, if any, is done.
    const left = event.composedPath()[0];
    queueMicrotask(() => {
      if (left instanceof Node && left.isConnected && deepActiveElement() !== left) this.#forget();
    });
  };

  hostDisconnected(): void {
    this.#forget();
  }

  /** Call after every render of the host. */
  hostUpdated(): void {
    this.#restore();
  }

  #remember(key: string, control: string | null) {
    this.#key = key;
    this.#control = control;
    this.#observer ??= new MutationObserver(() => this.#restore());
    this.#observer.disconnect();
    this.#observer.observe(this.#host.renderRoot, { childList: true, subtree: true });
  }

  #forget() {
    this.#key = undefined;
    this.#control = null;
    this.#revealing = false;
    this.#observer?.disconnect();
  }

  /** Puts the focus back on the remembered row if it is lost or on another row. */
  #restore(moving = false, attempt = 0) {
    const key = this.#key;
    const list = this.#options.list();
    if (key === undefined || !list) return;
    const active = deepActiveElement();
    const activeRow =
      active instanceof Element && list.contains(active) ? active.closest<HTMLElement>(ROW) : null;
    if (activeRow && activeRow.dataset.key === key && !moving) return;
    const lost =
      !active || active === document.body || active === document.documentElement || active === list;
    if (!moving && !lost && !activeRow) {
      // The focus is somewhere else (the header, another widget): the user moved it.
      this.#forget();
      return;
    }
    const row = list.querySelector<HTMLElement>(`${ROW}[data-key="${CSS.escape(key)}"]`);
    if (!row) {
      const next = this.#options.missing(key);
      if (next === undefined) {
        this.#forget();
        return;
      }
      if (next !== key) {
        this.#key = next;
        this.#control = null;
        this.#restore(moving);
        return;
      }
      // Still in the list, not rendered (yet): the rows added for it will call `restore` again. Meanwhile the
      // list holds the focus, so keys still move from this row, without scrolling back to it.
      if (lost && active !== list) list.focus({ preventScroll: true });
      if (this.#revealing) this.#options.reveal(key);
      return;
    }
    const target = (this.#control && row.querySelector<HTMLElement>(this.#control)) || row;
    if (target === active) return;
    // Scrolls to the row only while it is being revealed: once the user scrolled the list (a retry below may
    // come frames later), the focus moves without taking the list back.
    target.focus({ preventScroll: !(moving && this.#revealing) });
    // A virtualizer keeps a row it has not placed yet hidden, and a hidden row takes no focus: try again on the
    // next frames (no mutation will say when it shows).
    if (deepActiveElement() !== target && attempt < 30) {
      requestAnimationFrame(() => this.#restore(moving, attempt + 1));
    }
  }
}

function buttonSelector(control: HTMLElement): string {
  return control.dataset.button === undefined ? '' : `[data-button="${control.dataset.button}"]`;
}
