import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { SessionFlagStorage } from '../lib/exit-intent-watcher.ts';
import { useExitIntent } from './use-exit-intent.ts';

function memoryStorage(): SessionFlagStorage {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

function leaveThroughTop() {
  act(() => {
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useExitIntent', () => {
  it('opens on a top exit after the dwell time, and close() keeps it closed for the session', () => {
    const storage = memoryStorage();
    const { result } = renderHook(() => useExitIntent({ storage, minDwellMs: 1_000 }));
    expect(result.current.open).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    leaveThroughTop();
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    leaveThroughTop();
    expect(result.current.open).toBe(false);
  });

  it('keeps the clock and storage it mounted with, so re-renders do not restart the dwell time', () => {
    const { result, rerender } = renderHook(() => useExitIntent({ storage: memoryStorage() }));
    act(() => vi.advanceTimersByTime(10_000));
    rerender();
    act(() => vi.advanceTimersByTime(5_000));
    leaveThroughTop();
    expect(result.current.open).toBe(true);
  });

  it('removes its listeners and pending show on unmount', () => {
    const storage = memoryStorage();
    const setItem = vi.spyOn(storage, 'setItem');
    const removed = vi.spyOn(document, 'removeEventListener');
    const { unmount } = renderHook(() => useExitIntent({ storage }));
    act(() => vi.advanceTimersByTime(15_000));
    unmount();
    expect(removed.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['mouseout', 'mouseleave']));
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(setItem).not.toHaveBeenCalled();
    removed.mockRestore();
  });
});
