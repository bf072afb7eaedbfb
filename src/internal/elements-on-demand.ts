/**
 * The self-contained file's elements defined on demand (`define-on-demand.ts`): `<notif-inbox>`,
 * `<notif-preferences>` and `<notif-toast>`, each a chunk beside the file, loaded the first time one is in the
 * document. The file imports this module first, so that a page that already has an inbox asks for its chunk
 * and its first page before Lit and the bell have been evaluated.
 */
import { defineOnDemand } from './define-on-demand.js';
import { prefetchInboxes } from './inbox-prefetch.js';
import '../components/toast/toast-on-demand.js';

defineOnDemand('notif-inbox', () => {
  const loading = import('../components/inbox/inbox.js');
  prefetchInboxes(loading);
  return loading;
});
defineOnDemand('notif-preferences', () => import('../components/preferences/preferences.js'));
