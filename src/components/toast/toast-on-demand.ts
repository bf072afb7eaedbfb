/**
 * Registers `<notif-toast>` only when a page uses it: its code is a chunk of its own, loaded with `import()`
 * the first time a `<notif-toast>` is in the document (at once when one already is). A page without toasts
 * downloads none of it. Toasts inside another element's shadow root are not seen: import
 * `notif-elements/toast.js` there (see `define-on-demand.ts`).
 */
import { defineOnDemand } from '../../internal/define-on-demand.js';

defineOnDemand('notif-toast', () => import('./toast.js'));
