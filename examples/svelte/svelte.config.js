/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  // Runes mode everywhere ($state, $props, event attributes such as onclick), not only in files that use a rune.
  compilerOptions: { runes: true },
};
