// Parts are declared once per element, in its `*.parts.ts` list. The JSDoc `@csspart` lines (from which the
// custom-elements manifest and the Storybook docs come) must name exactly the parts of that list: a part added
// to one and not the other fails here. Reads the sources, no build needed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '../../src/components');

/** The string literals of the `as const` array `name` in a parts module. */
function listed(file, name) {
  const text = readFileSync(join(SRC, file), 'utf8');
  const body = text.match(new RegExp(`export const ${name} = \\[([^\\]]*)\\] as const`))?.[1];
  assert.ok(body, `${file} declares ${name}`);
  return [...body.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
}

/** The part names of the `@csspart` lines of a component's JSDoc. */
function documented(file) {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/^ \* @csspart ([a-z-]+) - /gm)].map((match) => match[1]);
}

for (const [element, partsFile, list, component] of [
  ['notif-inbox', 'inbox/inbox.parts.ts', 'INBOX_PARTS', 'inbox/inbox.component.ts'],
  [
    'notif-preferences',
    'preferences/preferences.parts.ts',
    'PREFERENCES_PARTS',
    'preferences/preferences.component.ts',
  ],
  ['notif-bell', 'bell/bell.parts.ts', 'BELL_PARTS', 'bell/bell.component.ts'],
]) {
  test(`${element}: the JSDoc documents each part of ${list} once, and no other`, () => {
    const parts = listed(partsFile, list);
    const docs = documented(component);
    assert.ok(parts.length > 5, `${list} has parts`);
    assert.deepEqual([...docs].sort(), [...new Set(parts)].sort());
    assert.equal(new Set(docs).size, docs.length, 'each part is documented once');
  });
}
