/**
 * Runs `task` once the page is idle: `requestIdleCallback` where there is one (Safari has none), else after
 * a short timeout. For work a person will soon want but the page does not need now, such as the bell's
 * panel once its count shows. At the latest after `timeout` ms, idle or not.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 200);
}
