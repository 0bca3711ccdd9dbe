import { afterAll, describe, expect, it } from 'vitest';
import {
  PdfProcessPool,
  adjustmentsBetween,
  applyKdpRules,
  applyReport,
  cleanText,
  getLayout,
  layoutReportOf,
  pageCountLowerBound,
  parseMarkdown,
  sameReport,
  writeTypst,
} from '@quire/engine';
import { corpusFile } from '../helpers.ts';

const pool = new PdfProcessPool({ size: 1 });
afterAll(() => pool.close());

describe('layout report rules', () => {
  it('the page-count lower bound is below what Typst sets, in a print, an academic and a Kindle layout', async () => {
    const markdown = cleanText(corpusFile('gutenberg/pg11-alice-in-wonderland.txt').toString('utf8')).markdown;
    const doc = parseMarkdown(markdown, { title: 'Alice', author: 'Lewis Carroll', language: 'en' });
    for (const id of ['kdp-6x9', 'apa-7', 'kindle-optimized']) {
      const layout = getLayout(id);
      const { pageCount } = await pool.typeset(writeTypst(doc, layout));
      const bound = pageCountLowerBound(markdown.length, layout);
      expect(bound, id).toBeLessThanOrEqual(pageCount);
      // Not uselessly low either: at least a third of the real count.
      expect(bound, id).toBeGreaterThan(pageCount / 3);
    }
  });

  it('says each raised margin in words, naming the sides of a one-sided layout, and applies them back', () => {
    const base = { ...getLayout('apa-7'), marginInsideIn: 0.25, marginOutsideIn: 0.25 };
    const raised = applyKdpRules(base, 320).layout;
    const adjustments = adjustmentsBetween(base, raised, 320);
    expect(adjustments.map((a) => [a.field, a.label, a.fromIn, a.toIn])).toEqual([
      ['marginInsideIn', 'Left margin', 0.25, 0.625],
      ['marginOutsideIn', 'Right margin', 0.25, 0.625],
    ]);
    expect(adjustments[0]!.reason).toBe('KDP asks for at least 0.625 in for 301-500 pages. A one-sided layout is bound on its left margin on rectos.');
    const report = layoutReportOf(base, raised, 320, [], new Date(0));
    expect(report).toMatchObject({ layoutId: 'apa-7', trimSizeId: 'letter', pageLimit: 590, pageCount: 320 });
    expect(applyReport(base, report)).toEqual(raised);
    expect(applyReport(getLayout('kdp-6x9'), report)).toEqual(getLayout('kdp-6x9'));
    expect(sameReport(report, { ...report, measuredAt: new Date().toISOString() })).toBe(true);
    expect(sameReport(report, { ...report, pageCount: 321 })).toBe(false);
  });
});
