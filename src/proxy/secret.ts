/**
 * Finding the API key in what the service sends back, also when a misbehaving service or gateway echoed it
 * encoded or cut short. What counts as the key, and which encodings are looked through, is exactly this:
 *
 * - **A run of the key**: any {@link secretRunLength} consecutive characters of it (16 for a key of 19
 *   characters or more; the key minus its last three characters for a shorter one, never fewer than 8), so
 *   a truncated key or a long piece of it is caught like the whole key.
 * - **Escapes**, decoded in some or all characters, up to {@link MAX_ESCAPE_ROUNDS} rounds in a row: JSON and
 *   JavaScript string escapes (`\u0073`, `\u{73}`, `\x73`, `\/`, `\n`...), percent-encoding (`%73`), HTML
 *   numeric entities (`&#115;`, `&#x73;`) and the entities `&amp; &quot; &apos; &lt; &gt;`.
 * - **base64**, standard or url-safe, with or without padding, wrapped in lines (`\n`, `\r\n`) or not, at
 *   any alignment, and base64 of base64: up to {@link MAX_BINARY_DEPTH} base64 or hex decodings in a row,
 *   each followed by the escape rounds.
 * - **hex**, lower- or upper-case, at least two hex digits per character of the run, without separators.
 *
 * Anything else (another encoding, a cipher, a key split by other characters) is not looked for.
 */

/** How many escape rounds are decoded in a row at most (JSON in a JSON string in a JSON string...). */
export const MAX_ESCAPE_ROUNDS = 4;
/** How many binary decodings (base64, hex) are chained at most: base64 of base64 of base64. */
export const MAX_BINARY_DEPTH = 3;

/**
 * How many consecutive characters of a key of `length` characters count as the key: 16, but at most the key
 * minus its last three characters, and at least 8 (a key of 8 characters or fewer must appear whole).
 */
export function secretRunLength(length: number): number {
  return Math.min(length, Math.max(8, Math.min(16, length - 3)));
}

/** Whether a text holds the key, in one of the forms described above. */
export type SecretMatcher = (text: string) => boolean;

