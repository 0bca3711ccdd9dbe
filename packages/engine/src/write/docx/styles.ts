/**
 * Word styles of the DOCX writer, computed from the layout. Every paragraph the writer emits carries one of these
 * styles and no direct formatting, so an editor restyles the whole book by changing a style.
 *
 * Style scheme (style id -> use):
 * - `Title`, `Subtitle`: title page (title, author); `Imprint`: publisher and year. `TitlePageLine`: the lines of
 *   an academic title page (APA 7th ed. 2.3, Turabian A.2.1); `HeadingBlock`: MLA's heading block (MLA 9th ed. 1.3).
 * - `PartTitle` ("Part Title", outline level 1): part title pages.
 * - `Heading1`: chapter titles, and titles of front/back-matter sections (each is a top-level unit that opens a
 *   page, as Kindle Create and Word's navigation pane expect). `Heading2`–`Heading6`: sub-headings inside a unit
 *   (model heading level n -> `Heading{n}`). Academic layouts give Heading 1-5 the style guide's levels
 *   (`academic.headingLevels`: APA 7th ed. 2.27 Table 2.3), book layouts display sizes in the heading family.
 * - `BodyText` ("Body Text"): paragraphs, first-line indent; `FirstParagraph` ("First Paragraph"): the paragraph
 *   after a title, sub-heading or scene break, flush unless the layout indents it (`indentFirstParagraph`).
 * - `Verse`: one paragraph per stanza, lines separated by line breaks. `Quote`: block quotations, indented
 *   `quoteIndentIn` on both sides.
 * - `ChapterLabel` ("Chapter Label"): the number line above a chapter's title (its label or the number the
 *   layout adds), a paragraph of its own so that the running head's STYLEREF "Heading 1" finds the title alone.
 * - `SceneBreak` ("Scene Break"): the layout's mark; `ChapterOrnament` ("Chapter Ornament"): the ornament under a
 *   decorated chapter title. `Caption`: figure captions. `ListParagraph`: lists. `TOCHeading`, `TOC1`, `TOC2`: the
 *   contents page.
 * - `Speaker`: a speaker's name above the speech (small capitals); `StageDirection` ("Stage Direction"): italic,
 *   indented; `Dateline`, `Signature`: a letter's date and signature, flush right; `Salutation`: flush left; `Ending`: the closing `THE END`, centred after a space.
 * - `FootnoteText`, `Header`, `Footer`.
 * - `TableText` ("Table Text"): the text of a table's cells, single spaced, a point smaller, no indent;
 *   `TableHeading` ("Table Heading"): its header rows (bold in books; APA 7 7.12 centres them, not bold);
 *   `TableNote` ("Table Note"): the note below a table (APA 7 7.14, "Note." in italics). `Caption` (Word's built-in
 *   caption style, which its list of figures and list of tables look for): table captions above the table, figure
 *   captions below the picture; on academic layouts flush left at the body size, the label bold and the title
 *   italic (APA 7 7.10, 7.24).
 * - `SourceCode` ("Source Code", pandoc's name for it): code listings in the layout's monospace family, flush
 *   left, single spaced, lightly shaded; `Equation`: a display equation's paragraph, centred; `Figure`: the
 *   paragraph of a figure's picture, centred, kept with its caption.
 * - Character styles: `Emphasis` (the layout's `emphasisStyle`), `ChapterNumber` ("Chapter Number", the number
 *   line above a chapter title), `LeadIn` ("Lead-in", small capitals), `RunningHead` ("Running Head", its case),
 *   `VerbatimChar` ("Verbatim Char", pandoc's name): inline code in the monospace family.
 *
 * Line spacing (OOXML §17.3.1.33): book layouts set every line `lineHeight` x the font size apart (`exact`), as
 * the PDF does; academic layouts use Word's own multiples (`auto`, 240ths of a line), so the style guides'
 * "double spacing" is Word's Double (layout.ts `lineHeight`; APA 7th ed. 2.21, MLA 9th ed. 1.2).
 * Units: twips (1/20 pt, 1440 per inch) for lengths, half-points for font sizes (OOXML §17.3.2.38 `sz`).
 */
import { AlignmentType, LineRuleType, ShadingType, UnderlineType, type IParagraphStyleOptions, type IStylesOptions } from 'docx';
import type { HeadingLevelStyle, Layout } from '../../layout/layout.ts';

