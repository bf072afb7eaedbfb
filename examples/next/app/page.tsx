// A server component: rendered on the server, then hydrated in the browser. The provider and the bell live in
// a client component (`'use client'`), since their event handlers are functions, which a server component
// cannot pass; the inbox and the preferences take only text, so this server component renders them itself
// (notif-elements/react starts with 'use client', so a server component may import it).
import { NotifInbox, NotifPreferences } from 'notif-elements/react';
import { Notifications } from './notifications';

export default function Page() {
  return (
    <Notifications>
      <NotifInbox heading="All notifications" />
      <NotifPreferences heading="Notification settings" />
    </Notifications>
  );
}
