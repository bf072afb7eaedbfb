import { NotifToast } from './toast.component.js';

export { NotifToast };
export { TOAST_POSITIONS, type ToastPosition } from './toast.types.js';

if (!customElements.get('notif-toast')) customElements.define('notif-toast', NotifToast);

declare global {
  interface HTMLElementTagNameMap {
    'notif-toast': NotifToast;
  }
}
