// Not part of the app: mistakes the package's types must reject, checked by `npm run typecheck`. Each
// `@ts-expect-error` fails the check when the line below it is NOT an error, so this file proves the typings
// catch them.
import 'notif-elements';
import type { NotifBell } from 'notif-elements';

export function Mistakes() {
  return (
    <>
      {/* @ts-expect-error: theme is 'light' | 'dark' */}
      <notif-bell theme="blue" />
      {/* @ts-expect-error: the inbox's views are 'all' and 'unread' */}
      <notif-inbox view="archived" />
      {/* @ts-expect-error: fetch is a function */}
      <notif-provider fetch={123} />
      {/* @ts-expect-error: the event's detail has `open`, nothing else */}
      <notif-bell onnotif-open-change={(event) => event.detail.nope} />
      {/* @ts-expect-error: the handler gets a NotifOpenChangeEvent, not a MouseEvent */}
      <notif-bell onnotif-open-change={(event: MouseEvent) => event.button} />
      {/* @ts-expect-error: React never fires camel-case props of custom elements: lower case, as dispatched */}
      <notif-bell onNotifOpenChange={() => {}} />
      {/* @ts-expect-error: not a property of the bell */}
      <notif-bell frobnicate />
    </>
  );
}

/** The DOM side: a queried bell is a NotifBell, and its events are typed. */
export function listen(bell: NotifBell | null): void {
  bell?.addEventListener('notif-open-change', (event) => console.log(event.detail.open));
  // @ts-expect-error: the detail of notif-message-click has no `open`
  bell?.addEventListener('notif-message-click', (event) => console.log(event.detail.open));
  const queried: NotifBell | null = document.querySelector('notif-bell');
  console.log(queried);
}
