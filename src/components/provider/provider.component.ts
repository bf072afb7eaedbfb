import { ContextProvider } from '@lit/context';
import { css, html, LitElement, type PropertyValues } from 'lit';
import type { FetchLike, HeadersOption } from '../../client/http.js';
import { notifContext } from '../../context/context.js';
import { acquireConnection, type NotifConnection } from '../../context/registry.js';
import type { PartialTranslation } from '../../i18n/index.js';

/**
 * Connects the notification elements inside it to the service for one subscriber: it creates the client
 * and the stores and provides them through @lit/context, so `<notif-bell>`, `<notif-inbox>` and
 * `<notif-preferences>` inside need no attributes of their own.
 *
 * Point `base-url` at your backend proxy in production (see the README's "Security"): the proxy adds the
 * service's key and pins the subscriber. `api-key` puts the secret in the page and is for local development.
 *
 * @summary Provides one subscriber's client and stores to the elements inside it.
 *
 * @tagname notif-provider
 * @slot - The notification elements and any other content.
 */
export class NotifProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  static override properties = {
    baseUrl: { type: String, attribute: 'base-url' },
    subscriberId: { type: String, attribute: 'subscriber-id' },
    apiKey: { type: String, attribute: 'api-key' },
    locale: { type: String },
    strings: { attribute: false },
    headers: { attribute: false },
    fetch: { attribute: false },
  };

  /** Base address of the service or, in production, of your backend proxy. */
  declare baseUrl: string | undefined;
  /** The subscriber whose notifications are shown. */
  declare subscriberId: string | undefined;
  /** Local development only: the service's secret API key, sent as `Authorization: ApiKey ...`. */
  declare apiKey: string | undefined;
  /** Locale of the elements inside (BCP 47), unless they set their own. Default: the page's `lang`. */
  declare locale: string | undefined;
  /** Replacement strings for the elements inside, by translation key. */
  declare strings: PartialTranslation | undefined;
  /** Headers for every request (an object or a function), for example your app's bearer token. */
  declare headers: HeadersOption | undefined;
  /** A fetch-compatible function, for example the mock service's `fetch` in stories and tests. */
  declare fetch: FetchLike | undefined;

  private readonly provider = new ContextProvider(this, { context: notifContext, initialValue: {} });
  private held?: { key: string; connection: NotifConnection; release(): void };
  private customVersion = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.held?.release();
    this.held = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new headers or fetch option means a new client: never share it with another provider.
    if (changed.has('headers') || changed.has('fetch')) this.customVersion++;
    const wanted =
      this.isConnected && this.baseUrl && this.subscriberId
        ? JSON.stringify([this.baseUrl, this.subscriberId, this.apiKey ?? ''])
        : '';
    const custom = this.headers !== undefined || this.fetch !== undefined;
    const key = custom && wanted ? `${wanted}|custom|${this.customVersion}` : wanted;
    if (key !== (this.held?.key ?? '')) {
      this.held?.release();
      this.held = undefined;
      if (key && this.baseUrl && this.subscriberId) {
        const client = custom ? { headers: this.headers, fetch: this.fetch } : undefined;
        const acquired = acquireConnection({
          baseUrl: this.baseUrl,
          subscriberId: this.subscriberId,
          apiKey: this.apiKey,
          ...(client ? { client } : {}),
        });
        this.held = { key, ...acquired };
      }
    }
    this.provider.setValue({ connection: this.held?.connection, locale: this.locale, strings: this.strings });
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}
