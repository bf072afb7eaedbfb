// A test-runner command: `emulate-forced-colors` with `{ active: boolean }` turns Chromium's forced-colours
// mode on or off for the test page (the stock emulateMedia passes forcedColors to Playwright only).
// The DevTools session stays open with its page: closing it would drop the emulation.
const sessions = new Map();

export function forcedColorsPlugin() {
  return {
    name: 'emulate-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-forced-colors') return undefined;
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.createCDPSession();
        sessions.set(page, cdp);
        page.once('close', () => sessions.delete(page));
      }
      await cdp.send('Emulation.setEmulatedMedia', {
        features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }],
      });
      return true;
    },
  };
}
