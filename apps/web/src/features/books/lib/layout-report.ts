/**
 * What the Format and Export tabs say about a book's last format (contracts `LayoutReportSchema`): the page count
 * at the trim, the font actually used, each margin the KDP rules raised and the warnings, in plain sentences.
 */
import type { LayoutAdjustment, LayoutReport } from '@quire/contracts';

const NAMED_TRIMS: Readonly<Record<string, string>> = {
  letter: 'US Letter (8.5 x 11 in)',
  a4: 'A4 (8.27 x 11.69 in)',
  kindle: 'Kindle e-book pages',
  custom: 'a custom trim',
};

/** A trim id as words: `6x9` → `6 x 9 in`, `letter` → `US Letter (8.5 x 11 in)`. */
export function trimLabel(trimSizeId: string): string {
  return NAMED_TRIMS[trimSizeId] ?? `${trimSizeId.replace('x', ' x ')} in`;
}

/** Inches as a sentence writes them: `0.625 in`. */
function inches(n: number): string {
  return `${Number(n.toFixed(3))} in`;
}

/** `412 pages at 6 x 9 in` (`1 page` in the singular). */
export function pageCountLine(report: Pick<LayoutReport, 'pageCount' | 'trimSizeId'>): string {
  return `${report.pageCount.toLocaleString('en-US')} ${report.pageCount === 1 ? 'page' : 'pages'} at ${trimLabel(report.trimSizeId)}`;
}

/** KDP's page limit for the trim as a clause, or null for a trim without one. */
export function pageLimitLine(report: Pick<LayoutReport, 'pageLimit'>): string | null {
  return report.pageLimit === null ? null : `KDP prints up to ${report.pageLimit.toLocaleString('en-US')} pages at this trim.`;
}

/** One adjustment as a sentence: `Inside (gutter) margin raised from 0.5 in to 0.625 in. KDP asks for …`. */
export function adjustmentLine(adjustment: LayoutAdjustment): string {
  const reason = adjustment.reason.trim();
  return `${adjustment.label} raised from ${inches(adjustment.fromIn)} to ${inches(adjustment.toIn)}.${reason ? ` ${reason}` : ''}`;
}
