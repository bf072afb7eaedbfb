// The docs link to each other and to the code: README.md, CONTRIBUTING.md and every docs/**/*.md. A relative
// link to a file or folder that does not exist, or to a heading (`#anchor`) that the target page does not have,
// fails here, so a page renamed or a heading reworded by anyone shows up in CI, not in a reader's 404.
// Anchors are GitHub's: the heading's text, lower case, punctuation dropped, spaces as hyphens, `-1`, `-2`...
// for repeats; an explicit `<a id="...">` counts too. Also: the README stays under 15 KB (issue 24), and every
// docs/ page is linked from the index, docs/README.md. Reads the files, no build needed.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');

/** The markdown files whose links are checked. */
function pages() {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.md') ? [path] : [];
    });
  const docs = existsSync(join(ROOT, 'docs')) ? walk(join(ROOT, 'docs')) : [];
  return [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md'), ...docs].filter((path) => existsSync(path));
}

/** The text outside fenced code blocks, with inline code emptied (a link in a code span is no link). */
function prose(text) {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading's text. */
function slug(heading) {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, (tag) => (/^<[a-z-]+>$/i.test(tag) ? tag : ''))
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();

/** Every anchor a markdown file offers: its headings' slugs (numbered on repeats) and explicit ids. */
function anchors(path) {
  if (anchorCache.has(path)) return anchorCache.get(path);
  const text = prose(readFileSync(path, 'utf8'));
  const found = new Set();
  const seen = new Map();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(id);
  anchorCache.set(path, found);
  return found;
}

/** The relative link targets of a page: inline links, images and reference definitions. */
function links(path) {
  const text = prose(readFileSync(path, 'utf8')).replace(/`[^`\n]*`/g, '``');
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]),
  ];
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target));
}

test('the docs pages exist: README.md, CONTRIBUTING.md and docs/', () => {
  const found = pages().map((path) => relative(ROOT, path));
  assert.ok(found.includes('README.md'));
  assert.ok(found.includes('CONTRIBUTING.md'), 'CONTRIBUTING.md exists');
  assert.ok(
    found.some((path) => path.startsWith('docs/')),
    'docs/ has pages',
  );
});

test('slug: GitHub anchors of the headings we write', () => {
  assert.equal(slug('Client: `notif-elements/client`'), 'client-notif-elementsclient');
  assert.equal(
    slug('Frameworks: React, Next.js, Vue, Svelte, Angular'),
    'frameworks-react-nextjs-vue-svelte-angular',
  );
  assert.equal(slug('`<notif-bell>`'), 'notif-bell');
  assert.equal(slug("The proxy as the page's live edge"), 'the-proxy-as-the-pages-live-edge');
});

test('the README stays the front door: under 15 KB', () => {
  const size = statSync(join(ROOT, 'README.md')).size;
  assert.ok(size < 15 * 1024, `README.md is ${size} bytes: move reference into docs/ and link it`);
});

test('every docs/ page is linked from the docs index, docs/README.md', () => {
  const index = join(ROOT, 'docs/README.md');
  const linked = new Set(links(index).map((target) => resolve(dirname(index), target.split('#')[0])));
  const missing = pages()
    .filter((path) => path.startsWith(join(ROOT, 'docs/')) && path !== index && !linked.has(path))
    .map((path) => relative(ROOT, path));
  assert.deepEqual(missing, [], 'add a link to each in docs/README.md (new features under "Features")');
});

for (const page of pages()) {
  test(`${relative(ROOT, page)}: every relative link and anchor resolves`, () => {
    const broken = [];
    for (const target of links(page)) {
      const [file, anchor] = target.split('#');
      const path = file ? resolve(dirname(page), decodeURI(file)) : page;
      if (!existsSync(path)) {
        broken.push(`${target}: no file ${relative(ROOT, path)}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!path.endsWith('.md')) {
        broken.push(`${target}: an anchor into a file that is not markdown`);
        continue;
      }
      if (!anchors(path).has(decodeURIComponent(anchor)))
        broken.push(`${target}: ${relative(ROOT, path)} has no heading #${anchor}`);
    }
    assert.deepEqual(broken, [], `broken links in ${relative(ROOT, page)}`);
  });
}
