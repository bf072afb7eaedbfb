import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/provider/provider.js';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { WARN_AFTER_MS } from '../../src/internal/connection-controller.js';
import { createMockService } from '../../src/mock/index.js';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore } from '../../src/store/index.js';

describe('elements without a connection (development warning)', () => {
  let warn: sinon.SinonStub;
  // The elements' timers run on a fake clock, moved on by the tests; axe runs on the real one.
  let clock: sinon.SinonFakeTimers | undefined;
  beforeEach(() => {
    warn = sinon.stub(console, 'warn');
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    warn.restore();
  });

  /** Moves the clock on until the elements have decided whether to warn. */
  const afterWindow = () => clock!.tickAsync(WARN_AFTER_MS);

  /** The accessibility check, on real timers (the fake clock is put away first). */
  async function accessible(el: Element) {
    clock?.restore();
    clock = undefined;
    await expect(el).to.be.accessible();
  }

  /** The warnings of our elements (a stray one from a dependency is not ours to count). */
  const ours = () =>
    warn
      .getCalls()
      .map((call) => String(call.args[0]))
      .filter((text) => text.startsWith('<notif-'));

  it('says once what a bell with nothing to connect to lacks', async () => {
    const el = await fixture<NotifBell>(html`<notif-bell></notif-bell>`);
    expect(ours()).to.deep.equal([]);
    await afterWindow();
    expect(ours()).to.have.length(1);
    expect(ours()[0]).to.include('<notif-bell>: no store, no base-url and subscriber-id');
    expect(ours()[0]).to.include('<notif-provider base-url=');
    // Moved in the page, it does not say it again.
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await afterWindow();
    expect(ours()).to.have.length(1);
    await accessible(el);
  });

  it('names the attribute missing beside the one given, and an empty provider', async () => {
    await fixture(
      html`<div>
        <notif-bell subscriber-id="usr_1"></notif-bell>
        <notif-provider><notif-inbox></notif-inbox></notif-provider>
      </div>`,
    );
    await afterWindow();
    expect(ours()).to.have.length(2);
    expect(ours()).to.satisfy((texts: string[]) =>
      texts.some((text) => text.startsWith('<notif-bell>: it has subscriber-id but no base-url')),
    );
    expect(ours()).to.satisfy((texts: string[]) =>
      texts.some((text) => text.startsWith('<notif-inbox>: the <notif-provider> around it has no base-url')),
    );
  });

  it("says that an element's own subscriber-id is ignored inside a provider", async () => {
    const mock = createMockService();
    const el = await fixture(
      html`<notif-provider
        base-url="https://mock.test"
        subscriber-id="usr_priya_raman"
        api-key=${mock.apiKey}
        .fetch=${mock.fetch}
      >
        <notif-bell subscriber-id="usr_someone_else"></notif-bell>
      </notif-provider>`,
    );
    await afterWindow();
    expect(ours()).to.have.length(1);
    expect(ours()[0]).to.include('<notif-bell>: its subscriber-id is ignored');
    await accessible(el);
  });

  it('is silent inside a configured provider, with a store, and with a store set a moment later', async () => {
    const mock = createMockService();
    const store = () =>
      createInboxStore(
        createNotifClient({ baseUrl: 'https://mock.test', apiKey: mock.apiKey, fetch: mock.fetch }),
        { subscriberId: 'usr_priya_raman' },
      );
    const el = await fixture(
      html`<div>
        <notif-provider
          base-url="https://mock.test"
          subscriber-id="usr_priya_raman"
          api-key=${mock.apiKey}
          .fetch=${mock.fetch}
        >
          <notif-bell></notif-bell>
        </notif-provider>
        <notif-inbox heading="Shared" .store=${store()}></notif-inbox>
        <notif-inbox id="late" heading="Late"></notif-inbox>
      </div>`,
    );
    await clock!.tickAsync(100);
    el.querySelector<NotifInbox>('#late')!.store = store();
    await afterWindow();
    expect(ours()).to.deep.equal([]);
    await accessible(el);
  });

  it('is silent in production builds (NODE_ENV=production)', async () => {
    const env = (window as unknown as { process: { env: { NODE_ENV?: string } } }).process.env;
    const before = env.NODE_ENV;
    env.NODE_ENV = 'production';
    try {
      const el = await fixture<NotifBell>(html`<notif-bell></notif-bell>`);
      await afterWindow();
      expect(ours()).to.deep.equal([]);
      await accessible(el);
    } finally {
      env.NODE_ENV = before;
    }
  });
});
