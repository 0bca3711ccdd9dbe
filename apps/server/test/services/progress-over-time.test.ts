/** The bar of a step that cannot report its own progress (a Typst compile): it moves, slows, and never overclaims. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressOverTime } from '../../src/services/jobs/progress-over-time.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('progressOverTime', () => {
  it('starts at fromPercent, rises every second, is about two thirds there at the estimate, stays below toPercent, and stops with the work', async () => {
    vi.useFakeTimers();
    const reports: number[] = [];
    let finish!: (value: string) => void;
    const work = new Promise<string>((resolve) => (finish = resolve));
    const done = progressOverTime(work, async (stage, percent) => void reports.push(stage === 'Typesetting pages' ? percent : -1), {
      stage: 'Typesetting pages',
      fromPercent: 15,
      toPercent: 88,
      estimateMs: 20_000,
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reports[0]).toBe(15);
    // 15 + 73 * (1 - 1/e) = 61.1 at the estimate.
    expect(reports.at(-1)).toBe(61);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(reports.at(-1)).toBeLessThan(88);
    for (let i = 1; i < reports.length; i++) expect(reports[i]!).toBeGreaterThan(reports[i - 1]!);
    finish('the PDF');
    await expect(done).resolves.toBe('the PDF');
    const count = reports.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reports).toHaveLength(count);
  });

  it('a work that fails while the first report is still being written is not left unhandled: its failure is passed on', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const slowReport = () => new Promise<void>((resolve) => setTimeout(resolve, 50));
      const failing = progressOverTime(Promise.reject(new Error('unreadable')), slowReport, { stage: 'Reading the text', fromPercent: 10, toPercent: 90, estimateMs: 1_000 });
      await expect(failing).rejects.toThrow('unreadable');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes the work’s failure on, and a failed report does not stop the work', async () => {
    const failing = progressOverTime(Promise.reject(new Error('typst died')), async () => {
      throw new Error('database gone');
    }, { stage: 'Typesetting pages', fromPercent: 15, toPercent: 88, estimateMs: 1_000 });
    await expect(failing).rejects.toThrow('typst died');
  });
});
