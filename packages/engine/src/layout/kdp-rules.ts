/**
 * KDP's paperback rules, applied to a layout for a given page count.
 *
 * Source: KDP Help, "Set Trim Size, Bleed, and Margins" (https://kdp.amazon.com/en_US/help/topic/G201834190)
 * and "Print Options" (https://kdp.amazon.com/en_US/help/topic/G201834180):
 * - inside (gutter) margin by page count: 24-150 pages 0.375 in, 151-300 0.5 in, 301-500 0.625 in,
 *   501-700 0.75 in, 701-828 0.875 in;
 * - outside, top and bottom margins at least 0.25 in without bleed, 0.375 in with bleed;
 * - bleed is 0.125 in on the top, bottom and outside edges;
 * - everything printed (running heads and page numbers included) stays inside those margins;
 * - page count between 24 (72 for standard color) and the trim's and paper's maximum (`trim-sizes.ts`).
 * The stored copies of the KDP pages do not include their tables; the figures above agree with the issue and
 * with every third-party copy found (kdpbuilder.com "KDP Bleed and Margins", aiwritebook.com, minjeegan.com).
 */
import type { Layout } from './layout.ts';
import { KDP_MIN_PAGES, trimSizes } from './trim-sizes.ts';

/** KDP's bleed, inches, on the top, bottom and outside edges. */
export const KDP_BLEED_IN = 0.125;

/** Minimum outside/top/bottom margin, inches, without bleed. */
export const KDP_MIN_EDGE_MARGIN_IN = 0.25;

/** Minimum outside/top/bottom margin, inches, with bleed. */
export const KDP_MIN_EDGE_MARGIN_BLEED_IN = 0.375;

/** KDP's gutter table: the minimum inside margin (inches) up to and including `maxPages` pages. */
export const KDP_GUTTER_TABLE: readonly { readonly maxPages: number; readonly minInsideIn: number }[] = [
  { maxPages: 150, minInsideIn: 0.375 },
  { maxPages: 300, minInsideIn: 0.5 },
  { maxPages: 500, minInsideIn: 0.625 },
  { maxPages: 700, minInsideIn: 0.75 },
  { maxPages: 828, minInsideIn: 0.875 },
];

/**
 * KDP's minimum inside (gutter) margin for a page count, inches. Below 24 pages the first row applies;
 * above 828 (which KDP does not print) the last row does.
 */
export function kdpMinimumGutterIn(pageCount: number): number {
  for (const row of KDP_GUTTER_TABLE) if (pageCount <= row.maxPages) return row.minInsideIn;
  return KDP_GUTTER_TABLE[KDP_GUTTER_TABLE.length - 1]!.minInsideIn;
}

/** A field the rules changed, with the values before and after (inches) and the rule, for the user. */
export interface KdpAdjustment {
  field: 'marginInsideIn' | 'marginOutsideIn' | 'marginTopIn' | 'marginBottomIn' | 'headerDistanceIn' | 'footerDistanceIn' | 'bleedIn';
  fromIn: number;
  toIn: number;
  reason: string;
}

/** The layout after the rules, what they changed, and what they cannot fix (page-count limits). */
export interface KdpRulesResult {
  layout: Layout;
  adjustments: KdpAdjustment[];
  warnings: string[];
}

const fmt = (n: number) => `${Number(n.toFixed(3))} in`;

/**
 * Apply KDP's paperback rules to `layout` for a book of `pageCount` pages. Where a layout's value is below a
 * rule, the rule wins and an adjustment says so; nothing is ever made smaller. A one-sided layout
 * (`mirrorMargins: false`) printed as a paperback has its binding on the left of rectos and on the right of
 * versos, so both its side margins must meet the gutter minimum. Reflowable (Kindle) layouts are returned
 * unchanged with a warning. Page counts outside KDP's range for the trim and paper are warned about.
 * @param pageCount the book's page count (a whole number, at least 1).
 * @returns a new layout (the input is not changed), adjustments in inches, and warnings as user-facing sentences.
 */
