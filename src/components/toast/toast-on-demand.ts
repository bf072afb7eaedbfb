/**
 * Registers `<notif-toast>` only when a page uses it: its code is a chunk of its own, loaded with `import()`
 * the first time a `<notif-toast>` is in the document (at once when one already is). A page without toasts
 * downloads none of it. Toasts inside another element's shadow root are not seen: import
 * `notif-elements/toast.js` there.
 */
if (
  typeof document !== 'undefined' &&
  typeof customElements !== 'undefined' &&
  !customElements.get('notif-toast')
) {
  const found = document.getElementsByTagName('notif-toast');
  const load = () => void import('./toast.js');
  if (found.length > 0) load();
  else {
    const watcher = new MutationObserver(() => {
      if (found.length === 0) return;
      watcher.disconnect();
      load();
    });
    watcher.observe(document, { childList: true, subtree: true });
  }
}

export {};
