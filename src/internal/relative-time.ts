import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';

export interface RelativeTimeOptions {
  /** How often the element is updated, in milliseconds. Default 30 000. */
  interval?: number;
}

/**
 * Keeps relative times ("5 minutes ago") fresh: requests an update of the element every `interval` while
 * it is connected and the page is visible. When a hidden page becomes visible again, the element is
 * updated at once, then on the interval.
 */
export class RelativeTimeController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #interval: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, options: RelativeTimeOptions = {}) {
    this.#host = host;
    this.#interval = Math.max(1000, options.interval ?? 30_000);
    host.addController(this);
  }

  /** Whether the timer is running. */
  get running(): boolean {
    return this.#timer !== undefined;
  }

  hostConnected(): void {
    // A server that calls `connectedCallback` renders once: no timer, which would outlive the render.
    if (isServer) return;
    this.#connected = true;
    document.addEventListener('visibilitychange', this.#onVisibilityChange);
    if (!document.hidden) this.#start();
  }

  hostDisconnected(): void {
    this.#connected = false;
    document.removeEventListener('visibilitychange', this.#onVisibilityChange);
    this.#stop();
  }

  readonly #onVisibilityChange = (): void => {
    if (!this.#connected) return;
    if (document.hidden) {
      this.#stop();
    } else if (!this.#timer) {
      this.#host.requestUpdate();
      this.#start();
    }
  };

  #start(): void {
    this.#timer ??= setInterval(() => this.#host.requestUpdate(), this.#interval);
  }

  #stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
