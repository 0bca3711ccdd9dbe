/**
 * The layout report of a book set in a print layout: its page count, the trim's KDP page limit, which margins
 * KDP's paperback rules raised for that count (in words a person reads) and the warnings (past the page limit,
 * furniture running into the text). The server stores it on the book after every format and the `quire` command
 * prints it after a PDF export, from the same functions. The typesetting itself is passed in
 * ({@link settleKdpLayout}), so that the server sets the book in its worker pool and the command line in its own.
 *
 * Source of the rules: KDP Help, "Set Trim Size, Bleed, and Margins" (https://kdp.amazon.com/en_US/help/topic/G201834190)
 * and "Print Options" (https://kdp.amazon.com/en_US/help/topic/G201834180), as `kdp-rules.ts` holds them.
 */
import type { Diagnostic } from '../model/diagnostics.ts';
import { describeFont } from './fonts.ts';
import {
  applyKdpRules,
  KDP_BLEED_IN,
  KDP_GUTTER_TABLE,
  KDP_MIN_EDGE_MARGIN_BLEED_IN,
  KDP_MIN_EDGE_MARGIN_IN,
  type KdpAdjustment,
} from './kdp-rules.ts';
import type { Layout } from './layout.ts';
import { trimSizes } from './trim-sizes.ts';

/** A layout field KDP's rules raised (the contracts' `LayoutAdjustment`): inches before and after, in words. */
export interface LayoutAdjustment {
  /** Layout field raised, e.g. `marginInsideIn`. */
  field: string;
  /** The field in words, e.g. `Inside (gutter) margin`. */
  label: string;
  fromIn: number;
  toIn: number;
  /** Why, in a sentence (`KDP asks for at least 0.625 in for 301-500 pages.`). */
  reason: string;
}

/** What setting the whole book in its layout showed (the contracts' `LayoutReport`). */
export interface LayoutReport {
  layoutId: string;
  trimSizeId: string;
  /** Pages of the print PDF, front matter included. */
  pageCount: number;
  /** KDP's most pages for the trim and paper (828 for 6 x 9 in on white paper); null for a trim without one. */
  pageLimit: number | null;
  adjustments: LayoutAdjustment[];
  warnings: string[];
  /** The body font actually used, e.g. `Times New Roman (set in Tinos, metric-compatible)`. */
  fontLabel: string;
  /** ISO time of the measurement. */
  measuredAt: string;
  /**
   * What the PDF writer could not keep or had to change in the book's content (a table set smaller, an image too
   * small for 300 dpi, an unresolved cross-reference: `model/diagnostics.ts`); absent when nothing.
   */
  contentNotes?: Diagnostic[];
}

/** The layout fields KDP's rules may raise, in the order a report lists them. */
const ADJUSTABLE_FIELDS: readonly KdpAdjustment['field'][] = [
  'marginInsideIn',
  'marginOutsideIn',
  'marginTopIn',
  'marginBottomIn',
  'headerDistanceIn',
  'footerDistanceIn',
  'bleedIn',
];

const inches = (n: number) => `${Number(n.toFixed(3))} in`;

/** The page range of the gutter table's row for `pageCount`, e.g. `301-500 pages` or `more than 700 pages`. */
function gutterRange(pageCount: number): string {
  let from = 1;
  for (const row of KDP_GUTTER_TABLE) {
    if (pageCount <= row.maxPages) return from === 1 ? `up to ${row.maxPages} pages` : `${from}-${row.maxPages} pages`;
    from = row.maxPages + 1;
  }
  return `more than ${KDP_GUTTER_TABLE[KDP_GUTTER_TABLE.length - 2]!.maxPages} pages`;
}

/** The field in words; one-sided layouts name their left and right margins. */
function labelOf(field: KdpAdjustment['field'], layout: Pick<Layout, 'mirrorMargins'>): string {
  switch (field) {
    case 'marginInsideIn':
      return layout.mirrorMargins ? 'Inside (gutter) margin' : 'Left margin';
    case 'marginOutsideIn':
      return layout.mirrorMargins ? 'Outside margin' : 'Right margin';
    case 'marginTopIn':
      return 'Top margin';
    case 'marginBottomIn':
      return 'Bottom margin';
    case 'headerDistanceIn':
      return 'Running head distance from the top edge';
    case 'footerDistanceIn':
      return 'Page number distance from the bottom edge';
    case 'bleedIn':
      return 'Bleed';
  }
}

