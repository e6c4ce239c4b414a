import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { configuracaoInicial, configuracaoStore } from '../configuracao/store.ts';
import { geralStore, initialGeral } from '../session/store.ts';

// jsdom lacks these browser APIs that Mantine uses.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// findBy… and waitFor wait for a condition; their default limit (1 s) is too short for a 2-core
// machine running two test files, or two test runs, at once. They still end as soon as it holds.
configure({ asyncUtilTimeout: 10_000 });

// Test files share one module scope per worker (vitest.config.ts: isolate false, the modules load once
// instead of once per file). What a file leaves in the app's singletons is cleared before the next one.
beforeAll(() => {
  if (typeof window !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
  }
  geralStore.setState(initialGeral);
  configuracaoStore.setState({ ...configuracaoInicial }, true);
});
afterEach(() => {
  // Mantine shows five notifications at once and queues the rest: a file's leftovers would hide the next file's.
  notifications.clean();
  notifications.cleanQueue();
});
