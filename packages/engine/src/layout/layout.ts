/**
 * Layout: everything a writer needs to know about the page and the type, as plain data.
 * Templates (`templates/<id>.ts`) and style guides (`style-guides/<id>.ts`) are values of this type; the
 * workspace spec's settings fields map onto it one to one (`settings.ts`).
 * Units are in the field names: inches (`In`), points (`Pt`, 1/72 in), em (`Em`, the body font size).
 *
 * Writers' status (what each honours today) is listed in ARCHITECTURE.md; fields added for publisher-grade
 * typesetting are documented with the behaviour every writer must give them.
 */
import type { TrimSizeId, PaperType } from './trim-sizes.ts';

/** Where the folio (page number) sits. `*-outside` alternate with the page side (recto right, verso left). */
export type FolioPosition =
  | 'top-center'
  | 'top-right'
  | 'bottom-center'
  | 'bottom-right'
  | 'bottom-outside'
  | 'top-outside'
  | 'none';

/** What a running head (or running foot) shows. `short-title` is the book's short title (APA's running head). */
export type RunningHeadContent = 'author' | 'author-surname' | 'book-title' | 'short-title' | 'chapter-title' | 'none';

/**
 * How chapters follow one another (workspace spec section 3, `chapterBreakType`):
 * `page-break`: each chapter starts a new page (a recto when `chapterOpensRecto`);
 * `line-break`: the chapter follows on the same page after blank space (two lines);
 * `decorative`: the chapter follows on the same page after the layout's `ornament`, centred.
 */
export type ChapterBreak = 'page-break' | 'line-break' | 'decorative';

/**
 * How the chapter title is set (spec `chapterTitleFormat`): `centered`; `left` (flush left, ragged);
 * `decorated` (centred, with the layout's `ornament` under the title).
 */
export type ChapterTitleFormat = 'centered' | 'left' | 'decorated';

/** How the chapter number is shown above the title (spec `chapterNumberStyle`): `CHAPTER IV`, `Chapter 4`, or not at all. */
export type ChapterNumberStyle = 'roman' | 'arabic' | 'none';

/**
 * How dialogue is punctuated (spec `dialogueFormat`). Writers change punctuation only, never words:
 * `standard`: as written (curly quotation marks from cleanup);
 * `french`: « guillemets » with no-break thin spaces inside, as in French typography;
 * `minimal`: an em dash opens each speech and closing quotation marks are dropped (Joyce, Gaddis).
 */
export type DialogueFormat = 'standard' | 'french' | 'minimal';

/** How `emphasis` inlines are rendered (spec `emphasisStyle`). */
export type EmphasisStyle = 'italic' | 'bold' | 'underline';

/** How a scene break is shown: the layout's `ornament`, a blank line, or three spaced asterisks. */
export type SceneBreakStyle = 'ornament' | 'blank-line' | 'asterisks';

/**
 * Style of one heading level inside a chapter (APA Publication Manual 7th ed., section 2.27, Table 2.3):
 * `align` `indent` means indented 0.5 in like a paragraph; `runIn` headings end with a period and the
 * paragraph text continues on the same line (APA levels 4 and 5).
 */
export interface HeadingLevelStyle {
  align: 'center' | 'left' | 'indent';
  bold: boolean;
  italic: boolean;
  /** `title`: Title Case; `sentence`: Sentence case; `as-is`: as typed; `uppercase`: ALL CAPS. */
  case: 'title' | 'sentence' | 'as-is' | 'uppercase';
  runIn: boolean;
}

/**
 * Title page of an academic paper:
 * `apa-student`: title, author, affiliation (department, university), course number and name, instructor,
 * due date, centred in the upper half (APA 7th ed. 2.3);
 * `apa-professional`: title, authors, affiliations, author note (APA 7th ed. 2.3, 2.7);
 * `chicago`: title a third down the page, name, course, date lower down (Turabian 9th ed., the student version of Chicago, A.2.1);
 * `harvard`: title, author, course, institution, date centred;
 * `none`: no title page (MLA 9th ed.: a heading block on the first page instead).
 */