/** Why KDP wants the field at `toIn`, in one sentence. */
function reasonOf(field: KdpAdjustment['field'], toIn: number, layout: Pick<Layout, 'mirrorMargins' | 'bleedIn'>, pageCount: number): string {
  const edge = layout.bleedIn > 0 ? `${inches(KDP_MIN_EDGE_MARGIN_BLEED_IN)} with bleed` : `${inches(KDP_MIN_EDGE_MARGIN_IN)} without bleed`;
  const gutter = `KDP asks for at least ${inches(toIn)} for ${gutterRange(pageCount)}.`;
  switch (field) {
    case 'marginInsideIn':
      return layout.mirrorMargins ? gutter : `${gutter} A one-sided layout is bound on its left margin on rectos.`;
    case 'marginOutsideIn': {
      const edgeMin = layout.bleedIn > 0 ? KDP_MIN_EDGE_MARGIN_BLEED_IN : KDP_MIN_EDGE_MARGIN_IN;
      if (layout.mirrorMargins || toIn <= edgeMin) return `KDP asks for at least ${edge} at the outside edge.`;
      return `${gutter} A one-sided layout printed as a paperback is bound on its right margin on versos.`;
    }
    case 'marginTopIn':
      return `KDP asks for at least ${edge} at the top edge.`;
    case 'marginBottomIn':
      return `KDP asks for at least ${edge} at the bottom edge.`;
    case 'headerDistanceIn':
      return `Everything printed, running heads included, must sit inside KDP's margin of ${edge} at the top edge.`;
    case 'footerDistanceIn':
      return `Everything printed, page numbers included, must sit inside KDP's margin of ${edge} at the bottom edge.`;
    case 'bleedIn':
      return `KDP's bleed is ${inches(KDP_BLEED_IN)} on the top, bottom and outside edges.`;
  }
}

/**
 * What the rules changed from `base` to `adjusted` (the layout the PDF was set in), for a book of `pageCount`
 * pages: one entry per raised field, in inches, with a label and a reason.
 */
export function adjustmentsBetween(base: Layout, adjusted: Layout, pageCount: number): LayoutAdjustment[] {
  const out: LayoutAdjustment[] = [];
  for (const field of ADJUSTABLE_FIELDS) {
    if (Math.round(base[field] * 1000) === Math.round(adjusted[field] * 1000)) continue;
    out.push({
      field,
      label: labelOf(field, base),
      fromIn: base[field],
      toIn: adjusted[field],
      reason: reasonOf(field, adjusted[field], adjusted, pageCount),
    });
  }
  return out;
}

/** Whether two layouts have the same adjustable fields (to the thousandth of an inch). */
export function sameAdjustableFields(a: Layout, b: Layout): boolean {
  return ADJUSTABLE_FIELDS.every((f) => Math.round(a[f] * 1000) === Math.round(b[f] * 1000));
}

/**
 * `layout` with a report's adjustments applied (each field set to its `toIn`), so that every export uses the
 * margins the report announced. Fields the report does not name, or a report of another layout, change nothing.
 */
export function applyReport(layout: Layout, report: LayoutReport | null | undefined): Layout {
  if (!report || report.layoutId !== layout.id) return layout;
  const out: Layout = { ...layout };
  for (const a of report.adjustments) {
    if ((ADJUSTABLE_FIELDS as readonly string[]).includes(a.field)) out[a.field as KdpAdjustment['field']] = a.toIn;
  }
  return out;
}

/**
 * The report of a book set in `adjusted` (its margins raised from `base`) to `pageCount` pages, with the rules'
 * `warnings`. `pageLimit` is KDP's most pages for the trim and paper (null for Kindle).
 */
export function layoutReportOf(base: Layout, adjusted: Layout, pageCount: number, warnings: readonly string[], measuredAt: Date): LayoutReport {
  const trim = trimSizes[adjusted.trimSizeId];
  return {
    layoutId: base.id,
    trimSizeId: adjusted.trimSizeId,
    pageCount,
    pageLimit: trim.maxPages?.[adjusted.paper] ?? null,
    adjustments: adjustmentsBetween(base, adjusted, pageCount),
    warnings: [...warnings],
    fontLabel: describeFont(adjusted.fontFamily),
    measuredAt: measuredAt.toISOString(),
  };
}

