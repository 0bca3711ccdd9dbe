/**
 * Progress for a step that cannot report its own (a Typst compile is one call): while `work` runs, the percentage
 * moves from `fromPercent` towards `toPercent` along 1 - e^(-t / estimateMs), about two thirds of the way at the
 * estimate and never reaching `toPercent` before the step ends, so a long book's bar keeps moving without claiming
 * more than is done.
 */

/** How often the percentage is written while the step runs, in milliseconds. */
const TICK_MS = 1_000;

/**
 * Resolves or rejects with `work`, reporting `stage` at percentages from `fromPercent` to below `toPercent` through
 * `report` once a second (a failed report is ignored: the work matters more than its bar).
 */
export async function progressOverTime<T>(
  work: Promise<T>,
  report: (stage: string, percent: number) => Promise<void>,
  { stage, fromPercent, toPercent, estimateMs }: { stage: string; fromPercent: number; toPercent: number; estimateMs: number },
): Promise<T> {
  const started = Date.now();
  // `work` is already running and may fail while the first report is written: it is awaited below, so its failure is
  // handled there, not reported as unhandled in between.
  work.catch(() => {});
  await report(stage, fromPercent).catch(() => {});
  let last = Math.round(fromPercent);
  const timer = setInterval(() => {
    const share = 1 - Math.exp(-(Date.now() - started) / Math.max(1, estimateMs));
    const percent = Math.floor(fromPercent + (toPercent - fromPercent) * share);
    if (percent > last && percent < toPercent) {
      last = percent;
      void report(stage, percent).catch(() => {});
    }
  }, TICK_MS);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
