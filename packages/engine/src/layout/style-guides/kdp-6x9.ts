import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import type { Layout } from '../layout.ts';
import { trimSizes } from '../trim-sizes.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * Amazon KDP 6x9 paperback layout.
 * Values from the product spec (workspace spec section 9, "KDP 6x9"): top and bottom margins 0.76 in,
 * inside 0.9 in, outside 0.6 in, Times New Roman 11 pt (Tinos is metric-compatible), line height 1.15.
 * KDP's own minimums (0.375 in inside for 24-150 pages ... 0.875 in for 701-828, 0.25 in outside; KDP Help
 * "Set Trim Size, Bleed, and Margins") are all below these values, so this layout is valid for any page
 * count up to KDP's limit (828 pages on white paper). Running heads (author / title) and a centred folio at
 * the foot, chapters on a recto.
 */
export const kdp6x9Layout: Layout = {
  ...BOOK_LAYOUT_DEFAULTS,
  id: 'kdp-6x9',
  name: 'Amazon KDP 6x9',
  trimSizeId: '6x9',
  trimWidthIn: trimSizes['6x9'].widthIn,
  trimHeightIn: trimSizes['6x9'].heightIn,
  marginTopIn: 0.76,
  marginBottomIn: 0.76,
  marginInsideIn: 0.9,
  marginOutsideIn: 0.6,
  fontFamily: 'Tinos',
  headingFontFamily: 'Tinos',
  fontSizePt: 11,
  lineHeight: 1.15,
  paragraphIndentEm: 1.5,
  folioPosition: 'bottom-center',
};

/** Requirements shared by the three KDP book layouts: a book, not a paper. */
export const BOOK_REQUIREMENT_FLAGS = {
  headers: { style: 'Running heads: author on versos, title on rectos; none on chapter openings', numbering: false },
  citations: { style: 'none', inText: 'none', bibliography: 'none' },
  titlePage: true,
  tableOfContents: true,
  abstract: false,
  acknowledgments: false,
  appendices: false,
} as const;

export const kdp6x9: StyleGuideTemplate = {
  id: 'kdp-6x9',
  name: 'Amazon KDP 6x9',
  styleGuide: 'KDP',
  category: 'publishing',
  isBuiltIn: true,
  requirements: {
    margins: { top: 0.76, bottom: 0.76, left: 0.9, right: 0.6 },
    font: { family: 'Times New Roman', size: 11, lineHeight: 1.15 },
    spacing: { paragraph: 0, line: 1.15 },
    pageNumbers: { position: 'bottom-center', format: 'roman-then-arabic' },
    ...BOOK_REQUIREMENT_FLAGS,
  },
  layout: kdp6x9Layout,
};
