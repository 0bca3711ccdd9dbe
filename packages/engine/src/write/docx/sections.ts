/**
 * Word sections of the DOCX writer: page geometry from the layout, folios and running heads.
 *
 * A unit that opens a page (title page, contents, front section, part, chapter with `chapterBreak: page-break`,
 * back section) is its own Word section, so that it starts on a new page — on an odd page (`w:type="oddPage"`,
 * OOXML §17.18.77) when the layout opens chapters on a recto; ebook and academic layouts start the next page.
 * Each section has a different first page (`w:titlePg`): opening pages carry no running head, and a folio only
 * when the layout keeps one there (`folioOnOpeningPage`). Headers and footers are defined once, on the first
 * section after the title page, and every later section names them too (`section-references.ts`) rather than
 * inheriting them (OOXML §17.10.5). The title page has none.
 */
import {
  AlignmentType,
  Footer,
  Header,
  NoteNumberRestart,
  NumberFormat,
  PageNumber,
  Paragraph,
  SectionType,
  SimpleField,
  TabStopType,
  TextRun,
  type ISectionOptions,
  type ParagraphChild,
} from 'docx';
import type { FolioPosition, Layout } from '../../layout/layout.ts';
import type { BookMeta } from '../../model/book-document.ts';
import { runningHeads } from '../html/running-heads.ts';
import { STYLE } from './styles.ts';
import { docxText } from './state.ts';

/** Twips per inch. */
const INCH = 1440;

/** Twips of a length in inches. */
export function twips(inches: number): number {
  return Math.round(inches * INCH);
}

/**
 * Page size and margins of every section, in twips. Two-sided layouts: `w:mirrorMargins` in settings (patched in
 * by `package-patch.ts`) makes left/right inside/outside (OOXML §17.15.1.57), and the inside margin is written as
 * the outside margin plus a gutter (`w:gutter`, §17.6.11), as Word's and KDP's templates set a binding margin.
 * One-sided layouts keep `marginInsideIn` left and `marginOutsideIn` right on every page, with no gutter.
 * Header and footer sit `headerDistanceIn` / `footerDistanceIn` from the trim edge.
 */
export function pageProperties(layout: Layout) {
  const gutterIn = layout.mirrorMargins ? Math.max(0, layout.marginInsideIn - layout.marginOutsideIn) : 0;
  return {
    size: { width: twips(layout.trimWidthIn), height: twips(layout.trimHeightIn) },
    margin: {
      top: twips(layout.marginTopIn),
      bottom: twips(layout.marginBottomIn),
      left: twips(layout.marginInsideIn - gutterIn),
      right: twips(layout.marginOutsideIn),
      header: twips(layout.headerDistanceIn),
      footer: twips(layout.footerDistanceIn),
      gutter: twips(gutterIn),
    },
  };
}

/** The three slots of a header or footer line: flush left, centred, flush right (tab stops). */
type Slots = [ParagraphChild[], ParagraphChild[], ParagraphChild[]];

const folio = () => new TextRun({ children: [PageNumber.CURRENT] });

/** Slot (0 left, 1 centre, 2 right) and edge of a folio position on an even (verso) or odd (recto) page. */
function folioSlot(position: FolioPosition, side: 'verso' | 'recto'): { top: boolean; slot: 0 | 1 | 2 } | undefined {
  switch (position) {
    case 'bottom-center':
      return { top: false, slot: 1 };
    case 'bottom-right':
      return { top: false, slot: 2 };
    case 'bottom-outside':
      return { top: false, slot: side === 'verso' ? 0 : 2 };
    case 'top-center':
      return { top: true, slot: 1 };
    case 'top-right':
      return { top: true, slot: 2 };
    case 'top-outside':
      return { top: true, slot: side === 'verso' ? 0 : 2 };
    case 'none':
      return undefined;
  }
}

/**
 * The field of a chapter-title running head: the text of the nearest Heading 1 (the chapter's title alone: its label
 * is a paragraph of its own, `index.ts` unitTitle), formatted as the field's first character, that is in the
 * `Running Head` character style like the other head (`\* CHARFORMAT`, Word's general formatting switch).
 * `package-patch.ts` writes it as a complex field whose instruction and result carry that style.
 */
export const CHAPTER_TITLE_FIELD = 'STYLEREF "Heading 1" \\* CHARFORMAT';

/**
 * Runs of a running head: the text in the `Running Head` character style (its letter case), or Word's STYLEREF
 * field for the current chapter's title ({@link CHAPTER_TITLE_FIELD}) with `chapterTitle` as its result, which
 * applications that do not compute the field print; none for an empty head.
 */
function headRuns(text: string | undefined, chapterTitle: string): ParagraphChild[] {
  if (text === undefined) return [new SimpleField(CHAPTER_TITLE_FIELD, docxText(chapterTitle))];
  return text ? [new TextRun({ text: docxText(text), style: STYLE.runningHead })] : [];
}

/**
 * One header or footer paragraph with its three slots separated by tabs to a centre and a right tab stop at
 * the text block's middle and edge.
 */
