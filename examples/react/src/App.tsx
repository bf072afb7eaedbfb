import { useState } from 'react';
// Registers <notif-provider>, <notif-bell>, <notif-inbox> and <notif-preferences>, and brings their JSX types.
import 'notif-elements';
import { createMockService } from 'notif-elements/mock';

// An in-memory notification service inside the page, so that this example runs without a backend. A real app
// points base-url at its backend proxy (see the package's README, "Security") and sets neither api-key nor fetch.
const mock = createMockService();

export function App() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();

  return (
    <notif-provider
      base-url="https://mock.test"
      subscriber-id="usr_priya_raman"
      api-key={mock.apiKey}
      // React 19 sets a prop as a property when the element has one: the provider gets the function itself.
      fetch={mock.fetch}
    >
      <header className="app-header">
        <h1>notif-elements with React</h1>
        {/* Event props are `on` + the event's name exactly as dispatched, all lower case: React 19 adds
            `onnotif-open-change` as a listener for "notif-open-change". `onNotif-open-change` or
            `onNotifOpenChange` would listen for "Notif-open-change" or "NotifOpenChange", which never come. */}
        <notif-bell
          theme="light"
          onnotif-open-change={(event) => setOpen(event.detail.open)}
          onnotif-error={(event) =>
            setError(`${event.detail.operation} failed: ${String(event.detail.error)}`)
          }
        />
      </header>
      <p id="last-event">{open ? 'Panel open' : 'Panel closed'}</p>
      {error && <p role="alert">{error}</p>}
      <main className="app-main">
        <notif-inbox heading="All notifications" />
        <notif-preferences heading="Notification settings" />
      </main>
    </notif-provider>
  );
}
