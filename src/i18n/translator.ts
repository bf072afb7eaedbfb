import type { WeekDay } from '../client/enums.js';
import { enBell } from './en-bell.js';
import type {
  PartialTranslation,
  PluralForms,
  TranslationKey,
  TranslationParams,
  TranslationTable,
  TranslationValue,
} from './types.js';

/** Text direction of a locale. */
export type TextDirection = 'ltr' | 'rtl';

/** The strings and formats of one locale, as the elements use them. */
export interface Translator {
  /** The canonical locale tag used for `Intl` (the one asked for, or `en` when it was not valid). */
  readonly locale: string;
  /** Text direction of the locale's script. */
  readonly dir: TextDirection;
  /**
   * The string of `key`, with `{name}` placeholders filled from `params` (numbers formatted for the
   * locale). Plural entries pick their form from `params.count`. A placeholder without a parameter stays
   * visible as `{name}`.
   */
  t(key: TranslationKey, params?: TranslationParams): string;
  /**
   * "5 minutes ago", "yesterday", "now", "in 2 hours"... Empty for an invalid date. `narrow` gives the short
   * form a row shows beside its subject ("5m ago").
   */
  relativeTime(date: Date | string | number, now?: Date, style?: 'long' | 'narrow'): string;
  /** A full date and time, for a `title` or beside a `<time datetime>`. Empty for an invalid date. */
  dateTime(date: Date | string | number): string;
  /** The name of a day of the week: `monday` gives "Monday" in English, "Montag" in German. */
  dayName(day: WeekDay): string;
  /** Whether the locale writes times on a 24-hour clock. */
  uses24HourClock(): boolean;
  /** A time of day in the locale's style: `formatTime(17, 30)` gives "5:30 PM" in English, "17:30" in German. */
  formatTime(hours24: number, minutes: number): string;
  /** A number in the locale's style. */
  number(n: number): string;
}

// ---------------------------------------------------------------------------------------------------------
// Built-in English: the bell's strings, and those an element adds as it loads

const builtIn: Record<string, unknown> = { ...enBell };

/**
 * Adds English strings to the built-in ones, the last resort of every lookup. The inbox, the preferences
 * and toasts add their own as they load, so a page with a bell alone does not download them until its
 * panel loads (issue 24).
 * @internal
 */
export function addBuiltInStrings(strings: TranslationTable): void {
  Object.assign(builtIn, strings);
}

/** A translator's dates, times and day names (`formats.ts`), for its locale tag. */
export type TranslatorFormats = Pick<
  Translator,
  'relativeTime' | 'dateTime' | 'dayName' | 'uses24HourClock' | 'formatTime'
>;

let formatsFor: ((tag: string) => TranslatorFormats) | undefined;

/**
 * Gives the translator its dates, times and day names (`formats.ts`). Not on a bell's critical path (issue
 * 24): the bell shows only strings and numbers; the elements that show dates (the inbox, the preferences,
 * toasts) provide them as they load, and so does the public `createTranslator`. Every translator, made
 * before or after, uses them from its first date on.
 * @internal
 */
export function provideFormats(formats: (tag: string) => TranslatorFormats): void {
  formatsFor = formats;
}

// ---------------------------------------------------------------------------------------------------------
// Registry of locales supplied by the host page

const registry = new Map<string, PartialTranslation>();
const listeners = new Set<() => void>();

/**
 * Adds (or extends) the strings of a locale, for every element on the page. Later calls for the same
 * locale merge into the earlier ones. `registerTranslation('en', {...})` changes the English strings.
 */
export function registerTranslation(locale: string, strings: PartialTranslation): void {
  const tag = lookupTag(locale);
  if (!tag) return;
  registry.set(tag, { ...registry.get(tag), ...strings });
  tellListeners();
}

/** Every element re-renders with the strings registered now. */
function tellListeners(): void {
  for (const listener of [...listeners]) listener();
}

type TableModule = Promise<{ default: PartialTranslation }>;

