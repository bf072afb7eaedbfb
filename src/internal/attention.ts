/**
 * What draws the eye beyond the bell, each opt-in by an attribute of `<notif-bell>` and loaded with
 * `import()` only when one is set (none of it is on the bell's critical path). All of it rides the store the
 * bell already has: no request of its own.
 *
 * - `title-count`: the page's title starts with the unseen count, "(3) Inbox", while there is one; the
 *   title is the page's own again when the count drops to 0, the attribute goes or the bell leaves the page.
 *   A title the page sets meanwhile becomes the new base.
 * - `favicon-badge`: a dot with the count drawn over the page's icon (`<link rel="icon">`), on a canvas:
 *   over the icon's image when it can be read (same origin or CORS), else over a generated icon. The page's
 *   own icon comes back as for the title.
 * - `desktop-notifications`: the browser's Notification API. Permission is asked only from the switch the
 *   bell's settings view then shows ("Desktop notifications", or "Blocked in the browser" when denied),
 *   never on its own. One tab only (the holder of a Web Lock per subscriber; without Web Locks every tab,
 *   and the notification's `tag`, the message id, lets the browser keep one) notifies, and only while the page
 *   is hidden (a visible page has the bell and its toasts). Several arrivals at once make one notification,
 *   "3 new notifications". A click focuses the tab, opens the bell and acts as a click on the message.
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { renderSwitch, switchStyles } from './switch.js';
import type { Message } from '../client/types.js';
import type { contentText, messageHeading } from '../components/inbox/inbox-message.js';
import type { NotifMessageClickEvent } from '../events/message-click.js';
import type { Translator } from '../i18n/index.js';
import type { InboxStore } from '../store/inbox.js';
import type { reportFailure } from './report-failure.js';
import type { safeUrl } from './safe-url.js';

/**
 * What the attention code uses of the bell's own modules, handed over by the bell: imported here, they would
 * be split out of the bell's bundle into a chunk shared with this one (one more file before the bell works).
 */
export interface AttentionKit {
  messageHeading: typeof messageHeading;
  contentText: typeof contentText;
  safeUrl: typeof safeUrl;
  reportFailure: typeof reportFailure;
  NotifMessageClickEvent: typeof NotifMessageClickEvent;
}

/** What the attention code needs of the bell. */
export interface AttentionHost extends HTMLElement {
  readonly activeStore: InboxStore | undefined;
  readonly titleCount: boolean;
  readonly faviconBadge: boolean;
  readonly desktopNotifications: boolean;
  readonly shadowRoot: ShadowRoot | null;
  show(): void;
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
}

/** The person turned desktop notifications off in this browser (with permission still granted). */
const OFF_KEY = 'notif-elements.desktop-notifications';
const ICON_SIZE = 32;

const desktopStyles = `
  .desktop { padding: var(--_space); border-block-start: 1px solid var(--_border); }
  .desktop-state { margin: var(--_space-s) 0 0; color: var(--_muted); font-size: var(--_font-size-s); }
`;

const permission = (): NotificationPermission | undefined =>
  typeof Notification === 'undefined' ? undefined : Notification.permission;

export class Attention implements ReactiveController {
  readonly #host: AttentionHost;
  readonly #t: () => Translator;
  readonly #kit: AttentionKit;
  #store?: InboxStore;
  #unbind?: () => void;
  #unseen = 0;
  /** The page's own title, and the one written over it. */
  #baseTitle = '';
  #writtenTitle?: string;
  /** The icon link and its own `href` (null: none), while a badge is drawn; `created` when the page had none. */
  #icon?: { link: HTMLLinkElement; href: string | null; created: boolean; drawn?: string };
  #iconImage?: Promise<HTMLImageElement | null>;
  #drawing = 0;
  /** Desktop notifications: this tab holds the lock (or there are no locks), and the release of that lock. */
  #leader = false;
  #releaseLock?: AbortController;
  #enabled = readOff() !== 'off';
  #styled = false;

  constructor(host: AttentionHost, translator: () => Translator, kit: AttentionKit) {
    this.#host = host;
    this.#t = translator;
    this.#kit = kit;
    host.addController(this);
    // The settings view may be showing already: it gets its switch.
    host.requestUpdate();
  }

  hostConnected(): void {
    this.hostUpdated();
  }

