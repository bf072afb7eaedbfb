// Size budgets (`npm run size`), gzip, for every entry of package.json as an app bundles it: esbuild,
// minified, with Lit and nanostores included. What an entry loads with `import()` (the virtualizer, the
// bell's settings view, the mock's default seed) is left out: it is not downloaded up front. Each limit is
// a little above what the entry measures, so that growth fails CI. KiB: 1024 bytes, as in the bench. `npm run bench` measures the same
// entries another way (through the package's exports, with code splitting) and prints them with the
// targets still ahead.

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

const entry = (name, path, limit, imported) => ({
  name,
  ...(path ? { path } : {}),
  limit,
  gzip: true,
  modifyEsbuildConfig: app,
  ...(imported ? { import: imported } : {}),
});

export default [
  entry('notif-elements (every element)', 'dist/index.js', '50.7 KiB'),
  entry('notif-elements/provider.js + bell.js', undefined, '36.3 KiB', {
    'dist/provider.js': '{ NotifProvider }',
    'dist/bell.js': '{ NotifBell }',
  }),
  entry('notif-elements/bell.js', 'dist/bell.js', '35.7 KiB'),
  entry('notif-elements/inbox.js', 'dist/inbox.js', '32.4 KiB'),
  entry('notif-elements/preferences.js', 'dist/preferences.js', '29.3 KiB'),
  entry('notif-elements/provider.js', 'dist/provider.js', '10.2 KiB'),
  entry('notif-elements/toast.js', 'dist/toast.js', '26.1 KiB'),
  entry('notif-elements/client', 'dist/client.js', '3.3 KiB', '{ createNotifClient }'),
  entry('notif-elements/store', 'dist/store.js', '7.1 KiB', '{ createInboxStore }'),
  entry('notif-elements/mock', 'dist/mock.js', '17.9 KiB', '{ createMockService }'),
  entry('notif-elements/proxy', 'dist/proxy.js', '5 KiB', '{ createNotifProxy }'),
  // The proxy's live edge: loaded with `import()` only when `live` is on, so measured on its own.
  entry('notif-elements/proxy, live edge chunk', 'dist/proxy/live.js', '3.4 KiB', '{ createLive }'),
  entry('notif-elements/proxy/redis', 'dist/proxy-redis.js', '0.7 KiB', '{ createRedisBus }'),
  // The React components with every element; React itself is the app's (not counted).
  {
    ...entry('notif-elements/react', 'dist/react.js', '50.1 KiB', '{ NotifBell }'),
    modifyEsbuildConfig: (config) => ({ ...app(config), external: [...(config.external ?? []), 'react'] }),
  },
  entry('self-contained file (dist/cdn/notif-elements.js)', 'dist/cdn/notif-elements.js', '51.3 KiB'),
];
