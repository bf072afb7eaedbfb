import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../../src/components/preferences/preferences.component.js';
import { browserTimezone } from '../../src/components/preferences/schedule-timezone.js';
import type { PreferencesStore } from '../../src/store/preferences.js';
import { $, animationsDone, SUBSCRIBER } from '../helpers/inbox-setup.js';
import { setupProxied } from '../helpers/proxied.js';

type Mock = ReturnType<typeof setupProxied>['mock'];

const select = (el: Element) => $(el, '[part="timezone-select"]') as HTMLSelectElement;
const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The requests the service received, in order, as "METHOD path". */
const received = (mock: Mock) =>
  mock.requests.filter((r) => r.method === 'PATCH').map((r) => `${r.method} ${r.path}`);
const subscriberPatches = (mock: Mock) =>
  mock.requests.filter((r) => r.method === 'PATCH' && r.path === `/v2/subscribers/${SUBSCRIBER}`);

async function renderOpen(
  store: PreferencesStore,
  attrs: { lang?: string; dark?: boolean; timezone?: string } = {},
) {
  const wrapper = await fixture<HTMLElement>(
    html`<div dir=${attrs.lang === 'he' ? 'rtl' : 'ltr'}>
      <notif-preferences
        .store=${store}
        locale=${attrs.lang ?? 'en'}
        theme=${attrs.dark ? 'dark' : 'light'}
        timezone=${attrs.timezone ?? ''}
      ></notif-preferences>
    </div>`,
  );
  const el = wrapper.querySelector<NotifPreferences>('notif-preferences')!;
  await waitUntil(() => $(el, '[part~="edit"]'), 'the schedule', { timeout: 4000 });
  $(el, '[part~="edit"]')!.click();
  await waitUntil(() => $(el, '[part="timezone-select"]'), 'the time zone picker');
  await el.updateComplete;
  return { wrapper, el };
}

/** Picks a zone as a person does: the select's value changes, then `change` fires. */
function pick(el: Element, zone: string) {
  select(el).value = zone;
  select(el).dispatchEvent(new Event('change', { bubbles: true }));
}

/** Turns Saturday on in the draft (a schedule change to save). */
async function changeSchedule(el: NotifPreferences) {
  $(el, '[data-day-tab="saturday"]')!.click();
  await el.updateComplete;
  $(el, '[data-day="saturday"] [role="switch"]')!.click();
  await el.updateComplete;
}

