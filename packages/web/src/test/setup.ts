import { configure } from '@testing-library/react';

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
