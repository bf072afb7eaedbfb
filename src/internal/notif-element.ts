/**
 * What the bell, the inbox and the preferences share: the connection attributes, the locale and strings,
 * the theme, and the two controllers that turn them into a connection and a translator.
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import type { PartialTranslation, Translator } from '../i18n/index.js';
import { ConnectionController } from './connection-controller.js';
import { LocaleController } from './locale-controller.js';
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
  };

  protected readonly connection = new ConnectionController(this);
  protected readonly localeController = new LocaleController(this, () => this.connection.context);

  /** Base address of the service or of your backend proxy (when not inside a `<notif-provider>`). */
  declare baseUrl: string | undefined;
  /** The subscriber (when not inside a `<notif-provider>`). */
  declare subscriberId: string | undefined;
  /** Local development only: the service's secret key. Use a backend proxy in production. */
  declare apiKey: string | undefined;
  /**
   * Locale (BCP 47). Default: the provider's, else the closest `lang` in the page. A locale the package ships
   * (`fr`, `ar`, `pt-BR`...) loads its strings on demand, English meanwhile; it also sets the direction of
   * the element's content (right to left for Arabic and Hebrew) unless the element has a `dir` attribute.
   */
  declare locale: string | undefined;
  /** Replacement strings by translation key. */
  declare strings: PartialTranslation | undefined;
  /** `light`, `dark`, or unset to follow the system. */
  declare theme: 'light' | 'dark' | undefined;

  /** The translator for the element's locale and strings. */
  protected get translator(): Translator {
    return this.localeController.translator;
  }

  /**
   * The direction of the element's content: its own `dir` attribute when it has one, else its locale's. An
   * Arabic inbox is right to left on any page, and an English one reads left to right on a right-to-left page.
   */
  protected get contentDir(): 'ltr' | 'rtl' {
    return this.dir === 'rtl' || this.dir === 'ltr' ? this.dir : this.translator.dir;
  }
}
