/**
 * What the bell, the inbox and the preferences share: the connection attributes, the locale and strings,
 * the theme, and the two controllers that turn them into a connection and a translator.
 */
import { isServer, LitElement, type PropertyDeclarations } from 'lit';
import type { NotifConnection } from '../context/registry.js';
import type { PartialTranslation, Translator } from '../i18n/index.js';
import type { NotifIcons } from './icons.js';
import { ConnectionController } from './connection-controller.js';
import { LocaleController } from './locale-controller.js';
import { attachServerShadowRoot } from './server-shadow-root.js';
import { themeStyles } from './theme.styles.js';

export abstract class NotifElement extends LitElement {
  static override styles = [themeStyles];

  static override properties: PropertyDeclarations = {
    baseUrl: { type: String, attribute: 'base-url' },
    subscriberId: { type: String, attribute: 'subscriber-id' },
    apiKey: { type: String, attribute: 'api-key' },
    locale: { type: String },
    strings: { attribute: false },
    theme: { type: String, reflect: true },
    icons: { attribute: false },
  };

  /**
   * The element came with a shadow root the server rendered (declarative shadow DOM): its first update
   * hydrates that HTML. Read before anything renders: a Lit element has no shadow root of its own before it is
   * connected.
   */
  #hydrating = !isServer && this.shadowRoot !== null;

  protected readonly connection = new ConnectionController(
    this,
    () => this.serverState,
    () => (this as { store?: unknown }).store !== undefined,
  );
  protected readonly localeController = new LocaleController(
    this,
    () => this.connection.context,
    () => this.serverState,
  );

  constructor() {
    super();
    attachServerShadowRoot(this);
    // After the update that hydrated the server's HTML, the element draws its data and its page's locale.
    this.addController({
      hostUpdated: () => {
        if (!this.#hydrating) return;
        this.#hydrating = false;
        this.requestUpdate();
      },
    });
  }

  /** Base address of the service or of your backend proxy (when not inside a `<notif-provider>`). */
  declare baseUrl: string | undefined;
  /** The subscriber (when not inside a `<notif-provider>`). */
  declare subscriberId: string | undefined;
  /** Local development only: the service's secret key. Use a backend proxy in production. */
  declare apiKey: string | undefined;
  /**
   * Locale (BCP 47). Default: the provider's, else the closest `lang` in the page, else the browser's language
   * (on the server, which knows neither: English). A locale the package ships (`fr`, `ar`, `pt-BR`...) loads
   * its strings on demand, English meanwhile; it also sets the direction of the element's content (right to
   * left for Arabic and Hebrew) unless the element has a `dir` attribute.
   */
  declare locale: string | undefined;
  /** Replacement strings by translation key. */
  declare strings: PartialTranslation | undefined;
  /** `light`, `dark`, or unset to follow the system. */
  declare theme: 'light' | 'dark' | undefined;
  /**
   * Replacement icons, by name (`markRead`, `markUnread`, `markAllRead`, `settings`, `close`, `back`,
   * `retry`, `alert`, `system`, `empty`, `caughtUp`, `error`, `channel-email`...), each a Lit template. The
   * bell passes its icons on to its inbox and preferences. A property rather than slots: the per-message
   * icons repeat on every row, and a slot shows its content once.
   *
   * @example
   * bell.icons = { settings: html`<svg viewBox="0 0 24 24" aria-hidden="true">...</svg>` };
   */
  declare icons: NotifIcons | undefined;

  /**
   * Whether the update under way draws what a server draws: no data (no store, no connection) and no locale
   * from the page (no `lang` attribute, no browser language). True on the server, and in the browser for the
   * first update of an element the server rendered: that update hydrates the server's HTML and must draw the
   * same templates. The element updates again right after it, with its data and its page's locale.
   */
  protected get serverState(): boolean {
    return isServer || this.#hydrating;
  }

  /**
   * How an element finds the store it shows, for its `StoreBinding`: `property()` (its `.store`) wins, else
   * `fromConnection` gives the store of its attributes' or provider's connection; none on the server, nor in
   * the update that hydrates server-rendered HTML (see `serverState`). The one copy of that rule.
   */
  protected storeSource<S>(
    property: () => S | undefined,
    fromConnection: (connection: NotifConnection) => S,
  ): () => S | undefined {
    return () => {
      if (this.serverState) return undefined;
      const connection = this.connection.connection;
      return property() ?? (connection && fromConnection(connection));
    };
  }

  /** The translator for the element's locale and strings. */
  protected get translator(): Translator {
    return this.localeController.translator;
  }

  /**
   * The direction of the element's content: its own `dir` attribute when it has one, else its locale's. An
   * Arabic inbox is right to left on any page, and an English one reads left to right on a right-to-left page.
   * Read from the attribute (as the `dir` property reflects it), which the server knows too.
   */
  protected get contentDir(): 'ltr' | 'rtl' {
    const dir = this.getAttribute('dir')?.toLowerCase();
    return dir === 'rtl' || dir === 'ltr' ? dir : this.translator.dir;
  }
}
