/**
 * The one MSW server of the console's component tests, started by src/testing/setup.ts. Tests add
 * handlers with `mswServer.use(...)` (usually through `installReferenceApi`); the setup file
 * removes them after every test, and any request no handler answers fails the test.
 */
import { setupServer } from 'msw/node';

export const mswServer = setupServer();
