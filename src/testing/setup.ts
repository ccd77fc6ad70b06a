import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mswServer } from './msw/server';

// findBy* and waitFor wait on a condition; a busy machine may need more than their 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// Component tests reach the network only through MSW handlers (msw/reference-api.ts puts the real
// API behind one): a request no handler answers fails with a network error and a console.error,
// which fails the test below.
// Loopback is the exception: the fetch layer's own tests (src/api/client.test.ts) talk to a real
// scripted server on 127.0.0.1 to exercise sockets, timeouts and dropped connections.
beforeAll(() =>
  mswServer.listen({
    onUnhandledRequest(request, print) {
      const { hostname } = new URL(request.url);
      if (hostname !== '127.0.0.1' && hostname !== 'localhost') print.error();
    },
  }),
);
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());

// A console.error during a test (React act() warnings, failed prop types, uncaught render
// errors) is a failure worth reading, not noise: fail the test that caused it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.mocked(console.error).mockRestore();
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called:\n${consoleErrors.map((args) => args.join(' ')).join('\n')}`,
    );
  }
});

// jsdom lacks the layout APIs Mantine relies on (see the Mantine vite-template's setup).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