/** Style ids used by the writer (see the module comment for the scheme). */
export const STYLE = {
  title: 'Title',
  subtitle: 'Subtitle',
  imprint: 'Imprint',
  titlePageLine: 'TitlePageLine',
  headingBlock: 'HeadingBlock',
  partTitle: 'PartTitle',
  bodyText: 'BodyText',
  firstParagraph: 'FirstParagraph',
  verse: 'Verse',
  quote: 'Quote',
  sceneBreak: 'SceneBreak',
  chapterOrnament: 'ChapterOrnament',
  chapterLabel: 'ChapterLabel',
  caption: 'Caption',
  figure: 'Figure',
  listParagraph: 'ListParagraph',
  footnoteText: 'FootnoteText',
  speaker: 'Speaker',
  stageDirection: 'StageDirection',
  persona: 'Persona',
  dateline: 'Dateline',
  salutation: 'Salutation',
  signature: 'Signature',
  ending: 'Ending',
  header: 'Header',
  footer: 'Footer',
  tocHeading: 'TOCHeading',
  toc1: 'TOC1',
  toc2: 'TOC2',
  emphasis: 'Emphasis',
  chapterNumber: 'ChapterNumber',
  leadIn: 'LeadIn',
  runningHead: 'RunningHead',
  tableText: 'TableText',
  tableHeading: 'TableHeading',
  tableNote: 'TableNote',
  sourceCode: 'SourceCode',
  equation: 'Equation',
  verbatimChar: 'VerbatimChar',
} as const;

/** Twips per point and per inch. */
/** Twips (twentieths of a point, OOXML's unit of indents and spacing) in a point. */
export const PT = 20;
const INCH = 1440;

/** Half-points of a size in points (`sz` unit). */
export function halfPoints(pt: number): number {
  return Math.round(pt * 2);
}

/**
 * Body line spacing (`w:spacing` `line` and `lineRule`): `exact` `lineHeight` x size for book layouts, `auto`
 * 240 x `lineHeight` (Word's multiple; 480 = Double) for academic layouts. See the module comment.
 */
export function lineSpacing(layout: Layout): { line: number; lineRule: (typeof LineRuleType)[keyof typeof LineRuleType] } {
  if (layout.academic) return { line: Math.round(240 * layout.lineHeight), lineRule: LineRuleType.AUTO };
  return { line: Math.round(layout.lineHeight * layout.fontSizePt * PT), lineRule: LineRuleType.EXACT };
}

/** Single spacing for display lines (titles, headings, captions), which must not be cut to the body's exact line. */
const SINGLE = { line: 240, lineRule: LineRuleType.AUTO } as const;

/** A heading of an academic layout (APA 7th ed. 2.27): body size, bold/italic, centred, flush left or indented. */
function academicHeading(level: HeadingLevelStyle, layout: Layout) {
  const indent = level.align === 'indent' ? INCH / 2 : 0;
  return {
    run: { font: layout.headingFontFamily, size: halfPoints(layout.fontSizePt), color: '000000', bold: level.bold, italics: level.italic, allCaps: level.case === 'uppercase' },
    paragraph: {
      alignment: level.align === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT,
      indent: { firstLine: indent },
      spacing: { before: 0, after: 0, ...lineSpacing(layout) },
      keepNext: true,
      keepLines: true,
    },
  };
}

/** The five heading levels' default-style options (Heading 1-6) of a layout. */
function headingStyles(layout: Layout) {
  const size = layout.fontSizePt;
  const titleAlign = layout.chapterTitleFormat === 'left' ? AlignmentType.LEFT : AlignmentType.CENTER;
  const book = (pt: number, before: number, after: number, italics: boolean, alignment: (typeof AlignmentType)[keyof typeof AlignmentType]) => ({
    run: { font: layout.headingFontFamily, size: halfPoints(pt), color: '000000', bold: false, italics },
    paragraph: { alignment, spacing: { before, after, ...SINGLE }, keepNext: true, keepLines: true },
  });
  const levels = layout.academic?.headingLevels ?? [];
  const pick = (i: number, fallback: ReturnType<typeof book>) => (levels[i] ? academicHeading(levels[i], layout) : fallback);
  // The chapter sink (`chapterSinkIn`) is the space above the title on the opening page.
  const sink = Math.round(layout.chapterSinkIn * INCH);
  return {
    heading1: pick(0, book(size * 1.6, sink, Math.round(size * 2 * PT), false, titleAlign)),
    heading2: pick(1, book(size * 1.25, 480, 240, false, AlignmentType.CENTER)),
    heading3: pick(2, book(size * 1.1, 360, 180, true, AlignmentType.CENTER)),
    heading4: pick(3, book(size, 240, 120, true, AlignmentType.CENTER)),
    heading5: pick(4, book(size, 240, 120, true, AlignmentType.CENTER)),
    heading6: book(size, 240, 120, true, AlignmentType.CENTER),
  };
}

