import { translatorFormats } from './formats.js';
import { createTranslator as translatorOf, provideFormats, type Translator } from './translator.js';
import type { PartialTranslation } from './types.js';

/**
 * A translator for `locale` (default: `<html lang>`, else `en`). Strings are looked up in `overrides`,
 * then in the registered tables along the fallback chain (`fr-CA`, `fr`), then in English. Registered
 * tables are read at each call, so a locale registered (or loaded) later is used from the next render on.
 * A locale the package ships starts loading here.
 *
 * With its dates and times: it brings their code (`formats.ts`), which the bell alone does without.
 */
export function createTranslator(locale?: string, overrides?: PartialTranslation): Translator {
  provideFormats(translatorFormats);
  return translatorOf(locale, overrides);
}
