// @web/test-runner: every test runs in headless Chromium, from the TypeScript sources in src/.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { HEADLESS_ARGS, requireChromium } from './scripts/chromium.mjs';
import { forcedColorsPlugin } from './test/commands/forced-colors.mjs';
import { localeFilesPlugin } from './test/commands/locale-files.mjs';
import { visualRegression } from './test/visual/plugin.mjs';

export default {
  files: ['test/**/*.test.ts', '!test/node/**'],
  nodeResolve: true,
  // One page at a time: focus, requestAnimationFrame and popovers belong to the visible page.
  concurrency: 1,
  testsFinishTimeout: 5 * 60 * 1000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    // Tests render stories (test/stories/): `storybook/test` and `storybook/actions` bundle Testing Library
    // and Storybook's channel (CommonJS inside), which cannot be served unbundled: a stand-in is served.
    {
      name: 'storybook-stand-in',
      resolveImport: ({ source }) =>
        source === 'storybook/test' || source === 'storybook/actions'
          ? '/test/stories/storybook-stand-in.ts'
          : undefined,
    },
    // Screenshots compared with test/visual/baselines/ (UPDATE_VISUAL=1 rewrites them): see test/visual/plugin.mjs.
    visualRegression(),
    // a11ySnapshot(): Chromium's accessibility tree, with the name and description a screen reader reads.
    a11ySnapshotPlugin(),
    // emulateForcedColors() in test/helpers/forced-colors.ts.
    forcedColorsPlugin(),
    // executeServerCommand('locale-files'): the locale modules in src/locales/ (test/i18n/locales.test.ts).
    localeFilesPlugin(),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: requireChromium(),
        headless: true,
        args: [
          ...HEADLESS_ARGS,
          '--disable-dev-shm-usage',
          '--disable-sync',
          // Test pages run side by side: keep every one of them visible and its timers unthrottled.
          '--disable-renderer-backgrounding',
          '--disable-backgrounding-occluded-windows',
          '--disable-background-timer-throttling',
        ],
      },
    }),
  ],
  // - nanostores reads process.env.NODE_ENV, which a bundler replaces; the test runner serves it unbundled.
  // - Chromium reports "ResizeObserver loop completed with undelivered notifications" when the virtualized
  //   message list lays rows out over two frames. It is a benign notice (the browser delivers the rest on the
  //   next frame), but mocha fails whatever test is running on any window error, so only that one is dropped.
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head>
    <script>
      window.process = { env: { NODE_ENV: 'development' } };
      window.addEventListener('error', (event) => {
        if (/^ResizeObserver loop/.test(event.message)) event.stopImmediatePropagation();
      });
    </script>
  </head>
  <body><script type="module" src="${testFramework}"></script></body>
</html>`,
  testFramework: {
    config: { timeout: 10000 },
  },
};
