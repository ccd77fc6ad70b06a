/**
 * Kept only for src/testing/msw/reference-api.ts, which still imports from here: the store now
 * lives in server/store/. Delete this file once that import points at server/store/.
 */
export { openDatabase } from './store/schema.ts';
export { createStore } from './store/sqlite-store.ts';