/** Text escapes: JSON/JS string escapes, percent-encoded bytes, HTML numeric entities and a few named ones. */
const ESCAPE =
  /\\(?:u\{[\da-fA-F]{1,6}\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|["\\/bfnrt])|%[\da-fA-F]{2}|&#(?:\d{1,7}|[xX][\da-fA-F]{1,6});|&(?:amp|quot|apos|lt|gt);/g;

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Characters of both base64 alphabets, and runs of them, possibly broken into lines. */
const BASE64_RUN = /[A-Za-z\d+/_-]+(?:(?:\r\n|\r|\n)[A-Za-z\d+/_-]+)*/g;
const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The value of each base64 digit (both alphabets), by character code. */
const BASE64_VALUE = new Uint8Array(128);
for (let value = 0; value < 64; value++) BASE64_VALUE[BASE64_DIGITS.charCodeAt(value)] = value;
BASE64_VALUE['-'.charCodeAt(0)] = 62;
BASE64_VALUE['_'.charCodeAt(0)] = 63;

/**
 * A matcher for `secret`. Every view of the text (as sent, and each decoding of it) is searched for each
 * run of the key, as text and as its UTF-8 bytes (base64 and hex decode to bytes, one character each).
 * Escapes are decoded first, round by round, since decoding them only ever joins a base64 or hex run; the
 * binary decodings then start from the fully unescaped text.
 */
export function secretMatcher(secret: string): SecretMatcher {
  const run = secretRunLength(secret.length);
  const needles = new Set<string>();
  for (let at = 0; at + run <= secret.length; at++) {
    const piece = secret.slice(at, at + run);
    needles.add(piece);
    needles.add(String.fromCharCode(...new TextEncoder().encode(piece)));
  }
  const forms = [...needles].filter(Boolean);
  // Decoded bytes are only kept where they could hold a run of the key: stretches of at least `run` bytes of
  // the kinds the key's UTF-8 has (printable ASCII and line breaks, plus 0x80-0xff for a non-ASCII key). That
  // drops misaligned decodings and binary data at once, so decoding further costs next to nothing.
  const ascii = /^[\t\n\r\x20-\x7e]*$/.test(secret);
  const keep = new Uint8Array(256).map((_, byte) =>
    byte === 9 || byte === 10 || byte === 13 || (byte >= 0x20 && byte <= 0x7e) || (!ascii && byte >= 0x80)
      ? 1
      : 0,
  );
  const binary = (text: string): string[] => [
    ...decodeBase64Runs(text, Math.ceil((run * 4) / 3), run, keep),
    ...decodeHexRuns(text, run * 2, run, keep),
  ];

  const search = (text: string, depth: number): boolean => {
    for (let round = 0; ; round++) {
      if (forms.some((form) => text.includes(form))) return true;
      const decoded = round < MAX_ESCAPE_ROUNDS ? unescape(text) : null;
      if (decoded === null) break;
      text = decoded;
    }
    return depth < MAX_BINARY_DEPTH && binary(text).some((piece) => search(piece, depth + 1));
  };
  return (text) => forms.length > 0 && search(text, 0);
}

/** `text` with one round of escapes decoded, or `null` when it has none. */
function unescape(text: string): string | null {
  let changed = false;
  const decoded = text.replace(ESCAPE, (escape) => {
    const char = decodeEscape(escape);
    if (char === null) return escape;
    changed = true;
    return char;
  });
  return changed ? decoded : null;
}

function decodeEscape(escape: string): string | null {
  if (escape[0] === '%') return String.fromCharCode(parseInt(escape.slice(1), 16));
  if (escape[0] === '&') {
    if (escape[1] !== '#') return NAMED_ENTITIES[escape.slice(1, -1)] ?? null;
    const hex = escape[2] === 'x' || escape[2] === 'X';
    return codePoint(parseInt(escape.slice(hex ? 3 : 2, -1), hex ? 16 : 10));
  }
  const kind = escape[1]!;
  if (kind === 'u') return codePoint(parseInt(escape.slice(escape[2] === '{' ? 3 : 2).replace('}', ''), 16));
  if (kind === 'x') return String.fromCharCode(parseInt(escape.slice(2), 16));
  return SIMPLE_ESCAPES[kind] ?? null;
}

function codePoint(value: number): string | null {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : null;
}

/**
 * The text stretches (`keep` bytes, at least `minBytes` of them, one character per byte) of every base64 run
 * of at least `minChars` characters, decoded from each of its first four characters (one of them is where
 * the encoding started).
 */
function decodeBase64Runs(text: string, minChars: number, minBytes: number, keep: Uint8Array): string[] {
  const out: string[] = [];
  for (const [match] of text.matchAll(BASE64_RUN)) {
    if (match.length < minChars) continue;
    const run = match.replace(/[\r\n]/g, '');
    if (run.length < minChars) continue;
    const values = new Uint8Array(run.length);
    for (let at = 0; at < run.length; at++) values[at] = BASE64_VALUE[run.charCodeAt(at)]!;
    for (let start = 0; start < 4; start++) {
      const bytes = new Uint8Array(Math.floor(((values.length - start) * 6) / 8));
      let bits = 0;
      let count = 0;
      let at = 0;
      for (let index = start; index < values.length; index++) {
        bits = ((bits << 6) | values[index]!) & 0xfff;
        count += 6;
        if (count >= 8) {
          count -= 8;
          bytes[at++] = (bits >> count) & 0xff;
        }
      }
      stretches(bytes, minBytes, keep, out);
    }
  }
  return out;
}

/** The same for every run of at least `minDigits` hex digits, decoded from its first and from its second digit. */
function decodeHexRuns(text: string, minDigits: number, minBytes: number, keep: Uint8Array): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(new RegExp(`(?<![\\da-fA-F])[\\da-fA-F]{${minDigits},}`, 'g'))) {
    for (let start = 0; start < 2; start++) {
      const bytes = new Uint8Array((run.length - start) >> 1);
      for (let at = 0; at < bytes.length; at++) {
        bytes[at] = parseInt(run.slice(start + 2 * at, start + 2 * at + 2), 16);
      }
      stretches(bytes, minBytes, keep, out);
    }
  }
  return out;
}

/** Adds to `out` each stretch of at least `minBytes` bytes that `keep` marks with 1, one character per byte. */
function stretches(bytes: Uint8Array, minBytes: number, keep: Uint8Array, out: string[]): void {
  let from = 0;
  for (let at = 0; at <= bytes.length; at++) {
    if (at < bytes.length && keep[bytes[at]!]) continue;
    if (at - from >= minBytes) out.push(binaryString(bytes.subarray(from, at)));
    from = at + 1;
  }
}

/** One character per byte, in slices small enough to pass as arguments. */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  }
  return text;
}
