import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

afterEach(() => {
  cleanup();
  resetToasts();
  localStorage.clear();
});
