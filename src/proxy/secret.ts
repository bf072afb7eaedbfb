/**
 * Finding the API key in what the service sends back, also when a misbehaving service or gateway echoed it
 * encoded: with JSON string escapes (`\u0073`, `\/`), percent-encoded, or in base64 (standard or url-safe).
 */

/** A JSON string escape, or a percent-encoded byte. */
const ESCAPE = /\\(?:u[\da-fA-F]{4}|["\\/bfnrt])|%[\da-fA-F]{2}/g;

/**
 * What to look for: the secret itself, and its base64 in both alphabets at each of the three byte alignments.
 * base64 of a text holding the secret at an offset of 0, 1 or 2 (mod 3) encodes it three different ways; each
 * form keeps only the characters that come from the secret's bytes alone, so it shows whatever surrounds it.
 */
export function secretForms(secret: string): string[] {
  const bytes = String.fromCharCode(...new TextEncoder().encode(secret));
  const forms = [secret];
  for (let offset = 0; offset < 3; offset++) {
    const base64 = btoa('\0'.repeat(offset) + bytes).slice(
      Math.ceil((offset * 4) / 3),
      Math.floor(((offset + bytes.length) * 4) / 3),
    );
    forms.push(base64, base64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms.filter(Boolean);
}

/**
 * Whether `text` contains one of `forms`, as it is or with its escapes decoded (in some or all characters).
 * Decodes up to 3 times, for escapes that are themselves escaped (JSON inside a JSON string...).
 */
export function containsSecret(text: string, forms: string[]): boolean {
  for (let round = 0; round < 4; round++) {
    if (forms.some((form) => text.includes(form))) return true;
    const decoded = text.replace(ESCAPE, (escape) =>
      escape[0] === '%' ? String.fromCharCode(parseInt(escape.slice(1), 16)) : JSON.parse(`"${escape}"`),
    );
    if (decoded === text) return false;
    text = decoded;
  }
  return false;
}
