// A test-runner command: `locale-files` answers the names of the locale modules in src/locales/ (`de`,
// `pt-BR`...), so that the locale test checks the translator, the exports and the menus against the folder
// itself, not against a list of its own.
import { readdir } from 'node:fs/promises';

export function localeFilesPlugin() {
  return {
    name: 'locale-files',
    async executeCommand({ command }) {
      if (command !== 'locale-files') return undefined;
      const files = await readdir(new URL('../../src/locales/', import.meta.url));
      return files.filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -'.ts'.length));
    },
  };
}
