/**
 * Finds the connection (client and stores) an element works with, in this order:
 * 1. its own `base-url` and `subscriber-id` attributes (shared with every element configured alike);
 * 2. the nearest `<notif-provider>` (through @lit/context).
 * A `.store` property set on the element wins over both; the element checks that itself.
 *
 * On the server there is no connection (data loads in the browser only), but the provider's locale and
 * strings still reach the element: @lit-labs/ssr does not connect elements, so the element asks its provider
 * the first time it reads them, once the renderer has placed it under its provider.
 */
import { ContextConsumer } from '@lit/context';
import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { notifContext, type NotifContextValue } from '../context/context.js';
import { ConnectionHolder, type NotifConnection } from '../context/registry.js';

/** The attributes every element accepts to connect on its own. */
export interface ConnectionAttributes {
  baseUrl?: string;
  subscriberId?: string;
  apiKey?: string;
}

export class ConnectionController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement & ConnectionAttributes;
  readonly #consumer: ContextConsumer<typeof notifContext, ReactiveControllerHost & HTMLElement>;
  readonly #own = new ConnectionHolder();
  readonly #serverState: () => boolean;
  #connected = false;
  /** On the server: the provider was asked for its value. */
  #requested = false;

  /**
   * `serverState` tells when the element draws what a server draws (see `NotifElement.serverState`): no
   * connection then.
   */
  constructor(
    host: ReactiveControllerHost & HTMLElement & ConnectionAttributes,
    serverState: () => boolean = () => isServer,
  ) {
    this.#host = host;
    this.#serverState = serverState;
    host.addController(this);
    this.#consumer = new ContextConsumer(host, {
      context: notifContext,
      subscribe: true,
      callback: () => host.requestUpdate(),
    });
  }

  /** Locale and strings given by a provider, if any. */
  get context(): NotifContextValue | undefined {
    if (isServer && !this.#requested) {
      // Read first during the element's `willUpdate` or `render`, once the renderer has placed the element
      // under its parents for events: the consumer's request (which it sends when connected) reaches an
      // enclosing provider.
      this.#requested = true;
      this.#consumer.hostConnected();
    }
    return this.#consumer.value;
  }

  /** The connection to use, or undefined while the element is not configured (and on the server). */
  get connection(): NotifConnection | undefined {
    if (this.#serverState()) return undefined;
    return this.#own.connection ?? this.#consumer.value?.connection;
  }

  hostConnected(): void {
    // A server that calls `connectedCallback` (an @lit-labs/ssr option) gets no connection: nothing would
    // ever release it.
    if (isServer) return;
    this.#connected = true;
    this.#sync();
  }

  hostUpdate(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#own.release();
  }

  #sync(): void {
    const { baseUrl, subscriberId, apiKey } = this.#host;
    this.#own.hold(
      this.#connected && baseUrl && subscriberId ? { baseUrl, subscriberId, apiKey } : undefined,
    );
  }
}
