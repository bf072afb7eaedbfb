'use client';
import { useState, type ReactNode } from 'react';
// React components for the four elements (importing them registers the elements). Unlike plain tags, they
// set properties and add listeners themselves, so `headers` and `onNotif…` work after hydration too.
import { NotifBell, NotifProvider } from 'notif-elements/react';

// Sent with every request: here a stand-in for your app's token, checked by the Route Handler
// (app/api/notifications/[...path]/route.ts). One object for the page's life: a new object is a new client.
const headers = { 'x-app': 'next-example' };

export function Notifications({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();

  return (
    <NotifProvider base-url="/api/notifications" subscriber-id="usr_priya_raman" headers={headers}>
      <header className="app-header">
        <h1>notif-elements with Next.js</h1>
        <NotifBell
          theme="light"
          onNotifOpenChange={(event) => setOpen(event.detail.open)}
          onNotifError={(event) =>
            setError(`${event.detail.operation} failed: ${String(event.detail.error)}`)
          }
        />
      </header>
      <p id="last-event">{open ? 'Panel open' : 'Panel closed'}</p>
      {error && <p role="alert">{error}</p>}
      <main className="app-main">{children}</main>
    </NotifProvider>
  );
}
