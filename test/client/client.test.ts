import { expect } from '@open-wc/testing';
import { createNotifClient, NotifHttpError, type NotifClient } from '../../src/client/index.js';
import { createMockService, type MockService } from '../../src/mock/index.js';
import { rejection as rejectionOf } from '../helpers/rejection.js';

const rejection = (promise: Promise<unknown>) => rejectionOf<NotifHttpError>(promise);

const PRIYA = 'usr_priya_raman';

describe('client against the mock service', () => {
  let mock: MockService;
  let client: NotifClient;

  beforeEach(() => {
    mock = createMockService();
    client = createNotifClient({
      baseUrl: 'https://mock.test',
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      retry: false,
    });
  });

  const last = () => mock.requests.at(-1)!;

  it('updateSubscriber: PATCH /v2/subscribers/{id} returns the subscriber', async () => {
    const subscriber = await client.updateSubscriber(PRIYA, { firstName: 'Priya R.', locale: 'en-GB' });
    expect(subscriber.subscriberId).to.equal(PRIYA);
    expect(subscriber.firstName).to.equal('Priya R.');
    expect(last().method).to.equal('PATCH');
    expect(last().path).to.equal(`/v2/subscribers/${PRIYA}`);
    expect(last().body).to.deep.equal({ firstName: 'Priya R.', locale: 'en-GB' });
  });

  it('getPreferences and updatePreferences read and change the preferences', async () => {
    const before = await client.getPreferences(PRIYA);
    expect(before.global.channels.email).to.equal(true);
    expect(before.workflows.length).to.be.greaterThan(0);
    const after = await client.updatePreferences(PRIYA, { channels: { email: false } });
    expect(after.global.channels.email).to.equal(false);
    expect(last().body).to.deep.equal({ channels: { email: false } });
    const workflow = await client.updatePreferences(PRIYA, {
      workflowId: 'task-assigned',
      channels: { push: false },
    });
    const task = workflow.workflows.find((w) => w.workflow.identifier === 'task-assigned')!;
    expect(task.channels.push).to.equal(false);
  });

  it('markMessagesAs returns the updated messages', async () => {
    const page = await client.listMessages({ subscriberId: PRIYA, channel: 'in_app', limit: 3 });
    const ids = page.data.map((m) => m._id!);
    const updated = await client.markMessagesAs(PRIYA, { messageId: ids, markAs: 'read' });
    expect(updated.map((m) => m._id)).to.deep.equal(ids);
    expect(updated.every((m) => m.read && m.seen)).to.equal(true);
    const single = await client.markMessagesAs(PRIYA, { messageId: ids[0]!, markAs: 'unread' });
    expect(single).to.have.length(1);
    expect(single[0]!.read).to.equal(false);
  });

  it('lists, updates and sets integrations primary', async () => {
    const integrations = await client.listIntegrations();
    expect(integrations.length).to.be.greaterThan(3);
    const secondary = integrations.find((i) => i.channel === 'email' && !i.primary && i.active)!;
    const renamed = await client.updateIntegration(secondary._id!, { name: 'Resend (all mail)' });
    expect(renamed.name).to.equal('Resend (all mail)');
    const primary = await client.setPrimaryIntegration(secondary._id!);
    expect(primary.primary).to.equal(true);
    const email = (await client.listIntegrations()).filter((i) => i.channel === 'email' && i.primary);
    expect(email.map((i) => i._id)).to.deep.equal([secondary._id]);
  });

  it('lists workflows with filters and retrieves one by its id', async () => {
    const all = await client.listWorkflows({ limit: 100 });
    expect(all.totalCount).to.equal(all.workflows.length);
    const active = await client.listWorkflows({ status: ['INACTIVE'] });
    expect(active.workflows.every((w) => w.status === 'INACTIVE')).to.equal(true);
    expect(last().query).to.equal('status=INACTIVE');
    const workflow = await client.getWorkflow('comment-mention');
    expect(workflow.workflowId).to.equal('comment-mention');
    expect(workflow.steps.length).to.be.greaterThan(0);
  });

  it('pages through in-app messages, newest first', async () => {
    const first = await client.listMessages({ subscriberId: PRIYA, channel: 'in_app', page: 0, limit: 20 });
    const second = await client.listMessages({ subscriberId: PRIYA, channel: 'in_app', page: 1, limit: 20 });
    expect(first.hasMore).to.equal(true);
    expect(first.page).to.equal(0);
    const ids = [...first.data, ...second.data].map((m) => m._id);
    expect(new Set(ids).size).to.equal(40);
    const times = [...first.data, ...second.data].map((m) => Date.parse(m.createdAt));
    expect(times).to.deep.equal([...times].sort((a, b) => b - a));
    expect(last().query).to.equal(`subscriberId=${PRIYA}&channel=in_app&page=1&limit=20`);
  });

  it('lists events and retrieves one with its jobs', async () => {
    const events = await client.listEvents({ limit: 50, subscriberIds: [PRIYA] });
    expect(events.data.length).to.be.greaterThan(0);
    const event = await client.getEvent(events.data[0]!._id!);
    expect(event.transactionId).to.equal(events.data[0]!.transactionId);
    expect(event.jobs!.length).to.be.greaterThan(0);
  });

  it('reports the service errors: 401 without a key, 404 for unknown ids, 400 for a bad body', async () => {
    const anonymous = createNotifClient({ baseUrl: 'https://mock.test', fetch: mock.fetch, retry: false });
    const unauthorized = await rejection(anonymous.listIntegrations());
    expect(unauthorized.status).to.equal(401);

    const notFound = await rejection(client.getWorkflow('no-such-workflow'));
    expect(notFound.status).to.equal(404);
    expect(notFound.serviceMessage).to.equal('Workflow not found');

    const bad = await rejection(
      client.updatePreferences(PRIYA, { channels: { email: 'no' as unknown as boolean } }),
    );
    expect(bad.status).to.equal(400);
    expect(bad.serviceMessage).to.be.an('array');
  });

  it('replays a retried mutation instead of applying it twice', async () => {
    mock.fail({ status: 503, method: 'POST', path: '/v1/subscribers', times: 1 });
    const retrying = createNotifClient({
      baseUrl: 'https://mock.test',
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      retry: { retries: 2, baseDelayMs: 1 },
    });
    const page = await client.listMessages({ subscriberId: PRIYA, channel: 'in_app', limit: 1 });
    const [updated] = await retrying.markMessagesAs(PRIYA, { messageId: page.data[0]!._id!, markAs: 'read' });
    expect(updated!.read).to.equal(true);
    const marks = mock.requests.filter((r) => r.path.endsWith('/mark-as'));
    expect(marks).to.have.length(2);
    expect(marks[0]!.headers['idempotency-key']).to.equal(marks[1]!.headers['idempotency-key']);
  });
});
