/**
 * Synthetic messages and a store already holding them: kept under this name for the tests that import it;
 * both live in `test/fixtures/store-in-state.ts` (a real store over the mock service).
 */
export { loadedStore, syntheticMessage } from '../fixtures/store-in-state.js';
