#!/usr/bin/env node
// Makes sure a Chromium is there for the browser tests: CHROME_PATH, or Debian's `chromium` package, which
// this installs with apt-get when missing and allowed (root on Debian). No browser is ever downloaded.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

if (findChromium()) process.exit(0);

const canApt = existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
if (!canApt) {
  console.error(
    'No Chromium found. Install Debian\'s "chromium" package (apt-get install -y chromium) or set CHROME_PATH.',
  );
  process.exit(1);
}
console.log("Installing Debian's chromium for the browser tests...");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
