// The custom-elements manifest (custom-elements.json) is generated from the elements' JSDoc, then shaped into
// what a tool reading the published package needs: the modules a user imports (dist/*.js), the tags they
// define, only the public API, and typed events. scripts/manifest-outputs.mjs derives the framework typings
// and the editors' data from it.
import { readFileSync, readdirSync } from 'node:fs';

/** The published module of each element: it exports the class and defines the tag. */
const ELEMENT_MODULES = {
  'src/components/provider/provider.component.ts': 'dist/provider.js',
  'src/components/bell/bell.component.ts': 'dist/bell.js',
  'src/components/inbox/inbox.component.ts': 'dist/inbox.js',
  'src/components/preferences/preferences.component.ts': 'dist/preferences.js',
  'src/components/toast/toast.component.ts': 'dist/toast.js',
};

/** Event name → the class dispatched, read from src/events (`static readonly eventName = '…'`). */
function eventClasses() {
  const classes = new Map();
  for (const file of readdirSync('src/events')) {
    const source = readFileSync(`src/events/${file}`, 'utf8');
    const match = /export class (\w+) extends[\s\S]*?static readonly eventName = '([\w-]+)'/.exec(source);
    if (match) classes.set(match[2], match[1]);
  }
  return classes;
}

/**
 * Type aliases the analyzer leaves by name, spelled out as their string literals so that editors offer the
 * values: `InboxView` is `(typeof INBOX_VIEWS)[number]`.
 */
function literalAliases() {
  const source = readFileSync('src/components/inbox/inbox.component.ts', 'utf8');
  const views = /export const INBOX_VIEWS = \[([^\]]*)\] as const/.exec(source);
  if (!views) throw new Error('INBOX_VIEWS not found: update literalAliases()');
  const toast = readFileSync('src/components/toast/toast.types.ts', 'utf8');
  const positions = /export const TOAST_POSITIONS = \[([^\]]*)\] as const/.exec(toast);
  if (!positions) throw new Error('TOAST_POSITIONS not found: update literalAliases()');
  const union = (list) =>
    list
      .split(',')
      .map((value) => value.trim())
      .join(' | ');
  return new Map([
    ['ToastPosition', union(positions[1])],
    [
      'InboxView',
      views[1]
        .split(',')
        .map((value) => value.trim())
        .join(' | '),
    ],
  ]);
}

const isPublic = (member) =>
  member.privacy !== 'private' && member.privacy !== 'protected' && !member.name.startsWith('#');

const shapeForPackage = {
  name: 'shape-for-package',
  packageLinkPhase({ customElementsManifest: manifest }) {
    const events = eventClasses();
    const aliases = literalAliases();
    const spelled = (item) =>
      aliases.has(item.type?.text) ? { ...item, type: { text: aliases.get(item.type.text) } } : item;
    const modules = [];
    for (const module of manifest.modules ?? []) {
      const path = ELEMENT_MODULES[module.path];
      // The base class is not a module of the package: the elements list what they inherit from it.
      if (!path) continue;
      const declarations = (module.declarations ?? []).filter((declaration) => declaration.customElement);
      for (const element of declarations) {
        delete element.superclass;
        element.members = (element.members ?? [])
          .filter(isPublic)
          .map(({ inheritedFrom: _, ...member }) => spelled(member));
        element.attributes = (element.attributes ?? []).map(({ inheritedFrom: _, ...attribute }) =>
          spelled(attribute),
        );
        // The analyzer also lists each `dispatchEvent(new NotifXxxEvent(...))` as an event it cannot name; the
        // named `@fires` entries of the JSDoc describe them, and get their class here.
        element.events = (element.events ?? [])
          .filter((event) => event.name)
          .map((event) => {
            const type = events.get(event.name);
            if (!type) throw new Error(`${element.tagName}: no event class declares '${event.name}'`);
            return {
              ...event,
              type: { text: type, references: [{ name: type, package: 'notif-elements' }] },
            };
          });
      }
      const exports = declarations.flatMap((element) => [
        { kind: 'js', name: element.name, declaration: { name: element.name, module: path } },
        {
          kind: 'custom-element-definition',
          name: element.tagName,
          declaration: { name: element.name, module: path },
        },
      ]);
      modules.push({ kind: 'javascript-module', path, declarations, exports });
    }
    manifest.schemaVersion = '2.1.0';
    manifest.modules = modules;
  },
};

export default {
  // The base element is analyzed too, so the elements inherit its attributes in the manifest.
  globs: ['src/components/**/*.component.ts', 'src/internal/notif-element.ts'],
  exclude: ['src/**/*.test.ts'],
  outdir: '.',
  litelement: true,
  plugins: [shapeForPackage],
};
