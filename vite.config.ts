/// <reference types="node" />
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import minifyLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import {
  defaultShouldMinify,
  defaultShouldMinifyCSS,
} from '@lit-labs/rollup-plugin-minify-html-literals/lib/minify-html-literals.js';
import { defineConfig, type Plugin } from 'vite';
import { demoServer } from './demo/dev-server.js';

const root = import.meta.dirname;

/** The library entries: one per `exports` entry of package.json. */
const libraryEntries = {
  index: resolve(root, 'src/index.ts'),
  client: resolve(root, 'src/client/index.ts'),
  mock: resolve(root, 'src/mock/index.ts'),
  proxy: resolve(root, 'src/proxy/index.ts'),
  'proxy-redis': resolve(root, 'src/proxy/redis.ts'),
  store: resolve(root, 'src/store/index.ts'),
  bell: resolve(root, 'src/components/bell/bell.ts'),
  inbox: resolve(root, 'src/components/inbox/inbox.ts'),
  preferences: resolve(root, 'src/components/preferences/preferences.ts'),
  provider: resolve(root, 'src/components/provider/provider.ts'),
  toast: resolve(root, 'src/components/toast/toast.ts'),
  react: resolve(root, 'src/react/index.ts'),
};

// `@lit/react` is bundled into the React entry (it is small, and as a dependency it would bring its peer
// `@types/react` to every app); React is an optional peer dependency.
const external = [
  /^lit($|\/)/,
  /^@lit\/(?!react($|\/))/,
  /^@lit-labs\//,
  /^nanostores($|\/)/,
  /^react($|\/)/,
];

/**
 * Minifies the `css` and `html` templates of our sources (indentation, comments), in every build that ships:
 * the library and the self-contained file. Tests and the dev server run the sources as written. Whitespace
 * between elements collapses to one space, never to none (so inline elements stay apart as written), and
 * self-closing slashes stay (an SVG `<path/>` without one swallows the next element).
 */
function minifyTemplates(): Plugin {
  return {
    ...(minifyLiterals({
      include: ['src/**/*.ts'],
      failOnError: true,
      options: {
        minifyOptions: { conservativeCollapse: true, keepClosingSlash: true },
        // Not a template whose tag name is an expression (lit/static-html): the minifier cannot parse it.
        shouldMinify: (template) =>
          defaultShouldMinify(template) && !template.parts.some((part) => /<\/?$/.test(part.text)),
        // Not a list of declarations meant for interpolation into a rule: it is no stylesheet of its own.
        shouldMinifyCSS: (template) =>
          defaultShouldMinifyCSS(template) && template.parts.some((part) => part.text.includes('{')),
      },
    }) as unknown as Plugin),
    apply: 'build',
  };
}

/**
 * Keeps `'use client'` at the top of `dist/react.js`, so that a Next.js server component may import the React
 * entry: Rollup drops module-level directives when it bundles, Rolldown keeps them in a file of its own (this
 * build's case) but warns. The plugin adds the directive when it is missing, and silences that warning.
 */
