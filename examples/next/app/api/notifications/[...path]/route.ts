// The backend proxy as a Route Handler: the elements call /api/notifications/v1/messages and so on, and the
// proxy forwards what they may ask, for the signed-in subscriber only, with the service's key added.
import { createMockService } from 'notif-elements/mock';
import { createNotifProxy } from 'notif-elements/proxy';

// Stands in for the notification service so that the example runs offline: a real app sets
// baseUrl: process.env.NOTIF_BASE_URL, apiKey: process.env.NOTIF_API_KEY, and no fetch.
const service = createMockService();

const handle = createNotifProxy({
  baseUrl: 'https://mock.test',
  apiKey: service.apiKey,
  fetch: service.fetch,
  basePath: '/api/notifications',
  // Your auth goes here: the signed-in user's subscriber id from YOUR session, or null (401). This stand-in
  // accepts the header the page sets through the provider's `headers`, which shows that they arrive.
  authenticate: (request) => (request.headers.get('x-app') === 'next-example' ? 'usr_priya_raman' : null),
  // The live edge: GET /api/notifications/stream (events) and /counts. Call handle.publish(userId) where your
  // backend triggers a workflow, and open pages hear of it at once.
  live: true,
});

// Streams stay open: never render this route statically.
export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST, handle as PATCH };
