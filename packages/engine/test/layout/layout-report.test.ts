/**
 * The layout report's words (`layout/layout-report.ts`), as the CLI prints them and the server stores them: a book
 * past the trim's KDP page limit is warned about, each raised margin is said, and `settleKdpLayout` sets a book
 * again until its page count no longer moves KDP's rules.
 */
import { describe, expect, it } from 'vitest';
import { applyKdpRules } from '../../src/layout/kdp-rules.ts';
import { getLayout } from '../../src/layout/index.ts';
import { layoutReportLines, layoutReportOf, settleKdpLayout } from '../../src/layout/layout-report.ts';
import type { Layout } from '../../src/layout/layout.ts';

describe('layout report lines', () => {
  it('a 1,236-page book at 6 x 9 in: the count, the limit of 828 pages and a warning past it', () => {
    const base = getLayout('kdp-6x9');
    const { layout, warnings } = applyKdpRules(base, 1236);
    const lines = layoutReportLines(layoutReportOf(base, layout, 1236, warnings, new Date(0)));
    expect(lines[0]).toMatch(/^1,236 pages at 6 x 9 in, set in /);
    expect(lines).toContain('KDP prints up to 828 pages at this trim.');
    expect(lines.filter((l) => l.startsWith('Warning: '))).toEqual([
      expect.stringMatching(/This book has 1236 pages; KDP prints at most 828 pages on 6 x 9 in/),
    ]);
  });

  it('says each margin the rules raised', () => {
    const base: Layout = { ...getLayout('kdp-6x9'), marginInsideIn: 0.4 };
    const { layout, warnings } = applyKdpRules(base, 320);
    const lines = layoutReportLines(layoutReportOf(base, layout, 320, warnings, new Date(0)));
    expect(lines).toContain('Inside (gutter) margin raised from 0.4 in to 0.625 in. KDP asks for at least 0.625 in for 301-500 pages.');
    expect(lines.some((l) => l.startsWith('Warning: '))).toBe(false);
  });
});

describe('settleKdpLayout', () => {
  it('sets the book again in the raised layout until the page count settles, and reports the last setting', async () => {
    const base: Layout = { ...getLayout('kdp-6x9'), marginInsideIn: 0.4 };
    const tried: number[] = [];
    // A book that grows with its gutter: 290 pages below 0.5 in (KDP: 0.5 in), 305 at 0.5 in (0.625 in), 310 above.
    const setPages = async (layout: Layout) => {
      tried.push(layout.marginInsideIn);
      return { pageCount: layout.marginInsideIn < 0.5 ? 290 : layout.marginInsideIn === 0.5 ? 305 : 310 };
    };
    const { layout, report } = await settleKdpLayout(base, 0, setPages);
    expect(tried).toEqual([0.4, 0.5, 0.625]);
    expect(layout.marginInsideIn).toBe(0.625);
    expect(report.pageCount).toBe(310);
    expect(report.adjustments.map((a) => [a.field, a.toIn])).toEqual([['marginInsideIn', 0.625]]);
  });
});
