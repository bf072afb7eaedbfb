'use client';
/**
 * `notif-elements/react`: the five elements as React components, for apps that render on the server and
 * hydrate (Next.js, Remix, any React 19 with `hydrateRoot`) as well as client-only ones.
 *
 * React 19 sets properties and adds listeners on a custom element when it creates it, but not when it
 * hydrates one the server rendered (React's open issue): `fetch`, `store`, `strings`, `headers` and every
 * `onnotif-…` prop would then be lost. These components set the element's properties and add its listeners
 * themselves, after every render, so props and `onNotif…` handlers work either way.
 *
 * Every prop the element has as a property, `base-url`, `subscriber-id`, `api-key` and `hide-settings` too, is
 * set as a property, together, once React has rendered or hydrated the element: rendered as attributes by the
 * server, `base-url` and `subscriber-id` would connect a provider as soon as its tag upgrades, before `headers`
 * or `fetch` arrive, and its first requests would go without them.
 *
 * Importing this file registers the elements. React is an optional peer dependency of the package: only
 * this entry uses it. The built file starts with `'use client'`, so a Next.js server component may import
 * it and render the components.
 */
import * as React from 'react';
import type { ForwardRefExoticComponent, HTMLAttributes, RefAttributes } from 'react';
import { createComponent } from '@lit/react';
import { NotifProvider as NotifProviderElement } from '../components/provider/provider.js';
import { NotifBell as NotifBellElement } from '../components/bell/bell.js';
import { NotifInbox as NotifInboxElement } from '../components/inbox/inbox.js';
import { NotifPreferences as NotifPreferencesElement } from '../components/preferences/preferences.js';
import { NotifToast as NotifToastElement } from '../components/toast/toast.js';

/** Event prop → event name, for each element: the events it fires (see each element's `@fires`). */
const providerEvents = {} as const;
const bellEvents = {
  onNotifOpenChange: 'notif-open-change',
  onNotifMessageClick: 'notif-message-click',
  onNotifAction: 'notif-action',
  onNotifRowAction: 'notif-row-action',
  onNotifPreferencesChange: 'notif-preferences-change',
  onNotifError: 'notif-error',
} as const;
const inboxEvents = {
  onNotifMessageClick: 'notif-message-click',
  onNotifAction: 'notif-action',
  onNotifRowAction: 'notif-row-action',
  onNotifNewMessages: 'notif-new-messages',
  onNotifError: 'notif-error',
} as const;
const preferencesEvents = {
  onNotifPreferencesChange: 'notif-preferences-change',
  onNotifError: 'notif-error',
} as const;
const toastEvents = {
  onNotifMessageClick: 'notif-message-click',
  onNotifAction: 'notif-action',
  onNotifError: 'notif-error',
} as const;

/** Handler props of an event map: `onNotifOpenChange` gets a `NotifOpenChangeEvent`. */
export type NotifEventProps<Events extends Record<string, keyof HTMLElementEventMap>> = {
  [Prop in keyof Events]?: (event: HTMLElementEventMap[Events[Prop]]) => void;
};

/** Attribute names the components accept too, set as the properties they name (see above). */
const PROPERTY_OF = {
  'base-url': 'baseUrl',
  'subscriber-id': 'subscriberId',
  'api-key': 'apiKey',
  'hide-settings': 'hideSettings',
} as const;

/** The connection attributes by their attribute names. */
interface ConnectionAttributeProps {
  'base-url'?: string;
  'subscriber-id'?: string;
  'api-key'?: string;
}

/** What a component takes: the element's properties, its attributes, `onNotif…` handlers and HTML props. */
export type NotifComponentProps<
  El extends HTMLElement,
  Props extends keyof El,
  Events extends Record<string, keyof HTMLElementEventMap>,
  Attributes = object,
> = Omit<HTMLAttributes<El>, Props | keyof Events | keyof Attributes> &
  Partial<Pick<El, Props>> &
  Attributes &
  NotifEventProps<Events> &
  RefAttributes<El>;

