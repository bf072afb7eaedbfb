/**
 * Finds the connection (client and stores) an element works with, in this order:
 * 1. its own `base-url` and `subscriber-id` attributes (shared with every element configured alike);
 * 2. the nearest `<notif-provider>` (through @lit/context).
 * A `.store` property set on the element wins over both; the element checks that itself.
 */
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { notifContext, type NotifContextValue } from '../context/context.js';
import { ConnectionHolder, type NotifConnection } from '../context/registry.js';

/** The attributes every element accepts to connect on its own. */
export interface ConnectionAttributes {
  baseUrl?: string;
  subscriberId?: string;
  apiKey?: string;
}

export class ConnectionController implements ReactiveController {
  private readonly host: ReactiveControllerHost & HTMLElement & ConnectionAttributes;
  private readonly consumer: ContextConsumer<typeof notifContext, ReactiveControllerHost & HTMLElement>;
  private readonly own = new ConnectionHolder();
  private connected = false;

  constructor(host: ReactiveControllerHost & HTMLElement & ConnectionAttributes) {
    this.host = host;
    host.addController(this);
    this.consumer = new ContextConsumer(host, {
      context: notifContext,
      subscribe: true,
      callback: () => host.requestUpdate(),
    });
  }

  /** Locale and strings given by a provider, if any. */
  get context(): NotifContextValue | undefined {
    return this.consumer.value;
  }

  /** The connection to use, or undefined while the element is not configured. */
  get connection(): NotifConnection | undefined {
    return this.own.connection ?? this.consumer.value?.connection;
  }

  hostConnected(): void {
    this.connected = true;
    this.sync();
  }

  hostUpdate(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.own.release();
  }

  private sync(): void {
    const { baseUrl, subscriberId, apiKey } = this.host;
    this.own.hold(this.connected && baseUrl && subscriberId ? { baseUrl, subscriberId, apiKey } : undefined);
  }
}