/** The `Emphasis` character style's formatting (`emphasisStyle`). */
function emphasisRun(layout: Layout) {
  if (layout.emphasisStyle === 'bold') return { bold: true };
  if (layout.emphasisStyle === 'underline') return { underline: { type: UnderlineType.SINGLE } };
  return { italics: true };
}

/** Paragraph styles of the text block (body, verse, quotations, letters, plays). */
function textStyles(layout: Layout): IParagraphStyleOptions[] {
  const size = layout.fontSizePt;
  const indent = Math.round(layout.paragraphIndentEm * size * PT);
  const justified = layout.justify ? AlignmentType.JUSTIFIED : AlignmentType.LEFT;
  const quoteIndent = Math.round(layout.quoteIndentIn * INCH);
  const twoEm = Math.round(2 * size * PT);
  return [
    {
      id: STYLE.bodyText, name: 'Body Text', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
      paragraph: { alignment: justified, indent: { firstLine: indent }, spacing: { after: Math.round(layout.paragraphSpacingPt * PT) } },
    },
    {
      id: STYLE.firstParagraph, name: 'First Paragraph', basedOn: STYLE.bodyText, next: STYLE.bodyText, quickFormat: true,
      paragraph: { indent: { firstLine: layout.indentFirstParagraph ? indent : 0 } },
    },
    {
      id: STYLE.verse, name: 'Verse', basedOn: 'Normal', next: STYLE.verse, quickFormat: true,
      // One paragraph per verse line, indented 2 em, a long line turned over 2 em further (a hanging indent,
      // Chicago 13.24); the last line of a stanza carries the blank line before the next (`blocks.ts`).
      paragraph: { alignment: AlignmentType.LEFT, indent: { left: 2 * twoEm, hanging: twoEm }, spacing: { after: 0 } },
    },
    {
      id: STYLE.quote, name: 'Quote', basedOn: 'Normal', next: STYLE.quote, quickFormat: true,
      paragraph: { alignment: justified, indent: { left: quoteIndent, right: quoteIndent }, spacing: { before: 120, after: 120 } },
    },
    {
      id: STYLE.sceneBreak, name: 'Scene Break', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true,
      paragraph: { alignment: AlignmentType.CENTER, keepNext: true },
    },
    {
      id: STYLE.speaker, name: 'Speaker', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true,
      // Centred above verse, as plays in verse set it (Chicago 13.45); prose speeches run the name in.
      run: { smallCaps: true }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: Math.round(0.6 * layout.lineHeight * size * PT) }, keepNext: true },
    },
    {
      id: STYLE.stageDirection, name: 'Stage Direction', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
      run: { italics: true }, paragraph: { alignment: AlignmentType.LEFT, indent: { left: 720 } },
    },
    { id: STYLE.dateline, name: 'Dateline', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true, paragraph: { alignment: AlignmentType.RIGHT } },
    { id: STYLE.salutation, name: 'Salutation', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true, paragraph: { alignment: AlignmentType.LEFT } },
    { id: STYLE.ending, name: 'Ending', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: Math.round(size * 2 * PT) }, indent: { firstLine: 0 } } },
    { id: STYLE.signature, name: 'Signature', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true, paragraph: { alignment: AlignmentType.RIGHT } },
    // A person of a play's list of persons: centred, one to a line, as printed plays set their dramatis personae.
    { id: STYLE.persona, name: 'Persona', basedOn: 'Normal', next: STYLE.persona, quickFormat: true, paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 60 } } },
  ];
}

