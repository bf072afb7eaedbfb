/**
 * The declarations of each chunk beside the self-contained file (`notif-elements/cdn/notif-elements-*.js`):
 * the virtualizer, the flow of the schedule editor and the locales, which `notif-elements/cdn` loads on
 * demand. They are named in package.json so that a bundler or import map may resolve them; they have
 * nothing to import.
 */
export {};
