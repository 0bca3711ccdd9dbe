import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createExitIntentWatcher,
  type ExitIntentClock,
  type ExitIntentThresholds,
  type SessionFlagStorage,
} from '../lib/exit-intent-watcher.ts';

/** Options of {@link useExitIntent}: the rule thresholds (each optional, EXIT_INTENT_DEFAULTS otherwise), a clock and a store for tests. */
export type UseExitIntentOptions = Partial<ExitIntentThresholds> & {
  /** Time source (epoch ms and timers); the browser's when left out. Read once, when the hook mounts. */
  clock?: ExitIntentClock | undefined;
  /**
   * Where the once-per-session flag lives: sessionStorage when left out, `null` for memory only. Read once, when
   * the hook mounts.
   */
  storage?: SessionFlagStorage | null | undefined;
};

/** What {@link useExitIntent} gives the page: whether the popup is open, and how to close it. */
export type ExitIntentState = {
  /** Whether the popup should be open now. */
  open: boolean;
  /** Closes the popup for good: it was shown, so it will not open again in this session. */
  close: () => void;
};

/**
 * The exit-intent rules of accounts spec section 2 ("Exit-intent popup (landing)") wired to the page: listens for
 * `mouseout` / `mouseleave` on the document and `scroll` on the window, and opens once per browser session when
 * the visitor, after at least `minDwellMs` (15 000 ms) on the page, leaves through the top of the window, or
 * scrolls back to the top after having been more than `scrollDepthPx` (100 px) down (then after
 * `scrollReturnDelayMs`, 1 000 ms). The dwell time counts from the first render with this hook mounted.
 */
export function useExitIntent(options: UseExitIntentOptions = {}): ExitIntentState {
  const [open, setOpen] = useState(false);
  const { minDwellMs, scrollDepthPx, scrollReturnDelayMs, storageKey } = options;
  // Clock and storage are taken as first given: callers may pass fresh objects each render, and swapping them
  // would restart the dwell time.
  const injected = useRef({ clock: options.clock, storage: options.storage });

  useEffect(() => {
    const watcher = createExitIntentWatcher({
      minDwellMs,
      scrollDepthPx,
      scrollReturnDelayMs,
      storageKey,
      clock: injected.current.clock,
      storage: injected.current.storage,
      onShow: () => setOpen(true),
    });
    const onPointerOut = (event: MouseEvent) => watcher.pointerOut(event);
    const onScroll = () => watcher.scrolled(window.scrollY);
    // Browsers differ in which of the two they fire when the pointer leaves the page; the watcher shows at most
    // once, so listening to both is harmless.
    document.addEventListener('mouseout', onPointerOut);
    document.addEventListener('mouseleave', onPointerOut);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('mouseout', onPointerOut);
      document.removeEventListener('mouseleave', onPointerOut);
      window.removeEventListener('scroll', onScroll);
      watcher.dispose();
    };
  }, [minDwellMs, scrollDepthPx, scrollReturnDelayMs, storageKey]);

  const close = useCallback(() => setOpen(false), []);
  return { open, close };
}
