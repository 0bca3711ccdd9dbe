import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import { indentEm } from '../settings.ts';
import { trimSizes } from '../trim-sizes.ts';
import { defineTemplate } from './types.ts';

/**
 * Kindle Optimized: a reflowable ebook. The reader's device sets the page, font and size, so the layout
 * keeps to what survives reflow: one-sided, no running heads or folios (Kindle shows its own location),
 * chapters starting a new page without blank versos, a modest indent, no drop capital (they render unevenly
 * across Kindle devices), three asterisks for scene breaks. Crimson Pro 12 pt is the preview font and the
 * EPUB's suggestion; the page is the nominal Kindle screen of `trim-sizes.ts`.
 */
export const kindleOptimized = defineTemplate(
  {
    ...BOOK_LAYOUT_DEFAULTS,
    id: 'kindle-optimized',
    name: 'Kindle Optimized',
    trimSizeId: 'kindle',
    trimWidthIn: trimSizes.kindle.widthIn,
    trimHeightIn: trimSizes.kindle.heightIn,
    mirrorMargins: false,
    marginTopIn: 0.25,
    marginBottomIn: 0.25,
    marginInsideIn: 0.25,
    marginOutsideIn: 0.25,
    headerDistanceIn: 0.25,
    footerDistanceIn: 0.25,
    fontFamily: 'Crimson Pro',
    headingFontFamily: 'Crimson Pro',
    fontSizePt: 12,
    lineHeight: 1.4,
    paragraphIndentEm: indentEm(0.1875, 12),
    hyphenate: false,
    chapterOpensRecto: false,
    chapterSinkIn: 0.5,
    runningHeads: false,
    runningHeadVerso: 'none',
    runningHeadRecto: 'none',
    folioPosition: 'none',
    romanFrontMatterFolios: false,
  },
  'Reflowable layout for Kindle and other e-readers: no page furniture, clean chapter breaks, device-friendly typography.',
  'general',
);
