/**
 * The calmer default look: a quiet subject, a secondary time, a soft first call to action, a header of one
 * row in English that gives way in German without pushing the phone sheet's close button off its corner.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { loadTranslation } from '../../src/i18n/index.js';
import { $, setupInbox, untilMessages, animationsDone } from '../helpers/inbox-setup.js';

describe('the default look', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('has a quiet subject, a smaller muted time, and a soft primary action', async () => {
    const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty' } });
    mock.addMessage('usr_empty', {
      subject: 'Invite',
      content: 'Join the workspace.',
      read: false,
      cta: { type: 'redirect', action: { buttons: [{ type: 'primary', content: 'Accept' }] } },
    } as never);
    const el = await fixture<NotifInbox>(html`<notif-inbox theme="light" .store=${store}></notif-inbox>`);
    await untilMessages(el);
    const subject = getComputedStyle($(el, '[part="subject"]')!);
    expect(parseFloat(subject.fontSize)).to.be.within(13.5, 14.5);
    expect(Number(subject.fontWeight)).to.be.within(500, 600);
    const time = getComputedStyle($(el, '[part="time"]')!);
    const body = getComputedStyle($(el, '[part="content"]')!);
    expect(parseFloat(time.fontSize)).to.be.below(parseFloat(body.fontSize));
    expect(time.color).not.to.equal(body.color);
    // Not a filled accent button on every row: a tint, with the accent as its text.
    const action = getComputedStyle($(el, '[part~="action-primary"]')!);
    expect(action.color).not.to.equal('rgb(255, 255, 255)');
    await expect(el).to.be.accessible();
  });

  it('has a header of one row in English', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifInbox>(
      html`<notif-inbox style="inline-size: 25rem" .store=${store}></notif-inbox>`,
    );
    await untilMessages(el);
    const title = $(el, '[part="title"]')!.getBoundingClientRect();
    const views = $(el, '[part="views"]')!.getBoundingClientRect();
    expect(Math.abs(views.top + views.height / 2 - (title.top + title.height / 2))).to.be.below(4);
    expect($(el, '[part="header"]')!.getBoundingClientRect().height).to.be.below(50);
  });

  it('keeps the phone sheet close button in its corner in German', async () => {
    await loadTranslation('de');
    await setViewport({ width: 360, height: 700 });
    const { store } = setupInbox();
    const bell = await fixture<NotifBell>(html`<notif-bell locale="de" .store=${store}></notif-bell>`);
    bell.show();
    await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('article'), 'the sheet shows');
    // The sheet's opening animation ends before colours are checked.
    await Promise.all(
      $(bell, '[part="panel"]')!
        .getAnimations()
        .map((animation) => animation.finished),
    );
    const panel = $(bell, '[part="panel"]')!.getBoundingClientRect();
    const close = $(bell, '[part="close"]')!.getBoundingClientRect();
    expect(close.top - panel.top).to.be.below(16);
    expect(panel.right - close.right).to.be.below(24);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });
});
