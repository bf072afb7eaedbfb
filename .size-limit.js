// Size budgets (`npm run size`), gzip, for every entry of package.json as an app bundles it: esbuild,
// minified, with Lit and nanostores included. What an entry loads with `import()` (the bell's panel, the
// virtualizer, the settings view, the mock's default seed) is left out: it is not downloaded up front. The
// limits are those of bench/budgets.mjs, the one table that `npm run bench` reads too (which measures the
// same entries through the package's exports, with code splitting). KiB: 1024 bytes, as in the bench.
import { LAZY_BUDGETS, SIZE_BUDGETS } from './bench/budgets.mjs';

/** Leaves every `import()` out of the bundle: the measure is what a page downloads before using the entry. */
const lazyChunksExternal = {
  name: 'lazy-chunks-external',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

const app = (config) => ({
  ...config,
  format: 'esm',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [...(config.plugins ?? []), lazyChunksExternal],
});

const kib = (kb) => `${kb} KiB`;

/** One entry; `budget` names its line of `SIZE_BUDGETS` (or `LAZY_BUDGETS`). */
const entry = (name, path, limit, imported) => ({
  name,
  ...(path ? { path } : {}),
  limit: kib(limit),
  gzip: true,
  modifyEsbuildConfig: app,
  ...(imported ? { import: imported } : {}),
});

export default [
  entry('notif-elements (every element)', 'dist/index.js', SIZE_BUDGETS['every element']),
  entry('notif-elements/provider.js + bell.js', undefined, SIZE_BUDGETS['provider + bell'], {
    'dist/provider.js': '{ NotifProvider }',
    'dist/bell.js': '{ NotifBell }',
  }),
  entry('notif-elements/bell.js', 'dist/bell.js', SIZE_BUDGETS['bell.js']),
  entry('notif-elements/inbox.js', 'dist/inbox.js', SIZE_BUDGETS['inbox.js']),
  entry('notif-elements/preferences.js', 'dist/preferences.js', SIZE_BUDGETS['preferences.js']),
  entry('notif-elements/provider.js', 'dist/provider.js', SIZE_BUDGETS['provider.js']),
  entry('notif-elements/toast.js', 'dist/toast.js', SIZE_BUDGETS['toast.js']),
  entry('notif-elements/client', 'dist/client.js', SIZE_BUDGETS.client, '{ createNotifClient }'),
  entry('notif-elements/store', 'dist/store.js', SIZE_BUDGETS.store, '{ createInboxStore }'),
  entry('notif-elements/mock', 'dist/mock.js', SIZE_BUDGETS.mock, '{ createMockService }'),
  entry('notif-elements/proxy', 'dist/proxy.js', SIZE_BUDGETS.proxy, '{ createNotifProxy }'),
  // The proxy's live edge: loaded with `import()` only when `live` is on, so measured on its own.
  entry(
    'notif-elements/proxy, live edge chunk',
    'dist/proxy/live.js',
    LAZY_BUDGETS['proxy live edge'],
    '{ createLive }',
  ),
  entry(
    'notif-elements/proxy/redis',
    'dist/proxy-redis.js',
    SIZE_BUDGETS['proxy/redis'],
    '{ createRedisBus }',
  ),
  // The React components with every element; React itself is the app's (not counted).
  {
    ...entry('notif-elements/react', 'dist/react.js', SIZE_BUDGETS.react, '{ NotifBell }'),
    modifyEsbuildConfig: (config) => ({ ...app(config), external: [...(config.external ?? []), 'react'] }),
  },
  // The self-contained file and the chunks it imports statically (size-limit follows them as a page does).
  entry(
    'self-contained file (dist/cdn/notif-elements.js)',
    'dist/cdn/notif-elements.js',
    SIZE_BUDGETS['self-contained file'],
  ),
];
