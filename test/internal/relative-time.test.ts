import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import sinon from 'sinon';
import { createTranslator } from '../../src/i18n/index.js';
import { RelativeTimeController } from '../../src/internal/relative-time.js';

const translator = createTranslator('en');
const SENT_AT = new Date('2024-05-10T12:00:00Z');

class RelativeTimeTestElement extends LitElement {
  readonly clock = new RelativeTimeController(this, { interval: 30_000 });
  renders = 0;

  override render() {
    this.renders++;
    return html`<time>${translator.relativeTime(SENT_AT)}</time>`;
  }
}
customElements.define('notif-test-relative-time', RelativeTimeTestElement);

const shown = (el: RelativeTimeTestElement) => el.shadowRoot!.querySelector('time')!.textContent;

/** Makes `document.hidden` answer `hidden` and tells listeners, as a tab switch would. */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('RelativeTimeController', () => {
  let clock: sinon.SinonFakeTimers;

  beforeEach(() => {
    // Headless pages run side by side and may report themselves hidden: each test says what it needs.
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    clock = sinon.useFakeTimers({ now: SENT_AT, toFake: ['setInterval', 'clearInterval', 'Date'] });
  });

  afterEach(() => {
    clock.restore();
    delete (document as { hidden?: boolean }).hidden;
  });

  it('keeps a relative time fresh while the element is shown', async () => {
    const el = await fixture<RelativeTimeTestElement>(
      html`<notif-test-relative-time></notif-test-relative-time>`,
    );
    expect(shown(el)).to.equal('now');
    await clock.tickAsync(60_000);
    await el.updateComplete;
    expect(shown(el)).to.equal('1 minute ago');
    await clock.tickAsync(4 * 60_000);
    await el.updateComplete;
    expect(shown(el)).to.equal('5 minutes ago');
  });

  it('stops updating once the element leaves the page', async () => {
    const el = await fixture<RelativeTimeTestElement>(
      html`<notif-test-relative-time></notif-test-relative-time>`,
    );
    expect(el.clock.running).to.equal(true);
    el.remove();
    expect(el.clock.running).to.equal(false);
    const renders = el.renders;
    await clock.tickAsync(10 * 60_000);
    expect(el.renders).to.equal(renders);
    expect(clock.countTimers()).to.equal(0);
  });

  it('pauses while the page is hidden and catches up when it is visible again', async () => {
    const el = await fixture<RelativeTimeTestElement>(
      html`<notif-test-relative-time></notif-test-relative-time>`,
    );
    setHidden(true);
    expect(el.clock.running).to.equal(false);
    const renders = el.renders;
    await clock.tickAsync(10 * 60_000);
    expect(el.renders).to.equal(renders);
    expect(shown(el)).to.equal('now');

    setHidden(false);
    await el.updateComplete;
    expect(shown(el)).to.equal('10 minutes ago');
    expect(el.clock.running).to.equal(true);
  });

  it('does not start when connected to a hidden page', async () => {
    setHidden(true);
    const el = await fixture<RelativeTimeTestElement>(
      html`<notif-test-relative-time></notif-test-relative-time>`,
    );
    expect(el.clock.running).to.equal(false);
  });

  it('ignores visibility changes once disconnected', async () => {
    const el = await fixture<RelativeTimeTestElement>(
      html`<notif-test-relative-time></notif-test-relative-time>`,
    );
    el.remove();
    setHidden(false);
    expect(el.clock.running).to.equal(false);
  });
});
