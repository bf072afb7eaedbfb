import { ContextProvider } from '@lit/context';
import { css, html, isServer, LitElement, type PropertyValues } from 'lit';
import type { FetchLike, HeadersOption } from '../../client/http.js';
import { notifContext } from '../../context/context.js';
import { ConnectionHolder } from '../../context/registry.js';
import { attachServerShadowRoot } from '../../internal/server-shadow-root.js';
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

  readonly #provider = new ContextProvider(this, { context: notifContext, initialValue: {} });
  readonly #held = new ConnectionHolder();
  #customVersion = 0;

  constructor() {
    super();
    // The elements inside reach the provider through its shadow root, on the server too.
    attachServerShadowRoot(this);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#held.release();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new headers or fetch option means a new client: never share it with another provider.
    if (changed.has('headers') || changed.has('fetch')) this.#customVersion++;
    const custom = this.headers !== undefined || this.fetch !== undefined;
    const { baseUrl, subscriberId, apiKey } = this;
    // No connection on the server (data loads in the browser only): its locale and strings are provided there too.
    this.#held.hold(
      !isServer && this.isConnected && baseUrl && subscriberId
        ? {
            baseUrl,
            subscriberId,
            apiKey,
            ...(custom ? { client: { headers: this.headers, fetch: this.fetch } } : {}),
          }
        : undefined,
      custom ? `custom:${this.#customVersion}` : '',
    );
    this.#provider.setValue({
      connection: this.#held.connection,
      locale: this.locale,
      strings: this.strings,
    });
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}