function keepUseClient(fileName: string): Plugin {
  return {
    name: 'keep-use-client',
    apply: 'build',
    renderChunk(code, chunk) {
      if (chunk.fileName !== fileName || /^\s*['"]use client['"]/.test(code)) return null;
      return { code: `'use client';\n${code}`, map: null };
    },
  };
}

/**
 * Opens the self-contained file and the chunks named in `chunks` with V8's per-file compile hint,
 * `//# allFunctionsCalledOnLoad` (Chromium 136 and later; other engines read a comment). Their functions then
 * compile on the thread that streams the file in, not on the main thread the first time each one runs. The
 * hint suits files whose functions nearly all run as soon as they load: the entry (it defines the elements and
 * draws the bell) and the chunks of an inbox's first render, which load only when an inbox is about to draw.
 * The other chunks are not hinted: not measured. Measured on 2 CPUs with `npm run bench`'s pages, in paired
 * runs of 40 to 60 loads: the inbox's first paint 6.5 ms sooner (the median of seven runs, each one sooner);
 * on the bell's page, the count 3 ms sooner, the panel open 7 ms sooner after idle, 3 ms later on a cold click.
 * Written once the files are: the hint must be a file's first line (on the second, V8 ignores it), and Vite
 * puts its table of a chunk's preloads there when it generates the bundle.
 */
function compileHints(chunks: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      // A line put before the code would shift a source map's lines: this build writes none.
      if (options.sourcemap)
        this.error('compile hints: the build writes source maps, which the hint would shift');
      const hinted = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !(file.isEntry || chunks.includes(file.name))) continue;
        const path = resolve(options.dir ?? '', file.fileName);
        writeFileSync(path, `//# allFunctionsCalledOnLoad\n${readFileSync(path, 'utf8')}`);
        hinted.add(file.name);
      }
      // A chunk renamed (or merged away) would lose its hint without a word.
      const missing = chunks.filter((name) => !hinted.has(name));
      if (missing.length > 0) this.error(`compile hints: no chunk named ${missing.join(', ')}`);
    },
  };
}

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;
let entryModules: Set<string> | undefined;
/** Whether `id` is imported statically, directly or not, by the self-contained file's entry (src/cdn.ts). */
function staticOfEntry(id: string, context: { getModuleInfo: ModuleInfoOf }): boolean {
  if (!entryModules) {
    entryModules = new Set();
    const pending = [resolve(root, 'src/cdn.ts')];
    while (pending.length) {
      const next = pending.pop()!;
      if (entryModules.has(next)) continue;
      entryModules.add(next);
      pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return entryModules.has(id);
}

export default defineConfig(({ mode }) => {
  if (mode === 'cdn') {
    // A self-contained, minified entry for <script type="module" src="...">, Lit and nanostores bundled, and
    // beside it the chunks it loads only when needed (the virtualizer for long lists, the preferences for the
    // bell's settings view), each under a stable name that package.json lists.
    return {
      // The chunks of an inbox's first render: the element, its store and rows, their icons and controls.
      plugins: [minifyTemplates(), compileHints(['inbox', 'body-format', 'controls'])],
      base: './',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/cdn',
        emptyOutDir: true,
        // Not lib mode: lib mode leaves the whitespace of an ES bundle unminified.
        minify: true,
        // Each import() fetches its chunk's own imports at once, beside it (`<link rel=modulepreload>`): one
        // round trip, not a waterfall (the inbox chunk imports its rows' and icons' chunks). Paths are relative
        // to the file (`base: './'`), wherever it is served from.
        modulePreload: { polyfill: false },
        copyPublicDir: false,
        rollupOptions: {
          input: resolve(root, 'src/cdn.ts'),
          preserveEntrySignatures: 'allow-extension',
          output: {
            format: 'es',
            entryFileNames: 'notif-elements.js',
            chunkFileNames: 'notif-elements-[name].js',
            // Everything the entry imports statically stays in the entry (one file to fetch and gzip, not
            // a few shared chunks): the lazy chunks import from it.
            codeSplitting: {
              // Each group takes the modules it names, not what they import.
              includeDependenciesRecursively: false,
              groups: [
                { name: (id, context) => (staticOfEntry(id, context) ? 'entry' : null) },
                // `loadApi()`'s chunk: the whole public API (src/index.ts) with the full English table `en`
                // (src/i18n/index.ts, en.ts: no element imports them), named for package.json.
                { name: 'api', test: /[\\/]src[\\/](i18n[\\/])?(index|en)\.ts$/ },
              ],
            },
          },
        },
      },
    };
  }
  return {
    plugins: [demoServer(), minifyTemplates(), keepUseClient('react.js')],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      lib: { entry: libraryEntries, formats: ['es'] },
      rollupOptions: {
        external,
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
          warn(warning);
        },
        // One output file per source module: the files that define elements stay apart from the classes,
        // so `sideEffects` in package.json can name exactly them. A bundled dependency (@lit/react) goes to
        // `vendor/`: npm never packs a folder named node_modules.
        output: {
          preserveModules: true,
          preserveModulesRoot: 'src',
          entryFileNames: (chunk) =>
            chunk.name.startsWith('node_modules/')
              ? `vendor/${chunk.name.slice('node_modules/'.length)}.js`
              : '[name].js',
        },
      },
    },
  };
});
