// @web/test-runner: every test runs in headless Chromium, from the TypeScript sources in src/.
import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';

function chromePath() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error('No Chromium found: install Debian\'s "chromium" package or set CHROME_PATH.');
  }
  return found;
}

export default {
  files: ['test/**/*.test.ts', '!test/node/**'],
  nodeResolve: true,
  concurrency: 2,
  testsFinishTimeout: 5 * 60 * 1000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromePath(),
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
  testFramework: {
    config: { timeout: 10000 },
  },
};
