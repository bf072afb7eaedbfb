// Where the Chromium of the browser tests, the benchmark, the examples and the screenshots is: CHROME_PATH,
// else `chromium` (or another Chromium or Chrome) on the PATH, else Debian's and Chrome's usual paths. No
// browser is ever downloaded: `scripts/ensure-chromium.mjs` installs Debian's package when none is found.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/**
 * The first Chromium found, or `undefined`. A CHROME_PATH that is set must exist: a wrong one is an error, not a
 * reason to run another browser.
 */
export function findChromium() {
  const chosen = process.env.CHROME_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROME_PATH=${chosen} does not exist`);
    return chosen;
  }
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => NAMES.map((name) => join(dir, name)));
  const candidates = [...onPath, ...NAMES.map((name) => `/usr/bin/${name}`)];
  return candidates.find((path) => path && existsSync(path));
}

/** The first Chromium found; throws, saying how to get one, when there is none. */
export function requireChromium() {
  const found = findChromium();
  if (!found) {
    throw new Error(
      'No Chromium found: set CHROME_PATH or install Debian\'s "chromium" package (as root: node scripts/ensure-chromium.mjs).',
    );
  }
  return found;
}

/** Flags every headless run here shares: no sandbox (containers, root), no GPU, nothing fetched in the background. */
export const HEADLESS_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
