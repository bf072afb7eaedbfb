/**
 * The declarations of each chunk beside the self-contained file (`notif-elements/cdn/notif-elements-*.js`):
 * the bell's panel, the inbox, the preferences, toasts, the virtualizer, the flow of the schedule editor,
 * the locales and the whole API of `loadApi()`, which `notif-elements/cdn` loads on demand. They are named in package.json so that a bundler or import map may resolve them; they have
 * nothing to import.
 */
export {};
