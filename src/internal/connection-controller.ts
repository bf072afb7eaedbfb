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
 * In development (see `isDevelopment`), an element that stays without a connection and without a store for
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

/**
 * Whether this is a development build: what nanostores and React read, `process.env.NODE_ENV`, which a
 * bundler replaces (`'production'` in production builds). Where nothing replaces it and there is no
 * `process` (a page loading the files as they are), it is not development: no warnings.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

declare const process: { env: { NODE_ENV?: string } };

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

  hostConnected(): void {
    // A server that calls `connectedCallback` (an @lit-labs/ssr option) gets no connection: nothing would
    // ever release it.
    if (isServer) return;
    this.#connected = true;
    this.#sync();
    if (!this.#warned && this.#warnTimer === undefined && isDevelopment()) {
      this.#warnTimer = setTimeout(() => {
        this.#warnTimer = undefined;
        this.#warnIfUnconfigured();
      }, WARN_AFTER_MS);
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

  /** Says once what the element lacks, when it has neither a connection nor a store. */
  #warnIfUnconfigured(): void {
    if (this.#warned || !this.#connected) return;
    const tag = `<${this.#host.localName}>`;
    const { baseUrl, subscriberId } = this.#host;
    const provider = this.#consumer.value;
    // Its own attributes count only together: one alone is ignored, silently otherwise.
    const alone = baseUrl && !subscriberId ? 'base-url' : subscriberId && !baseUrl ? 'subscriber-id' : '';
    const missing = alone === 'base-url' ? 'subscriber-id' : 'base-url';
    let message = '';
    if (this.#hasStore()) {
      if (alone)
        message = `${tag}: its ${alone} is ignored: it shows its .store (and its own attributes count only as base-url and subscriber-id together).`;
    } else if (this.connection) {
      if (alone)
        message = `${tag}: its ${alone} is ignored, as it has no ${missing}: it shows its <notif-provider>'s subscriber. Set ${alone} on the <notif-provider>, or give the element ${missing} too.`;
    } else if (provider) {
      message = `${tag}: the <notif-provider> around it has no base-url and subscriber-id (nor has the element, nor a .store), so it shows nothing and makes no request. Add base-url="/your-proxy" and subscriber-id to the <notif-provider>.`;
    } else if (alone) {
      message = `${tag}: it has ${alone} but no ${missing}, no .store and no <notif-provider> around it, so it shows nothing and makes no request. Add ${missing}, or put it in a <notif-provider base-url="/your-proxy" subscriber-id="…">.`;
    } else {
      message = `${tag}: no store, no base-url and subscriber-id, and no <notif-provider> around it, so it shows nothing and makes no request. Put it in a <notif-provider base-url="/your-proxy" subscriber-id="…">, or set its .store.`;
    }
    if (!message) return;
    this.#warned = true;
    console.warn(message);
  }

  #sync(): void {
    const { baseUrl, subscriberId, apiKey } = this.#host;
    this.#own.hold(
      this.#connected && baseUrl && subscriberId ? { baseUrl, subscriberId, apiKey } : undefined,
    );
  }
}
