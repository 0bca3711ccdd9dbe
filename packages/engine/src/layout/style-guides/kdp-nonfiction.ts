import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import type { Layout } from '../layout.ts';
import { trimSizes } from '../trim-sizes.ts';
import { BOOK_REQUIREMENT_FLAGS } from './kdp-6x9.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * Amazon KDP Non-Fiction.
 * Values from the product spec (workspace spec section 9, "KDP Non-Fiction"): margins 1 in, Minion Pro 11 pt
 * (set in Crimson Pro, an old-style face in Minion's tradition; metrics differ), line height 1.2. The spec
 * names no trim; 6 x 9 in, KDP's common non-fiction trim, is used. A 1 in inside margin is above KDP's largest
 * gutter minimum (0.875 in), so it is valid at every page count. Paragraphs are separated by 4 pt as well as
 * indented, for reference reading; folios at the foot, outside.
 */
export const kdpNonfictionLayout: Layout = {
  ...BOOK_LAYOUT_DEFAULTS,
  id: 'kdp-nonfiction',
  name: 'Amazon KDP Non-Fiction',
  trimSizeId: '6x9',
  trimWidthIn: trimSizes['6x9'].widthIn,
  trimHeightIn: trimSizes['6x9'].heightIn,
  marginTopIn: 1,
  marginBottomIn: 1,
  marginInsideIn: 1,
  marginOutsideIn: 1,
  headerDistanceIn: 0.5,
  footerDistanceIn: 0.5,
  fontFamily: 'Crimson Pro',
  headingFontFamily: 'Crimson Pro',
  fontSizePt: 11,
  lineHeight: 1.2,
  paragraphIndentEm: 1.5,
  paragraphSpacingPt: 4,
  runningHeadVerso: 'book-title',
  runningHeadRecto: 'chapter-title',
  folioPosition: 'bottom-outside',
};

export const kdpNonfiction: StyleGuideTemplate = {
  id: 'kdp-nonfiction',
  name: 'Amazon KDP Non-Fiction',
  styleGuide: 'KDP',
  category: 'publishing',
  isBuiltIn: true,
  requirements: {
    margins: { top: 1, bottom: 1, left: 1, right: 1 },
    font: { family: 'Minion Pro', size: 11, lineHeight: 1.2 },
    spacing: { paragraph: 4, line: 1.2 },
    pageNumbers: { position: 'bottom-outside', format: 'roman-then-arabic' },
    ...BOOK_REQUIREMENT_FLAGS,
    headers: { style: 'Running heads: book title on versos, chapter title on rectos; none on chapter openings', numbering: false },
  },
  layout: kdpNonfictionLayout,
};