/**
 * The tables the package ships, by the lookup tag that loads each: every one its own module, so a page pays
 * only for the locales it shows. Portuguese is Brazilian; Chinese is Simplified (Traditional-script tags do
 * not reach it: see `fallbackChain`). A list, not a glob: bundlers split only on static `import()` paths.
 * Adding a locale is adding its file to `src/locales/` (with `meta`) and its line here; the locale test
 * (`test/i18n/locales.test.ts`) lists the folder and fails while a file is missing from this table.
 */
const SHIPPED: Record<string, () => TableModule> = {
  ar: () => import('../locales/ar.js'),
  de: () => import('../locales/de.js'),
  es: () => import('../locales/es.js'),
  fr: () => import('../locales/fr.js'),
  he: () => import('../locales/he.js'),
  it: () => import('../locales/it.js'),
  ja: () => import('../locales/ja.js'),
  nl: () => import('../locales/nl.js'),
  pl: () => import('../locales/pl.js'),
  pt: () => import('../locales/pt-BR.js'),
  zh: () => import('../locales/zh-CN.js'),
};

const shipping = new Map<string, Promise<void>>();

/** The tag of a fallback chain whose table ships with the package, if any. */
function shippedTag(chain: readonly string[]): string | undefined {
  return chain.find((candidate) => candidate in SHIPPED);
}

/**
 * Loads the table the package ships for `locale` (`fr`, `fr-CA`, `pt-BR`, `zh-CN`...) and registers it, under
 * whatever the page registered for that locale itself. Elements do this on their own when their locale names
 * a shipped one, showing English until it arrives; call it to have it sooner (before the first render, or on
 * the server). Resolves at once for English and for locales the package does not ship.
 */
export function loadTranslation(locale: string): Promise<void> {
  return loadShipped(shippedTag(fallbackChain(locale)));
}

/** Loads and registers the shipped table under `tag`, once; nothing without one. */
function loadShipped(tag: string | undefined): Promise<void> {
  const load = tag && SHIPPED[tag];
  if (!tag || !load) return Promise.resolve();
  let loading = shipping.get(tag);
  if (!loading) {
    loading = load().then(
      ({ default: table }) => {
        registry.set(tag, { ...table, ...registry.get(tag) });
        tellListeners();
      },
      (error: unknown) => {
        // Tried again by the next element that asks; English meanwhile.
        shipping.delete(tag);
        throw error;
      },
    );
    shipping.set(tag, loading);
  }
  return loading;
}

/**
 * Calls `listener` after each {@link registerTranslation}, so that elements already on the page re-render
 * with the new strings. Returns the function that stops listening.
 */
export function onTranslationsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The locale of the page (`<html lang>`), or `en`. */
export function pageLocale(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang || 'en';
}

// ---------------------------------------------------------------------------------------------------------
// Locale tags

