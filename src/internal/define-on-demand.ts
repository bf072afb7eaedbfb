/**
 * Defines elements on demand (issue 24): an element's code is a chunk of its own, loaded with `import()` the
 * first time one of its tags is in the document (at once when one already is). A page without it downloads
 * none of it. One MutationObserver watches for every tag still wanted, and stops once none is.
 *
 * Elements inside another element's shadow root are not seen (the bell's panel imports its inbox itself):
 * call `loadElement(tag)`, or import the element's module, there. A page waits for one with
 * `customElements.whenDefined(tag)`, which `loadElement` also returns.
 */

/** Tags still waiting for their first element, with the import that defines each and its live collection. */
const wanted = new Map<string, { load: () => Promise<unknown>; found: HTMLCollection }>();
let watcher: MutationObserver | undefined;

/** Loads the code of `tag`; a chunk that failed to load (a network error) is asked for again later. */
function load(tag: string): void {
  const entry = wanted.get(tag);
  if (!entry) return;
  wanted.delete(tag);
  entry.load().catch(() => {
    if (!customElements.get(tag)) wanted.set(tag, entry);
    watch();
  });
}

function check(): void {
  for (const [tag, { found }] of wanted) if (found.length > 0) load(tag);
  if (wanted.size === 0) {
    watcher?.disconnect();
    watcher = undefined;
  }
}

function watch(): void {
  if (watcher || wanted.size === 0) return;
  watcher = new MutationObserver(check);
  watcher.observe(document, { childList: true, subtree: true });
}

/**
 * Registers `tag` to be defined by `importer` (an `import()` of the module that defines it) once an element
 * with that tag is in the document. Nothing happens on a server, or when the tag is already defined.
 */
export function defineOnDemand(tag: string, importer: () => Promise<unknown>): void {
  if (typeof document === 'undefined' || typeof customElements === 'undefined' || customElements.get(tag))
    return;
  wanted.set(tag, { load: importer, found: document.getElementsByTagName(tag) });
  check();
  watch();
}

/**
 * Loads the code of an element defined on demand now (the self-contained file's `<notif-inbox>`,
 * `<notif-preferences>`, `<notif-toast>`), whether or not one is in the document, and resolves its class:
 * `const NotifInbox = await loadElement('notif-inbox')` (to subclass it, or to preload it).
 */
export function loadElement(tag: string): Promise<CustomElementConstructor> {
  load(tag);
  check();
  return customElements.whenDefined(tag);
}
