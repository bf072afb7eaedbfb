// The custom-elements manifest (custom-elements.json) is generated from the elements' JSDoc.

/**
 * The analyzer also lists each `dispatchEvent(new NotifXxxEvent(...))` as an event it cannot name; the
 * named `@fires` entries of the JSDoc already describe them, so the unnamed copies are dropped.
 */
const dropUnnamedEvents = {
  name: 'drop-unnamed-events',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules ?? []) {
      for (const declaration of module.declarations ?? []) {
        if (declaration.events) declaration.events = declaration.events.filter((event) => event.name);
      }
    }
  },
};

export default {
  // The base element is analyzed too, so the elements inherit its attributes in the manifest.
  globs: ['src/components/**/*.component.ts', 'src/internal/notif-element.ts'],
  exclude: ['src/**/*.test.ts'],
  outdir: '.',
  litelement: true,
  plugins: [dropUnnamedEvents],
};
