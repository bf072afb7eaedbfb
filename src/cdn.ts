/**
 * Entry of the self-contained bundle (`dist/cdn/notif-elements.js`, named by the `unpkg` and `jsdelivr`
 * fields of package.json): every element and the public API, Lit and nanostores included, for a plain
 * `<script type="module" src="...">`.
 */
export * from './index.js';
