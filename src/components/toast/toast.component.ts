import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Message } from '../../client/types.js';
import { inboxOf } from '../../context/inbox-of.js';
import { NotifMessageClickEvent } from '../../events/message-click.js';
import { enToast } from '../../i18n/en-toast.js';
import { translatorFormats } from '../../i18n/formats.js';
import { addBuiltInStrings, provideFormats } from '../../i18n/translator.js';
import { Announcer } from '../../internal/announcer.js';
import { icon } from '../../internal/icons.js';
import { InboxBinding } from '../../internal/inbox-binding.js';
import { NotifElement } from '../../internal/notif-element.js';
import { controlStyles } from '../../internal/controls.js';
import { reportFailure } from '../../internal/report-failure.js';
import { safeUrl } from '../../internal/safe-url.js';
import type { InboxStore } from '../../store/inbox.js';
import { messageHeading } from '../inbox/inbox-message.js';
import type { NotifRowContext, RenderHook, RowRenderers } from '../inbox/render-hooks.js';
import { pressMessageAction, rowContext } from '../inbox/row-context.js';
import { renderToastRow } from './toast-row.js';
import { bodyFormatter, type NotifBodyFormat } from '../inbox/body-format.js';
import { toastStyles } from './toast.styles.js';
import { DEFAULT_TOAST_DURATION, MAX_TOASTS, type ToastPosition } from './toast.types.js';

addBuiltInStrings(enToast);
// Its dates and times (the bell alone shows none: not on its critical path).
provideFormats(translatorFormats);

/** Ids remembered as shown, so that one arrival shows once in this tab (however many ways it comes in). */
const REMEMBERED = 500;

interface ShownToast {
  readonly key: string;
  readonly message: Message;
  /** Milliseconds left before it leaves; counted down only while the toasts are neither hovered nor focused. */
  remaining: number;
  startedAt: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * New notifications as toasts at a corner of the page, from the inbox store the element shares with the
 * bell (through a surrounding `<notif-provider>`, its own `base-url` and `subscriber-id`, or `.store`). It
 * costs no request of its own: it hears the store's arrivals (from a poll, another tab or the live stream),
 * never the messages of the first load.
 *
 * At most three toasts show at once (a fourth arrival pushes the oldest out). Each leaves after `duration`
 * unless the pointer is over the toasts or the focus is in them: the timers pause meanwhile. Escape dismisses
 * the focused toast (or the newest). Activating a toast acts as a click on the message in the inbox: a
 * cancelable `notif-message-click`, then the message is marked read and its safe URL followed. Screen
 * readers hear each arrival politely; the focus never moves. A hidden tab shows none (what arrived meanwhile
 * waits in the inbox), and under `prefers-reduced-motion` toasts appear without motion. Messages are
 * untrusted: they show as text only.
 *
 * A toast shows its message as an inbox row does, with the same render hooks (`renderMessage`,
 * `renderAvatar`, `renderSubject`, `renderBody`, `renderActions`, and the same `context`). The toast keeps
 * what makes it one: its button that opens the message (named by the subject, covering the toast, so that a
 * click anywhere but on a control of the content acts as a message click), the dismiss button, Escape, the
 * timers and the announcement. In a toast every control is in the tab order: `context.focused` is always
 * `true`. By default a toast shows no call-to-action buttons; `renderActions` may add some
 * (`context.pressAction(i)` fires `notif-action`, marks the message read and dismisses the toast).
 *
 * @summary New notifications as toasts at a corner of the page.
 *
 * @tagname notif-toast
 *
 * @csspart base - The region holding the toasts (present while some show).
 * @csspart list - The list of toasts.
 * @csspart toast - One toast.
 * @csspart avatar - The sender's avatar (with `avatar-fallback` while the initials or icon show).
 * @csspart avatar-image - The avatar's picture.
 * @csspart subject - The button with the message's subject that opens it.
 * @csspart time - When the message arrived.
 * @csspart content - The message's body, as text (formatted with `body-format="markdown"`), two lines at most.
 * @csspart body-link - A link in a formatted body (`body-format="markdown"`).
 * @csspart body-code - Inline code in a formatted body (`body-format="markdown"`).
 * @csspart dismiss - The dismiss button.
 * @csspart actions - What `renderActions` returned.
 * @csspart custom - What `renderMessage` returned.
 *
 * @cssprop --notif-toast-width - Width of a toast, at most the viewport's (default 22rem).
 * @cssprop --notif-toast-gap - Space between toasts (default 0.5rem).
 * @cssprop --notif-toast-offset - Space between the toasts and the viewport's edges (default 1rem).
 * @cssprop --notif-toast-avatar-size - Size of the avatar (default 2rem).
 * @cssprop --notif-toast-background - Background of a toast (default the surface colour).
 * @cssprop --notif-toast-radius - Corner radius of a toast (default `--notif-radius-m`).
 * @cssprop --notif-toast-shadow - Shadow of a toast (default `--notif-shadow`).
 * @cssprop --notif-toast-z-index - Stacking order of the toasts (default 2147483000).
 *
 * @fires notif-message-click - A toast was activated. Cancelable: unless cancelled, the message is marked read and its safe CTA URL is followed.
 * @fires notif-action - A call-to-action button of a custom toast was pressed (`context.pressAction`). Cancelable: unless cancelled, the message is marked read.
 * @fires notif-error - Marking the message read failed.
 */
export class NotifToast extends NotifElement {
  static override styles = [...NotifElement.styles, controlStyles, toastStyles];

