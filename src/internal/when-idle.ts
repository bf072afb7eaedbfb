/**
 * Runs `task` once the page is idle: `requestIdleCallback` where there is one (Safari has none), else after
 * a short timeout. For work a person will soon want but the page does not need now, such as the bell's
 * panel once its count shows. At the latest after `timeout` ms, idle or not. Returns the function that
 * cancels it (an element that leaves the page before then must not be kept alive by the callback).
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
