/**
 * Every story of the inbox, the bell and the preferences, rendered as Storybook renders it (its args,
 * loaders and decorators), reaches the state it shows and passes axe. The stories' stores are real stores
 * over the mock (`test/fixtures/store-in-state.ts`), so a story that stops reaching its state fails here,
 * not only in someone's Storybook. Play functions (opening a panel, editing) are Storybook's to run.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { InboxStore, PreferencesStore } from '../../src/store/index.js';
import * as bellStories from '../../stories/bell.stories.js';
import * as inboxStories from '../../stories/inbox.stories.js';
import * as preferencesStories from '../../stories/preferences.stories.js';
import { until } from '../fixtures/store-in-state.js';
import { animationsDone } from '../helpers/inbox-setup.js';
import { renderStory, storiesOf } from './render-story.js';

/** Stories whose first answer never arrives (the mock holds the request open): checked while loading. */
const STAYS_LOADING = new Set(['Loading', 'SlottedLoading']);

type Shown = HTMLElement & {
  updateComplete: Promise<unknown>;
  activeStore?: InboxStore | PreferencesStore;
};

/**
 * What a story's element and store were doing when its first answer did not come: once seen in a full run
 * under load, never in 15 runs of this file alone beside two busy loops, so the next failure says more.
 */
function stateOf(el: Shown, store: InboxStore | PreferencesStore): string {
  const state = {
    status: store.$status.get(),
    answered: answered(store),
    connected: el.isConnected,
    sameStore: el.activeStore === store,
    rendered: el.shadowRoot?.querySelector('[part]')?.getAttribute('part') ?? null,
    visibility: document.visibilityState,
  };
  return JSON.stringify(state);
}

/** The story's first answer arrived (or failed): what the story shows is on screen. */
function answered(store: InboxStore | PreferencesStore): boolean {
  if (store.$status.get().state === 'error') return true;
  return '$loaded' in store ? store.$loaded.get() : store.$preferences.get() !== undefined;
}

const modules = [
  ['bell', 'notif-bell', bellStories],
  ['inbox', 'notif-inbox', inboxStories],
  ['preferences', 'notif-preferences', preferencesStories],
] as const;

for (const [title, tag, module] of modules) {
  describe(`${title} stories`, () => {
    for (const [name, story] of storiesOf(module)) {
      it(`${name}: reaches its state and passes axe`, async () => {
        const root = await fixture<HTMLElement>(html`<div>${await renderStory(module.default, story)}</div>`);
        const el = root.querySelector<Shown>(tag);
        expect(el, `the story renders <${tag}>`).to.exist;
        const store = el!.activeStore;
        expect(store, `<${tag}> has a store`).to.exist;
        if (STAYS_LOADING.has(name)) {
          await until(() => store!.$status.get().state === 'loading', `"${name}" loading`);
        } else {
          await until(
            () => answered(store!),
            () => `"${name}" loaded or failed; the story's state: ${stateOf(el!, store!)}`,
          );
        }
        await el!.updateComplete;
        await animationsDone(root);
        await expect(root).to.be.accessible();
      });
    }
  });
}
