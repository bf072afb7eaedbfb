/**
 * The sequential focus order across shadow roots, for keys that move the focus past a widget (the feed
 * pattern's Ctrl+Home and Ctrl+End): the browser's Tab order, walked over the flat tree (shadow roots in
 * place of their hosts' children, slots in place of what is assigned to them).
 */

/** The element's children in the flat tree. */
function flatChildren(node: Element): Element[] {
  const assigned = node instanceof HTMLSlotElement ? node.assignedElements() : [];
  return [...(assigned.length ? assigned : (node.shadowRoot ?? node).children)];
}

/** The element's parent in the flat tree, leaving shadow roots for their hosts. */
function flatParent(element: Element): Element | null | undefined {
  return element.assignedSlot ?? element.parentElement ?? (element.getRootNode() as Partial<ShadowRoot>).host;
}

/**
 * Focuses the nearest element of the Tab order before or after `widget` (and outside it), within the dialog
 * or popover the widget is in (moving out of it would close it, or leave it open behind), else the page.
 * Returns whether there was one: at the edge of its dialog or of the page, the focus stays.
 */
export function focusBeside(widget: Element, after: boolean): boolean {
  let scope = flatParent(widget);
  while (scope && !scope.matches('dialog, [popover]')) scope = flatParent(scope);
  let target: HTMLElement | undefined;
  let passed = false;
  const visit = (node: Element): boolean => {
    for (const child of flatChildren(node)) {
      if (child === widget) {
        if (!after) return true;
        passed = true;
        target = undefined;
        continue;
      }
      if (
        child instanceof HTMLElement &&
        child.tabIndex >= 0 &&
        !(child as HTMLButtonElement).disabled &&
        child.checkVisibility({ visibilityProperty: true })
      ) {
        target = child;
        if (passed) return true;
      }
      if (visit(child)) return true;
    }
    return false;
  };
  visit(scope ?? document.documentElement);
  target?.focus();
  return target !== undefined;
}
