/**
 * Line spacing of body text, shared by every writer so that the PDF, the Word file and the HTML agree.
 *
 * Book layouts give `lineHeight` as typographic leading: baselines `lineHeight` x the font size apart (11 pt on
 * 12.65 pt at 1.15). Style guides mean "double spacing" as a word processor does (APA 7th ed. 2.21, MLA Handbook
 * 9th ed. 1.2): a multiple of the font's own single line (its hhea ascender, descender and line gap), so Times New
 * Roman 12 pt double-spaced puts baselines 2 x 1.15 x 12 = 27.6 pt apart, 23 lines to a US Letter page with 1 in
 * margins, as the student's Word gives. Academic layouts (`layout.academic`) follow that rule.
 */
import { getShippedFont } from './fonts.ts';
import type { Layout } from './layout.ts';

/** Distance from one baseline of body text to the next, points. */
export function baselineStepPt(layout: Layout): number {
  return lineHeightMultiple(layout) * layout.fontSizePt;
}

/** The same as a multiple of the body font size (CSS `line-height`, Typst's line box plus leading). */
export function lineHeightMultiple(layout: Layout): number {
  if (!layout.academic) return layout.lineHeight;
  return layout.lineHeight * getShippedFont(layout.fontFamily).singleLineEm;
}
