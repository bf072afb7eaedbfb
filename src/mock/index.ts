/**
 * `notif-elements/mock`: an in-memory notification service for tests, stories and demos.
 *
 * ```ts
 * import { createMockService } from 'notif-elements/mock';
 * const mock = createMockService({ latencyMs: 300 });
 * // hand `mock.fetch` to the client, then drive the service from the test or story:
 * mock.addMessage('usr_priya_raman');
 * // requests wait for the default seed's messages (loaded on demand); direct reads of `mock.db` await this:
 * await mock.ready;
 * ```
 */
export {
  createMockService,
  DEFAULT_API_KEY,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MESSAGES_PER_SUBSCRIBER,
} from './service.js';
export { MAX_MESSAGES_PAGE } from './handlers/messages.js';
export { MAX_WORKFLOWS_PAGE } from './handlers/workflows.js';
export { EMPTY, FIXTURE_NOW, MAYA, PRIYA } from './fixtures/subscribers.js';
export type {
  FailOptions,
  FaultMatch,
  MockSeed,
  MockService,
  MockServiceOptions,
  MockState,
  NetworkErrorOptions,
  RequestLogEntry,
} from './types.js';