type ElementProps = 'baseUrl' | 'subscriberId' | 'apiKey' | 'locale' | 'strings' | 'theme';

export type NotifProviderReactProps = NotifComponentProps<
  NotifProviderElement,
  'baseUrl' | 'subscriberId' | 'apiKey' | 'locale' | 'strings' | 'headers' | 'fetch',
  typeof providerEvents,
  ConnectionAttributeProps
>;
export type NotifBellReactProps = NotifComponentProps<
  NotifBellElement,
  | ElementProps
  | 'store'
  | 'preferencesStore'
  | 'open'
  | 'hideSettings'
  | 'tabs'
  | 'tabStorageKey'
  | 'bodyFormat',
  typeof bellEvents,
  ConnectionAttributeProps & { 'hide-settings'?: boolean }
>;
export type NotifInboxReactProps = NotifComponentProps<
  NotifInboxElement,
  ElementProps | 'store' | 'view' | 'heading' | 'navigate' | 'tabs' | 'tabStorageKey' | 'bodyFormat',
  typeof inboxEvents,
  ConnectionAttributeProps
>;
export type NotifPreferencesReactProps = NotifComponentProps<
  NotifPreferencesElement,
  ElementProps | 'store' | 'heading' | 'timezone',
  typeof preferencesEvents,
  ConnectionAttributeProps
>;

export type NotifToastReactProps = NotifComponentProps<
  NotifToastElement,
  | ElementProps
  | 'store'
  | 'position'
  | 'duration'
  | 'navigate'
  | 'renderMessage'
  | 'renderAvatar'
  | 'renderSubject'
  | 'renderBody'
  | 'renderActions',
  typeof toastEvents,
  ConnectionAttributeProps
>;

/** `createComponent`'s component, with the attribute names of `PROPERTY_OF` turned into property names. */
function component<Props extends object>(
  options: Parameters<typeof createComponent>[0],
): ForwardRefExoticComponent<Props> {
  const Inner = createComponent(options) as unknown as React.ComponentType<Record<string, unknown>>;
  const Outer = React.forwardRef<HTMLElement, Record<string, unknown>>((props, ref) => {
    const renamed: Record<string, unknown> = { ref };
    for (const [name, value] of Object.entries(props)) {
      renamed[PROPERTY_OF[name as keyof typeof PROPERTY_OF] ?? name] = value;
    }
    return React.createElement(Inner, renamed);
  });
  Outer.displayName = options.displayName ?? options.tagName;
  return Outer as unknown as ForwardRefExoticComponent<Props>;
}

/** `<notif-provider>`: give it `base-url` and `subscriber-id` (your backend proxy), or `fetch`/`headers`. */
export const NotifProvider = component<NotifProviderReactProps>({
  react: React,
  tagName: 'notif-provider',
  elementClass: NotifProviderElement,
  events: providerEvents,
  displayName: 'NotifProvider',
});

/** `<notif-bell>`: the bell, its badge and its panel. */
export const NotifBell = component<NotifBellReactProps>({
  react: React,
  tagName: 'notif-bell',
  elementClass: NotifBellElement,
  events: bellEvents,
  displayName: 'NotifBell',
});

/** `<notif-inbox>`: the list of messages. */
export const NotifInbox = component<NotifInboxReactProps>({
  react: React,
  tagName: 'notif-inbox',
  elementClass: NotifInboxElement,
  events: inboxEvents,
  displayName: 'NotifInbox',
});

/** `<notif-preferences>`: the subscriber's preferences. */
export const NotifPreferences = component<NotifPreferencesReactProps>({
  react: React,
  tagName: 'notif-preferences',
  elementClass: NotifPreferencesElement,
  events: preferencesEvents,
  displayName: 'NotifPreferences',
});

/** `<notif-toast>`: new notifications as toasts at a corner; give it the bell's `store`, or a provider around it. */
export const NotifToast = component<NotifToastReactProps>({
  react: React,
  tagName: 'notif-toast',
  elementClass: NotifToastElement,
  events: toastEvents,
  displayName: 'NotifToast',
});
