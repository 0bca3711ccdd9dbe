import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';

// jsdom has no ResizeObserver; Radix measures the slider thumb with one. Nothing is laid out here, so a
// stand-in that never reports is faithful.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStandIn {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = ResizeObserverStandIn as unknown as typeof ResizeObserver;
}

// jsdom has no object URLs; cover images (fetched with the bearer token as blobs) are shown through them. A
// stand-in that hands out distinct addresses and forgets them on revoke is faithful enough for the DOM.
if (typeof URL.createObjectURL !== 'function') {
  let objectUrls = 0;
  URL.createObjectURL = () => `blob:quire-test/${(objectUrls += 1)}`;
  URL.revokeObjectURL = () => {};
}

// Pages are lazy-loaded chunks: the first render of a route imports (and, under vitest, transforms) its module graph,
// which on a busy two-core machine can take longer than Testing Library's default 1 s wait. A failing query still
// fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  resetToasts();
  localStorage.clear();
});
