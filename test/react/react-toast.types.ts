// Type-checked only (`npm run typecheck`): `NotifToast` is in notif-elements/react, with its properties and
// its events mapped to `onNotif…` props. Each `@ts-expect-error` fails the check when the line below it is NOT
// an error. (React elements are made with `createElement`: this project's tsconfig has no JSX.)
import { createElement } from 'react';
import { NotifToast, type NotifToastReactProps } from '../../src/react/index.js';
import type { NotifToast as NotifToastElement } from '../../src/components/toast/toast.js';
import type { InboxStore } from '../../src/store/inbox.js';

export function toasts(store: InboxStore) {
  const props: NotifToastReactProps = {
    store,
    position: 'bottom-start',
    duration: 8000,
    navigate: (url: string) => void url,
    onNotifMessageClick: (event) => event.detail.message._id,
    onNotifError: (event) => event.detail,
    onNotifAction: (event) => event.detail.button.content,
    renderMessage: (message, context) => `${context.subject}: ${message._id}`,
    renderActions: () => undefined,
    ref: (element: NotifToastElement | null) => void element?.clear(),
  };
  return [
    createElement(NotifToast, props),
    // @ts-expect-error: the corners are top-end, bottom-end, top-start and bottom-start
    createElement(NotifToast, { position: 'middle' }),
    // @ts-expect-error: the toast fires no notif-open-change (the bell does)
    createElement(NotifToast, { onNotifOpenChange: () => {} }),
    // @ts-expect-error: a render hook is a function of (message, context)
    createElement(NotifToast, { renderMessage: 'row' }),
    // @ts-expect-error: duration is a number of milliseconds
    createElement(NotifToast, { duration: '6s' }),
  ];
}
