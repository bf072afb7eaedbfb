/**
 * Every inbox story, rendered as Storybook renders it (its args, loaders and decorators), in the state it
 * shows, passes axe. The stories' stores are real stores over the mock (`test/fixtures/store-in-state.ts`),
 * so a story that stops reaching its state fails here, not only in someone's Storybook.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import * as stories from '../../stories/inbox.stories.js';
import { until } from '../fixtures/store-in-state.js';
import { animationsDone } from '../helpers/inbox-setup.js';
import { renderStory, storiesOf } from './render-story.js';

/** Stories whose first page never arrives: checked in their loading state. */
const STAYS_LOADING = new Set(['Loading']);

describe('inbox stories', () => {
  for (const [name, story] of storiesOf(stories)) {
    it(`${name}: reaches its state and passes axe`, async () => {
      const template: TemplateResult = await renderStory(stories.default, story);
      const root = await fixture<HTMLElement>(html`<div>${template}</div>`);
      const inbox = root.querySelector<NotifInbox>('notif-inbox');
      expect(inbox, 'the story renders an inbox').to.exist;
      const store = inbox!.activeStore!;
      if (STAYS_LOADING.has(name)) {
        await until(
          () => inbox!.shadowRoot?.querySelector('[part~="skeleton"], [aria-busy="true"]'),
          'skeleton',
        );
      } else {
        await until(
          () => store.$loaded.get() || store.$status.get().state === 'error',
          `the story "${name}" loaded or failed`,
        );
      }
      await inbox!.updateComplete;
      await animationsDone(root);
      await expect(root).to.be.accessible();
    });
  }
});