/**
 * A page count the book cannot be below in `layout`: its characters over the most a page could hold (every
 * character 0.4 em wide, lines at the layout's leading, the whole text block used), times 0.8. Starting KDP's
 * rules from it saves a second typesetting of a long book (War and Peace needs the widest gutter before its
 * first compile) and never raises a margin more than the real count would, since the count only grows as the
 * margins do.
 */
export function pageCountLowerBound(textChars: number, layout: Layout): number {
  const widthPt = (layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn) * 72;
  const heightPt = (layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn) * 72;
  if (widthPt <= 0 || heightPt <= 0) return 1;
  const charsPerLine = widthPt / (0.4 * layout.fontSizePt);
  const lines = heightPt / (layout.fontSizePt * Math.max(1, layout.lineHeight));
  return Math.max(1, Math.floor((0.8 * textChars) / (charsPerLine * lines)));
}

/** Whether two reports say the same (layout, page count, adjustments, warnings), whenever they were measured. */
export function sameReport(a: LayoutReport | null | undefined, b: LayoutReport | null | undefined): boolean {
  if (!a || !b) return a === b;
  const gist = (r: LayoutReport) =>
    JSON.stringify([r.layoutId, r.trimSizeId, r.pageCount, r.adjustments.map((x) => [x.field, x.fromIn, x.toIn]), r.warnings, r.contentNotes ?? []]);
  return gist(a) === gist(b);
}

/** Most typesettings of one book before the last layout is kept (the page count settles in one or two). */
const MAX_ROUNDS = 3;

/** A book set once: its page count, with whatever else the caller's typesetting gives back (the PDF). */
export interface SetPages {
  pageCount: number;
}

/**
 * Sets a book in `base` with KDP's rules: the first layout tried is `start` (the layout of the book's last report,
 * when there is one) or else `base` raised for a page count the book cannot be below ({@link pageCountLowerBound}
 * of `textChars`, the length of its text); each round sets the book with `setPages`, counts its pages and moves to
 * `applyKdpRules(base, pageCount)`, until that is the layout just set (at most three rounds).
 * @returns the last typesetting, the layout it was set in, and its report (measured at `now`).
 * @throws whatever `setPages` throws.
 */
export async function settleKdpLayout<T extends SetPages>(
  base: Layout,
  textChars: number,
  setPages: (layout: Layout) => Promise<T>,
  opts: { start?: Layout; now?: Date } = {},
): Promise<{ set: T; layout: Layout; report: LayoutReport }> {
  let layout = opts.start ?? applyKdpRules(base, pageCountLowerBound(textChars, base)).layout;
  for (let round = 1; ; round++) {
    const set = await setPages(layout);
    const rules = applyKdpRules(base, set.pageCount);
    if (round >= MAX_ROUNDS || sameAdjustableFields(rules.layout, layout)) {
      // The warnings of the layout actually set (a furniture warning depends on its margins).
      const { warnings } = applyKdpRules(layout, set.pageCount);
      return { set, layout, report: layoutReportOf(base, layout, set.pageCount, warnings, opts.now ?? new Date(0)) };
    }
    layout = rules.layout;
  }
}

const NAMED_TRIMS: Readonly<Record<string, string>> = {
  letter: 'US Letter (8.5 x 11 in)',
  a4: 'A4 (8.27 x 11.69 in)',
  kindle: 'Kindle e-book pages',
  custom: 'a custom trim',
};

/**
 * The report as lines of plain text, in the words of the web app's Format tab: `587 pages at 6 x 9 in`, the
 * font, KDP's page limit (with `Warning:` before each warning, a count past the limit among them), then each
 * raised margin (`Inside (gutter) margin raised from 0.5 in to 0.75 in. KDP asks for ...`).
 */
export function layoutReportLines(report: LayoutReport): string[] {
  const trim = NAMED_TRIMS[report.trimSizeId] ?? `${report.trimSizeId.replace('x', ' x ')} in`;
  const lines = [`${report.pageCount.toLocaleString('en-US')} ${report.pageCount === 1 ? 'page' : 'pages'} at ${trim}, set in ${report.fontLabel}`];
  if (report.pageLimit !== null) lines.push(`KDP prints up to ${report.pageLimit.toLocaleString('en-US')} pages at this trim.`);
  for (const warning of report.warnings) lines.push(`Warning: ${warning}`);
  for (const a of report.adjustments) {
    const reason = a.reason.trim();
    lines.push(`${a.label} raised from ${inches(a.fromIn)} to ${inches(a.toIn)}.${reason ? ` ${reason}` : ''}`);
  }
  return lines;
}
