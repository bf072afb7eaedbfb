import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
// Registers <notif-provider>, <notif-bell>, <notif-inbox> and <notif-preferences>.
import 'notif-elements';
import type { NotifErrorEvent, NotifOpenChangeEvent } from 'notif-elements';
import { createMockService } from 'notif-elements/mock';

// An in-memory notification service inside the page, so that this example runs without a backend. A real app
// points base-url at its backend proxy (see the README, "Security") and sets neither api-key nor fetch.
const mock = createMockService();

@Component({
  selector: 'app-root',
  // Lets Angular's compiler accept the notif-* tags: in every component whose template uses them.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <notif-provider
      base-url="https://mock.test"
      subscriber-id="usr_priya_raman"
      [apiKey]="apiKey"
      [fetch]="fetch"
    >
      <header class="app-header">
        <h1>notif-elements with Angular</h1>
        <notif-bell
          theme="light"
          (notif-open-change)="onOpenChange($event)"
          (notif-error)="onError($event)"
        ></notif-bell>
      </header>
      <p id="last-event">{{ open() ? 'Panel open' : 'Panel closed' }}</p>
      @if (error()) {
        <p role="alert">{{ error() }}</p>
      }
      <main class="app-main">
        <notif-inbox heading="All notifications"></notif-inbox>
        <notif-preferences heading="Notification settings"></notif-preferences>
      </main>
    </notif-provider>
  `,
})
export class App {
  protected readonly apiKey = mock.apiKey;
  protected readonly fetch = mock.fetch;
  protected readonly open = signal(false);
  protected readonly error = signal<string | undefined>(undefined);

  // Event bindings use the event's name as dispatched, kebab case: (notif-open-change). $event is typed.
  protected onOpenChange(event: NotifOpenChangeEvent): void {
    this.open.set(event.detail.open);
  }

  protected onError(event: NotifErrorEvent): void {
    this.error.set(`${event.detail.operation} failed: ${String(event.detail.error)}`);
  }
}
