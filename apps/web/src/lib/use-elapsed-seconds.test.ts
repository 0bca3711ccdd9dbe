import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { formatElapsed, useElapsedSeconds } from './use-elapsed-seconds.ts';

afterEach(() => vi.useRealTimers());

describe('formatElapsed', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [155, '2:35'],
    [3660, '61:00'],
    [-3, '0:00'],
  ])('%d s -> %s', (seconds, expected) => {
    expect(formatElapsed(seconds)).toBe(expected);
  });
});

describe('useElapsedSeconds', () => {
  it('counts whole seconds while running and starts again from 0', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ running }) => useElapsedSeconds(running), { initialProps: { running: true } });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(3_200));
    expect(result.current).toBe(3);
    rerender({ running: false });
    expect(result.current).toBe(0);
    rerender({ running: true });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(1);
  });
});
