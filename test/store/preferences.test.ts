import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createNotifClient, NotifHttpError } from '../../src/client/index.js';
import type { Schedule, SubscriberPreferences, UpdatePreferencesBody } from '../../src/client/types.js';
import { createMockService } from '../../src/mock/index.js';
import { FIXTURE_PREFERENCES } from '../../src/mock/fixtures/preferences.js';
import { createPreferencesStore, type PreferencesStore } from '../../src/store/preferences.js';
import { DEFAULT_DAY_RANGE } from '../../src/store/schedule.js';
import { settle } from '../helpers/fake-fetch.js';
import { until } from '../fixtures/store-in-state.js';

// nanostores reads `process.env.NODE_ENV`, which a bundler replaces; the test runner serves it unbundled.
const PRIYA = 'usr_priya_raman';
const fixture = (): SubscriberPreferences => structuredClone(FIXTURE_PREFERENCES);

function mockSetup(latencyMs = 0) {
  const mock = createMockService({ latencyMs });
  const client = createNotifClient({
    baseUrl: 'https://svc.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    retry: false,
  });
  const patches = () => mock.requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
  const gets = () => mock.requests.filter((r) => r.method === 'GET');
  return { mock, client, patches, gets };
}

// ---------------------------------------------------------------------------------------------------------
// A hand-controlled service: every request waits until the test answers it.

interface HeldRequest {
  method: string;
  url: string;
  body: UpdatePreferencesBody | undefined;
  signal: AbortSignal | undefined;
  /** Applies the body to the service's state and answers with the whole preferences. */
  succeed(): void;
  /** Answers with an error status; the service's state does not change. */
  fail(status?: number): void;
}

function heldService(initial: SubscriberPreferences) {
  let state = structuredClone(initial);
  const calls: HeldRequest[] = [];
  const fetch = (url: string, init: RequestInit = {}): Promise<Response> =>
    new Promise((resolve, reject) => {
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as UpdatePreferencesBody) : undefined;
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      const reply = (status: number, payload: unknown) =>
        resolve(
          new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } }),
        );
      calls.push({
        method: init.method ?? 'GET',
        url,
        body,
        signal: init.signal ?? undefined,
        succeed() {
          if (body) state = serviceApply(state, body);
          reply(200, { data: state });
        },
        fail(status = 422) {
          reply(status, {
            statusCode: status,
            message: ['refused by the test'],
            error: 'Unprocessable Entity',
          });
        },
      });
    });
  const client = createNotifClient({ baseUrl: 'https://svc.test', fetch, retry: false, timeoutMs: 0 });
  return {
    client,
    calls,
    get state() {
      return state;
    },
  };
}

/** What the service does with a PATCH body: a workflow change also records a `subscriber` override. */
function serviceApply(state: SubscriberPreferences, body: UpdatePreferencesBody): SubscriberPreferences {
  const next = structuredClone(state);
  if (body.workflowId) {
    const entry = next.workflows.find((w) => w.workflow.identifier === body.workflowId)!;
    for (const [channel, value] of Object.entries(body.channels ?? {})) {
      entry.channels[channel as 'email'] = value;
      entry.overrides = [
        ...entry.overrides.filter((o) => o.channel !== channel),
        { channel, source: 'subscriber' },
      ];
    }
  } else if (body.channels) {
    Object.assign(next.global.channels, body.channels);
  }
  if (body.schedule) next.global.schedule = body.schedule;
  return next;
}

/** Every value `pick` takes in the store's preferences as it changes, from the current one on. */
function record<T>(store: PreferencesStore, pick: (p: SubscriberPreferences | undefined) => T): T[] {
  const seen: T[] = [];
  store.$preferences.subscribe((p) => {
    const value = pick(p);
    if (seen.length === 0 || JSON.stringify(seen.at(-1)) !== JSON.stringify(value)) seen.push(value);
  });
  return seen;
}

const stores: PreferencesStore[] = [];
function track(store: PreferencesStore): PreferencesStore {
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores.splice(0)) store.destroy();
});

