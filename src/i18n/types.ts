/**
 * Shapes shared by every translation table. Kept apart from `en.ts` so that the tables and the translator
 * can both import them without a cycle.
 */

/**
 * Plural forms of one message, chosen by `Intl.PluralRules(locale).select(count)` on the `count` parameter.
 * `=0` is an exact form used when `count` is 0, before the plural category (English has no `zero`
 * category, so "Notifications" for 0 and "Notifications, 3 unseen" otherwise needs it).
 */
export interface PluralForms {
  readonly '=0'?: string;
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** One entry of a translation table: a string with `{name}` placeholders, or plural forms. */
export type TranslationValue = string | PluralForms;

/** Any table of dotted keys to entries; the English table is checked against it. */
export type TranslationTable = Readonly<Record<string, TranslationValue>>;

/** Values accepted for `{name}` placeholders. Numbers are formatted for the locale. */
export type TranslationParams = Readonly<Record<string, string | number>>;

// The English table defines the keys; the import is type-only, so there is no cycle at run time.
import type { en } from './en.js';

/** A complete translation: every key of the English table. */
export type Translation = { readonly [K in keyof typeof en]: TranslationValue };

/** A translation key, such as `inbox.markAllRead`. */
export type TranslationKey = keyof Translation;

/** Some keys of a translation, as a host page supplies them; the others fall back. */
export type PartialTranslation = Partial<Translation>;

/**
 * What a locale module of `src/locales/` says about itself (`export const meta`): the one place a shipped
 * locale is described. The translator's table of shipped locales, the package exports and the language
 * menus are checked against these by the locale test.
 */
export interface LocaleMeta {
  /** BCP 47 tag, as the file is named (`de`, `pt-BR`). */
  readonly tag: string;
  /** Writing direction. */
  readonly dir: 'ltr' | 'rtl';
  /** The language's name in itself (`Deutsch`), for language menus. */
  readonly name: string;
}
