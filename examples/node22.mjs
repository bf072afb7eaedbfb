#!/usr/bin/env node
// A Node.js >= 22.22 for the Angular example (Angular 22's CLI refuses older ones; our machines run Node 20):
// the Node on the PATH when it is recent enough, else one installed from the npm registry (the package
// `node-<platform>-<arch>`, which holds the official binary) into .tmp/node22/ at the repository root, once.
// Prints the path of the `node` binary; `run.mjs` calls `node22()` itself.
//
//   node examples/node22.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MINIMUM = [22, 22];

const recentEnough = (version) => {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
};

/** The path of a Node >= 22.22: this one, else the registry's, installed on first use. */
export function node22() {
  if (recentEnough(process.versions.node)) return process.execPath;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const name = `node-${platform}-${process.arch}`;
  const prefix = join(ROOT, '.tmp', 'node22');
  const binary = join(
    prefix,
    'node_modules',
    name,
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
  const version = () => execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (!existsSync(binary) || !recentEnough(version())) {
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      process.platform === 'win32' ? 'npm.cmd' : 'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        `${name}@22`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  if (!recentEnough(version()))
    throw new Error(`${binary} is Node ${version()}, not >= ${MINIMUM.join('.')}`);
  return binary;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(node22());
