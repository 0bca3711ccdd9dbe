/**
 * Defaults the built-in layouts start from, in one place: a two-sided print book, and a one-sided academic
 * paper on US Letter. Each template and style guide spreads one of these and states everything that makes
 * it what it is.
 */
import type { HeadingLevelStyle, Layout } from './layout.ts';
import { trimSizes } from './trim-sizes.ts';

/** The fields every layout states itself (identity, page, type). */
type OwnFields = 'id' | 'name' | 'trimSizeId' | 'trimWidthIn' | 'trimHeightIn' | 'marginTopIn' | 'marginBottomIn' | 'marginInsideIn' | 'marginOutsideIn' | 'fontFamily' | 'fontSizePt' | 'lineHeight';

/**
 * A two-sided print book: no bleed, white paper, mirrored margins, heads 0.4 in and folios 0.35 in from the
 * edge (inside KDP's 0.25 in minimum, inside every built-in top/bottom margin), justified and hyphenated,
 * chapters opening on a recto with no head or folio, roman folios in the front matter, the first paragraph
 * flush (Bringhurst 2.3.2), author on versos and book title on rectos, curly-quote dialogue and italics.
 */
export const BOOK_LAYOUT_DEFAULTS: Omit<Layout, OwnFields> = {
  bleedIn: 0,
  paper: 'white',
  mirrorMargins: true,
  headerDistanceIn: 0.4,
  footerDistanceIn: 0.35,
  headingFontFamily: 'Tinos',
  monoFontFamily: 'JetBrains Mono',
  fontFallback: 'serif',
  paragraphIndentEm: 1.5,
  indentFirstParagraph: false,
  paragraphSpacingPt: 0,
  quoteIndentIn: 0.375,
  justify: true,
  hyphenate: true,
  chapterBreak: 'page-break',
  chapterOpensRecto: true,
  chapterTitleFormat: 'centered',
  chapterNumberStyle: 'arabic',
  chapterSinkIn: 1.25,
  dropCapLines: 0,
  smallCapsLeadIn: false,
  sceneBreak: 'asterisks',
  ornament: '*',
  dialogueFormat: 'standard',
  emphasisStyle: 'italic',
  runningHeads: true,
  runningHeadVerso: 'author',
  runningHeadRecto: 'book-title',
  runningHeadCase: 'as-is',
  runningFeet: false,
  folioPosition: 'bottom-center',
  romanFrontMatterFolios: true,
  folioOnOpeningPage: false,
  academic: null,
};

/**
 * A one-sided academic paper: US Letter (A4 selectable through the settings' page size), left/right margins
 * not mirrored, Times New Roman 12 pt (Tinos), double spacing, flush left and not hyphenated, every paragraph
 * indented 0.5 in, no blank versos, page numbers on every page (APA 7th ed. 2.18-2.24; MLA Handbook 9th ed.
 * 1.1-1.4; Turabian 9th ed. A.1). Each style guide sets its margins, page number, head and academic flags.
 */
export const ACADEMIC_LAYOUT_DEFAULTS: Omit<Layout, 'id' | 'name' | 'marginTopIn' | 'marginBottomIn' | 'marginInsideIn' | 'marginOutsideIn' | 'academic'> = {
  trimSizeId: 'letter',
  trimWidthIn: trimSizes.letter.widthIn,
  trimHeightIn: trimSizes.letter.heightIn,
  bleedIn: 0,
  paper: 'white',
  mirrorMargins: false,
  headerDistanceIn: 0.5,
  footerDistanceIn: 0.5,
  fontFamily: 'Tinos',
  headingFontFamily: 'Tinos',
  monoFontFamily: 'JetBrains Mono',
  fontFallback: 'serif',
  fontSizePt: 12,
  lineHeight: 2,
  // 0.5 in at 12 pt (APA 7th ed. 2.24; MLA 9th ed. 1.2).
  paragraphIndentEm: 3,
  indentFirstParagraph: true,
  paragraphSpacingPt: 0,
  quoteIndentIn: 0.5,
  justify: false,
  hyphenate: false,
  chapterBreak: 'page-break',
  chapterOpensRecto: false,
  chapterTitleFormat: 'centered',
  chapterNumberStyle: 'none',
  chapterSinkIn: 0,
  dropCapLines: 0,
  smallCapsLeadIn: false,
  sceneBreak: 'blank-line',
  ornament: '*',
  dialogueFormat: 'standard',
  emphasisStyle: 'italic',
  runningHeads: false,
  runningHeadVerso: 'none',
  runningHeadRecto: 'none',
  runningHeadCase: 'as-is',
  runningFeet: false,
  folioPosition: 'top-right',
  romanFrontMatterFolios: false,
  folioOnOpeningPage: true,
};

/** Shorthand for a heading level of a style guide. */
export function headingLevel(align: HeadingLevelStyle['align'], bold: boolean, italic: boolean, runIn = false, letterCase: HeadingLevelStyle['case'] = 'title'): HeadingLevelStyle {
  return { align, bold, italic, case: letterCase, runIn };
}
