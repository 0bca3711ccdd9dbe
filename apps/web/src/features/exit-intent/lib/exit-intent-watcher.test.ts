import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXIT_INTENT_DEFAULTS,
  createExitIntentWatcher,
  isTopExit,
  type SessionFlagStorage,
} from './exit-intent-watcher.ts';

/** A sessionStorage stand-in; a new one is a new browser session. */
function memoryStorage(): SessionFlagStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

const TOP_EXIT = { clientY: 0, relatedTarget: null };

function watch(storage: SessionFlagStorage | null = memoryStorage()) {
  const onShow = vi.fn();
  const watcher = createExitIntentWatcher({ onShow, storage });
  return { onShow, watcher };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('isTopExit', () => {
  it.each([
    ['through the top edge', { clientY: 0, relatedTarget: null }, true],
    ['above the top edge (fast flick)', { clientY: -12, relatedTarget: null }, true],
    ['through a side', { clientY: 300, relatedTarget: null }, false],
    ['through the bottom', { clientY: 900, relatedTarget: null }, false],
    ['onto another element near the top', { clientY: 0, relatedTarget: {} as EventTarget }, false],
  ])('leaving %s -> %s', (_, event, expected) => {
    expect(isTopExit(event)).toBe(expected);
  });
});

describe('createExitIntentWatcher', () => {
  it('ignores a top exit before 15 s on the page and shows on one at 15 s', () => {
    const { onShow, watcher } = watch();
    vi.advanceTimersByTime(EXIT_INTENT_DEFAULTS.minDwellMs - 1);
    watcher.pointerOut(TOP_EXIT);
    expect(onShow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    watcher.pointerOut(TOP_EXIT);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('shows 1 s after a return to the top from beyond 100 px, not before', () => {
    const { onShow, watcher } = watch();
    vi.advanceTimersByTime(20_000);
    watcher.scrolled(101);
    watcher.scrolled(0);
    vi.advanceTimersByTime(999);
    expect(onShow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('needs more than 100 px of depth, and the return to reach the very top', () => {
    const { onShow, watcher } = watch();
    vi.advanceTimersByTime(20_000);
    watcher.scrolled(100);
    watcher.scrolled(0);
    watcher.scrolled(400);
    watcher.scrolled(1);
    vi.advanceTimersByTime(5_000);
    expect(onShow).not.toHaveBeenCalled();
  });

  it('uses up a return to the top made before 15 s: the visitor must go down and up again', () => {
    const { onShow, watcher } = watch();
    vi.advanceTimersByTime(5_000);
    watcher.scrolled(500);
    watcher.scrolled(0);
    vi.advanceTimersByTime(20_000);
    watcher.scrolled(0);
    vi.advanceTimersByTime(2_000);
    expect(onShow).not.toHaveBeenCalled();
    watcher.scrolled(500);
    watcher.scrolled(0);
    vi.advanceTimersByTime(1_000);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('shows once: later exits and returns to the top do nothing', () => {
    const { onShow, watcher } = watch();
    vi.advanceTimersByTime(15_000);
    watcher.scrolled(300);
    watcher.scrolled(0);
    watcher.pointerOut(TOP_EXIT);
    vi.advanceTimersByTime(1_000);
    watcher.pointerOut(TOP_EXIT);
    watcher.scrolled(300);
    watcher.scrolled(0);
    vi.advanceTimersByTime(1_000);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('stays silent for the rest of the session once shown, and shows again in a new session', () => {
    const session = memoryStorage();
    const first = watch(session);
    vi.advanceTimersByTime(15_000);
    first.watcher.pointerOut(TOP_EXIT);
    expect(first.onShow).toHaveBeenCalledTimes(1);
    expect(session.values.get(EXIT_INTENT_DEFAULTS.storageKey)).toBe('1');

    const samePageLoadedAgain = watch(session);
    vi.advanceTimersByTime(15_000);
    samePageLoadedAgain.watcher.pointerOut(TOP_EXIT);
    expect(samePageLoadedAgain.onShow).not.toHaveBeenCalled();

    const nextSession = watch(memoryStorage());
    vi.advanceTimersByTime(15_000);
    nextSession.watcher.pointerOut(TOP_EXIT);
    expect(nextSession.onShow).toHaveBeenCalledTimes(1);
  });

  it('does not show a delayed popup after dispose', () => {
    const { onShow, watcher } = watch();
    vi.advanceTimersByTime(15_000);
    watcher.scrolled(300);
    watcher.scrolled(0);
    watcher.dispose();
    vi.advanceTimersByTime(1_000);
    expect(onShow).not.toHaveBeenCalled();
  });

  it('still shows only once per page load when storage is missing or throws', () => {
    const broken: SessionFlagStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    for (const storage of [null, broken]) {
      const { onShow, watcher } = watch(storage);
      vi.advanceTimersByTime(15_000);
      watcher.pointerOut(TOP_EXIT);
      watcher.pointerOut(TOP_EXIT);
      expect(onShow).toHaveBeenCalledTimes(1);
    }
  });

  it('takes an injected clock and thresholds', () => {
    let now = 1_000;
    const pending: Array<() => void> = [];
    const onShow = vi.fn();
    const watcher = createExitIntentWatcher({
      onShow,
      storage: null,
      minDwellMs: 50,
      scrollDepthPx: 10,
      scrollReturnDelayMs: 5,
      clock: { now: () => now, setTimeout: (callback) => pending.push(callback), clearTimeout: () => {} },
    });
    now += 50;
    watcher.scrolled(11);
    watcher.scrolled(0);
    expect(onShow).not.toHaveBeenCalled();
    pending.forEach((run) => run());
    expect(onShow).toHaveBeenCalledTimes(1);
  });
});
