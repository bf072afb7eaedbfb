/**
 * URLs from service data (message CTAs, email-block buttons, avatars) go into `href` and `src` only through
 * these functions. A URL is kept when it is http(s), absolute or relative (path, `?query`, `#hash`,
 * protocol-relative `//host`); anything else (`javascript:`, `data:`, `vbscript:`, `file:`, `blob:`...) is
 * dropped, including the obfuscated forms that browsers would still run.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** What the URL parser strips or ignores, and other ASCII controls, anywhere in the string. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** Numeric character references (`&#106;`, `&#x6A`) and the named ones that spell a scheme. */
const NUMERIC_REFERENCE = /&#(x[0-9a-f]+|\d+);?/gi;
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};
const NAMED_REFERENCE = /&([a-z]+);?/gi;

function decodeReferences(text: string): string {
  return text
    .replace(NUMERIC_REFERENCE, (whole, code: string) => {
      const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return point >= 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    })
    .replace(NAMED_REFERENCE, (whole, name: string) => NAMED_REFERENCES[name.toLowerCase()] ?? whole);
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function defaultBase(): string {
  const base = typeof document === 'undefined' ? undefined : document.baseURI;
  return base || 'http://localhost/';
}

function parse(text: string, base: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/**
 * The URL to put in an `href`, absolute and normalised (`new URL(value, base).href`), when `value` is an
 * http(s) URL or a relative one; otherwise `undefined`. `base` defaults to `document.baseURI`.
 *
 * Rejected as well, even where a browser would read them as harmless relative paths: values with a
 * backslash (`\\evil.example` is read as `//evil.example`), and values that would turn into another scheme
 * once HTML character references (`&#106;avascript:`), percent escapes or control characters are removed,
 * in case some later step decodes them.
 */
export function safeUrl(value: unknown, base: string = defaultBase()): string | undefined {
  const text = value instanceof URL ? value.href : value;
  if (typeof text !== 'string') return undefined;
  const bare = text.replace(CONTROLS, '');
  if (bare.trim() === '' || text.includes('\\')) return undefined;

  const url = parse(text, base);
  if (!url || !SAFE_PROTOCOLS.has(url.protocol)) return undefined;

  // The same string with what a careless decoder might remove or decode must not change scheme either.
  const variants = [bare, decodeReferences(bare), decodePercent(bare), decodeReferences(decodePercent(bare))];
  for (const variant of variants) {
    const other = parse(variant.replace(CONTROLS, ''), base);
    if (other && !SAFE_PROTOCOLS.has(other.protocol)) return undefined;
  }
  return url.href;
}

/** The URL to put in an image `src`: the same rule as {@link safeUrl}, http(s) or relative only. */
export function safeImageUrl(value: unknown, base?: string): string | undefined {
  return safeUrl(value, base);
}
