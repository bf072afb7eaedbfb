// Gzip sizes of what a page downloads: the package bundled by an app (esbuild, through package.json
// `exports`), and the self-contained file as a page loads it. Sizes are gzip -9 bytes; "initial" is what
// loads before anything runs (an entry and the chunks it imports statically), "lazy" what loads later
// (reachable only through `import()`).
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** What an app writes to use each entry; the named export is used so that it is not shaken away. */
export const APP_ENTRIES = {
  'provider + bell': "import 'notif-elements/provider.js'; import 'notif-elements/bell.js';",
  'bell.js': "import 'notif-elements/bell.js';",
  'provider.js': "import 'notif-elements/provider.js';",
  'every element': "import 'notif-elements';",
  client: "import { createNotifClient } from 'notif-elements/client'; console.log(createNotifClient);",
  store: "import { createInboxStore } from 'notif-elements/store'; console.log(createInboxStore);",
  mock: "import { createMockService } from 'notif-elements/mock'; console.log(createMockService);",
  proxy: "import { createNotifProxy } from 'notif-elements/proxy'; console.log(createNotifProxy);",
  'proxy/redis': "import { createRedisBus } from 'notif-elements/proxy/redis'; console.log(createRedisBus);",
  'inbox.js': "import 'notif-elements/inbox.js';",
  'preferences.js': "import 'notif-elements/preferences.js';",
  'toast.js': "import 'notif-elements/toast.js';",
  react: "import { NotifBell } from 'notif-elements/react'; console.log(NotifBell);",
};

/** Left to the app: React is the app's own, whatever it bundles of ours. */
const APP_EXTERNAL = ['react'];

const gzipBytes = (contents) => gzipSync(contents, { level: 9 }).length;

/**
 * A throwaway app in `dir` whose `node_modules/notif-elements` is a symlink to the package: its imports
 * go through package.json `exports` to `dist/`, and the package's own dependencies (lit, nanostores)
 * resolve from the package's node_modules, as they would from an app's.
 */
function makeApp(dir, packageRoot) {
  const link = join(dir, 'node_modules', 'notif-elements');
  mkdirSync(dirname(link), { recursive: true });
  rmSync(link, { force: true }); // the link of a previous run (never followed: not recursive)
  symlinkSync(packageRoot, link, 'dir');
}

/** The chunks reachable from `start` through imports of the given kinds (`start` included). */
function reachable(outputs, start, kinds) {
  const seen = new Set(start);
  for (const file of seen) {
    for (const { path, kind, external } of outputs[file].imports)
      if (kinds.includes(kind) && !external) seen.add(path);
  }
  return seen;
}

/** Initial and lazy chunks of one entry, each with its gzip size and its file name by `nameOf`. */
function splitChunks(outputs, entry, gzipOf, nameOf) {
  const initial = reachable(outputs, [entry], ['import-statement']);
  const all = reachable(outputs, [entry], ['import-statement', 'dynamic-import']);
  const lazy = [...all].filter((file) => !initial.has(file));
  const list = (files) => [...files].map((file) => ({ file: nameOf(file), gzipBytes: gzipOf(file) }));
  const total = (chunks) => chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const initialChunks = list(initial);
  const lazyChunks = list(lazy);
  return { initialBytes: total(initialChunks), lazyBytes: total(lazyChunks), initialChunks, lazyChunks };
}

/** Fails when the bundle did not go through `dist/` or holds two copies of Lit. */
function checkInputs(name, inputs, packageRoot, appDir) {
  const files = Object.keys(inputs).map((input) => relative(packageRoot, resolve(appDir, input)));
  if (!files.some((file) => file.startsWith('dist/')) || files.some((file) => file.startsWith('src/'))) {
    throw new Error(`bench: "${name}" was not bundled from dist/ through package.json exports`);
  }
  if (files.filter((file) => file.endsWith('lit-html/lit-html.js')).length > 1) {
    throw new Error(`bench: "${name}" bundles two copies of lit-html`);
  }
}

/** Bundles one entry as an app would ship it and measures its chunks. */
async function measureAppEntry(name, source, appDir, packageRoot) {
  const slug = name.replace(/[^a-z0-9]+/gi, '-');
  const entry = join(appDir, `${slug}.js`);
  writeFileSync(entry, `${source}\n`);
  const outdir = join(appDir, 'out', slug);
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: appDir,
    outdir,
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    external: APP_EXTERNAL,
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  checkInputs(name, result.metafile.inputs, packageRoot, appDir);
  const outputs = result.metafile.outputs;
  const contents = new Map(result.outputFiles.map((file) => [relative(appDir, file.path), file.contents]));
  const entryChunk = Object.keys(outputs).find((file) => outputs[file].entryPoint === `${slug}.js`);
  const gzipOf = (file) => gzipBytes(contents.get(file));
  return splitChunks(outputs, entryChunk, gzipOf, (file) => relative(outdir, join(appDir, file)));
}

/** Gzip sizes of every app entry, by name. */
export async function appSizes(packageRoot, appDir) {
  makeApp(appDir, packageRoot);
  const names = Object.keys(APP_ENTRIES);
  const sizes = await Promise.all(
    names.map((name) => measureAppEntry(name, APP_ENTRIES[name], appDir, packageRoot)),
  );
  return Object.fromEntries(names.map((name, i) => [name, sizes[i]]));
}

/** The imports of a built file, as `{ path, kind }`, read by esbuild's parser (nothing is bundled). */
async function importsOf(file) {
  const found = [];
  const recordImports = {
    name: 'record-imports',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!/^\.\.?\//.test(args.path)) throw new Error(`${file} imports ${args.path}: not self-contained`);
        found.push({ path: resolve(args.resolveDir, args.path), kind: args.kind });
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    logLevel: 'silent',
    plugins: [recordImports],
  });
  return found;
}

/**
 * The self-contained file as a page loads it: the file as built, plus the sibling chunks it imports
 * statically (initial) or through `import()` (lazy), whether it is one file or an entry and chunks.
 */
export async function selfContainedSize(file) {
  const outputs = {};
  const pending = [resolve(file)];
  while (pending.length) {
    const next = pending.pop();
    if (outputs[next]) continue;
    outputs[next] = { imports: await importsOf(next) };
    pending.push(...outputs[next].imports.map((imported) => imported.path));
  }
  const gzipOf = (chunk) => gzipBytes(readFileSync(chunk));
  return splitChunks(outputs, resolve(file), gzipOf, (chunk) => relative(dirname(resolve(file)), chunk));
}
