/**
 * Finds the connection (client and stores) an element works with, in this order:
 * 1. its own `base-url` and `subscriber-id` attributes (shared with every element configured alike);
 * 2. the nearest `<notif-provider>` (through @lit/context).
 * A `.store` property set on the element wins over both; the element checks that itself.
 *
 * On the server there is no connection (data loads in the browser only), but the provider's locale and
 * strings still reach the element: @lit-labs/ssr does not connect elements, so the element asks its provider
 * the first time it reads them, once the renderer has placed it under its provider.
 *
 * In development (`process.env.NODE_ENV` is not `'production'`), an element that stays without a connection and without a store for
 * `WARN_AFTER_MS` after it was connected says once in the console what it lacks; so does one whose own
 * `base-url` or `subscriber-id` is ignored because the other is missing.
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

/** How long a connected element may wait for a store, its attributes or a provider before it warns. */
export const WARN_AFTER_MS = 1000;

// What nanostores and React read too; a bundler replaces it ('production' in production builds, which then
// drop the warning and its messages).
declare const process: { env: { NODE_ENV?: string } };

/** What an element without a store or connection of its own can still tell about itself. */
interface Situation {
  tag: string;
  hasStore: boolean;
  connected: boolean;
  provider: boolean;
  baseUrl: string | undefined;
  subscriberId: string | undefined;
}

/** The warning for an element that cannot connect, or whose own attribute is ignored; '' when all is well. */
function missingConnection({ tag, hasStore, connected, provider, baseUrl, subscriberId }: Situation): string {
  // Its own attributes count only together: one alone is ignored, silently otherwise.
  const alone = baseUrl && !subscriberId ? 'base-url' : subscriberId && !baseUrl ? 'subscriber-id' : '';
  const missing = alone === 'base-url' ? 'subscriber-id' : 'base-url';
  const nothing = 'so it shows nothing and makes no request.';
  if (hasStore)
    return alone
      ? `${tag}: its ${alone} is ignored: it shows its .store (and its own attributes count only as base-url and subscriber-id together).`
      : '';
  if (connected)
    return alone
      ? `${tag}: its ${alone} is ignored, as it has no ${missing}: it shows its <notif-provider>'s subscriber. Set ${alone} on the <notif-provider>, or give the element ${missing} too.`
      : '';
  if (provider)
    return `${tag}: the <notif-provider> around it has no base-url and subscriber-id (nor has the element, nor a .store), ${nothing} Add base-url="/your-proxy" and subscriber-id to the <notif-provider>.`;
  if (alone)
    return `${tag}: it has ${alone} but no ${missing}, no .store and no <notif-provider> around it, ${nothing} Add ${missing}, or put it in a <notif-provider base-url="/your-proxy" subscriber-id="…">.`;
  return `${tag}: no store, no base-url and subscriber-id, and no <notif-provider> around it, ${nothing} Put it in a <notif-provider base-url="/your-proxy" subscriber-id="…">, or set its .store.`;
}

export class ConnectionController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement & ConnectionAttributes;
  readonly #consumer: ContextConsumer<typeof notifContext, ReactiveControllerHost & HTMLElement>;
  readonly #own = new ConnectionHolder();
  readonly #serverState: () => boolean;
  readonly #hasStore: () => boolean;
  #connected = false;
  #warnTimer: ReturnType<typeof setTimeout> | undefined;
  #warned = false;
  /** On the server: the provider was asked for its value. */
  #requested = false;

  /**
   * `serverState` tells when the element draws what a server draws (see `NotifElement.serverState`): no
   * connection then. `hasStore` tells whether the element has a store of its own (`.store`): it needs no
   * connection then.
   */
  constructor(
    host: ReactiveControllerHost & HTMLElement & ConnectionAttributes,
    serverState: () => boolean = () => isServer,
    hasStore: () => boolean = () => false,
  ) {
    this.#host = host;
    this.#serverState = serverState;
    this.#hasStore = hasStore;
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

  /** Whether the element's own `base-url` and `subscriber-id` make its connection (a provider's is not used). */
  get own(): boolean {
    return !this.#serverState() && this.#own.connection !== undefined;
  }

  hostConnected(): void {
    // A server that calls `connectedCallback` (an @lit-labs/ssr option) gets no connection: nothing would
    // ever release it.
    if (isServer) return;
    this.#connected = true;
    this.#sync();
    try {
      if (process.env.NODE_ENV !== 'production' && !this.#warned && this.#warnTimer === undefined) {
        this.#warnTimer = setTimeout(() => {
          this.#warnTimer = undefined;
          if (this.#warned || !this.#connected) return;
          const message = missingConnection({
            tag: `<${this.#host.localName}>`,
            hasStore: this.#hasStore(),
            connected: this.connection !== undefined,
            provider: this.#consumer.value !== undefined,
            baseUrl: this.#host.baseUrl,
            subscriberId: this.#host.subscriberId,
          });
          if (!message) return;
          this.#warned = true;
          console.warn(message);
        }, WARN_AFTER_MS);
      }
    } catch {
      // No `process` and nothing replaced the expression (files loaded as they are): not development.
    }
  }

  hostUpdate(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#own.release();
    clearTimeout(this.#warnTimer);
    this.#warnTimer = undefined;
  }

  #sync(): void {
    const { baseUrl, subscriberId, apiKey } = this.#host;
    this.#own.hold(
      this.#connected && baseUrl && subscriberId ? { baseUrl, subscriberId, apiKey } : undefined,
    );
  }
}