  static override properties = {
    store: { attribute: false },
    position: { type: String, reflect: true },
    duration: { type: Number },
    navigate: { attribute: false },
    renderMessage: { attribute: false },
    renderAvatar: { attribute: false },
    renderSubject: { attribute: false },
    renderBody: { attribute: false },
    renderActions: { attribute: false },
    bodyFormat: { type: String, attribute: 'body-format' },
    /** @internal */
    toasts: { state: true, attribute: false },
  };

  readonly #announcer = new Announcer(this);
  readonly #inbox = new InboxBinding(
    this,
    this.storeSource(() => this.store, inboxOf),
    (messages) => this.#arrive(messages),
  );

  /** An inbox store, for example the one the bell uses. Wins over attributes and context. */
  declare store: InboxStore | undefined;
  /** The corner: `top-end` (default), `bottom-end`, `top-start` or `bottom-start`; `end` is the left in right-to-left pages. */
  declare position: ToastPosition;
  /** Milliseconds a toast stays (paused while hovered or focused). Default 6000. */
  declare duration: number;
  /** Follows a message's URL when its toast is activated. Default: `location.assign`. Set it to use your router. */
  declare navigate: (url: string) => void;
  /**
   * Replaces the content of a toast, as on `<notif-inbox>`. Return a Lit template, a DOM node, text, or
   * `undefined` for the default. A click on it acts as a message click, except on its own controls.
   *
   * @example
   * toast.renderMessage = (message, context) => html`<strong>${context.subject}</strong> ${context.time}`;
   */
  declare renderMessage: RenderHook | undefined;
  /** Replaces the avatar of the default toast, as on `<notif-inbox>`. */
  declare renderAvatar: RenderHook | undefined;
  /** Replaces the subject in the default toast's open button (text and phrasing content only: no controls). */
  declare renderSubject: RenderHook | undefined;
  /** Replaces the body text of the default toast, as on `<notif-inbox>`. */
  declare renderBody: RenderHook | undefined;
  /** Adds buttons under the default toast's body (a toast shows none by default). */
  declare renderActions: RenderHook | undefined;
  /**
   * How bodies are read: `text` (default) or `markdown`, the inbox's safe subset (see
   * `NotifInbox.bodyFormat`), its code loaded the first time it is set. A link in a toast follows the link
   * only; the subject still opens the message.
   */
  declare bodyFormat: NotifBodyFormat | undefined;

