/**
 * What the stories import from `storybook/test` and `storybook/actions`, for the tests that render stories
 * (see `web-test-runner.config.mjs`): those modules bundle Testing Library and Storybook's channel (CommonJS
 * inside), which the test runner cannot serve unbundled. Play functions, the only users of `waitFor`, do not
 * run in these tests; actions go nowhere.
 */

/** As Testing Library's: calls `callback` until it does not throw, at most `timeout` ms. */
export async function waitFor<T>(callback: () => T, options: { timeout?: number } = {}): Promise<T> {
  const end = performance.now() + (options.timeout ?? 1000);
  for (;;) {
    try {
      return callback();
    } catch (error) {
      if (performance.now() > end) throw error;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }
}

/** An action handler that records nothing. */
export function action(_name: string): (...args: unknown[]) => void {
  return () => {};
}
