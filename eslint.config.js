// ESLint flat config: TypeScript, Lit templates, web-component and accessibility rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/',
      'storybook-static/',
      // The example apps are checked by their own compilers (tsc, vue-tsc, svelte-check): examples/run.mjs.
      'examples/*/',
      'node_modules/',
      'custom-elements.json',
      '.tmp/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts'],
    ...litA11y.configs.recommended,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.mocha } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Service data must never become markup: no unsafeHTML, no innerHTML.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'lit/directives/unsafe-html.js', message: 'Never render service data as HTML.' }] },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Never render service data as HTML.' },
        { property: 'outerHTML', message: 'Never render service data as HTML.' },
        { property: 'insertAdjacentHTML', message: 'Never render service data as HTML.' },
      ],
    },
  },
  {
    // chai's property assertions (`expect(x).to.exist`) are expressions by design.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
