import { describe, expect, it } from 'vitest';
import { previewPage } from '../../../testing/format-fixtures.ts';
import { toPreviewRows } from './preview-spreads.ts';

/** Each row as `verso|recto` page numbers (`-` for an empty side) or `=n` for a one-sided page. */
function shape(rows: ReturnType<typeof toPreviewRows>): string[] {
  return rows.map((r) => (r.kind === 'single' ? `=${r.page.pageNumber}` : `${r.verso?.pageNumber ?? '-'}|${r.recto?.pageNumber ?? '-'}`));
}

describe('toPreviewRows', () => {
  it('opens with page 1 alone on the right, then pairs each verso with the recto after it', () => {
    expect(shape(toPreviewRows([1, 2, 3, 4, 5, 6].map((n) => previewPage(n))))).toEqual(['-|1', '2|3', '4|5', '6|-']);
  });

  it('pairs across the calls of a whole-book preview, whatever order the pages arrive in, and drops repeats', () => {
    const first = [39, 40].map((n) => previewPage(n));
    const second = [41, 42, 41].map((n) => previewPage(n));
    expect(shape(toPreviewRows([...second, ...first]))).toEqual(['-|39', '40|41', '42|-']);
  });

  it('leaves a recto whose verso is missing on a spread of its own', () => {
    expect(shape(toPreviewRows([2, 5].map((n) => previewPage(n))))).toEqual(['2|-', '-|5']);
  });

  it('lays out one-sided pages page by page', () => {
    expect(shape(toPreviewRows([1, 2, 3].map((n) => previewPage(n, true))))).toEqual(['=1', '=2', '=3']);
  });
});