  hostUpdated(): void {
    const host = this.#host;
    if (!host.isConnected) return;
    const store = host.activeStore;
    if (store !== this.#store) this.#bind(store);
    this.#apply();
    if (host.desktopNotifications) this.#lead(store);
    else this.#abdicate();
  }

  hostDisconnected(): void {
    this.#bind(undefined);
    this.#abdicate();
    this.#unseen = 0;
    this.#apply();
  }

  #bind(store: InboxStore | undefined) {
    this.#unbind?.();
    this.#unbind = undefined;
    this.#store = store;
    if (!store) return;
    const stopCounts = store.$counts.subscribe((counts) => {
      this.#unseen = counts.unseen;
      this.#apply();
    });
    const stopNew = store.onNewMessages((messages) => this.#notify(messages));
    this.#unbind = () => {
      stopCounts();
      stopNew();
    };
  }

  #apply() {
    const count = this.#unseen;
    this.#title(this.#host.titleCount && this.#host.isConnected ? count : 0);
    void this.#favicon(this.#host.faviconBadge && this.#host.isConnected ? count : 0);
  }

  #label(count: number): string {
    const t = this.#t();
    return count > 99 ? t.t('bell.badgeOverflow') : t.number(count);
  }

  // --- title ---------------------------------------------------------------------------------------

  #title(count: number) {
    // A title the page set since is its new own title.
    if (document.title !== this.#writtenTitle) this.#baseTitle = document.title;
    if (count > 0) {
      document.title = this.#writtenTitle = `(${this.#label(count)}) ${this.#baseTitle}`;
    } else if (this.#writtenTitle !== undefined) {
      if (document.title === this.#writtenTitle) document.title = this.#baseTitle;
      this.#writtenTitle = undefined;
    }
  }

  // --- favicon -------------------------------------------------------------------------------------

  async #favicon(count: number) {
    const drawing = ++this.#drawing;
    if (count === 0) {
      this.#restoreIcon();
      return;
    }
    const icon = this.#claimIcon();
    const image = await this.#loadIcon(icon.href);
    if (drawing !== this.#drawing || this.#icon !== icon) return;
    const url = drawBadge(image, count > 9 ? '9+' : String(count), this.#accent());
    icon.link.href = icon.drawn = url;
  }

  #claimIcon() {
    if (this.#icon) return this.#icon;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon" i]');
    const created = !link;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    return (this.#icon = { link, href: link.getAttribute('href'), created });
  }

  #restoreIcon() {
    const icon = this.#icon;
    if (!icon) return;
    this.#icon = undefined;
    if (icon.created) icon.link.remove();
    // A page that changed its icon meanwhile keeps its new one.
    else if (icon.link.href === icon.drawn) {
      if (icon.href === null) icon.link.removeAttribute('href');
      else icon.link.setAttribute('href', icon.href);
    }
  }

  /** The page's icon as an image a canvas may read, or null (none, not loadable, or cross-origin without CORS). */
  #loadIcon(href: string | null): Promise<HTMLImageElement | null> {
    return (this.#iconImage ??= new Promise((resolve) => {
      if (!href) return resolve(null);
      const image = new Image();
      image.crossOrigin = 'anonymous';
      image.onload = () => resolve(image);
      image.onerror = () => resolve(null);
      image.src = new URL(href, document.baseURI).href;
    }));
  }

  #accent(): string {
    return getComputedStyle(this.#host).getPropertyValue('--notif-bell-badge-color').trim() || '#d92d20';
  }

  // --- desktop notifications ------------------------------------------------------------------------

  /** Joins the election of the notifying tab (one Web Lock per subscriber); without Web Locks, every tab leads. */
  #lead(store: InboxStore | undefined) {
    if (!store || this.#releaseLock) return;
    const release = (this.#releaseLock = new AbortController());
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) {
      this.#leader = true;
      return;
    }
    locks
      .request(`notif-elements-desktop|${store.subscriberId}`, { signal: release.signal }, () => {
        this.#leader = true;
        return new Promise<void>((resolve) => release.signal.addEventListener('abort', () => resolve()));
      })
      .catch(() => {}); // aborted while waiting
  }

  #abdicate() {
    this.#releaseLock?.abort();
    this.#releaseLock = undefined;
    this.#leader = false;
  }

  #notify(messages: readonly Message[]) {
    if (!this.#host.desktopNotifications || !this.#enabled || !this.#leader) return;
    if (permission() !== 'granted' || document.visibilityState !== 'hidden') return;
    const t = this.#t();
    const { messageHeading, contentText } = this.#kit;
    const single = messages.length === 1 ? messages[0]! : undefined;
    const title = single
      ? messageHeading(single) || t.t('inbox.announce.new', { count: 1 })
      : t.t('inbox.announce.new', { count: messages.length });
    const body = single
      ? contentText(single.content)
      : messages.map(messageHeading).filter(Boolean).join('\n');
    try {
      const notification = new Notification(title, {
        body: body.slice(0, 300),
        tag: `notif-elements|${messages[0]?._id ?? ''}`,
        lang: t.locale,
        dir: t.dir,
      });
      notification.onclick = () => this.#open(notification, single);
    } catch {
      // A browser that shows notifications only through a service worker: none then.
    }
  }

  /** A click on a desktop notification: back to the tab, the bell open, and the message acted on as a click would. */
  #open(notification: Notification, message: Message | undefined) {
    window.focus();
    notification.close();
    this.#host.show();
    if (!message) return;
    const { safeUrl, NotifMessageClickEvent, reportFailure } = this.#kit;
    const url = safeUrl(message.cta?.data?.url);
    const event = new NotifMessageClickEvent({ message, url });
    this.#host.dispatchEvent(event);
    if (event.defaultPrevented) return;
    if (!message.read && message._id) {
      void reportFailure(this.#host, this.#store?.markAs([message._id], 'read'), 'markAs');
    }
    if (url) window.location.assign(url);
  }

  /** The switch of the bell's settings view; the permission is asked only from it. */
  renderSwitch(): TemplateResult | typeof nothing {
    const state = permission();
    if (!this.#host.desktopNotifications || state === undefined) return nothing;
    this.#style();
    const t = this.#t();
    const denied = state === 'denied';
    const checked = state === 'granted' && this.#enabled;
    return html`<div class="desktop" part="desktop">
      ${renderSwitch({
        label: t.t('bell.desktop'),
        checked,
        disabled: denied,
        describedBy: denied ? 'desktop-state' : undefined,
        key: 'desktop',
        onChange: (on) => void this.#turn(on),
      })}
      ${denied ? html`<p class="desktop-state" id="desktop-state">${t.t('bell.desktopBlocked')}</p>` : nothing}
    </div>`;
  }

  /** Adds the switch's styles to the bell's shadow root, once. */
  #style() {
    const root = this.#host.shadowRoot;
    if (this.#styled || !root) return;
    this.#styled = true;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(desktopStyles);
    const shared = switchStyles.styleSheet;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...(shared ? [shared] : []), sheet];
  }

  async #turn(on: boolean) {
    if (on && permission() === 'default') await Notification.requestPermission();
    this.#enabled = on;
    try {
      if (on) localStorage.removeItem(OFF_KEY);
      else localStorage.setItem(OFF_KEY, 'off');
    } catch {
      // Storage refused: the choice lasts as long as the page.
    }
    this.#host.requestUpdate();
  }
}

function readOff(): string | null {
  try {
    return localStorage.getItem(OFF_KEY);
  } catch {
    return null;
  }
}

/** The icon with a badge at its top end: over `image` when given, else over a generated round icon. */
function drawBadge(image: HTMLImageElement | null, text: string, color: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = ICON_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return '';
  const generated = () => {
    context.clearRect(0, 0, ICON_SIZE, ICON_SIZE);
    context.fillStyle = '#3347c9';
    context.beginPath();
    context.arc(16, 16, 14, 0, 2 * Math.PI);
    context.fill();
  };
  if (image) context.drawImage(image, 0, 0, ICON_SIZE, ICON_SIZE);
  else generated();
  context.fillStyle = color;
  context.beginPath();
  context.arc(22, 10, 10, 0, 2 * Math.PI);
  context.fill();
  context.fillStyle = '#fff';
  context.font = `bold ${text.length > 1 ? 11 : 14}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, 22, 11);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    // The image tainted the canvas after all: the generated icon then.
    return drawBadge(null, text, color);
  }
}
