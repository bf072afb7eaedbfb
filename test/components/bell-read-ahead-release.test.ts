// A bell that reads its first page ahead of the store waits for the store's code to arrive. One removed from
// the page before then is let go: the arrival does not reach it. Its own file: the store's code arrives once
// per page.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import { createConnection } from '../../src/context/registry.js';
import { holdPageFetch } from '../helpers/deferred-fetch.js';

describe('<notif-bell> removed before its store arrives', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('is not updated by the arrival, while a bell still on the page is', async () => {
    const service = holdPageFetch();
    restore = service.restore;
    const page = await fixture<HTMLElement>(
      html`<div>
        <notif-bell base-url="https://held.test" subscriber-id="usr_stays"></notif-bell>
        <notif-bell base-url="https://held.test" subscriber-id="usr_leaves"></notif-bell>
      </div>`,
    );
    const [stays, leaves] = Array.from(page.querySelectorAll<NotifBell>('notif-bell'));
    // Both read ahead; nothing answers, so neither loads its panel (and with it the store's code).
    await service.nextList(0);
    await service.nextList(0);
    leaves!.remove();
    // The store's code (loading it adds strings, which every element hears: not what is counted here).
    const { inboxOf } = await import('../../src/context/inbox-of.js');
    await Promise.all([stays!.updateComplete, leaves!.updateComplete]);
    const updates = new Map<NotifBell, number>();
    for (const bell of [stays!, leaves!]) {
      const requestUpdate = bell.requestUpdate.bind(bell);
      bell.requestUpdate = (...args: Parameters<NotifBell['requestUpdate']>) => {
        updates.set(bell, (updates.get(bell) ?? 0) + 1);
        return requestUpdate(...args);
      };
    }

    // The store's code says it has arrived: something made a store.
    const connection = createConnection({ baseUrl: 'https://held.test', subscriberId: 'usr_other' });
    inboxOf(connection);
    connection.destroy();

    expect(updates.get(stays!) ?? 0, 'the bell on the page shows its store now').to.be.above(0);
    expect(updates.get(leaves!) ?? 0, 'the removed bell').to.equal(0);
    await stays!.updateComplete;
    expect(stays!.activeStore).to.not.equal(undefined);
    await expect(stays!).to.be.accessible();
  });
});
