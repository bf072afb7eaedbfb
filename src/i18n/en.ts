import { enBell } from './en-bell.js';
import { enBellPanel } from './en-bell-panel.js';
import { enInbox } from './en-inbox.js';
import { enPreferences } from './en-preferences.js';
import { enRowMenu } from './en-row-menu.js';
import { enSelect } from './en-select.js';
import { enToast } from './en-toast.js';
import { addBuiltInStrings } from './translator.js';
import type { TranslationTable } from './types.js';

/**
 * The English table, built in: every string the elements show. Keys are dotted and grouped by element.
 * The shipped locales (`src/locales/`) have every key; tables of your own may be partial: a missing key falls
 * back to English.
 *
 * Relative times ("5 minutes ago"), dates, day names, times and numbers are not in the table: they come
 * from `Intl` for the translator's locale.
 */
export const en = {
  ...enBell,
  ...enBellPanel,
  ...enInbox,
  ...enPreferences,
  ...enToast,
  ...enRowMenu,
  ...enSelect,
} as const satisfies TranslationTable;

// A translator made through the public API (which exports this table) has every English string, whether or
// not the inbox and preferences elements have loaded.
addBuiltInStrings(enBellPanel);
addBuiltInStrings(enInbox);
addBuiltInStrings(enPreferences);
addBuiltInStrings(enToast);
addBuiltInStrings(enRowMenu);
addBuiltInStrings(enSelect);
