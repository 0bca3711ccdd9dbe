/**
 * The rules of the landing page's exit-intent popup (accounts spec section 2, "Exit-intent popup (landing)"), as
 * plain functions over injected time and storage so that they can be tested without React or a real clock:
 *
 * - at most once per browser session (a flag in sessionStorage, set the moment the popup is shown);
 * - only once the visitor has been on the page for at least 15 s;
 * - only when the pointer leaves the window through its top edge, or when the visitor scrolls back to the top after
 *   having been more than 100 px down, in which case the popup appears 1 s later.
 */

/** The numbers of the spec, and the session flag's key. */
export const EXIT_INTENT_DEFAULTS = {
  /** How long the visitor must have been on the page before anything can show, in milliseconds. */
  minDwellMs: 15_000,
  /** How far down (window.scrollY, in CSS pixels) the visitor must have been for a return to the top to count. */
  scrollDepthPx: 100,
  /** Delay between reaching the top again and the popup appearing, in milliseconds. */
  scrollReturnDelayMs: 1_000,
  /** sessionStorage key recording that the popup has been shown in this browser session. */
  storageKey: 'quire.exitIntent.shown',
} as const;

/** The thresholds of {@link EXIT_INTENT_DEFAULTS}, each overridable. */
export type ExitIntentThresholds = {
  /** Time on the page before the popup may open, in milliseconds (spec: 15 s). */
  minDwellMs: number;
  /** How far down the visitor must have scrolled before a return to the top counts, in CSS pixels (spec: 100). */
  scrollDepthPx: number;
  /** Delay between the return to the top and the popup, in milliseconds (spec: 1 s). */
  scrollReturnDelayMs: number;
  /** sessionStorage key of the once-per-session flag. */
  storageKey: string;
};

/** The time source: `now()` in epoch milliseconds and a one-shot timer. Defaults to the browser's. */
export type ExitIntentClock = {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** The slice of the Web Storage API used for the once-per-session flag (sessionStorage in the browser). */
export type SessionFlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** What the watcher needs to know about a `mouseout` / `mouseleave` event. */
export type PointerOutEvent = { clientY: number; relatedTarget: EventTarget | null };

/** The watcher fed by the page's events; see {@link createExitIntentWatcher}. */
export type ExitIntentWatcher = {
  /** Feed a `mouseout` or `mouseleave` seen on the document. */
  pointerOut(event: PointerOutEvent): void;
  /** Feed the window's vertical scroll offset (window.scrollY, CSS pixels) after a scroll. */
  scrolled(scrollY: number): void;
  /** Cancel a pending delayed show (the page is going away). */
  dispose(): void;
};

/** Options of {@link createExitIntentWatcher}: the thresholds (each optional), the show callback, a clock and a store. */
export type ExitIntentWatcherOptions = Partial<ExitIntentThresholds> & {
  /** Called once, when the popup should appear. */
  onShow: () => void;
  /** Time source; the browser's `Date.now` and timers when left out. */
  clock?: ExitIntentClock | undefined;
  /** Where the once-per-session flag lives; `null` keeps it in memory only (once per page load). */
  storage?: SessionFlagStorage | null | undefined;
};

/**
 * True when a pointer-out event means the pointer left the window through its top edge (towards the tabs, the
 * address bar or the close button): it went to no other element (`relatedTarget` is null, so it left the
 * document) at or above the top of the viewport. Leaving through a side or the bottom is not exit intent.
 */
export function isTopExit(event: PointerOutEvent): boolean {
  return event.relatedTarget === null && event.clientY <= 0;
}

/** The browser's clock, read at call time so that test fake timers installed later are used. */
export function browserClock(): ExitIntentClock {
  return {
    now: () => Date.now(),
    setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  };
}

/**
 * The browser's sessionStorage, or null where there is none or it refuses access (some privacy modes throw on
 * the mere property read).
 */
export function browserSessionStorage(): SessionFlagStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Starts watching for exit intent, counting the dwell time from now. Feed it the page's events; it calls
 * `onShow` at most once, and never when the session flag says the popup was already shown (in this or an earlier
 * page load of the same session). The flag is set when `onShow` is called, so closing the popup without
 * answering still counts as shown.
 */
export function createExitIntentWatcher(options: ExitIntentWatcherOptions): ExitIntentWatcher {
  const minDwellMs = options.minDwellMs ?? EXIT_INTENT_DEFAULTS.minDwellMs;
  const scrollDepthPx = options.scrollDepthPx ?? EXIT_INTENT_DEFAULTS.scrollDepthPx;
  const scrollReturnDelayMs = options.scrollReturnDelayMs ?? EXIT_INTENT_DEFAULTS.scrollReturnDelayMs;
  const storageKey = options.storageKey ?? EXIT_INTENT_DEFAULTS.storageKey;
  const { onShow } = options;
  const clock = options.clock ?? browserClock();
  const storage = options.storage === undefined ? browserSessionStorage() : options.storage;
  const startedAt = clock.now();
  // Kept beside the stored flag: storage can be missing or refuse writes (quota, privacy modes), and the popup must
  // still not come back within this page load.
  let shown = readFlag(storage, storageKey);
  let beenDeep = false;
  let pending: unknown = null;
  let disposed = false;

  const dwelledLongEnough = () => clock.now() - startedAt >= minDwellMs;
  const canShow = () => !disposed && !shown && !readFlag(storage, storageKey);

  function show() {
    if (!canShow()) return;
    shown = true;
    writeFlag(storage, storageKey);
    onShow();
  }

  return {
    pointerOut(event) {
      if (isTopExit(event) && dwelledLongEnough()) show();
    },
    scrolled(scrollY) {
      if (scrollY > scrollDepthPx) {
        beenDeep = true;
        return;
      }
      if (scrollY > 0 || !beenDeep) return;
      // Back at the top: this return is used up whether or not it shows anything, so a visitor who came back up
      // too early has to go down and up again later.
      beenDeep = false;
      if (pending !== null || !dwelledLongEnough() || !canShow()) return;
      pending = clock.setTimeout(() => {
        pending = null;
        show();
      }, scrollReturnDelayMs);
    },
    dispose() {
      disposed = true;
      if (pending !== null) clock.clearTimeout(pending);
      pending = null;
    },
  };
}

function readFlag(storage: SessionFlagStorage | null, key: string): boolean {
  try {
    return storage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(storage: SessionFlagStorage | null, key: string): void {
  try {
    storage?.setItem(key, '1');
  } catch {
    // Storage full or forbidden: the in-memory flag still keeps the popup to once per page load.
  }
}
