import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import type { Layout } from '../layout.ts';
import { trimSizes } from '../trim-sizes.ts';
import { BOOK_REQUIREMENT_FLAGS } from './kdp-6x9.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * Amazon KDP Fiction.
 * Values from the product spec (workspace spec section 9, "KDP Fiction"): margins 0.75 in, Garamond 11 pt
 * (set in EB Garamond, a Garamond revival), line height 1.15. The spec names no trim; 5.5 x 8.5 in, a common
 * KDP trim for novels, is used. A 0.75 in inside margin meets KDP's gutter minimum up to 700 pages (KDP Help
 * "Set Trim Size, Bleed, and Margins"); above that `applyKdpRules` widens it and says so.
 */
export const kdpFictionLayout: Layout = {
  ...BOOK_LAYOUT_DEFAULTS,
  id: 'kdp-fiction',
  name: 'Amazon KDP Fiction',
  trimSizeId: '5.5x8.5',
  trimWidthIn: trimSizes['5.5x8.5'].widthIn,
  trimHeightIn: trimSizes['5.5x8.5'].heightIn,
  paper: 'cream',
  marginTopIn: 0.75,
  marginBottomIn: 0.75,
  marginInsideIn: 0.75,
  marginOutsideIn: 0.75,
  fontFamily: 'EB Garamond',
  headingFontFamily: 'EB Garamond',
  fontSizePt: 11,
  lineHeight: 1.15,
  paragraphIndentEm: 1.5,
  sceneBreak: 'ornament',
  ornament: '❦',
};

export const kdpFiction: StyleGuideTemplate = {
  id: 'kdp-fiction',
  name: 'Amazon KDP Fiction',
  styleGuide: 'KDP',
  category: 'publishing',
  isBuiltIn: true,
  requirements: {
    margins: { top: 0.75, bottom: 0.75, left: 0.75, right: 0.75 },
    font: { family: 'Garamond', size: 11, lineHeight: 1.15 },
    spacing: { paragraph: 0, line: 1.15 },
    pageNumbers: { position: 'bottom-center', format: 'roman-then-arabic' },
    ...BOOK_REQUIREMENT_FLAGS,
  },
  layout: kdpFictionLayout,
};