// ---------------------------------------------------------------------------------------------------------

describe('preferences store', () => {
  describe('loading', () => {
    it("loads the subscriber's preferences when first listened to, once", async () => {
      const { client, gets, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA }));
      await settle();
      expect(gets()).to.have.length(0);

      const values: (SubscriberPreferences | undefined)[] = [];
      const statuses: string[] = [];
      store.$preferences.subscribe((p) => values.push(p));
      store.$status.subscribe((s) => statuses.push(s.state));
      store.$preferences.listen(() => {});
      await until(() => values.length === 2, 'preferences');
      await settle();

      expect(gets()).to.have.length(1);
      expect(gets()[0]!.path).to.equal(`/v2/subscribers/${PRIYA}/preferences`);
      expect(values[0]).to.equal(undefined);
      expect(values[1]).to.deep.equal(mock.db.preferences[PRIYA]);
      expect(values[1]!.workflows.map((w) => w.workflow.identifier)).to.include('comment-mention');
      expect(statuses).to.deep.equal(['loading', 'idle']);
    });

    it('makes no request on mount when given initial preferences', async () => {
      const { client, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      store.$preferences.listen(() => {});
      store.$status.listen(() => {});
      await settle();
      expect(mock.requests).to.have.length(0);
      expect(store.$preferences.get()!.global.channels.email).to.equal(true);
    });

    it('reports a failed load in $status and loads again when asked', async () => {
      const { client, mock, gets } = mockSetup();
      mock.fail({ method: 'GET', status: 404 });
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA }));
      await store.load();
      const status = store.$status.get();
      expect(status).to.include({ state: 'error', operation: 'load' });
      expect((status as { error: unknown }).error).to.be.instanceOf(NotifHttpError);
      expect(store.$preferences.get()).to.equal(undefined);

      // Reading or listening again does not retry by itself (a UI would retry in a loop).
      store.$status.listen(() => {})();
      await settle();
      expect(gets()).to.have.length(1);

      await store.load();
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
      expect(store.$preferences.get()).to.deep.equal(mock.db.preferences[PRIYA]);
      expect(gets()).to.have.length(2);
    });

    it('joins a load already under way', async () => {
      const service = heldService(fixture());
      const store = track(createPreferencesStore(service.client, { subscriberId: PRIYA }));
      const first = store.load();
      const second = store.load();
      await until(() => service.calls.length === 1, 'the GET');
      service.calls[0]!.succeed();
      await Promise.all([first, second]);
      expect(service.calls).to.have.length(1);
    });

    it('refuses to save before anything is loaded', async () => {
      const { client, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA }));
      expect(await store.setGlobalChannels({ email: false })).to.deep.equal({
        ok: false,
        reason: 'notLoaded',
      });
      expect(mock.requests).to.have.length(0);
    });
  });

  describe('saving', () => {
    it('sends only the global channel that changed', async () => {
      const { client, patches, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const everything = { ...fixture().global.channels, email: false };
      const result = await store.setGlobalChannels(everything);

      expect(patches()).to.deep.equal([{ channels: { email: false } }]);
      expect(mock.requests[0]!.path).to.equal(`/v2/subscribers/${PRIYA}/preferences`);
      expect(result.ok).to.equal(true);
      expect(store.$preferences.get()!.global.channels.email).to.equal(false);
      expect(mock.db.preferences[PRIYA]!.global.channels.email).to.equal(false);
    });

    it('sends nothing when nothing changed', async () => {
      const { client, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      expect((await store.setGlobalChannels({ email: true, sms: false })).ok).to.equal(true);
      expect((await store.setWorkflowChannels('comment-mention', { email: false })).ok).to.equal(true);
      expect((await store.setSchedule(fixture().global.schedule!)).ok).to.equal(true);
      expect(mock.requests).to.have.length(0);
    });

    it("changes a workflow by its identifier, and the service's answer replaces local state", async () => {
      const { client, patches } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const saved = sinon.spy();
      store.onSaved(saved);

      // Named by slug, sent by identifier.
      const result = await store.setWorkflowChannels('task-assigned_wf_fwx2TQnnMGavaTEk', { push: false });

      expect(patches()).to.deep.equal([{ workflowId: 'task-assigned', channels: { push: false } }]);
      const entry = store.$preferences
        .get()!
        .workflows.find((w) => w.workflow.identifier === 'task-assigned')!;
      expect(entry.channels.push).to.equal(false);
      // The override comes from the service, not from the optimistic change.
      expect(entry.overrides).to.deep.equal([{ channel: 'push', source: 'subscriber' }]);
      expect(result).to.deep.equal({ ok: true });
      expect(saved.callCount).to.equal(1);
      expect(saved.firstCall.args[0]).to.deep.equal(store.$preferences.get());
      expect(saved.firstCall.args[1]).to.deep.equal({
        workflowId: 'task-assigned',
        channels: { push: false },
      });
    });

    it('refuses to change a workflow preference that is not enabled, or one it does not know', async () => {
      const { client, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      expect(await store.setWorkflowChannels('build-status', { in_app: true })).to.deep.equal({
        ok: false,
        reason: 'disabled',
      });
      expect(await store.setWorkflowChannels('no-such-workflow', { in_app: true })).to.deep.equal({
        ok: false,
        reason: 'unknownWorkflow',
      });
      expect(mock.requests).to.have.length(0);
      expect(store.$preferences.get()).to.deep.equal(FIXTURE_PREFERENCES);
    });

    it('saves the whole schedule in wire form, normalised', async () => {
      const { client, patches, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const schedule = fixture().global.schedule!;
      schedule.weeklySchedule!.saturday = {
        isEnabled: true,
        hours: [
          { start: '2:00 PM', end: '04:00 PM' },
          { ...DEFAULT_DAY_RANGE, end: '12:00 PM' },
        ],
      };
      const result = await store.setSchedule(schedule);

      expect(result.ok).to.equal(true);
      const sent = patches()[0] as { schedule: Schedule };
      expect(Object.keys(sent)).to.deep.equal(['schedule']);
      expect(sent.schedule.weeklySchedule!.saturday).to.deep.equal({
        isEnabled: true,
        hours: [
          { start: '09:00 AM', end: '12:00 PM' },
          { start: '02:00 PM', end: '04:00 PM' },
        ],
      });
      expect(sent.schedule.weeklySchedule!.monday).to.deep.equal(schedule.weeklySchedule!.monday);
      expect(mock.db.preferences[PRIYA]!.global.schedule).to.deep.equal(sent.schedule);
      expect(store.$preferences.get()!.global.schedule).to.deep.equal(sent.schedule);
    });

    it('refuses a schedule with issues, without a request, and says where they are', async () => {
      const { client, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const schedule = fixture().global.schedule!;
      schedule.weeklySchedule!.monday!.hours = [{ start: '06:00 PM', end: '09:00 AM' }];
      schedule.weeklySchedule!.tuesday!.hours = [];
      const result = await store.setSchedule(schedule);

      expect(result).to.deep.equal({
        ok: false,
        reason: 'invalid',
        issues: [
          { day: 'monday', code: 'endBeforeStart', index: 0, field: 'end' },
          { day: 'tuesday', code: 'noRange' },
        ],
      });
      expect(mock.requests).to.have.length(0);
      expect(store.$preferences.get()).to.deep.equal(FIXTURE_PREFERENCES);
    });

    it('shows a change at once and marks its target as pending until the answer', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const saving = store.setWorkflowChannels('weekly-digest', { in_app: true });

      const weekly = () =>
        store.$preferences.get()!.workflows.find((w) => w.workflow.identifier === 'weekly-digest')!;
      expect(weekly().channels.in_app).to.equal(true);
      expect([...store.$pending.get()]).to.deep.equal(['weekly-digest']);

      await until(() => service.calls.length === 1, 'the PATCH');
      service.calls[0]!.succeed();
      expect((await saving).ok).to.equal(true);
      expect(store.$pending.get().size).to.equal(0);
      expect(weekly().channels.in_app).to.equal(true);
    });

    it('marks each switch being saved in $saving while its request is in flight, on success and failure', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const email = () => store.$preferences.get()!.global.channels.email;
      const before = email();
      const weekly = store.setWorkflowChannels('weekly-digest', { in_app: true });
      const global = store.setGlobalChannels({ email: !before });
      // Both saves are queued or in flight: their switches, and only those, are busy.
      expect([...store.$saving.get()].sort()).to.deep.equal(['global:email', 'weekly-digest:in_app']);

      await until(() => service.calls.length === 1, 'the first PATCH');
      service.calls[0]!.succeed();
      expect((await weekly).ok).to.equal(true);
      expect([...store.$saving.get()]).to.deep.equal(['global:email']);

      await until(() => service.calls.length === 2, 'the second PATCH');
      expect(email()).to.equal(!before);
      service.calls[1]!.fail(503);
      expect((await global).ok).to.equal(false);
      // Failed: rolled back, and no longer busy.
      expect(email()).to.equal(before);
      expect(store.$saving.get().size).to.equal(0);
      expect(store.$pending.get().size).to.equal(0);
    });

    it('keeps a switch busy until every save of it is answered', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const before = store.$preferences.get()!.global.channels.sms;
      const first = store.setGlobalChannels({ sms: !before });
      const second = store.setGlobalChannels({ sms: before });
      expect([...store.$saving.get()]).to.deep.equal(['global:sms']);
      await until(() => service.calls.length === 1, 'the first PATCH');
      service.calls[0]!.succeed();
      await first;
      expect([...store.$saving.get()]).to.deep.equal(['global:sms']);
      await until(() => service.calls.length === 2, 'the second PATCH');
      service.calls[1]!.succeed();
      await second;
      expect(store.$saving.get().size).to.equal(0);
    });

    it('rolls a failed change back, reports it, and lets the message be dismissed', async () => {
      const { client, mock, patches } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const failed = sinon.spy();
      const saved = sinon.spy();
      store.onError(failed);
      store.onSaved(saved);
      mock.fail({ method: 'PATCH', status: 503 });
      const emails = record(store, (p) => p?.global.channels.email);

      const result = await store.setGlobalChannels({ email: false });

      expect(patches()).to.deep.equal([{ channels: { email: false } }]);
      expect(emails).to.deep.equal([true, false, true]);
      expect(result.ok).to.equal(false);
      const error = (result as { error: unknown }).error;
      expect(error).to.be.instanceOf(NotifHttpError);
      expect((error as NotifHttpError).status).to.equal(503);
      expect(store.$saveError.get()).to.deep.equal({
        target: 'global',
        change: { channels: { email: false } },
        error,
      });
      expect(failed.calledOnceWithExactly(error, { channels: { email: false } })).to.equal(true);
      expect(saved.called).to.equal(false);
      expect(store.$pending.get().size).to.equal(0);

      store.dismissError();
      expect(store.$saveError.get()).to.equal(null);
    });

    it('keeps the error until dismissed, even after later saves succeed', async () => {
      const { client, mock } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      mock.fail({ method: 'PATCH', status: 500 });
      await store.setGlobalChannels({ email: false });
      expect(store.$saveError.get()?.change).to.deep.equal({ channels: { email: false } });

      expect((await store.setGlobalChannels({ push: false })).ok).to.equal(true);
      expect(store.$saveError.get()?.change).to.deep.equal({ channels: { email: false } });
      expect(store.$preferences.get()!.global.channels).to.include({ email: true, push: false });

      mock.fail({ method: 'PATCH', status: 500 });
      await store.setWorkflowChannels('comment-mention', { in_app: false });
      expect(store.$saveError.get()?.target).to.equal('comment-mention');
      store.dismissError();
      expect(store.$saveError.get()).to.equal(null);
    });

    it('keeps working when a listener throws', async () => {
      const { client } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const reported = sinon.stub(globalThis, 'reportError');
      try {
        const after = sinon.spy();
        store.onSaved(() => {
          throw new Error('listener bug');
        });
        store.onSaved(after);
        const result = await store.setGlobalChannels({ push: false });
        expect(result.ok).to.equal(true);
        expect(after.calledOnce).to.equal(true);
        expect(reported.calledOnce).to.equal(true);
      } finally {
        reported.restore();
      }
    });

    it('stops calling a listener once it is removed', async () => {
      const { client } = mockSetup();
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const saved = sinon.spy();
      const off = store.onSaved(saved);
      await store.setGlobalChannels({ push: false });
      off();
      await store.setGlobalChannels({ push: true });
      expect(saved.callCount).to.equal(1);
    });
  });

  describe('rapid edits', () => {
    let clock: sinon.SinonFakeTimers | undefined;
    afterEach(() => {
      clock?.restore();
      clock = undefined;
    });

    it('sends quick toggles one by one, in order, and nothing flickers back (slow mock service)', async () => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const { client, patches, mock } = mockSetup(200);
      const store = track(createPreferencesStore(client, { subscriberId: PRIYA, initial: fixture() }));
      const emails = record(store, (p) => p?.global.channels.email);

      const results = [
        store.setGlobalChannels({ email: false }),
        store.setGlobalChannels({ email: true }),
        store.setGlobalChannels({ email: false }),
      ];
      expect(emails).to.deep.equal([true, false, true, false]);

      for (let answered = 0; answered < 3; answered++) {
        await until(() => patches().length === answered + 1, `PATCH ${answered + 1}`);
        await settle();
        // One request at a time: the next one waits for this answer.
        expect(patches()).to.have.length(answered + 1);
        await clock.tickAsync(200);
        await settle();
      }
      const settled = await Promise.all(results);

      expect(settled.map((r) => r.ok)).to.deep.equal([true, true, true]);
      expect(patches()).to.deep.equal([
        { channels: { email: false } },
        { channels: { email: true } },
        { channels: { email: false } },
      ]);
      expect(emails).to.deep.equal([true, false, true, false]);
      expect(store.$preferences.get()!.global.channels.email).to.equal(false);
      expect(mock.db.preferences[PRIYA]!.global.channels.email).to.equal(false);
    });

    it('a failure in the middle of quick toggles is reported and the last intent still wins', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const emails = record(store, (p) => p?.global.channels.email);
      const results = [
        store.setGlobalChannels({ email: false }),
        store.setGlobalChannels({ email: true }),
        store.setGlobalChannels({ email: false }),
      ];

      await until(() => service.calls.length === 1, 'PATCH 1');
      service.calls[0]!.succeed();
      await until(() => service.calls.length === 2, 'PATCH 2');
      service.calls[1]!.fail();
      await until(() => service.calls.length === 3, 'PATCH 3');
      service.calls[2]!.succeed();
      const [first, second, third] = await Promise.all(results);

      expect(service.calls.map((c) => c.body)).to.deep.equal([
        { channels: { email: false } },
        { channels: { email: true } },
        { channels: { email: false } },
      ]);
      expect([first!.ok, second!.ok, third!.ok]).to.deep.equal([true, false, true]);
      expect(emails).to.deep.equal([true, false, true, false]);
      expect(store.$saveError.get()!.change).to.deep.equal({ channels: { email: true } });
      expect(service.state.global.channels.email).to.equal(false);
    });

    it('rolls back only the failed change and keeps the later ones', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const failed = sinon.spy();
      store.onError(failed);
      const channels = record(store, (p) => ({ ...p!.global.channels }));

      const results = [
        store.setGlobalChannels({ email: false }),
        store.setGlobalChannels({ sms: true }),
        store.setGlobalChannels({ push: false }),
      ];
      expect(store.$preferences.get()!.global.channels).to.include({ email: false, sms: true, push: false });

      await until(() => service.calls.length === 1, 'PATCH 1');
      service.calls[0]!.succeed();
      await until(() => service.calls.length === 2, 'PATCH 2');
      service.calls[1]!.fail(500);
      await until(() => service.calls.length === 3, 'PATCH 3');
      // The rollback of sms happened while push is still queued: push stays off.
      expect(store.$preferences.get()!.global.channels).to.include({ email: false, sms: false, push: false });
      service.calls[2]!.succeed();
      await Promise.all(results);

      expect(store.$preferences.get()!.global.channels).to.include({ email: false, sms: false, push: false });
      expect(channels.map((c) => [c.email, c.sms, c.push])).to.deep.equal([
        [true, false, true],
        [false, false, true],
        [false, true, true],
        [false, true, false],
        [false, false, false],
      ]);
      expect(failed.callCount).to.equal(1);
      expect(failed.firstCall.args[1]).to.deep.equal({ channels: { sms: true } });
      expect(store.$saveError.get()!.target).to.equal('global');
    });

    it('an answer does not overwrite a newer change still waiting its turn', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const mention = () =>
        store.$preferences.get()!.workflows.find((w) => w.workflow.identifier === 'comment-mention')!;

      const email = store.setGlobalChannels({ email: false });
      const inApp = store.setWorkflowChannels('comment-mention', { in_app: false });
      expect([...store.$pending.get()].sort()).to.deep.equal(['comment-mention', 'global']);

      await until(() => service.calls.length === 1, 'PATCH 1');
      await settle();
      expect(service.calls).to.have.length(1);
      // The service's answer to the first change does not know about the second yet.
      service.calls[0]!.succeed();
      expect((await email).ok).to.equal(true);
      expect(service.state.workflows[0]!.channels.in_app).to.equal(true);
      expect(mention().channels.in_app).to.equal(false);
      expect([...store.$pending.get()]).to.deep.equal(['comment-mention']);

      await until(() => service.calls.length === 2, 'PATCH 2');
      service.calls[1]!.succeed();
      expect((await inApp).ok).to.equal(true);
      expect(mention().channels.in_app).to.equal(false);
      expect(
        mention()
          .overrides.map((o) => o.channel)
          .sort(),
      ).to.deep.equal(['email', 'in_app']);
      expect(store.$preferences.get()!.global.channels.email).to.equal(false);
    });

    it('compares a new edit with what is shown, pending edits included', async () => {
      const service = heldService(fixture());
      const store = track(
        createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() }),
      );
      const first = store.setGlobalChannels({ email: false });
      // Already off as far as the person can see: nothing to send.
      const second = await store.setGlobalChannels({ email: false });
      expect(second.ok).to.equal(true);
      await until(() => service.calls.length === 1, 'PATCH 1');
      service.calls[0]!.succeed();
      await first;
      await settle();
      expect(service.calls).to.have.length(1);
    });
  });

  describe('destroy', () => {
    it('aborts the request under way and drops queued saves', async () => {
      const service = heldService(fixture());
      const store = createPreferencesStore(service.client, { subscriberId: PRIYA, initial: fixture() });
      const failed = sinon.spy();
      store.onError(failed);
      const first = store.setGlobalChannels({ email: false });
      const second = store.setGlobalChannels({ sms: true });
      await until(() => service.calls.length === 1, 'PATCH 1');

      store.destroy();

      expect(service.calls[0]!.signal!.aborted).to.equal(true);
      expect(await first).to.deep.equal({ ok: false, reason: 'destroyed' });
      expect(await second).to.deep.equal({ ok: false, reason: 'destroyed' });
      expect(await store.setGlobalChannels({ push: false })).to.deep.equal({
        ok: false,
        reason: 'destroyed',
      });
      await settle();
      expect(service.calls).to.have.length(1);
      expect(store.$pending.get().size).to.equal(0);
      expect(failed.called).to.equal(false);
      expect(store.$saveError.get()).to.equal(null);
    });
  });
});