export type AcademicTitlePage = 'apa-student' | 'apa-professional' | 'chicago' | 'harvard' | 'none';

/** Citation system of an academic layout: author-date (APA, Harvard), author-page (MLA), notes-bibliography (Chicago). */
export type CitationSystem = 'author-date' | 'author-page' | 'notes-bibliography';

/** What an academic style guide adds to a book layout. `null` on book layouts. */
export interface AcademicLayout {
  /** The style guide this follows. */
  guide: 'apa-7' | 'mla-9' | 'chicago' | 'harvard';
  titlePage: AcademicTitlePage;
  /** MLA's heading block (name, instructor, course, date) flush left on the first page (MLA Handbook 9th ed. 1.3). */
  headingBlock: boolean;
  /** An abstract on its own page after the title page (APA 7th ed. 2.9). */
  abstract: boolean;
  tableOfContents: boolean;
  acknowledgments: boolean;
  appendices: boolean;
  citations: CitationSystem;
  /** Notes at the foot of the page (`footnotes`) or collected before the bibliography (`endnotes`). */
  notes: 'footnotes' | 'endnotes';
  /** Name of the list of sources: `References`, `Works Cited`, `Bibliography`, `Reference List`. */
  bibliographyTitle: string;
  /** Section headings by level, level 1 first (APA: five levels). Empty: the book headings of the layout. */
  headingLevels: readonly HeadingLevelStyle[];
  /** Section headings carry decimal numbers (1, 1.1, 1.1.1), as theses often do; APA, MLA and Chicago papers do not. */
  numberedHeadings: boolean;
  /**
   * How figures, tables and equations are numbered: `continuous` through the paper (Table 1, 2, 3: APA 7th ed.
   * 7.4, MLA 9th ed. 1.7) or `by-chapter` (Table 2.4: double numeration, Chicago 17th ed. 3.9, as theses with
   * numbered sections set them).
   */
  captionNumbering: 'continuous' | 'by-chapter';
}