describe("the schedule's time zone", () => {
  it('through the proxy: names the browser zone by default; a picked zone is set on the subscriber before the schedule', async () => {
    const { mock, preferences } = setupProxied();
    const { el } = await renderOpen(preferences());
    expect(select(el).value).to.equal(browserTimezone());
    expect(normalise($(el, '[part="timezone-note"]')!.textContent)).to.match(/^Times are in .+\.$/);
    expect(normalise($(el, '[part="timezone-note"]')!.textContent)).to.include(
      browserTimezone().replaceAll('_', ' '),
    );
    pick(el, 'Asia/Tokyo');
    await el.updateComplete;
    expect(normalise($(el, '[part="timezone-note"]')!.textContent)).to.include('(Asia/Tokyo)');
    await changeSchedule(el);
    $(el, '[part="save"]')!.click();
    await waitUntil(() => !$(el, '[part="editor"]'), 'the editor closes once saved');
    // The service received the subscriber's timezone first, through the proxy (with the proxy's key), then the schedule.
    expect(received(mock)).to.deep.equal([
      `PATCH /v2/subscribers/${SUBSCRIBER}`,
      `PATCH /v2/subscribers/${SUBSCRIBER}/preferences`,
    ]);
    const [patch] = subscriberPatches(mock);
    expect(patch!.body).to.deep.equal({ timezone: 'Asia/Tokyo' });
    expect(patch!.headers['authorization']).to.equal(`ApiKey ${mock.apiKey}`);
    await mock.ready;
    expect(mock.db.subscribers.find((s) => s.subscriberId === SUBSCRIBER)!.timezone).to.equal('Asia/Tokyo');
    // Opened again, the editor shows the zone now saved.
    $(el, '[part~="edit"]')!.click();
    await waitUntil(() => $(el, '[part="timezone-select"]'), 'the picker');
    expect(select(el).value).to.equal('Asia/Tokyo');
  });

  it('a refused time zone shows an error, keeps the pick and the editor open, and sends no schedule; Save again succeeds', async () => {
    const { mock, preferences } = setupProxied();
    const { el } = await renderOpen(preferences());
    pick(el, 'America/Sao_Paulo');
    await changeSchedule(el);
    mock.fail({ method: 'PATCH', path: `/v2/subscribers/${SUBSCRIBER}`, status: 500 });
    $(el, '[part="save"]')!.click();
    await waitUntil(() => $(el, '#schedule-timezone-error'), 'the error');
    expect(normalise($(el, '#schedule-timezone-error')!.textContent)).to.equal(
      'The time zone could not be saved. Your choice is kept: try again.',
    );
    expect($(el, '#schedule-timezone-error')!.getAttribute('role')).to.equal('alert');
    expect(select(el).value).to.equal('America/Sao_Paulo');
    expect(select(el).getAttribute('aria-describedby')).to.include('schedule-timezone-error');
    expect($(el, '[part="editor"]')).to.exist;
    expect(received(mock)).to.deep.equal([`PATCH /v2/subscribers/${SUBSCRIBER}`]);
    await expect(el).to.be.accessible();

    $(el, '[part="save"]')!.click();
    await waitUntil(() => !$(el, '[part="editor"]'), 'saved on the second try');
    expect(subscriberPatches(mock).map((r) => r.body)).to.deep.equal([
      { timezone: 'America/Sao_Paulo' },
      { timezone: 'America/Sao_Paulo' },
    ]);
    expect(received(mock).at(-1)).to.equal(`PATCH /v2/subscribers/${SUBSCRIBER}/preferences`);
  });

  it("starts from the subscriber's saved zone; Save without a change sends nothing, a zone alone sends only it", async () => {
    const { mock, preferences } = setupProxied();
    const { el } = await renderOpen(preferences(), { timezone: 'Europe/Paris' });
    expect(select(el).value).to.equal('Europe/Paris');
    $(el, '[part="save"]')!.click();
    await waitUntil(() => !$(el, '[part="editor"]'), 'closes');
    expect(received(mock)).to.deep.equal([]);

    $(el, '[part~="edit"]')!.click();
    await waitUntil(() => $(el, '[part="timezone-select"]'), 'the picker');
    pick(el, 'Europe/Berlin');
    $(el, '[part="save"]')!.click();
    await waitUntil(() => !$(el, '[part="editor"]'), 'closes once saved');
    expect(received(mock)).to.deep.equal([`PATCH /v2/subscribers/${SUBSCRIBER}`]);
    expect(subscriberPatches(mock)[0]!.body).to.deep.equal({ timezone: 'Europe/Berlin' });
  });

  it('Cancel drops the picked zone', async () => {
    const { mock, preferences } = setupProxied();
    const store = preferences('Europe/Paris');
    const { el } = await renderOpen(store);
    pick(el, 'Asia/Tokyo');
    $(el, '[part="cancel"]')!.click();
    await waitUntil(() => !$(el, '[part="editor"]'), 'closes');
    $(el, '[part~="edit"]')!.click();
    await waitUntil(() => $(el, '[part="timezone-select"]'), 'the picker');
    expect(select(el).value).to.equal('Europe/Paris');
    expect(received(mock)).to.deep.equal([]);
  });

  it('is a labelled native select reached with the keyboard, and changed with it', async () => {
    const { preferences } = setupProxied();
    const { el } = await renderOpen(preferences('Europe/Paris'));
    await waitUntil(() => el.shadowRoot!.activeElement?.matches('[data-day-tab="monday"]'), 'Monday focused');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(el.shadowRoot!.activeElement).to.equal(select(el));
    const label = $(el, '[part="timezone-label"]') as HTMLLabelElement;
    expect(label.htmlFor).to.equal(select(el).id);
    expect(normalise(label.textContent)).to.equal('Time zone');
    const before = select(el).value;
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => select(el).value !== before, 'the arrow key picks the next zone');
    await el.updateComplete;
    expect(normalise($(el, '[part="timezone-note"]')!.textContent)).to.include(
      select(el).value.replaceAll('_', ' '),
    );
  });

  for (const variant of [
    { name: 'light, left to right', attrs: {} },
    { name: 'dark, right to left (Hebrew)', attrs: { lang: 'he', dark: true } },
    { name: 'dark, left to right', attrs: { dark: true } },
    { name: 'light, right to left (Hebrew)', attrs: { lang: 'he' } },
  ]) {
    it(`passes axe with the picker, ${variant.name}`, async () => {
      const { preferences } = setupProxied();
      const { wrapper, el } = await renderOpen(preferences('Asia/Jerusalem'), variant.attrs);
      if (variant.attrs.lang === 'he') {
        expect(normalise($(el, '[part="timezone-label"]')!.textContent)).to.equal('אזור זמן');
      }
      // axe checks the final colours, not a frame of the editor's entrance or a switch's transition.
      await animationsDone(el);
      await expect(wrapper).to.be.accessible();
    });
  }
});
