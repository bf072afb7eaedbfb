// Checks the package as npm would publish it, after `npm run build`: packs it (without building again),
// then fails when a file package.json names is not in the tarball, when publint reports a problem, or when
// @arethetypeswrong/cli finds a type resolution problem for ESM users (Node 16+ and bundlers).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const out = '.tmp/pack';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const problems = [];

// Tools read `npm pack --json` from stdout: nothing else may be printed there. Packing a clone runs `prepare`
// (the whole build), so its log must go to stderr; building again here would be repeated work, so the script
// itself is checked, and the pack below (scripts skipped) must print JSON alone.
if (!/(^|\s)1>&2\s*$/.test(pkg.scripts?.prepare ?? '1>&2')) {
  problems.push(
    `the prepare script must send its output to stderr ("... 1>&2"), got "${pkg.scripts.prepare}"`,
  );
}
const packOutput = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
  encoding: 'utf8',
});
let packed;
try {
  [packed] = JSON.parse(packOutput);
} catch {
  console.error(`✗ npm pack --json printed more than its JSON on stdout:\n${packOutput.slice(0, 2000)}`);
  process.exit(1);
}
const tarball = join(out, packed.filename);
const files = new Set(packed.files.map((file) => file.path));

/** Every path package.json names, with each `*` of an export pattern matched against the tarball. */
function named() {
  const paths = [
    pkg.main,
    pkg.module,
    pkg.types,
    pkg.unpkg,
    pkg.jsdelivr,
    pkg.customElements,
    pkg['web-types'],
  ];
  const targets = (value) =>
    typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap((inner) => targets(inner));
  paths.push(...targets(pkg.exports), ...pkg.sideEffects.filter((path) => path.startsWith('./dist/')));
  return paths.filter(Boolean).map((path) => path.replace(/^\.\//, ''));
}

const namedPaths = new Set(named());
for (const path of namedPaths) {
  if (path.includes('*')) {
    const [head, tail] = path.split('*');
    if (![...files].some((file) => file.startsWith(head) && file.endsWith(tail))) {
      problems.push(`no file in the tarball matches ${path}`);
    }
  } else if (!files.has(path)) {
    problems.push(`${path} is named in package.json but not in the tarball`);
  }
}

// Every file beside the self-contained one is a chunk it loads: package.json names each, so that a bundler
// or an import map resolves it.
for (const file of files) {
  if (/^dist\/cdn\/[^/]+\.js$/.test(file) && !namedPaths.has(file)) {
    problems.push(`${file} is packed, but package.json exports do not name it`);
  }
}

// The React entry starts with 'use client' (a Next.js server component may import it), and React lives in it
// alone: no other file imports react or carries @lit/react, so an app without React pays nothing for it.
const REACT_FILES = /^dist\/(react\.js|vendor\/@lit\/react\/)/;
if (!files.has('dist/react.js')) problems.push('dist/react.js is not packed');
else if (!/^\s*['"]use client['"]/.test(readFileSync('dist/react.js', 'utf8')))
  problems.push("dist/react.js does not start with 'use client'");
for (const file of files) {
  if (!file.endsWith('.js') || REACT_FILES.test(file)) continue;
  const code = readFileSync(file, 'utf8');
  if (
    /\bfrom\s*["']react(\/[^"']*)?["']|\bimport\(\s*["']react|useLayoutEffect|createComponent|@lit\/react/.test(
      code,
    )
  )
    problems.push(`${file} holds React code: only dist/react.js may`);
}

// The manifest describes the published modules, and tools reading it get typed events and public API only.
const manifest = JSON.parse(readFileSync(pkg.customElements, 'utf8'));
if (manifest.schemaVersion !== '2.1.0')
  problems.push(`custom-elements.json: schema ${manifest.schemaVersion}`);
for (const module of manifest.modules) {
  if (!files.has(module.path))
    problems.push(`custom-elements.json names ${module.path}, which is not packed`);
  for (const element of module.declarations.filter((declaration) => declaration.customElement)) {
    const defined = module.exports.some(
      (entry) => entry.kind === 'custom-element-definition' && entry.name === element.tagName,
    );
    if (!defined) problems.push(`custom-elements.json: ${module.path} does not define <${element.tagName}>`);
    for (const event of element.events ?? []) {
      if (!event.type?.text)
        problems.push(`custom-elements.json: ${element.tagName} ${event.name} has no type`);
    }
    for (const member of element.members ?? []) {
      if (member.privacy === 'private' || member.privacy === 'protected') {
        problems.push(`custom-elements.json: ${element.tagName} lists ${member.privacy} ${member.name}`);
      }
    }
    const declarations = pkg.exports[`./${module.path.replace(/^dist\//, '')}`]?.types;
    const loadsFrameworks = declarations && readFileSync(declarations, 'utf8').includes('frameworks.js');
    if (!loadsFrameworks) problems.push(`${module.path}: its declarations do not load the framework typings`);
  }
}

// publint reads the tarball packed above rather than packing again.
const packedBytes = readFileSync(tarball);
const lint = await publint({
  pack: {
    tarball: packedBytes.buffer.slice(
      packedBytes.byteOffset,
      packedBytes.byteOffset + packedBytes.byteLength,
    ),
  },
  strict: true,
});
for (const message of lint.messages) problems.push(`publint ${message.type}: ${formatMessage(message, pkg)}`);

try {
  execFileSync('npx', ['attw', tarball, '--profile', 'esm-only', '--format', 'table-flipped'], {
    stdio: 'inherit',
  });
} catch {
  problems.push('@arethetypeswrong/cli found problems (above)');
}

console.log(`${packed.filename}: ${files.size} files, ${(packed.size / 1024).toFixed(0)} KB packed`);
if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log('✓ every file package.json names is packed; publint and attw (esm-only) pass');