function slotLine(style: string, slots: Slots, layout: Layout): Paragraph {
  const width = twips(layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn);
  const children: ParagraphChild[] = [...slots[0], new TextRun({ children: ['\t'] }), ...slots[1], new TextRun({ children: ['\t'] }), ...slots[2]];
  return new Paragraph({
    style,
    alignment: AlignmentType.LEFT,
    tabStops: [
      { type: TabStopType.CENTER, position: Math.round(width / 2) },
      { type: TabStopType.RIGHT, position: width },
    ],
    children,
  });
}

/**
 * Header and footer lines of one kind of page.
 * @param head the running head's text (undefined: chapter title), or `null` for no head on this page.
 * @param withFolio whether this page shows its folio.
 * @param chapterTitle the result of a chapter-title head's field ({@link headRuns}).
 */
function pageFurniture(layout: Layout, side: 'verso' | 'recto', head: string | undefined | null, withFolio: boolean, chapterTitle: string): { header: Paragraph; footer: Paragraph } {
  const top: Slots = [[], [], []];
  const bottom: Slots = [[], [], []];
  const where = withFolio ? folioSlot(layout.folioPosition, side) : undefined;
  if (head !== null) {
    const runs = headRuns(head, chapterTitle);
    // Books centre the head (Chicago 1.10); APA sets it flush left (7th ed. 2.8); MLA puts the surname before
    // the page number, flush right (MLA 9th ed. 1.4).
    const slot = !layout.academic ? 1 : layout.academic.guide === 'mla-9' ? 2 : 0;
    top[slot].push(...runs);
    if (slot === 2 && runs.length > 0) top[2].push(new TextRun({ children: [' '] }));
    if (layout.runningFeet) bottom[1].push(...headRuns(head, chapterTitle));
  }
  if (where) (where.top ? top : bottom)[where.slot].push(folio());
  return { header: slotLine(STYLE.header, top, layout), footer: slotLine(STYLE.footer, bottom, layout) };
}

/**
 * Headers and footers per the layout: running heads (`runningHeadVerso` on even pages, `runningHeadRecto` on odd
 * pages; the verso content on every page of one-sided layouts) in the head's letter case, and folios at
 * `folioPosition` (`*-outside` alternate sides). First pages of sections (openings) carry no book running head and
 * a folio only with `folioOnOpeningPage`; academic papers keep their head on every page (APA 2.18, MLA 1.4).
 * @param chapterTitle the result written into a chapter-title head's field: the title the section opens with.
 */
export function headersAndFooters(layout: Layout, meta: BookMeta, chapterTitle = ''): Pick<ISectionOptions, 'headers' | 'footers'> {
  const heads = runningHeads(meta, layout);
  const odd = pageFurniture(layout, 'recto', heads.recto, true, chapterTitle);
  const even = pageFurniture(layout, 'verso', heads.verso, true, chapterTitle);
  const first = pageFurniture(layout, 'recto', layout.academic ? heads.recto : null, layout.folioOnOpeningPage, chapterTitle);
  return {
    headers: { default: new Header({ children: [odd.header] }), even: new Header({ children: [even.header] }), first: new Header({ children: [first.header] }) },
    footers: { default: new Footer({ children: [odd.footer] }), even: new Footer({ children: [even.footer] }), first: new Footer({ children: [first.footer] }) },
  };
}

/** Whether a running head of the layout is the current chapter's title (`chapter-title`, on either page). */
export function hasChapterTitleHead(layout: Layout, meta: BookMeta): boolean {
  const heads = runningHeads(meta, layout);
  return heads.verso === undefined || heads.recto === undefined;
}

/** Where a section sits in the book, for its numbering: title page, front matter, first body section, the rest. */
export type SectionRole = 'title' | 'front' | 'first-body' | 'body';

/**
 * Section properties: page geometry, start type (title page: new page; others: odd page when chapters open on a
 * recto, else next page), different first page, and page numbering — lower-case Roman numerals in the front
 * matter when `romanFrontMatterFolios` and Arabic from 1 at the first body section (Chicago 1.5-1.6); otherwise
 * Arabic from 1 at the title page (APA 7th ed. 2.18: the title page is page 1). Footnotes are numbered from 1 in
 * every section, that is in every chapter, as the PDF and the EPUB number them (Chicago 14.19; OOXML §17.11.19
 * `numRestart` `eachSect`).
 */
export function sectionProperties(layout: Layout, role: SectionRole): ISectionOptions['properties'] {
  const page = pageProperties(layout);
  const type = role === 'title' ? SectionType.NEXT_PAGE : layout.chapterOpensRecto ? SectionType.ODD_PAGE : SectionType.NEXT_PAGE;
  const roman = layout.romanFrontMatterFolios;
  let pageNumbers: { start?: number; formatType: (typeof NumberFormat)[keyof typeof NumberFormat] };
  if (role === 'title') pageNumbers = { start: 1, formatType: roman ? NumberFormat.LOWER_ROMAN : NumberFormat.DECIMAL };
  else if (role === 'front') pageNumbers = { formatType: roman ? NumberFormat.LOWER_ROMAN : NumberFormat.DECIMAL };
  else if (role === 'first-body' && roman) pageNumbers = { start: 1, formatType: NumberFormat.DECIMAL };
  else pageNumbers = { formatType: NumberFormat.DECIMAL };
  return { type, titlePage: true, page: { ...page, pageNumbers }, footnoteProperties: { restart: NoteNumberRestart.EACH_SECTION } };
}
