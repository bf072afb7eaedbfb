/**
 * The client's operations beyond the list, `/counts` and the stream load on their first call (issue 24):
 * a page that only shows a count never downloads them. This file runs in a page of its own, so the first
 * test sees them not yet loaded.
 */
import { expect } from '@open-wc/testing';
import { createNotifClient, NotifValidationError } from '../../src/client/index.js';
import { createMockService } from '../../src/mock/index.js';
import { rejection } from '../helpers/rejection.js';

const PRIYA = 'usr_priya_raman';

const operationsLoaded = () =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('/client/client-operations.'));

describe('client: operations loaded on first call', () => {
  it('lists without them, and answers calls made before they arrived, in the order made', async () => {
    const mock = createMockService();
    const sent: string[] = [];
    const client = createNotifClient({
      baseUrl: 'https://mock.test',
      apiKey: mock.apiKey,
      fetch: (input, init) => {
        sent.push(`${init.method} ${new URL(input).pathname}`);
        return mock.fetch(input, init);
      },
    });
    const page = await client.listMessages({ subscriberId: PRIYA, channel: 'in_app', limit: 5 });
    expect(page.data.length).to.be.greaterThan(0);
    expect(operationsLoaded(), 'loaded by a list').to.equal(false);

    // Two calls at once, before the module is there: both answer.
    const [subscriber, preferences] = await Promise.all([
      client.updateSubscriber(PRIYA, { firstName: 'Priya R.' }),
      client.getPreferences(PRIYA),
    ]);
    expect(operationsLoaded()).to.equal(true);
    expect(subscriber.firstName).to.equal('Priya R.');
    expect(preferences).to.be.an('object');
    expect(sent.slice(-2)).to.deep.equal([
      `PATCH /v2/subscribers/${PRIYA}`,
      `GET /v2/subscribers/${PRIYA}/preferences`,
    ]);
  });

  it('still refuses bad arguments by rejecting, without a request', async () => {
    const mock = createMockService();
    const client = createNotifClient({
      baseUrl: 'https://mock.test',
      apiKey: mock.apiKey,
      fetch: mock.fetch,
    });
    const error = await rejection(client.markMessagesAs(PRIYA, { messageId: [], markAs: 'read' }));
    expect(error).to.be.instanceOf(NotifValidationError);
    expect(mock.requests).to.have.length(0);
  });
});
