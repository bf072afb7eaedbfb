/**
 * The sequential focus order across shadow roots, for keys that move the focus past a widget (the feed
 * pattern's Ctrl+Home and Ctrl+End): the browser's Tab order, walked over the flat tree (shadow roots in
 * place of their hosts' children, slots in place of what is assigned to them).
 */

/** The element's children in the flat tree. */
function flatChildren(node: Element | ShadowRoot): Element[] {
  if (node instanceof Element && node.shadowRoot) return [...node.shadowRoot.children];
  if (node instanceof HTMLSlotElement) {
    const assigned = node.assignedElements();
    if (assigned.length > 0) return assigned;
  }
  return [...node.children];
}

/** Whether Tab can reach the element. */
function tabbable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) || element.tabIndex < 0) return false;
  if ((element as HTMLButtonElement).disabled || element.closest('[inert]')) return false;
  return element.checkVisibility({ visibilityProperty: true });
}

/** The element's parent in the flat tree, leaving shadow roots for their hosts. */
function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  return element.parentElement ?? ((element.getRootNode() as ShadowRoot).host || null);
}

/**
 * The region a key may move the focus within: the dialog or popover the widget is in (moving out of it would
 * close it, or leave it behind open), else the whole document.
 */
function scopeOf(widget: Element): Element {
  for (let node = flatParent(widget); node; node = flatParent(node)) {
    if (node.matches('dialog, [role="dialog"], [popover]')) return node;
  }
  return document.documentElement;
}

/**
 * Focuses the nearest element of the Tab order before or after `widget` (and outside it). Returns whether
 * there was one: at the edge of its dialog or of the page, the focus stays.
 */
export function focusBeside(widget: Element, side: 'before' | 'after'): boolean {
  let before: HTMLElement | undefined;
  let after: HTMLElement | undefined;
  let passed = false;
  const visit = (node: Element | ShadowRoot) => {
    for (const child of flatChildren(node)) {
      if (after) return;
      if (child === widget) {
        passed = true;
        continue;
      }
      if (tabbable(child)) {
        if (passed) {
          after = child;
          return;
        }
        before = child;
      }
      visit(child);
    }
  };
  visit(scopeOf(widget));
  const target = side === 'before' ? before : after;
  target?.focus();
  return target !== undefined;
}
