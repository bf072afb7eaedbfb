import { isServer, type LitElement } from 'lit';

/**
 * On the server, gives an element its shadow root before it renders. @lit-labs/ssr makes one only when it
 * calls `connectedCallback` (an option, off by default), and events sent from inside the element's shadow
 * root, or from an element slotted into it (a context request), climb to the element and its parents only
 * through that root: without it, the elements inside a `<notif-provider>` would never get its locale. In the
 * browser, Lit makes the shadow root when the element connects: nothing happens here.
 */
export function attachServerShadowRoot(element: LitElement): void {
  if (!isServer || element.shadowRoot) return;
  element.attachShadow((element.constructor as typeof LitElement).shadowRootOptions);
}
