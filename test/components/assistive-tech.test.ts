/**
 * What a person with assistive technology meets, beyond what axe checks: what a screen reader reads on focus
 * (Chromium's accessibility tree), keys that move the focus, no trap, and what shows at 320 px or in forced
 * colours.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { a11ySnapshot, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import '../../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import {
  $,
  $$,
  setupInbox,
  SUBSCRIBER,
  untilListSettled,
  untilMessages,
  animationsDone,
} from '../helpers/inbox-setup.js';
import { contrast, emulateForcedColors } from '../helpers/forced-colors.js';
import { loadedStore, syntheticMessage } from '../helpers/messages.js';
import { ar } from '../../src/locales/ar.js';
import { de } from '../../src/locales/de.js';
import { es } from '../../src/locales/es.js';
import { fr } from '../../src/locales/fr.js';
import { he } from '../../src/locales/he.js';
import { it as italian } from '../../src/locales/it.js';
import { ja } from '../../src/locales/ja.js';
import { nl } from '../../src/locales/nl.js';
import { pl } from '../../src/locales/pl.js';
import { ptBR } from '../../src/locales/pt-BR.js';
import { zhCN } from '../../src/locales/zh-CN.js';

const LOCALES = { ar, de, es, fr, he, it: italian, ja, nl, pl, 'pt-BR': ptBR, 'zh-CN': zhCN };

/** The text of the elements an attribute such as `aria-describedby` points at, as the name computation joins it. */
function referencedText(el: Element, attribute: string): string {
  const root = el.getRootNode() as ShadowRoot;
  return (el.getAttribute(attribute) ?? '')
    .split(/\s+/)
    .map((id) => root.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
}

interface AxNode {
  role?: string;
  name?: string;
  description?: string;
  focused?: boolean;
  children?: AxNode[];
}

/** The node of Chromium's accessibility tree that has the focus: what a screen reader reads on focus. */
export async function focusedAxNode(): Promise<AxNode | undefined> {
  const find = (node: AxNode | undefined): AxNode | undefined => {
    if (!node) return undefined;
    if (node.focused) return node;
    for (const child of node.children ?? []) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return find((await a11ySnapshot({})) as unknown as AxNode);
}

/**
 * The width a time input needs to show its whole time. (Its scrollWidth does not tell: the browser clips the
 * time inside the input's own shadow tree, and reports scrollWidth equal to clientWidth.)
 */
/** Focuses a control and returns what Chromium exposes for it: its name and its description. */
async function spokenOnFocus(control: HTMLElement): Promise<{ name: string; description: string }> {
  control.focus();
  const node = await focusedAxNode();
  return { name: node?.name ?? '', description: node?.description ?? '' };
}

/** Live regions (alerts, status) of a shadow root that hold a control: they would read it as part of the message. */
function liveRegionsWithControls(el: Element): string[] {
  return [...el.shadowRoot!.querySelectorAll('[role="alert"], [role="status"], [aria-live]')]
    .filter((region) => region.querySelector('button, a, input, [tabindex]'))
    .map((region) => `${region.localName}.${region.className}: ${region.textContent?.trim().slice(0, 60)}`);
}

function contentWidth(input: HTMLElement): number {
  input.style.setProperty('inline-size', 'max-content');
  input.style.setProperty('min-inline-size', 'max-content');
  const width = input.getBoundingClientRect().width;
  input.style.removeProperty('inline-size');
  input.style.removeProperty('min-inline-size');
  return width;
}

describe('assistive technology', () => {
  it('reads "Unread" as part of every focused unread message', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
    await untilMessages(el);
    const rows = $$(el, 'article');
    const unread = rows.filter((row) => row.classList.contains('unread'));
    expect(unread.length).to.be.greaterThan(0);
    for (const row of rows) {
      row.focus();
      const node = await focusedAxNode();
      const spoken = `${node?.name ?? ''} ${node?.description ?? ''}`;
      if (row.classList.contains('unread')) expect(spoken, row.dataset.key).to.contain('Unread');
      else expect(spoken, row.dataset.key).to.not.contain('Unread');
    }
    await expect(el).to.be.accessible();
  });

  it('names every message of the list in the accessibility tree, the ones far below the view too', async () => {
    // A screen reader in browse mode walks every row, focused or not, scrolled to or not: a row the browser
    // skipped (content-visibility, say) would be an empty article with no name.
    const { store } = setupInbox();
    const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
    await waitUntil(() => store.$messages.get().length > 0, 'the first page');
    const count = store.$messages.get().length;
    await untilMessages(el, count);
    expect(count, 'a list taller than the view').to.be.at.least(15);
    const articles: AxNode[] = [];
    const walk = (node: AxNode) => {
      if (node.role === 'article') articles.push(node);
      node.children?.forEach(walk);
    };
    walk((await a11ySnapshot({})) as unknown as AxNode);
    const subjects = $$(el, '[part="subject"]').map((subject) => subject.textContent!.trim());
    expect(articles.map((article) => article.name)).to.deep.equal(subjects);
    await expect(el).to.be.accessible();
  });

  for (const [locale, table] of Object.entries(LOCALES)) {
    it(`describes unread messages as unread in ${locale}`, async () => {
      const { store } = setupInbox();
      const el = await fixture<NotifInbox>(
        html`<notif-inbox locale=${locale} .store=${store}></notif-inbox>`,
      );
      await untilMessages(el);
      await waitUntil(() => $$(el, '.unread-dot')[0]?.textContent?.trim() === table['inbox.unreadMarker']);
      for (const row of $$(el, 'article.unread')) {
        expect(referencedText(row, 'aria-describedby')).to.contain(table['inbox.unreadMarker']);
      }
    });
  }

  it('closes only the schedule editor on Escape, dropping its draft, and keeps the bell panel open', async () => {
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .preferencesStore=${preferences}></notif-bell>`,
    );
    bell.show();
    await waitUntil(() => $(bell, '[part="settings"]'));
    $(bell, '[part="settings"]')!.click();
    await waitUntil(() => $(bell, 'notif-preferences')?.shadowRoot?.querySelector('[part="edit"]'));
    const prefs = $(bell, 'notif-preferences')!;
    const edit = () => $(prefs, '[part="edit"]');
    const summary = $(prefs, '[part="schedule-summary"]')!.textContent;
    edit()!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(prefs, '[part="editor"]'), 'the editor opened');
    await waitUntil(() => $(prefs, '[part="time-input"]'));
    const input = $(prefs, '[part="time-input"]') as HTMLInputElement;
    const before = input.value;
    input.focus();
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => input.value !== before, 'a draft');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !$(prefs, '[part="editor"]'), 'the editor closed');
    await waitUntil(() => prefs.shadowRoot!.activeElement === edit(), 'the focus is on Edit');
    expect(bell.open, 'the panel is still open').to.equal(true);
    expect($(bell, '[part="panel"]')!.matches(':popover-open')).to.equal(true);
    expect($(prefs, '[part="schedule-summary"]')!.textContent, 'the draft is dropped').to.equal(summary);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
    // With the editor closed, Escape closes the panel as before.
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !bell.open, 'the panel closed');
  });

  describe('the feed keys', () => {
    const ctrl = async (key: string) => {
      await sendKeys({ down: 'Control' });
      await sendKeys({ press: key });
      await sendKeys({ up: 'Control' });
    };
    const focusedKey = (el: Element) => (el.shadowRoot!.activeElement as HTMLElement | null)?.dataset.key;

    it('moves to the next and previous message with Page Down and Page Up', async () => {
      const { store } = setupInbox();
      const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
      await untilMessages(el, 3);
      const keys = store.$messages.get().map((message) => message._id);
      $(el, 'article')!.focus();
      await sendKeys({ press: 'PageDown' });
      await waitUntil(() => focusedKey(el) === keys[1], 'Page Down moves to the second message');
      await sendKeys({ press: 'PageDown' });
      await waitUntil(() => focusedKey(el) === keys[2], 'Page Down moves to the third message');
      await sendKeys({ press: 'PageUp' });
      await waitUntil(() => focusedKey(el) === keys[1], 'Page Up moves back to the second message');
      await expect(el).to.be.accessible();
    });

    it('moves with Page Down to a message of a virtualized list that is not rendered yet', async () => {
      const store = loadedStore(setupInbox().store, 10_000);
      const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
      await untilMessages(el, 3);
      await waitUntil(() => $(el, '[part="list"].virtual'), 'virtualized');
      // A row the virtualizer has not placed yet takes no focus: focus it once it does.
      await waitUntil(() => {
        $(el, 'article[data-key="m0"]')?.focus();
        return focusedKey(el) === 'm0';
      }, 'the first row has the focus');
      // The user scrolls far away: the focused row and its neighbour are no longer rendered.
      const list = $(el, '[part="list"]')!;
      // The virtualizer sizes the whole list over a few frames: a scroll before that stops short, or is taken back.
      await untilListSettled(list);
      list.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
      list.scrollTop = 200_000;
      await waitUntil(() => !$(el, 'article[data-key="m1"]'), 'the next row is not rendered');
      await sendKeys({ press: 'PageDown' });
      await waitUntil(() => focusedKey(el) === 'm1', 'Page Down reaches the next message');
      await sendKeys({ press: 'End' });
      await waitUntil(() => focusedKey(el) === 'm9999', 'End reaches the last message');
      await sendKeys({ press: 'PageUp' });
      await waitUntil(() => focusedKey(el) === 'm9998', 'Page Up reaches the one before');
    });

    it('leaves the feed with Ctrl+Home and Ctrl+End for the controls before and after it', async () => {
      const { store } = setupInbox();
      const wrapper = await fixture<HTMLElement>(
        html`<div>
          <button id="before">Before</button>
          <notif-inbox .store=${store}></notif-inbox>
          <button id="after">After</button>
        </div>`,
      );
      const el = wrapper.querySelector('notif-inbox')!;
      await untilMessages(el, 3);
      $$(el, 'article')[2]!.focus();
      await ctrl('Home');
      // The header is one row (title, views, then its tools): "Mark all as read" comes just before the feed.
      await waitUntil(
        () => el.shadowRoot!.activeElement === $(el, '[part="mark-all"]'),
        'Ctrl+Home focuses the control just before the feed',
      );
      $$(el, 'article')[2]!.focus();
      await ctrl('End');
      // More pages exist: "Load more" follows the feed.
      await waitUntil(
        () => el.shadowRoot!.activeElement === $(el, '[part="load-more"]'),
        'Ctrl+End focuses the control just after the feed',
      );
      // With every page loaded, the next control is the page's.
      const all = loadedStore(setupInbox().store, 5);
      const wrapped = await fixture<HTMLElement>(
        html`<div>
          <notif-inbox .store=${all}></notif-inbox>
          <button id="after">After</button>
        </div>`,
      );
      const complete = wrapped.querySelector('notif-inbox')!;
      await untilMessages(complete, 5);
      $$(complete, 'article')[2]!.focus();
      await ctrl('End');
      await waitUntil(
        () => document.activeElement === wrapped.querySelector('#after'),
        "Ctrl+End focuses the page's next control",
      );
    });
  });

  describe('at 320 CSS px (reflow, 400 % zoom)', () => {
    afterEach(async () => {
      document.documentElement.style.removeProperty('font-size');
      await setViewport({ width: 800, height: 600 });
    });

    for (const [what, locale, rootFontSize] of [
      ['in English', 'en', ''],
      ['with text at 200 %', 'en', '200%'],
    ] as const) {
      it(`shows every schedule time whole and wraps the ranges inside the card, ${what}`, async () => {
        await setViewport({ width: 320, height: 640 });
        document.documentElement.style.fontSize = rootFontSize;
        const { client } = setupInbox();
        const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
        const el = await fixture<NotifPreferences>(
          html`<notif-preferences locale=${locale} .store=${store}></notif-preferences>`,
        );
        await waitUntil(() => $(el, '[part="edit"]'), 'loaded', { timeout: 4000 });
        $(el, '[part="edit"]')!.click();
        await waitUntil(() => $$(el, '[part="time-input"]').length > 0, 'the editor shows times');
        const card = $(el, '[part~="schedule"]')!.getBoundingClientRect();
        expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(320);
        for (const input of $$(el, '[part="time-input"]')) {
          expect(input.scrollWidth, `${input.id} scrolls nothing`).to.be.at.most(input.clientWidth);
          expect(input.getBoundingClientRect().width, `${input.id} shows its whole time`).to.be.at.least(
            contentWidth(input) - 0.5,
          );
          const box = input.getBoundingClientRect();
          expect(box.right, `${input.id} inside the card`).to.be.at.most(card.right);
          expect(box.left, `${input.id} inside the card`).to.be.at.least(card.left);
        }
        for (const button of $$(el, '[part="remove-range"]')) {
          expect(button.getBoundingClientRect().right, 'the remove button inside the card').to.be.at.most(
            card.right,
          );
        }
        await expect(el).to.be.accessible();
      });
    }
  });

  describe('names said once, alerts without their buttons', () => {
    afterEach(async () => {
      await setViewport({ width: 800, height: 600 });
    });

    it('names every icon button once, with a tooltip for mouse users', async () => {
      // A phone: the panel's close button shows too.
      await setViewport({ width: 360, height: 720 });
      const { store, client } = setupInbox();
      const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
      const bell = await fixture<NotifBell>(
        html`<notif-bell .store=${store} .preferencesStore=${preferences}></notif-bell>`,
      );
      bell.show();
      await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('article'));
      const inbox = $(bell, 'notif-inbox')!;
      const buttons: [string, HTMLElement, string][] = [
        ['settings', $(bell, '[part="settings"]')!, 'Notification settings'],
        ['close', $(bell, '[part="close"]')!, 'Close notifications'],
        ['mark read', $(inbox, '.unread [part="toggle-read"]')!, 'Mark as read'],
        ['mark unread', $(inbox, 'article:not(.unread) [part="toggle-read"]')!, 'Mark as unread'],
      ];
      const check = async () => {
        for (const [what, button, name] of buttons.splice(0)) {
          const spoken = await spokenOnFocus(button);
          expect(spoken.name, what).to.contain(name);
          expect(spoken.description, `${what} is not named twice`).to.not.contain(name);
          expect(button.title, `${what} has a tooltip`).to.contain(name);
        }
      };
      await check();
      $(bell, '[part="settings"]')!.click();
      await waitUntil(() => $(bell, 'notif-preferences')?.shadowRoot?.querySelector('[part="edit"]'));
      const prefs = $(bell, 'notif-preferences')!;
      $(prefs, '[part="edit"]')!.click();
      await waitUntil(() => $(prefs, '[part="remove-range"]'));
      buttons.push(
        ['back', $(bell, '[part="back"]')!, 'Back to notifications'],
        ['close in the settings', $(bell, '[part="close"]')!, 'Close notifications'],
        ['remove range', $(prefs, '[part="remove-range"]')!, 'Remove'],
      );
      await check();
      await animationsDone(bell);
      await expect(bell).to.be.accessible();
    });

    it("reads the inbox's alerts without their buttons", async () => {
      const { store, mock } = setupInbox();
      mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
      const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
      await waitUntil(() => $(el, '[part="error"]'), 'the load error');
      expect(liveRegionsWithControls(el), 'the load error').to.deep.equal([]);
      expect($(el, '[part="error"] [role="alert"]')!.textContent).to.contain('could not be loaded');
      $(el, '[part="retry"]')!.click();
      await untilMessages(el);

      mock.fail({ status: 500, method: 'POST', path: '/v1/subscribers' });
      $(el, '[part~="toggle-read"]')!.click();
      await waitUntil(() => $(el, '[part="action-error"]'), 'the action error');
      expect(liveRegionsWithControls(el), 'the action error').to.deep.equal([]);
      expect($(el, '[part="action-error"] [role="alert"]')!.textContent).to.contain('could not be saved');
      await expect(el).to.be.accessible();

      mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
      await store.refresh();
      await waitUntil(() => $(el, '.footer[part="error"]'), 'the refresh error under the list');
      expect(liveRegionsWithControls(el), 'the refresh error').to.deep.equal([]);
      await expect(el).to.be.accessible();
    });

    it("reads the preferences' alerts without their buttons", async () => {
      const { client, mock } = setupInbox();
      mock.fail({ status: 500, method: 'GET', path: '/v2/subscribers' });
      const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
      const el = await fixture<NotifPreferences>(
        html`<notif-preferences .store=${store}></notif-preferences>`,
      );
      await waitUntil(() => $(el, '[part="load-error"]'), 'the load error');
      expect(liveRegionsWithControls(el), 'the load error').to.deep.equal([]);
      expect($(el, '[part="load-error"] [role="alert"]')).to.exist;
      $(el, '[part="retry"]')!.click();
      await waitUntil(() => $(el, '[role="switch"]'), 'loaded', { timeout: 4000 });

      mock.fail({ status: 500, method: 'PATCH', path: '/v2/subscribers' });
      $(el, '[data-section="global"] [role="switch"]')!.click();
      await waitUntil(() => $(el, '[part="save-error"]'), 'the save error');
      expect(liveRegionsWithControls(el), 'the save error').to.deep.equal([]);
      expect($(el, '[part="save-error"] [role="alert"]')!.textContent).to.contain('could not be saved');
      await expect(el).to.be.accessible();
    });
  });

  describe('forced colours and non-text contrast', () => {
    afterEach(async () => {
      await emulateForcedColors(false);
    });

    it('gives "Show more" room of its own in forced colours, off the clamped text', async () => {
      const long = 'A long body that wraps onto more lines than the clamp shows. '.repeat(8);
      const store = loadedStore(setupInbox().store, 4, (i) => ({ ...syntheticMessage(i), content: long }));
      await emulateForcedColors(true);
      const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
      await untilMessages(el, 4);
      expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
      const more = () => $(el, 'article [part="show-more"]')!;
      await waitUntil(() => more().getBoundingClientRect().width > 0, '"Show more" shows');
      const button = more().getBoundingClientRect();
      const text = $(el, 'article [part="content"]')!.getBoundingClientRect();
      const overlaps =
        button.top < text.bottom - 0.5 &&
        button.bottom > text.top + 0.5 &&
        button.left < text.right - 0.5 &&
        button.right > text.left + 0.5;
      expect(overlaps, '"Show more" does not cover the text').to.equal(false);
      await expect(el).to.be.accessible();
    });

    it('draws the day tabs in system colours in forced colours', async () => {
      await emulateForcedColors(true);
      const { client } = setupInbox();
      const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
      const el = await fixture<NotifPreferences>(
        html`<notif-preferences .store=${store}></notif-preferences>`,
      );
      await waitUntil(() => $(el, '[part="edit"]'), 'loaded', { timeout: 4000 });
      $(el, '[part="edit"]')!.click();
      await waitUntil(() => $$(el, '[role="tab"]').length === 7, 'the day tabs');
      const system = (color: string) => {
        const probe = document.createElement('span');
        probe.style.backgroundColor = color;
        document.body.append(probe);
        const computed = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return computed;
      };
      const allowed = [system('ButtonFace'), system('Highlight'), system('Canvas')];
      for (const tab of $$(el, '[role="tab"]')) {
        const background = getComputedStyle(tab).backgroundColor;
        expect(allowed, `${tab.textContent?.trim()}: ${background}`).to.include(background);
      }
      await expect(el).to.be.accessible();
    });

    for (const mode of ['light', 'dark', 'forced colours'] as const) {
      it(`draws an off switch's track at 3:1 or more against its card, ${mode}`, async () => {
        if (mode === 'forced colours') await emulateForcedColors(true);
        const { client } = setupInbox();
        const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
        const el = await fixture<NotifPreferences>(
          html`<notif-preferences
            theme=${mode === 'dark' ? 'dark' : 'light'}
            .store=${store}
          ></notif-preferences>`,
        );
        await waitUntil(() => $(el, '[data-section="global"] [role="switch"]'), 'loaded', { timeout: 4000 });
        const on = $(el, '[data-section="global"] [role="switch"][aria-checked="true"]')!;
        on.click();
        await waitUntil(() => on.getAttribute('aria-checked') === 'false', 'turned off');
        await waitUntil(() => on.getAttribute('aria-busy') === 'false', 'saved');
        const card = getComputedStyle(on.closest('.card')!).backgroundColor;
        const tracks = $$(el, '[role="switch"][aria-checked="false"] .switch-track');
        // Their final colours, once the switch's transition is over.
        await Promise.all(tracks.flatMap((track) => track.getAnimations().map((a) => a.finished)));
        for (const track of tracks) {
          const border = getComputedStyle(track).borderTopColor;
          expect(contrast(border, card), `${border} on ${card}`).to.be.at.least(3);
        }
        await expect(el).to.be.accessible();
      });
    }
  });
});
