import { createContext } from '@lit/context';
import type { PartialTranslation } from '../i18n/index.js';
import type { NotifConnection } from './registry.js';

/** What `<notif-provider>` gives the elements inside it. */
export interface NotifContextValue {
  connection?: NotifConnection;
  locale?: string;
  strings?: PartialTranslation;
}

/** The @lit/context key of `<notif-provider>`. Wrap-your-own providers can provide it too. */
export const notifContext = createContext<NotifContextValue>(Symbol.for('notif-elements/context'));
