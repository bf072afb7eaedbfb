import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/provider/provider.js';
import '../../src/components/inbox/inbox.js';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { NotifProvider } from '../../src/components/provider/provider.component.js';
import { createMockService } from '../../src/mock/index.js';
import { $$, removeFixtures, untilMessages } from '../helpers/inbox-setup.js';

describe('<notif-provider>', () => {
  let restore: (() => void) | undefined;
  afterEach(async () => {
    await removeFixtures();
    restore?.();
    restore = undefined;
  });

  /** Routes the page's fetch to a mock service, as a backend proxy would answer (it adds the key itself). */
  function serveMock() {
    const mock = createMockService({ auth: false });
    const stub = sinon.stub(window, 'fetch').callsFake((input, init) => mock.fetch(input, init));
    restore = () => stub.restore();
    return mock;
  }

  it("gives the elements inside it one subscriber's store", async () => {
    const mock = createMockService();
    const el = await fixture<NotifProvider>(
      html`<notif-provider
        base-url="https://mock.test"
        subscriber-id="usr_priya_raman"
        api-key=${mock.apiKey}
        .fetch=${mock.fetch}
      >
        <header><notif-bell></notif-bell></header>
        <main><notif-inbox></notif-inbox></main>
      </notif-provider>`,
    );
    const inbox = el.querySelector<NotifInbox>('notif-inbox')!;
    const bell = el.querySelector<NotifBell>('notif-bell')!;
    await untilMessages(inbox);
    expect(inbox.activeStore).to.exist;
    expect(bell.activeStore).to.equal(inbox.activeStore);
    expect(mock.requests.filter((r) => r.path === '/v1/messages')).to.have.length(1);
    expect(mock.requests[0]!.headers['authorization']).to.equal(`ApiKey ${mock.apiKey}`);
    await expect(el).to.be.accessible();
  });

  it('shares one store and one request between elements configured alike in different subtrees', async () => {
    const mock = serveMock();
    const el = await fixture(
      html`<div>
        <header><notif-bell base-url="/notif-api" subscriber-id="usr_priya_raman"></notif-bell></header>
        <aside><notif-inbox base-url="/notif-api" subscriber-id="usr_priya_raman"></notif-inbox></aside>
      </div>`,
    );
    const inbox = el.querySelector<NotifInbox>('notif-inbox')!;
    const bell = el.querySelector<NotifBell>('notif-bell')!;
    await untilMessages(inbox);
    expect(bell.activeStore).to.equal(inbox.activeStore);
    expect(mock.requests.filter((r) => r.path === '/v1/messages')).to.have.length(1);
    // Through a proxy, the page holds no key.
    expect(mock.requests[0]!.headers).not.to.have.property('authorization');
  });

  it('is accessible with its elements in the dark theme and right to left', async () => {
    const mock = createMockService();
    const el = await fixture(
      html`<div dir="rtl" lang="ar">
        <notif-provider
          base-url="https://mock.test"
          subscriber-id="usr_priya_raman"
          api-key=${mock.apiKey}
          .fetch=${mock.fetch}
        >
          <notif-bell theme="dark"></notif-bell>
          <notif-inbox theme="dark"></notif-inbox>
        </notif-provider>
      </div>`,
    );
    const inbox = el.querySelector<NotifInbox>('notif-inbox')!;
    await untilMessages(inbox);
    expect(getComputedStyle(inbox).colorScheme).to.equal('dark');
    await expect(el).to.be.accessible();
  });

  it('passes its locale and strings to the elements inside', async () => {
    const mock = createMockService();
    const el = await fixture<NotifProvider>(
      html`<notif-provider
        base-url="https://mock.test"
        subscriber-id="usr_priya_raman"
        api-key=${mock.apiKey}
        .fetch=${mock.fetch}
        .strings=${{ 'inbox.title': 'Activity' }}
      >
        <notif-inbox></notif-inbox>
      </notif-provider>`,
    );
    const inbox = el.querySelector<NotifInbox>('notif-inbox')!;
    await untilMessages(inbox);
    expect($$(inbox, '[part="title"]')[0]!.textContent).to.equal('Activity');
  });

  it('switches the elements to another subscriber', async () => {
    const mock = createMockService();
    const el = await fixture<NotifProvider>(
      html`<notif-provider
        base-url="https://mock.test"
        subscriber-id="usr_priya_raman"
        api-key=${mock.apiKey}
        .fetch=${mock.fetch}
      >
        <notif-inbox></notif-inbox>
      </notif-provider>`,
    );
    const inbox = el.querySelector<NotifInbox>('notif-inbox')!;
    await untilMessages(inbox);
    const first = inbox.activeStore;
    el.subscriberId = 'usr_empty';
    await el.updateComplete;
    await inbox.updateComplete;
    expect(inbox.activeStore).not.to.equal(first);
    expect(inbox.activeStore!.subscriberId).to.equal('usr_empty');
    await waitUntil(() => inbox.shadowRoot!.querySelector('[part="empty"]'));
  });
});