function canonical(locale: string | undefined): string {
  try {
    return Intl.getCanonicalLocales(locale || pageLocale())[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The lower-case base name (language, script, region, variants; no extensions) used as registry key. */
function lookupTag(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).baseName.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * `zh-Hant-TW` gives `zh-hant-tw`, `zh-hant`; `fr-CA` gives `fr-ca`, `fr`; English always comes last. Chinese in
 * the Traditional script does not fall back to a bare `zh`, which is Simplified Chinese in practice.
 */
function fallbackChain(locale: string): string[] {
  const chain: string[] = [];
  const parts = (lookupTag(locale) ?? 'en').split('-');
  for (let length = parts.length; length > 0; length--) chain.push(parts.slice(0, length).join('-'));
  if (parts[0] === 'zh' && scriptOf(locale) === 'Hant') chain.pop();
  if (!chain.includes('en')) chain.push('en');
  return chain;
}

/** The script a locale is most likely written in (`Latn`, `Arab`, `Hant`...), if `Intl` knows. */
function scriptOf(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().script;
  } catch {
    return undefined;
  }
}

// Scripts written right to left (ISO 15924) that living languages are written in; historic ones (Avestan,
// Phoenician...) name no locale a page shows.
const RTL_SCRIPTS = new Set('Adlm Arab Aran Hebr Mand Mend Nkoo Rohg Samr Syrc Thaa Yezi'.split(' '));

function directionOf(locale: string): TextDirection {
  const script = scriptOf(locale);
  return script && RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
}

// ---------------------------------------------------------------------------------------------------------
// Values

function isPluralForms(value: unknown): value is PluralForms {
  return (
    typeof value === 'object' && value !== null && typeof (value as { other?: unknown }).other === 'string'
  );
}

function isValue(value: unknown): value is TranslationValue {
  return typeof value === 'string' || isPluralForms(value);
}

const PLACEHOLDER = /\{(\w+)\}/g;

// ---------------------------------------------------------------------------------------------------------
// The translator

/**
 * A translator for `locale` and `overrides`, as `createTranslator` of the public API (`create-translator.ts`)
 * makes, but without dates until some module provides them (see `provideFormats`): the elements' own.
 * @internal
 */
export function createTranslator(locale?: string, overrides?: PartialTranslation): Translator {
  return translatorFor(locale, overrides, true);
}

/**
 * A translator for `locale` with the built-in English strings only: no registered table, no overrides. Its
 * formats (numbers, dates, plural rules, direction) are the locale's. The elements draw with it the update
 * that hydrates server-rendered HTML, whatever strings the server had. Starts loading a shipped table, like
 * `createTranslator`.
 * @internal
 */
export function createBuiltInTranslator(locale: string): Translator {
  return translatorFor(locale, undefined, false);
}

function translatorFor(
  locale: string | undefined,
  overrides: PartialTranslation | undefined,
  registered: boolean,
): Translator {
  const tag = canonical(locale);
  const chain = fallbackChain(tag);
  const dir = directionOf(tag);
  // A shipped locale not loaded yet: English until it is, then every element re-renders.
  loadShipped(shippedTag(chain)).catch(() => {});

  // Intl objects are costly to build: one of each per translator, made on first use.
  let plural: Intl.PluralRules | undefined;
  let numbers: Intl.NumberFormat | undefined;

  const number = (n: number): string => (numbers ??= new Intl.NumberFormat(tag)).format(n);

  // Dates and times: made on first use, from the formats some element's module (or the public
  // `createTranslator`) provided.
  let dates: TranslatorFormats | undefined;
  const formats = (): TranslatorFormats => {
    if (dates) return dates;
    if (!formatsFor)
      throw new Error('notif-elements: the translator formats dates once provideFormats() ran');
    return (dates = formatsFor(tag));
  };

  const lookup = (key: TranslationKey): TranslationValue | undefined => {
    const own = overrides?.[key];
    if (isValue(own)) return own;
    for (const candidate of registered ? chain : []) {
      const value = registry.get(candidate)?.[key];
      if (isValue(value)) return value;
    }
    const english = builtIn[key];
    return isValue(english) ? english : undefined;
  };

  const choose = (forms: PluralForms, count: unknown): string => {
    if (typeof count !== 'number' || !Number.isFinite(count)) return forms.other;
    if (count === 0 && forms['=0'] !== undefined) return forms['=0'];
    const category = (plural ??= new Intl.PluralRules(tag)).select(count);
    return forms[category] ?? forms.other;
  };

  const t = (key: TranslationKey, params?: TranslationParams): string => {
    const value = lookup(key);
    if (value === undefined) return String(key);
    const template = typeof value === 'string' ? value : choose(value, params?.['count']);
    if (!params) return template;
    return template.replace(PLACEHOLDER, (whole, name: string) => {
      if (!Object.hasOwn(params, name)) return whole;
      const param = params[name];
      if (typeof param === 'number') return number(param);
      return typeof param === 'string' ? param : whole;
    });
  };

  return {
    locale: tag,
    dir,
    t,
    relativeTime: (date, now, style) => formats().relativeTime(date, now, style),
    dateTime: (date) => formats().dateTime(date),
    dayName: (day) => formats().dayName(day),
    uses24HourClock: () => formats().uses24HourClock(),
    formatTime: (hours24, minutes) => formats().formatTime(hours24, minutes),
    number,
  };
}