/** Paragraph styles of display matter: title pages, part titles, ornaments, contents, notes, furniture. */
function displayStyles(layout: Layout): IParagraphStyleOptions[] {
  const size = layout.fontSizePt;
  const justified = layout.justify ? AlignmentType.JUSTIFIED : AlignmentType.LEFT;
  const heading = { font: layout.headingFontFamily };
  return [
    {
      id: STYLE.subtitle, name: 'Subtitle', basedOn: 'Normal', next: 'Normal', quickFormat: true,
      run: { ...heading, size: halfPoints(size * 1.4) }, paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 1440, ...SINGLE } },
    },
    {
      id: STYLE.imprint, name: 'Imprint', basedOn: 'Normal', next: 'Normal', quickFormat: true,
      run: { size: halfPoints(size) }, paragraph: { alignment: AlignmentType.CENTER },
    },
    {
      id: STYLE.titlePageLine, name: 'Title Page Line', basedOn: 'Normal', next: STYLE.titlePageLine, quickFormat: true,
      paragraph: { alignment: AlignmentType.CENTER },
    },
    {
      id: STYLE.headingBlock, name: 'Heading Block', basedOn: 'Normal', next: STYLE.headingBlock, quickFormat: true,
      paragraph: { alignment: AlignmentType.LEFT },
    },
    {
      id: STYLE.partTitle, name: 'Part Title', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
      run: { ...heading, size: halfPoints(size * 2) },
      paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 2880, after: 720, ...SINGLE }, outlineLevel: 0, keepNext: true },
    },
    {
      // The chapter's number line above its title: it takes the sink (`chapterSinkIn`), the title follows close.
      id: STYLE.chapterLabel, name: 'Chapter Label', basedOn: 'Normal', next: 'Heading1', quickFormat: true,
      run: { font: layout.headingFontFamily },
      paragraph: {
        alignment: layout.chapterTitleFormat === 'left' ? AlignmentType.LEFT : AlignmentType.CENTER,
        spacing: { before: Math.round(layout.chapterSinkIn * INCH), after: Math.round(size * 0.5 * PT), ...SINGLE },
        indent: { firstLine: 0 },
        keepNext: true,
      },
    },
    {
      id: STYLE.chapterOrnament, name: 'Chapter Ornament', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true,
      run: { size: halfPoints(size * 1.3) }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 0, after: Math.round(size * 2 * PT), ...SINGLE }, keepNext: true },
    },
    {
      id: STYLE.tocHeading, name: 'TOC Heading', basedOn: 'Heading1', next: STYLE.toc1, quickFormat: true,
      paragraph: { outlineLevel: 9 },
    },
    // Contents entries: ragged; a long title turns over with a hanging indent (Chicago 1.42).
    { id: STYLE.toc1, name: 'toc 1', basedOn: 'Normal', next: 'Normal', paragraph: { alignment: AlignmentType.LEFT, spacing: { before: 60 }, indent: { left: 360, hanging: 360 } } },
    { id: STYLE.toc2, name: 'toc 2', basedOn: 'Normal', next: 'Normal', paragraph: { alignment: AlignmentType.LEFT, indent: { left: 720, hanging: 360 } } },
    {
      id: STYLE.footnoteText, name: 'footnote text', basedOn: 'Normal', next: STYLE.footnoteText,
      run: { size: halfPoints(size - 2) }, paragraph: { alignment: justified, spacing: SINGLE },
    },
    { id: STYLE.header, name: 'header', basedOn: 'Normal', run: { size: halfPoints(layout.academic ? size : size - 2) }, paragraph: { alignment: AlignmentType.CENTER, spacing: SINGLE } },
    { id: STYLE.footer, name: 'footer', basedOn: 'Normal', run: { size: halfPoints(layout.academic ? size : size - 2) }, paragraph: { alignment: AlignmentType.CENTER, spacing: SINGLE } },
  ];
}

/** Light grey behind a code listing (Chicago 7.80 sets code apart; pandoc's Source Code is shaded too). */
const CODE_SHADING = 'F2F2F2';

/**
 * Paragraph styles of tables, equations and code listings. Table text and code are single spaced whatever the
 * body's spacing (APA 7 7.13 allows single spacing in a table's body), and never justified or indented.
 */
