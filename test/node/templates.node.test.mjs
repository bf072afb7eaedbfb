// Runs against the BUILT library (dist/): what the build does to our templates must not change what they
// draw. `npm run test:node` builds it first.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const DIST = join(import.meta.dirname, '../../dist');

/** Every built module of the library (not the self-contained file), with its text. */
function builtModules(dir = DIST) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'cdn' || entry.name === 'types' ? [] : builtModules(path);
    return entry.name.endsWith('.js') ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });
}

test('the built SVG templates keep their self-closing shapes', () => {
  const shapes = /<(path|circle|rect|line|polyline|ellipse)\b[^>]*>/g;
  let checked = 0;
  for (const { path, text } of builtModules()) {
    for (const [shape] of text.matchAll(shapes)) {
      checked++;
      // `<path d="...">` without its slash opens an element that swallows the shapes after it.
      assert.ok(shape.endsWith('/>'), `${path}: ${shape}`);
    }
  }
  assert.ok(checked > 20, `only ${checked} shapes found in dist/: is it built?`);
});

test('the built stylesheets are minified, and their interpolations kept', () => {
  const styles = builtModules().filter(({ path }) => path.endsWith('.styles.js'));
  assert.ok(styles.length >= 4);
  for (const { path, text } of styles) {
    assert.ok(!/css`\s*\n\s+:host/.test(text), `${path} keeps its indentation`);
    // The stylesheets interpolated into others, by the names they are declared with.
    for (const [, name] of text.matchAll(/\$\{(\w+)\}/g))
      assert.ok(['visuallyHidden', 'avatarStyles'].includes(name), `${path}: \${${name}}`);
  }
});
