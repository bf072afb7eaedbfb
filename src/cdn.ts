/**
 * Entry of the self-contained bundle (`dist/cdn/notif-elements.js`, named by the `unpkg` and `jsdelivr`
 * fields of package.json): every element (`<notif-toast>` on demand) and the public API, Lit and nanostores included, for a plain
 * `<script type="module" src="...">`.
 */
export * from './index.js';
// <notif-toast> loads on demand, in a chunk of its own (notif-elements-toast.js), once one is in the document.
import './components/toast/toast-on-demand.js';
