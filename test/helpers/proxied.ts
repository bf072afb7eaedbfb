/**
 * A store whose requests go through the proxy (`createNotifProxy`, as an app's backend runs it) to the mock
 * service: the page holds no key, and `mock.requests` shows what the service received.
 */
import { createNotifClient } from '../../src/client/index.js';
import { createMockService, type MockServiceOptions } from '../../src/mock/index.js';
import { createNotifProxy, type NotifProxyOptions } from '../../src/proxy/index.js';
import { createInboxStore } from '../../src/store/inbox.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { SUBSCRIBER } from './inbox-setup.js';

export function setupProxied(
  options: { mock?: MockServiceOptions; proxy?: Partial<NotifProxyOptions> } = {},
) {
  const mock = createMockService(options.mock);
  const proxy = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    basePath: '/notif-api',
    authenticate: () => SUBSCRIBER,
    ...options.proxy,
  });
  const client = createNotifClient({
    baseUrl: 'https://app.test/notif-api',
    fetch: (input, init) => proxy(new Request(input, init)),
    retry: false,
  });
  const inbox = () => createInboxStore(client, { subscriberId: SUBSCRIBER, pollInterval: 0, syncKey: false });
  const preferences = (timezone?: string) =>
    createPreferencesStore(client, { subscriberId: SUBSCRIBER, ...(timezone ? { timezone } : {}) });
  return { mock, proxy, client, inbox, preferences };
}
