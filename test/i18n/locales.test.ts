import { expect } from '@open-wc/testing';
import {
  createTranslator,
  en,
  loadTranslation,
  type PluralForms,
  type TranslationKey,
  type TranslationValue,
} from '../../src/i18n/index.js';
import { executeServerCommand } from '@web/test-runner-commands';
import type { LocaleMeta } from '../../src/i18n/types.js';
import { elementArgTypes } from '../../stories/helpers.js';

interface LocaleModule {
  meta: LocaleMeta;
  default: Record<string, TranslationValue>;
}

/**
 * The locale modules in `src/locales/`, by file name: the folder is the list. Everything else that names
 * the shipped locales (the translator, the package exports, the stories' and the demo's menus) is checked
 * against it below, so adding one file is all a new locale needs, and anything missing fails here.
 */
const FILES = (await executeServerCommand<string[], undefined>('locale-files'))!;
const MODULES: Record<string, LocaleModule> = Object.fromEntries(
  await Promise.all(
    FILES.map(
      async (file) => [file, (await import(`../../src/locales/${file}.ts`)) as LocaleModule] as const,
    ),
  ),
);
/** Every locale the package ships, by its tag. */
const SHIPPED: Record<string, Record<string, TranslationValue>> = Object.fromEntries(
  Object.values(MODULES).map((module) => [module.meta.tag, module.default]),
);
const { ptBR, zhCN, italian } = {
  ptBR: SHIPPED['pt-BR']!,
  zhCN: SHIPPED['zh-CN']!,
  italian: SHIPPED['it']!,
};

const english = en as Record<string, TranslationValue>;
const keys = Object.keys(english) as TranslationKey[];
const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
const englishPlaceholders = (key: string): Set<string> => {
  const value = english[key]!;
  return typeof value === 'string'
    ? placeholders(value)
    : new Set(Object.values(value).flatMap((form) => [...placeholders(form as string)]));
};
/** A value of every placeholder English uses, recognisable in the output. */
const paramsFor = (key: string) =>
  Object.fromEntries([...englishPlaceholders(key)].map((name) => [name, name === 'count' ? 7 : `⟨${name}⟩`]));

/**
 * A number that `Intl.PluralRules(tag)` files under `category`, if a plain number can be: French, Spanish,
 * Italian and Portuguese `many` is for compact exponents ("1,5 M de notifications") only.
 */
function sampleOf(tag: string, category: string): number | undefined {
  const rules = new Intl.PluralRules(tag);
  for (let n = 0; n <= 10_000_000; n = n < 200 ? n + 1 : n * 10) if (rules.select(n) === category) return n;
  return [0.5, 1.5, 2.5].find((n) => rules.select(n) === category);
}

