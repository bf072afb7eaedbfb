/**
 * A cap on how deeply a JSON request body may nest, shared by the proxy and the mock service. A body of a few
 * kilobytes can nest thousands of levels, and every recursive walk over it (canonicalising, validating,
 * serialising an error that echoes it) would then overflow the stack. Checked on the text, without recursion.
 */

/** The deepest nesting of objects and arrays accepted in a request body. */
export const MAX_JSON_DEPTH = 64;

/** Whether the JSON `text` nests objects and arrays deeper than `max` levels (strings are skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c)
        at++; // a backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}
