import type { Layout } from './layout.ts';

/**
 * Amazon KDP 6x9 paperback layout.
 * Values from the product spec (workspace spec section 9, "KDP 6x9"): top and bottom margins 0.76 in,
 * inside 0.9 in, outside 0.6 in, Times New Roman 11 pt (Tinos is metric-compatible), line height 1.15.
 * KDP's own minimums (0.375 in inside for 24-150 pages ... 0.875 in for 701-828, 0.25 in outside) are
 * all below these values, so this layout is valid for any page count up to KDP's limit.
 */
export const kdp6x9Layout: Layout = {
  id: 'kdp-6x9',
  name: 'Amazon KDP 6x9',
  trimWidthIn: 6,
  trimHeightIn: 9,
  marginTopIn: 0.76,
  marginBottomIn: 0.76,
  marginInsideIn: 0.9,
  marginOutsideIn: 0.6,
  mirrorMargins: true,
  fontFamily: 'Tinos',
  fontFallback: 'serif',
  fontSizePt: 11,
  lineHeight: 1.15,
  paragraphIndentEm: 1.5,
  paragraphSpacingPt: 0,
  justify: true,
  chapterOpensRecto: true,
  runningHeads: true,
  folioPosition: 'bottom-center',
};
