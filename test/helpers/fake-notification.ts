/**
 * A stand-in for the browser's `Notification`: a constructor that records what it shows, a `permission` the
 * test sets, and `requestPermission` that answers `answer` (and counts its calls). `install()` puts it on
 * `window` in place of the real one; `uninstall()` brings the real one back.
 */
export class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static requests = 0;
  static shown: FakeNotification[] = [];
  static requestPermission(): Promise<NotificationPermission> {
    FakeNotification.requests++;
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  }

  readonly title: string;
  readonly options: NotificationOptions;
  onclick: ((event: Event) => void) | null = null;
  closed = false;

  constructor(title: string, options: NotificationOptions = {}) {
    this.title = title;
    this.options = options;
    FakeNotification.shown.push(this);
  }

  close(): void {
    this.closed = true;
  }
}

const real = Object.getOwnPropertyDescriptor(window, 'Notification');

export function installFakeNotification(permission: NotificationPermission): typeof FakeNotification {
  FakeNotification.permission = permission;
  FakeNotification.answer = 'granted';
  FakeNotification.requests = 0;
  FakeNotification.shown = [];
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    writable: true,
    value: FakeNotification,
  });
  return FakeNotification;
}

export function uninstallFakeNotification(): void {
  if (real) Object.defineProperty(window, 'Notification', real);
}
