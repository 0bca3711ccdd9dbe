/**
 * How rendered pages are laid out on screen: as a printed book opens, in spreads with the verso (even page) on the
 * left and the recto (odd page) on the right, page 1 alone on the right; one-sided layouts (academic papers) page
 * by page.
 */
import type { PreviewPage } from '@quire/contracts';

/** One row of the preview: a two-page spread (either side may be empty) or a page of a one-sided layout. */
export type PreviewRow =
  | { kind: 'spread'; key: string; verso: PreviewPage | null; recto: PreviewPage | null }
  | { kind: 'single'; key: string; page: PreviewPage };

/**
 * Pages (in any order, possibly from several calls) as rows: a verso opens a spread, the recto after it (the next
 * page number) closes it; a recto without its verso opens a spread of its own. Duplicate page numbers keep the first.
 */
export function toPreviewRows(pages: readonly PreviewPage[]): PreviewRow[] {
  const seen = new Set<number>();
  const sorted = [...pages].sort((a, b) => a.pageNumber - b.pageNumber).filter((p) => !seen.has(p.pageNumber) && seen.add(p.pageNumber));
  const rows: PreviewRow[] = [];
  for (const page of sorted) {
    if (page.side === 'single') {
      rows.push({ kind: 'single', key: `p${page.pageNumber}`, page });
      continue;
    }
    const last = rows.at(-1);
    if (page.side === 'recto' && last?.kind === 'spread' && last.recto === null && last.verso?.pageNumber === page.pageNumber - 1) {
      last.recto = page;
      last.key = `${last.key}-${page.pageNumber}`;
      continue;
    }
    rows.push(
      page.side === 'verso'
        ? { kind: 'spread', key: `s${page.pageNumber}`, verso: page, recto: null }
        : { kind: 'spread', key: `s${page.pageNumber}`, verso: null, recto: page },
    );
  }
  return rows;
}
