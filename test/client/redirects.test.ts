import { expect } from '@open-wc/testing';
import { createNotifClient, NotifRedirectError } from '../../src/client/index.js';
import { respondWith } from '../helpers/fake-fetch.js';
import { rejection } from '../helpers/rejection.js';

const page = { data: [], hasMore: false, page: 0, pageSize: 10 };
const OTHER = 'https://elsewhere.test/v1/messages';

/** A client with retries on (a refused redirect must still be one request) and a bearer token. */
function clientWith(make: (call: number) => Response) {
  const { fetch, calls } = respondWith(make);
  const client = createNotifClient({
    baseUrl: 'https://api.test',
    fetch,
    headers: { authorization: 'Bearer app-token' },
    retry: { baseDelayMs: 1, maxDelayMs: 1 },
  });
  return { client, calls };
}

/** A response as a browser gives it for `redirect: 'manual'`: type `opaqueredirect`, status 0, no headers. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperties(response, {
    type: { value: 'opaqueredirect' },
    status: { value: 0 },
    ok: { value: false },
  });
  return response;
}

/** A response a `fetch` gives after following a redirect on its own: a 200 from another address. */
function followed(body: unknown): Response {
  const response = new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
  Object.defineProperties(response, { redirected: { value: true }, url: { value: OTHER } });
  return response;
}

describe('client redirects', () => {
  it('asks fetch never to follow a redirect', async () => {
    const { client, calls } = clientWith(() => Response.json(page));
    await client.listMessages();
    await client.markMessagesAs('usr_1', { messageId: 'm1', markAs: 'read' }).catch(() => {});
    expect(calls.map((call) => call.init.redirect)).to.deep.equal(['manual', 'manual']);
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`refuses a ${status} to another address, once, without retrying or reading it`, async () => {
      const { client, calls } = clientWith(
        () => new Response(JSON.stringify(page), { status, headers: { location: OTHER } }),
      );
      const error = await rejection<NotifRedirectError>(client.listMessages());
      expect(error).to.be.instanceOf(NotifRedirectError);
      expect(error.kind).to.equal('redirect');
      expect(error.status).to.equal(status);
      expect(error.location).to.equal(OTHER);
      expect(calls).to.have.length(1);
    });

    it(`never sends a mark-as again after a ${status}`, async () => {
      const { client, calls } = clientWith(
        () => new Response(null, { status, headers: { location: `${OTHER}/mark-as` } }),
      );
      const error = await rejection(client.markMessagesAs('usr_1', { messageId: 'm1', markAs: 'read' }));
      expect(error).to.be.instanceOf(NotifRedirectError);
      expect(calls).to.have.length(1);
      expect(calls.every((call) => call.url.startsWith('https://api.test/'))).to.equal(true);
    });
  }

  it('refuses the opaque redirect a browser gives for manual redirects', async () => {
    const { client, calls } = clientWith(opaqueRedirect);
    const error = await rejection<NotifRedirectError>(client.getPreferences('usr_1'));
    expect(error).to.be.instanceOf(NotifRedirectError);
    expect(error.status).to.equal(0);
    expect(error.location).to.equal(undefined);
    expect(calls).to.have.length(1);
  });

  it('refuses what a fetch that followed the redirect anyway answered', async () => {
    // A valid page from the other address: accepting it would show another origin's data as the inbox.
    const { client, calls } = clientWith(() => followed({ ...page, data: [{ _id: 'evil' }] }));
    const error = await rejection<NotifRedirectError>(client.listMessages());
    expect(error).to.be.instanceOf(NotifRedirectError);
    expect(error.location).to.equal(OTHER);
    expect(calls).to.have.length(1);
  });
});