export function applyKdpRules(layout: Layout, pageCount: number): KdpRulesResult {
  const trim = trimSizes[layout.trimSizeId];
  if (trim.kind === 'reflowable') {
    return { layout, adjustments: [], warnings: ['KDP paperback rules do not apply to a reflowable Kindle layout.'] };
  }
  const out: Layout = { ...layout };
  const adjustments: KdpAdjustment[] = [];
  const raise = (field: KdpAdjustment['field'], min: number, reason: string) => {
    const from = out[field];
    // Compare in thousandths of an inch so 0.375 stored as 0.37500000001 is not "raised".
    if (Math.round(from * 1000) < Math.round(min * 1000)) {
      out[field] = min;
      adjustments.push({ field, fromIn: from, toIn: min, reason });
    }
  };

  if (out.bleedIn > 0 && out.bleedIn !== KDP_BLEED_IN) {
    adjustments.push({ field: 'bleedIn', fromIn: out.bleedIn, toIn: KDP_BLEED_IN, reason: `KDP's bleed is ${fmt(KDP_BLEED_IN)} on the top, bottom and outside edges.` });
    out.bleedIn = KDP_BLEED_IN;
  }
  const gutter = kdpMinimumGutterIn(pageCount);
  const gutterReason = `KDP requires an inside (gutter) margin of at least ${fmt(gutter)} for a book of ${pageCount} pages.`;
  raise('marginInsideIn', gutter, gutterReason);
  const edge = out.bleedIn > 0 ? KDP_MIN_EDGE_MARGIN_BLEED_IN : KDP_MIN_EDGE_MARGIN_IN;
  const edgeWhy = out.bleedIn > 0 ? 'with bleed' : 'without bleed';
  if (out.mirrorMargins) {
    raise('marginOutsideIn', edge, `KDP requires outside margins of at least ${fmt(edge)} ${edgeWhy}.`);
  } else {
    raise('marginOutsideIn', Math.max(gutter, edge), `${gutterReason} A one-sided layout has the binding on the right of every verso, so its right margin must meet it too.`);
  }
  raise('marginTopIn', edge, `KDP requires a top margin of at least ${fmt(edge)} ${edgeWhy}.`);
  raise('marginBottomIn', edge, `KDP requires a bottom margin of at least ${fmt(edge)} ${edgeWhy}.`);
  // Running heads and folios are content: they must sit inside the same edge minimum.
  raise('headerDistanceIn', edge, `KDP requires running heads to sit at least ${fmt(edge)} from the top edge ${edgeWhy}.`);
  raise('footerDistanceIn', edge, `KDP requires page numbers to sit at least ${fmt(edge)} from the bottom edge ${edgeWhy}.`);

  const warnings: string[] = [];
  // A head or folio line (about 1.2 x the body size) must end above the text block, or it prints over the text.
  const furnitureIn = (out.fontSizePt * 1.2) / 72;
  const top = out.runningHeads || out.folioPosition.startsWith('top');
  const bottom = out.runningFeet || out.folioPosition.startsWith('bottom');
  if (top && out.headerDistanceIn + furnitureIn > out.marginTopIn) {
    warnings.push(`The running head (${fmt(out.headerDistanceIn)} from the top edge) runs into the text: make the top margin at least ${fmt(out.headerDistanceIn + furnitureIn)}.`);
  }
  if (bottom && out.footerDistanceIn + furnitureIn > out.marginBottomIn) {
    warnings.push(`The page numbers (${fmt(out.footerDistanceIn)} from the bottom edge) run into the text: make the bottom margin at least ${fmt(out.footerDistanceIn + furnitureIn)}.`);
  }
  const min = KDP_MIN_PAGES[out.paper];
  const max = trim.maxPages?.[out.paper];
  const paper = out.paper.replace('-', ' ');
  const size = `${Number(out.trimWidthIn.toFixed(2))} x ${Number(out.trimHeightIn.toFixed(2))} in`;
  if (max !== undefined && pageCount > max) {
    warnings.push(`This book has ${pageCount} pages; KDP prints at most ${max} pages on ${size} ${paper} paper. Choose a larger trim size, a smaller font or split the book.`);
  }
  if (pageCount < min) {
    warnings.push(`This book has ${pageCount} pages; KDP paperbacks on ${paper} paper need at least ${min} pages.`);
  }
  return { layout: out, adjustments, warnings };
}