export interface Layout {
  /** Stable id, e.g. `kdp-6x9`. */
  id: string;
  name: string;
  /** Trim size id (`trim-sizes.ts`); `trimWidthIn`/`trimHeightIn` are its dimensions (or the custom ones). */
  trimSizeId: TrimSizeId;
  /** Trim size of the finished page, inches. */
  trimWidthIn: number;
  trimHeightIn: number;
  /**
   * Bleed, inches: 0 (no bleed) or KDP's 0.125, added to the top, bottom and outside edges of the PDF page
   * (never the binding edge; KDP "Set Trim Size, Bleed, and Margins"). See `pageSizeWithBleed`.
   */
  bleedIn: number;
  /** Paper and ink of a KDP paperback; sets the page-count limit (`trim-sizes.ts`). */
  paper: PaperType;
  marginTopIn: number;
  marginBottomIn: number;
  /** Inside (gutter side) margin; equals the left margin when `mirrorMargins` is false. */
  marginInsideIn: number;
  /** Outside margin; equals the right margin when `mirrorMargins` is false. */
  marginOutsideIn: number;
  /**
   * Two-sided print layouts mirror inside/outside on recto and verso pages; one-sided layouts (academic
   * papers, ebooks) keep the left margin `marginInsideIn` and the right margin `marginOutsideIn` on every page.
   */
  mirrorMargins: boolean;
  /**
   * Distance from the top trim edge to the top of the running head's line, inches (Word's "header from edge").
   * Must be at least KDP's edge minimum and leave the head inside the top margin.
   */
  headerDistanceIn: number;
  /** Distance from the bottom trim edge to the bottom of the footer's line (folio, running foot), inches. */
  footerDistanceIn: number;
  /** Body font family as shipped with Quire (`fonts.ts`; the Typst writer embeds it). */
  fontFamily: string;
  /** Family of chapter titles, running heads and headings (`fonts.ts`); may equal `fontFamily`. */
  headingFontFamily: string;
  /** Family of code and monospaced text (`fonts.ts`). */
  monoFontFamily: string;
  /** CSS generic fallback for HTML/EPUB; also the spec's settings `fontFamily` (serif, sans-serif, monospace). */
  fontFallback: 'serif' | 'sans-serif' | 'monospace';
  fontSizePt: number;
  /**
   * Line height as a multiple of the font size (1.15 = 115 %). 2 is "double spacing" as the style guides mean
   * it (APA 7th ed. 2.21, MLA 9th ed. 1.2): writers mapping to Word use line spacing "double", not 2x the font size.
   */
  lineHeight: number;
  /** First-line indent of paragraphs, in em; see `indentFirstParagraph`. */
  paragraphIndentEm: number;
  /**
   * Whether the first paragraph after a heading or scene break is indented too. Book typography leaves it
   * flush (Bringhurst, The Elements of Typographic Style, 2.3.2); APA 7th ed. 2.24 and MLA 9th ed. 1.2 indent every paragraph.
   */
  indentFirstParagraph: boolean;
  /** Extra space between paragraphs, in points. */
  paragraphSpacingPt: number;
  /** Left (and right) indent of block quotations, inches (spec `quoteIndent`). */
  quoteIndentIn: number;
  justify: boolean;
  /** Language-aware hyphenation of justified text (the book's language). */
  hyphenate: boolean;
  /** How chapters follow one another; see {@link ChapterBreak}. */
  chapterBreak: ChapterBreak;
  /** With `chapterBreak: 'page-break'`: chapters open on a recto (odd) page, leaving a blank verso when needed. */
  chapterOpensRecto: boolean;
  chapterTitleFormat: ChapterTitleFormat;
  chapterNumberStyle: ChapterNumberStyle;
  /** Space from the top margin down to the chapter number/title on a chapter's opening page ("sink"), inches. */
  chapterSinkIn: number;
  /** Height of the drop capital opening a chapter, in lines; 0 for none (spec `dropCapital`). */
  dropCapLines: number;
  /** The first words of a chapter's first line set in small caps (a "lead-in"), after the drop cap if any. */
  smallCapsLeadIn: boolean;
  sceneBreak: SceneBreakStyle;
  /**
   * Ornament glyph for `decorative` chapter breaks, `decorated` titles and `ornament` scene breaks. It must
   * exist in `fontFamily` (a test checks each built-in layout), because the Typst writer never falls back to
   * a host font.
   */
  ornament: string;
  dialogueFormat: DialogueFormat;
  emphasisStyle: EmphasisStyle;
  /** Running heads shown at all (spec `includeHeaders`); their content is `runningHeadVerso`/`runningHeadRecto`. None on opening pages. */
  runningHeads: boolean;
  /** Content of the running head on verso (even) pages; on one-sided layouts, on every page. */
  runningHeadVerso: RunningHeadContent;
  /** Content of the running head on recto (odd) pages. */
  runningHeadRecto: RunningHeadContent;
  /** Letter case of running heads: APA's professional running head is ALL CAPS (APA 7th ed. 2.8). */
  runningHeadCase: 'as-is' | 'uppercase' | 'small-caps';
  /**
   * Running feet (spec `includeFooters`): the running-head content repeated at the foot of the page beside
   * a bottom folio. Off in every built-in layout.
   */
  runningFeet: boolean;
  /** Where the folio (page number) sits; `none` when the spec's `includePageNumbers` is false. */
  folioPosition: FolioPosition;
  /**
   * Lower-case roman folios in the front matter, arabic from 1 at the first body page (Chicago Manual of Style,
   * 17th ed., chapter 1, "Page numbers").
   */
  romanFrontMatterFolios: boolean;
  /**
   * A folio on a chapter's opening page (a "drop folio" at the foot). Books leave it off with the running head;
   * academic papers number every page (APA 7th ed. 2.18).
   */
  folioOnOpeningPage: boolean;
  /** Academic flags and heading levels; `null` for book layouts. */
  academic: AcademicLayout | null;
}
