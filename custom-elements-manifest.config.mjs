// The custom-elements manifest (custom-elements.json) is generated from the elements' JSDoc.
export default {
  globs: ['src/components/**/*.component.ts'],
  exclude: ['src/**/*.test.ts'],
  outdir: '.',
  litelement: true,
};