describe('shipped locales', () => {
  it('ship the twelve locales, English included: each file names itself, and the translator loads it', async () => {
    expect(FILES.length + 1).to.be.at.least(12);
    for (const [file, { meta, default: table }] of Object.entries(MODULES)) {
      expect(meta.tag, `src/locales/${file}.ts: meta.tag is the file's name`).to.equal(file);
      expect(createTranslator(meta.tag).dir, `${file}: meta.dir`).to.equal(meta.dir);
      // The translator's table of shipped locales reaches this file: its strings, not English, once loaded.
      await loadTranslation(meta.tag);
      const translated = keys.filter((key) => JSON.stringify(table[key]) !== JSON.stringify(english[key]));
      expect(translated.length, `${file}: strings of its own`).to.be.above(0);
      for (const key of translated) {
        const value = table[key]!;
        if (typeof value !== 'string' || /\{/.test(value)) continue;
        expect(createTranslator(meta.tag).t(key), `the translator loads ${file} (${key})`).to.equal(value);
      }
    }
  });

  it('name every locale in the package exports, and the menus of the stories and the demo', async () => {
    const tags = Object.values(MODULES).map(({ meta }) => meta.tag);
    const pkg = (await (await fetch('/package.json')).json()) as { exports: Record<string, unknown> };
    for (const tag of tags) {
      expect(pkg.exports, `package.json exports the CDN chunk of ${tag}`).to.have.property(
        `./cdn/notif-elements-${tag}.js`,
      );
    }
    expect([...elementArgTypes.locale.options].sort(), "the stories' locale menu").to.deep.equal(
      ['en', ...tags].sort(),
    );
    const demo = new DOMParser().parseFromString(await (await fetch('/index.html')).text(), 'text/html');
    const options = [...demo.querySelectorAll<HTMLOptionElement>('#locale option')];
    expect(options.map((option) => option.value).sort(), "the demo's language menu").to.deep.equal(
      ['en', ...tags].sort(),
    );
    for (const { meta } of Object.values(MODULES)) {
      const option = options.find((o) => o.value === meta.tag)!;
      expect(option.dir || 'ltr', `the demo's ${meta.tag} option: dir`).to.equal(meta.dir);
      expect(option.textContent, `the demo's ${meta.tag} option: name`).to.equal(meta.name);
    }
  });

  for (const [tag, table] of Object.entries(SHIPPED)) {
    describe(tag, () => {
      const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];

      it('has every key of the English table, and no other', () => {
        expect(Object.keys(table).sort()).to.deep.equal([...keys].sort());
      });

      it("keeps every placeholder and gives exactly the locale's plural categories", () => {
        for (const key of keys) {
          const value = table[key]!;
          const wanted = englishPlaceholders(key);
          if (typeof value === 'string') {
            expect([...placeholders(value)].sort(), `${tag} ${key}`).to.deep.equal([...wanted].sort());
            continue;
          }
          expect(typeof english[key], `${tag} ${key}: plural only where English is`).to.equal('object');
          const forms = Object.keys(value).filter((form) => form !== '=0');
          expect(forms.sort(), `${tag} ${key}: plural categories`).to.deep.equal([...categories].sort());
          for (const form of Object.values(value) as string[]) {
            for (const name of placeholders(form))
              expect(wanted.has(name), `${tag} ${key}: {${name}}`).to.equal(true);
          }
          if (wanted.has('count')) {
            expect(placeholders((value as PluralForms).other).has('count'), `${tag} ${key}: other`).to.equal(
              true,
            );
          }
        }
      });

      it('renders every string from its table, placeholders filled, in each plural category', async () => {
        await loadTranslation(tag);
        const t = createTranslator(tag);
        const rules = new Intl.PluralRules(tag);
        for (const key of keys) {
          const value = table[key]!;
          const counts =
            typeof value === 'string' ? [7] : categories.flatMap((category) => sampleOf(tag, category) ?? []);
          for (const count of counts) {
            const params: Record<string, string | number> = paramsFor(key);
            if ('count' in params) params['count'] = count;
            let template =
              typeof value === 'string' ? value : (value as PluralForms)[rules.select(count) as 'other'];
            if (typeof value !== 'string' && count === 0 && (value as PluralForms)['=0'] !== undefined) {
              template = (value as PluralForms)['=0']!;
            }
            const expected = template!.replace(/\{(\w+)\}/g, (_whole, name: string) =>
              name === 'count' ? t.number(count) : String(params[name]),
            );
            expect(t.t(key, params), `${tag} ${key} (${count})`).to.equal(expected);
          }
        }
      });
    });
  }

  it('load on demand: English until the table arrives, then the locale', async () => {
    // Italian for Switzerland: the chain reaches `it`, which ships.
    const before = createTranslator('it-CH');
    const loading = loadTranslation('it-CH');
    await loading;
    const after = createTranslator('it-CH');
    expect(after.t('inbox.markAllRead')).to.equal(italian['inbox.markAllRead']);
    expect(before.t('inbox.markAllRead')).to.be.oneOf([
      en['inbox.markAllRead'],
      italian['inbox.markAllRead'],
    ]);
  });

  it('loads Brazilian Portuguese for Portuguese, and Simplified Chinese only for Simplified tags', async () => {
    await loadTranslation('pt-PT');
    expect(createTranslator('pt-PT').t('inbox.loadMore')).to.equal(ptBR['inbox.loadMore']);
    await loadTranslation('zh-Hans-SG');
    expect(createTranslator('zh-Hans-SG').t('inbox.loadMore')).to.equal(zhCN['inbox.loadMore']);
    await loadTranslation('zh-TW');
    expect(createTranslator('zh-TW').t('inbox.loadMore')).to.equal(en['inbox.loadMore']);
  });

  it('writes Arabic and Hebrew right to left', () => {
    expect(createTranslator('ar').dir).to.equal('rtl');
    expect(createTranslator('he').dir).to.equal('rtl');
  });
});
