// Not part of the app: mistakes the types of notif-elements/react must reject, checked by `npm run typecheck`.
// Each `@ts-expect-error` fails the check when the line below it is NOT an error.
import { NotifBell, NotifInbox, NotifProvider } from 'notif-elements/react';
import type { NotifBell as NotifBellElement } from 'notif-elements';
import { useRef } from 'react';

export function Mistakes() {
  const ref = useRef<NotifBellElement>(null);
  return (
    <>
      <NotifBell ref={ref} theme="dark" onNotifOpenChange={(event) => event.detail.open} />
      {/* @ts-expect-error: theme is 'light' | 'dark' */}
      <NotifBell theme="blue" />
      {/* @ts-expect-error: the inbox's views are 'all' and 'unread' */}
      <NotifInbox view="archived" />
      {/* @ts-expect-error: headers is an object or a function returning one */}
      <NotifProvider headers={123} />
      {/* @ts-expect-error: the event's detail has `open`, nothing else */}
      <NotifBell onNotifOpenChange={(event) => event.detail.nope} />
      {/* @ts-expect-error: the bell fires no notif-new-messages (the inbox does) */}
      <NotifBell onNotifNewMessages={() => {}} />
      {/* @ts-expect-error: the components take camel-case handlers: onNotifOpenChange */}
      <NotifBell onnotifopenchange={() => {}} />
    </>
  );
}
