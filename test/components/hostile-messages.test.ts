/**
 * Every field of a message comes from other people's data. One message with any field of the wrong type
 * (top-level or nested) costs at most itself: its neighbours always render, and it renders too when it still
 * has an id.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { createNotifClient, type Message } from '../../src/client/index.js';
import { createInboxStore, type InboxStore } from '../../src/store/inbox.js';
import { $$ } from '../helpers/inbox-setup.js';
import { respondWith } from '../helpers/fake-fetch.js';

/** A message using every field the row reads: content blocks, CTA and buttons, avatar, sender, dates. */
function richMessage(id: string, minutesAgo: number): Message {
  return {
    _id: id,
    _environmentId: 'env',
    _organizationId: 'org',
    _notificationId: `n-${id}`,
    _subscriberId: 'sub',
    transactionId: `t-${id}`,
    templateIdentifier: 'comment-mention',
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    deliveredAt: [new Date(Date.now() - minutesAgo * 60_000).toISOString()],
    lastSeenDate: new Date().toISOString(),
    channel: 'in_app',
    read: false,
    seen: false,
    status: 'sent',
    subject: `Subject ${id}`,
    title: `Title ${id}`,
    content: [
      { type: 'text', content: `Body of ${id}`, styles: { textAlign: 'left' } },
      { type: 'button', content: 'Open', url: `/items/${id}` },
    ],
    avatar: '/test/visual/avatar.svg',
    cta: {
      type: 'redirect',
      data: { url: `/items/${id}` },
      action: {
        status: 'pending',
        buttons: [
          { type: 'primary', content: 'Reply', resultContent: 'Replied' },
          { type: 'secondary', content: 'Later' },
        ],
        result: { payload: {}, type: 'primary' },
      },
    },
    payload: { actor: { name: 'Maya Chen', firstName: 'Maya', lastName: 'Chen' }, subscriber: 'Maya' },
    overrides: {},
    contextKeys: ['team:a'],
    subscriber: {
      subscriberId: 'sub',
      firstName: 'Priya',
      _organizationId: 'org',
      _environmentId: 'env',
      deleted: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    template: { name: 'Mention', tags: ['social'] } as Message['template'],
  };
}

/** Every value of the wrong type for some field: what a broken or hostile service may send. */
const WRONG: readonly unknown[] = [null, 42, {}, [], 'abc', true, { length: 1 }];

/** Every field the elements read, top-level and nested (`.`-separated; numbers index arrays). */
const FIELDS = [
  '_id',
  'subject',
  'title',
  'content',
  'content.0',
  'content.0.type',
  'content.0.content',
  'content.0.styles',
  'content.0.styles.textAlign',
  'content.1.type',
  'content.1.url',
  'avatar',
  'cta',
  'cta.type',
  'cta.data',
  'cta.data.url',
  'cta.action',
  'cta.action.status',
  'cta.action.buttons',
  'cta.action.buttons.0',
  'cta.action.buttons.0.type',
  'cta.action.buttons.0.content',
  'cta.action.result',
  'createdAt',
  'lastSeenDate',
  'deliveredAt',
  'read',
  'seen',
  'status',
  'transactionId',
  'payload',
  'payload.actor',
  'payload.actor.name',
  'payload.actor.firstName',
  'payload.subscriber',
  'subscriber',
  'subscriber.firstName',
  'template',
  'template.tags',
  'contextKeys',
  'tags',
] as const;

/** A deep copy of `message` with the field at `path` set to `value`. */
function withField(message: Message, path: string, value: unknown): unknown {
  const copy = structuredClone(message) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

/** An inbox over a store whose service answers every request with `data` (a list, or a mark-as answer). */
async function renderInbox(
  data: readonly unknown[],
  answer: readonly unknown[] = [],
): Promise<{ el: NotifInbox; store: InboxStore; calls: unknown[] }> {
  const { fetch, calls } = respondWith((call) =>
    call === 0 ? Response.json({ data, hasMore: false, page: 0, pageSize: 20 }) : Response.json(answer),
  );
  const client = createNotifClient({ baseUrl: 'https://api.test', fetch, retry: false });
  const store = createInboxStore(client, { subscriberId: 'sub', pollInterval: 0, syncKey: false });
  const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
  return { el, store, calls };
}

const keys = (el: Element) => $$(el, 'article').map((row) => row.dataset.key);

describe('<notif-inbox> with hostile messages', () => {
  const good = ['g0', 'g1', 'g2', 'g3', 'g4', 'g5'];

  for (const field of FIELDS) {
    it(`renders every other message when one has a ${field} of the wrong type`, async () => {
      // Six good messages, and between them one bad copy per wrong value.
      const data: unknown[] = [];
      good.forEach((id, i) => {
        data.push(richMessage(id, i * 10));
        if (i < WRONG.length) data.push(withField(richMessage(`bad${i}`, i * 10 + 5), field, WRONG[i]));
      });
      data.push(withField(richMessage('bad6', 70), field, WRONG[6]));
      const { el, store } = await renderInbox(data);
      await waitUntil(() => store.$loaded.get(), 'the first page loads');
      await el.updateComplete;

      const shown = keys(el);
      for (const id of good) expect(shown, `${id} renders`).to.include(id);
      // A message without a usable id cannot be acted on: it is dropped (only `'abc'` is one). Any other bad
      // field costs only itself. (The values cover every JSON type, so one of them is each field's own type.)
      const bad = shown.filter((key) => !good.includes(key!));
      expect(bad).to.have.length(field === '_id' ? 1 : WRONG.length);
      store.destroy();
    });
  }

  it('keeps rendering when a mark-as answer holds a message of the wrong shape', async () => {
    const answer = [withField({ ...richMessage('g0', 0), read: true }, 'cta.action.buttons', 'abc')];
    const { el, store, calls } = await renderInbox([richMessage('g0', 0), richMessage('g1', 10)], answer);
    await waitUntil(() => keys(el).length === 2, 'the messages render');
    $$(el, 'article[data-key="g0"] [data-action="toggle-read"]')[0]!.click();
    await waitUntil(() => calls.length === 2 && store.$actionError.get() === null, 'the mark-as is answered');
    await waitUntil(() => $$(el, 'article[data-key="g0"] [part~="action"]').length === 0, 'the answer shows');
    expect(keys(el)).to.deep.equal(['g0', 'g1']);
    expect($$(el, 'article[data-key="g0"]')[0]!.className).to.equal('item');
    await expect(el).to.be.accessible();
    store.destroy();
  });
});
