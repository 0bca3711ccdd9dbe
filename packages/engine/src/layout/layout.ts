/**
 * Layout: everything a writer needs to know about the page and the type, as plain data.
 * Templates and style guides are values of this type (see `kdp-6x9.ts`).
 * Units are in the field names: inches (`In`), points (`Pt`).
 */
export interface Layout {
  /** Stable id, e.g. `kdp-6x9`. */
  id: string;
  name: string;
  /** Trim size of the finished page. */
  trimWidthIn: number;
  trimHeightIn: number;
  marginTopIn: number;
  marginBottomIn: number;
  /** Inside (gutter side) margin; equals the left margin when `mirrorMargins` is false. */
  marginInsideIn: number;
  /** Outside margin; equals the right margin when `mirrorMargins` is false. */
  marginOutsideIn: number;
  /** Print layouts mirror inside/outside on recto and verso pages. */
  mirrorMargins: boolean;
  /** Body font family as shipped with Quire (see `write/typst/fonts.ts`). */
  fontFamily: string;
  /** CSS generic fallback for HTML/EPUB. */
  fontFallback: 'serif' | 'sans-serif' | 'monospace';
  fontSizePt: number;
  /** Line height as a multiple of the font size (1.15 = 115 %). */
  lineHeight: number;
  /** First-line indent of paragraphs, in em; the first paragraph after a heading or scene break is not indented. */
  paragraphIndentEm: number;
  /** Extra space between paragraphs, in points. */
  paragraphSpacingPt: number;
  justify: boolean;
  /** Chapters open on a recto (odd) page, leaving a blank verso when needed. */
  chapterOpensRecto: boolean;
  /** Running heads: author on verso, book title on recto; none on chapter opening pages. */
  runningHeads: boolean;
  /** Where the folio (page number) sits. */
  folioPosition: 'bottom-center' | 'bottom-outside' | 'top-outside' | 'none';
}