function blockStyles(layout: Layout): IParagraphStyleOptions[] {
  const size = layout.fontSizePt;
  const small = halfPoints(Math.max(7, size - 1));
  const cell = { alignment: AlignmentType.LEFT, indent: { firstLine: 0, left: 0 }, spacing: { before: 20, after: 20, ...SINGLE } };
  return [
    { id: STYLE.tableText, name: 'Table Text', basedOn: 'Normal', next: STYLE.tableText, quickFormat: true, run: { size: small }, paragraph: cell },
    {
      id: STYLE.tableHeading, name: 'Table Heading', basedOn: STYLE.tableText, next: STYLE.tableText, quickFormat: true,
      run: { bold: !layout.academic }, paragraph: { keepNext: true },
    },
    {
      id: STYLE.tableNote, name: 'Table Note', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
      run: { size: small }, paragraph: { alignment: AlignmentType.LEFT, indent: { firstLine: 0 }, spacing: { before: 80, after: 240, ...SINGLE } },
    },
    {
      id: STYLE.sourceCode, name: 'Source Code', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
      run: { font: layout.monoFontFamily, size: halfPoints(Math.max(7, size - 2)) },
      paragraph: {
        alignment: AlignmentType.LEFT,
        indent: { firstLine: 0, left: 0 },
        spacing: { before: 120, after: 120, ...SINGLE },
        shading: { type: ShadingType.CLEAR, color: 'auto', fill: CODE_SHADING },
      },
    },
    {
      // The paragraph of a figure's picture (pandoc's name), kept with its caption below.
      id: STYLE.figure, name: 'Figure', basedOn: 'Normal', next: STYLE.caption, quickFormat: true,
      paragraph: { alignment: AlignmentType.CENTER, indent: { firstLine: 0 }, spacing: { before: 120, after: 0, ...SINGLE }, keepNext: true },
    },
    {
      id: STYLE.equation, name: 'Equation', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
      paragraph: { alignment: AlignmentType.CENTER, indent: { firstLine: 0 }, spacing: { before: 120, after: 120 } },
    },
  ];
}

/**
 * The styles part options for `new Document({ styles })`: document defaults (layout font, size, line spacing,
 * no spacing between paragraphs), the paragraph styles and the character styles of the scheme above.
 */
export function docxStyles(layout: Layout): IStylesOptions {
  const size = layout.fontSizePt;
  return {
    default: {
      document: {
        run: { font: layout.fontFamily, size: halfPoints(size) },
        paragraph: { spacing: { ...lineSpacing(layout), before: 0, after: 0 } },
      },
      title: {
        run: { font: layout.headingFontFamily, size: halfPoints(layout.academic ? size : size * 2.4), bold: layout.academic !== null, color: '000000' },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: layout.academic ? 0 : 2880, after: 480, ...SINGLE } },
      },
      ...headingStyles(layout),
      listParagraph: { paragraph: { indent: { left: 720 } } },
      caption: layout.academic
        ? {
            // APA 7 7.10: number bold, title italic (as runs), flush left, at the body size and spacing.
            run: { italics: false, size: halfPoints(size), color: '000000' },
            paragraph: { alignment: AlignmentType.LEFT, indent: { firstLine: 0 }, spacing: { before: 240, after: 120 } },
          }
        : {
            run: { italics: true, size: halfPoints(size - 1), color: '000000' },
            paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 120, after: 240, ...SINGLE } },
          },
    },
    paragraphStyles: [...textStyles(layout), ...displayStyles(layout), ...blockStyles(layout)],
    characterStyles: [
      { id: STYLE.emphasis, name: 'Emphasis', basedOn: 'DefaultParagraphFont', quickFormat: true, run: emphasisRun(layout) },
      { id: STYLE.chapterNumber, name: 'Chapter Number', basedOn: 'DefaultParagraphFont', quickFormat: true, run: { size: halfPoints(size * 1.1), characterSpacing: 20 } },
      { id: STYLE.leadIn, name: 'Lead-in', basedOn: 'DefaultParagraphFont', quickFormat: true, run: { smallCaps: true } },
      {
        id: STYLE.runningHead, name: 'Running Head', basedOn: 'DefaultParagraphFont', quickFormat: true,
        run: { smallCaps: layout.runningHeadCase === 'small-caps', allCaps: layout.runningHeadCase === 'uppercase', italics: !layout.academic && layout.runningHeadCase === 'as-is' },
      },
      { id: STYLE.verbatimChar, name: 'Verbatim Char', basedOn: 'DefaultParagraphFont', quickFormat: true, run: { font: layout.monoFontFamily, size: halfPoints(Math.max(7, size - 1)) } },
    ],
  };
}
