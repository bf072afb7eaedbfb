/**
 * Localisation: a typed table of dotted keys per locale, English built in, plural forms through
 * `Intl.PluralRules`, dates and times through `Intl`. Not `@lit/localize`: every element may use its own
 * locale and overrides.
 */
export { en } from './en.js';
export { createTranslator } from './create-translator.js';
export { loadTranslation, onTranslationsChange, pageLocale, registerTranslation } from './translator.js';
export type { TextDirection, Translator } from './translator.js';
export type {
  LocaleMeta,
  PartialTranslation,
  PluralForms,
  Translation,
  TranslationKey,
  TranslationParams,
  TranslationTable,
  TranslationValue,
} from './types.js';