  /** The toasts showing, oldest first. */
  declare private toasts: readonly ShownToast[];
  readonly #shown = new Set<string>();
  readonly #brokenAvatars = new Set<string>();
  #hovered = false;
  #focused = false;

  constructor() {
    super();
    this.position = 'top-end';
    this.duration = DEFAULT_TOAST_DURATION;
    this.toasts = [];
    this.navigate = (url) => window.location.assign(url);
  }

  /** The store in use: `.store`, else the one of the element's attributes or of its provider. */
  get activeStore(): InboxStore | undefined {
    return this.#inbox.active;
  }

  /** Removes every toast. */
  clear(): void {
    for (const toast of this.toasts) clearTimeout(toast.timer);
    this.toasts = [];
  }

  get #paused(): boolean {
    return this.#hovered || this.#focused;
  }

  // --- handlers ------------------------------------------------------------------------------------

  #arrive(messages: readonly Message[]) {
    // A hidden tab shows nothing: what arrived meanwhile is in the inbox when the person comes back.
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      messages.forEach((message) => this.#remember(message));
      return;
    }
    const fresh = messages.filter((message) => message._id && !this.#shown.has(message._id));
    if (fresh.length === 0) return;
    fresh.forEach((message) => this.#remember(message));
    // Newest first from the store: the oldest goes in first, so the newest ends nearest the corner's edge.
    const added = [...fresh].reverse().map((message) =>
      this.#start({
        key: message._id!,
        message,
        remaining: this.duration > 0 ? this.duration : DEFAULT_TOAST_DURATION,
        startedAt: Date.now(),
      }),
    );
    const all = [...this.toasts, ...added];
    for (const gone of all.slice(0, Math.max(0, all.length - MAX_TOASTS))) clearTimeout(gone.timer);
    this.toasts = all.slice(-MAX_TOASTS);
    const t = this.translator;
    this.#announcer.announce(
      fresh.length === 1
        ? t.t('toast.announce', { subject: messageHeading(fresh[0]!) || t.t('toast.untitled') })
        : t.t('inbox.announce.new', { count: fresh.length }),
    );
  }

  #remember(message: Message) {
    if (!message._id) return;
    this.#shown.add(message._id);
    if (this.#shown.size > REMEMBERED) this.#shown.delete(this.#shown.values().next().value!);
  }

  #start(toast: ShownToast): ShownToast {
    if (this.#paused) return toast;
    toast.startedAt = Date.now();
    toast.timer = setTimeout(() => this.dismiss(toast.key), toast.remaining);
    return toast;
  }

  #pause() {
    const now = Date.now();
    for (const toast of this.toasts) {
      if (toast.timer === undefined) continue;
      clearTimeout(toast.timer);
      toast.timer = undefined;
      toast.remaining = Math.max(0, toast.remaining - (now - toast.startedAt));
    }
  }

  #resume() {
    for (const toast of this.toasts) if (toast.timer === undefined) this.#start(toast);
  }

  #setPaused(change: () => void) {
    const was = this.#paused;
    change();
    if (was === this.#paused) return;
    if (this.#paused) this.#pause();
    else this.#resume();
  }

  /** Removes the toast of the message `key`; the focus, when it was in that toast, moves to its neighbour. */
  dismiss(key: string): void {
    const index = this.toasts.findIndex((toast) => toast.key === key);
    if (index < 0) return;
    const toast = this.toasts[index]!;
    clearTimeout(toast.timer);
    const item = this.#item(key);
    const hadFocus = item?.contains(this.shadowRoot?.activeElement ?? null) ?? false;
    this.toasts = this.toasts.filter((other) => other !== toast);
    if (!hadFocus) return;
    const next = this.toasts[index] ?? this.toasts[index - 1];
    void this.updateComplete.then(() => {
      if (next) this.#item(next.key)?.querySelector<HTMLElement>('.open')?.focus();
      else this.#setPaused(() => (this.#focused = false));
    });
  }

  #item(key: string): HTMLElement | undefined {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[part~="toast"]')].find(
      (item) => item.dataset.key === key,
    );
  }

  #onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || this.toasts.length === 0) return;
    const item = (event.composedPath() as Element[]).find(
      (node) => node instanceof HTMLElement && node.dataset.key,
    );
    event.preventDefault();
    this.dismiss((item as HTMLElement | undefined)?.dataset.key ?? this.toasts.at(-1)!.key);
  }

  #onFocusOut(event: FocusEvent) {
    const next = event.relatedTarget as Node | null;
    if (next && this.shadowRoot?.contains(next)) return;
    this.#setPaused(() => (this.#focused = false));
  }

  async #activate(toast: ShownToast) {
    const { message } = toast;
    const url = safeUrl(message.cta?.data?.url);
    const event = new NotifMessageClickEvent({ message, url });
    this.dismiss(toast.key);
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

  // --- lifecycle -----------------------------------------------------------------------------------

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.clear();
    this.#hovered = this.#focused = false;
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.#inbox.bind();
  }

  // --- render --------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const t = this.translator;
    return html`${
      this.toasts.length === 0
        ? nothing
        : html`<section
            part="base"
            class="base"
            aria-label=${t.t('toast.region')}
            lang=${t.locale}
            dir=${this.contentDir}
            @pointerenter=${() => this.#setPaused(() => (this.#hovered = true))}
            @pointerleave=${() => this.#setPaused(() => (this.#hovered = false))}
            @focusin=${() => this.#setPaused(() => (this.#focused = true))}
            @focusout=${this.#onFocusOut}
            @keydown=${this.#onKeyDown}
            @error=${{ handleEvent: (event: Event) => this.#onAvatarError(event), capture: true }}
          >
            <ol part="list" class="list">
              ${repeat(
                this.toasts,
                (toast) => toast.key,
                (toast, index) => this.#renderToast(toast, index),
              )}
            </ol>
          </section>`
    }${this.#announcer.render()}`;
  }

  #renderToast(toast: ShownToast, index: number): TemplateResult {
    const t = this.translator;
    return html`<li part="toast" class="toast" data-key=${toast.key}>
      ${this.renderToastMessage(toast.message, `toast-${index}`, () => void this.#activate(toast), index)}
      <button
        part="dismiss"
        class="dismiss"
        title=${t.t('toast.dismiss')}
        aria-label=${t.t('toast.dismiss')}
        @click=${() => this.dismiss(toast.key)}
      >
        ${icon('close')}
      </button>
    </li>`;
  }

  /**
   * What a toast shows of its message: the inbox's row pieces, or what the render hooks give (see
   * `toast-row.ts`). A subclass may override it. Return text or Lit templates, never HTML strings.
   */
  protected renderToastMessage(message: Message, id: string, open: () => void, index = 0): TemplateResult {
    const hooks: RowRenderers = {
      renderMessage: this.renderMessage,
      renderAvatar: this.renderAvatar,
      renderSubject: this.renderSubject,
      renderBody: this.renderBody,
      renderActions: this.renderActions,
    };
    const now = new Date();
    let context: NotifRowContext | undefined;
    return renderToastRow({
      message,
      id,
      open,
      now,
      t: this.translator,
      hooks,
      icons: this.icons,
      brokenAvatars: this.#brokenAvatars,
      formatBody: bodyFormatter(this, this.bodyFormat),
      context: () => (context ??= this.#rowContext(message, index, now)),
    });
  }

  /** The hooks' context, built as the inbox builds it; a pressed button also dismisses the toast. */
  #rowContext(message: Message, index: number, now: Date): NotifRowContext {
    const store = () => this.activeStore;
    return rowContext(message, {
      host: this,
      store,
      t: this.translator,
      dir: this.contentDir,
      index,
      focused: true,
      now,
      pressAction: (button) => {
        if (pressMessageAction(this, store(), message, button) && message._id) this.dismiss(message._id);
      },
    });
  }
}
