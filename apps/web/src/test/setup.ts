import '@testing-library/jest-dom/vitest';
import { RUNTIME_CONFIG_DEFAULTS, RUNTIME_CONFIG_GLOBAL } from '@cuepoint/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeSession } from '../lib/api-client.ts';
import { installSessionPolicy } from '../lib/session.ts';

// findBy*/waitFor wait for the next render: 1 s by default, which a busy 2-core machine (CI runs
// the server suites beside these) overruns while a lazy screen loads: 5 s was overrun too when
// other work shared the machine (a form's message after a server answer). A wait still ends as
// soon as its condition holds; the limit only bounds a wait that will never succeed, within the
// test's own 20 s.
configure({ asyncUtilTimeout: 10_000 });

// The runtime configuration the server would write (UI_TIMEOUT 30 s, BASE_URL /api/,
// TRANSCODING 1), for every test.
(globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL] = RUNTIME_CONFIG_DEFAULTS;

// As main.tsx does: a refused call ends the session (spec section 8).
installSessionPolicy();

// jsdom lacks what Mantine needs.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  // A logout's closed session is module state, as in one page life; each test starts open.
  closeSession(false);
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
