// Not part of the app: what Angular's template type-check does and does not catch on the elements, checked by
// `npm run typecheck` (ngc with strictTemplates). Each `@ts-expect-error` fails the check when the line below
// it is NOT an error.
import 'notif-elements';
import type { NotifBell } from 'notif-elements';

/** The DOM side: a queried bell is a NotifBell, and its events are typed. */
export function listen(bell: NotifBell | null): void {
  bell?.addEventListener('notif-open-change', (event) => console.log(event.detail.open));
  // @ts-expect-error: the detail of notif-message-click has no `open`
  bell?.addEventListener('notif-message-click', (event) => console.log(event.detail.open));
  // @ts-expect-error: theme is 'light' | 'dark' (in TypeScript; Angular does not check [theme] bindings)
  if (bell) bell.theme = 'blue';
}
