/**
 * Word styles of the DOCX writer, computed from the layout. Every paragraph the writer emits carries one of these
 * styles and no direct formatting, so an editor restyles the whole book by changing a style.
 *
 * Style scheme (style id -> use):
 * - `Title`, `Subtitle`: title page (title, author); `Imprint`: publisher and year.
 * - `PartTitle` ("Part Title", outline level 1): part title pages.
 * - `Heading1`: chapter titles, and titles of front/back-matter sections (each is a top-level unit that opens a
 *   page, as Kindle Create and Word's navigation pane expect). `Heading2`–`Heading6`: sub-headings inside a unit
 *   (model heading level n -> `Heading{n}`).
 * - `BodyText` ("Body Text"): paragraphs, first-line indent; `FirstParagraph` ("First Paragraph"): the paragraph
 *   after a title, sub-heading or scene break, no indent (Chicago 2.13).
 * - `Verse`: one paragraph per stanza, lines separated by line breaks. `BlockText` ("Block Text"): block quotes.
 * - `SceneBreak` ("Scene Break"): the centred `* * *`. `Caption`: figure captions. `ListParagraph`: lists.
 * - `Speaker`: a speaker's name above the speech (small capitals); `StageDirection` ("Stage Direction"): italic,
 *   indented; `Dateline`, `Signature`: a letter's date and signature, flush right; `Salutation`: flush left.
 * - `FootnoteText`, `Header`, `Footer`.
 *
 * Units: twips (1/20 pt, 1440 per inch) for lengths, half-points for font sizes (OOXML §17.3.2.38 `sz`).
 */
import { AlignmentType, LineRuleType, type IStylesOptions } from 'docx';
import type { Layout } from '../../layout/layout.ts';

/** Style ids used by the writer (see the module comment for the scheme). */
export const STYLE = {
  title: 'Title',
  subtitle: 'Subtitle',
  imprint: 'Imprint',
  partTitle: 'PartTitle',
  bodyText: 'BodyText',
  firstParagraph: 'FirstParagraph',
  verse: 'Verse',
  blockText: 'BlockText',
  sceneBreak: 'SceneBreak',
  caption: 'Caption',
  listParagraph: 'ListParagraph',
  footnoteText: 'FootnoteText',
  speaker: 'Speaker',
  stageDirection: 'StageDirection',
  dateline: 'Dateline',
  salutation: 'Salutation',
  signature: 'Signature',
  header: 'Header',
  footer: 'Footer',
} as const;

/** Twips per point. */
const PT = 20;

/** Half-points of a size in points (`sz` unit). */
export function halfPoints(pt: number): number {
  return Math.round(pt * 2);
}

/** `w:spacing/@w:line` for a line height multiple (240 = single line, lineRule auto: OOXML §17.3.1.33). */
export function lineSpacing(layout: Layout): number {
  return Math.round(240 * layout.lineHeight);
}

/**
 * The styles part options for `new Document({ styles })`: document defaults (layout font, size, line spacing,
 * no spacing after paragraphs) and the paragraph styles of the scheme above.
 */
export function docxStyles(layout: Layout): IStylesOptions {
  const size = layout.fontSizePt;
  const line = lineSpacing(layout);
  const indent = Math.round(layout.paragraphIndentEm * size * PT);
  const justified = layout.justify ? AlignmentType.JUSTIFIED : AlignmentType.LEFT;
  const heading = (pt: number, before: number, after: number, italics = false) => ({
    run: { font: layout.fontFamily, size: halfPoints(pt), color: '000000', bold: false, italics },
    paragraph: { alignment: AlignmentType.CENTER, spacing: { before, after }, keepNext: true, keepLines: true },
  });
  return {
    default: {
      document: {
        run: { font: layout.fontFamily, size: halfPoints(size) },
        paragraph: { spacing: { line, lineRule: LineRuleType.AUTO, before: 0, after: 0 } },
      },
      title: {
        run: { font: layout.fontFamily, size: halfPoints(size * 2.4), color: '000000' },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 2880, after: 480 } },
      },
      // Chapter titles sink about an inch down the opening page (Chicago 1.55 "display type").
      heading1: heading(size * 1.6, 1440, 720),
      heading2: heading(size * 1.25, 480, 240),
      heading3: heading(size * 1.1, 360, 180, true),
      heading4: heading(size, 240, 120, true),
      heading5: heading(size, 240, 120, true),
      heading6: heading(size, 240, 120, true),
      listParagraph: { paragraph: { indent: { left: 720 } } },
      caption: {
        run: { italics: true, size: halfPoints(size - 1), color: '000000' },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 120, after: 240 } },
      },
    },
    paragraphStyles: [
      {
        id: STYLE.subtitle, name: 'Subtitle', basedOn: 'Normal', next: 'Normal', quickFormat: true,
        run: { size: halfPoints(size * 1.4) }, paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 1440 } },
      },
      {
        id: STYLE.imprint, name: 'Imprint', basedOn: 'Normal', next: 'Normal', quickFormat: true,
        run: { size: halfPoints(size) }, paragraph: { alignment: AlignmentType.CENTER },
      },
      {
        id: STYLE.partTitle, name: 'Part Title', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
        run: { size: halfPoints(size * 2) },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 2880, after: 720 }, outlineLevel: 0, keepNext: true },
      },
      {
        id: STYLE.bodyText, name: 'Body Text', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
        paragraph: {
          alignment: justified,
          indent: { firstLine: indent },
          spacing: { after: Math.round(layout.paragraphSpacingPt * PT) },
        },
      },
      {
        id: STYLE.firstParagraph, name: 'First Paragraph', basedOn: STYLE.bodyText, next: STYLE.bodyText, quickFormat: true,
        paragraph: { indent: { firstLine: 0 } },
      },
      {
        id: STYLE.verse, name: 'Verse', basedOn: 'Normal', next: STYLE.verse, quickFormat: true,
        paragraph: { alignment: AlignmentType.LEFT, indent: { left: 720 }, spacing: { after: line }, keepLines: true },
      },
      {
        id: STYLE.blockText, name: 'Block Text', basedOn: 'Normal', next: STYLE.blockText, quickFormat: true,
        paragraph: { alignment: justified, indent: { left: 720, right: 720 }, spacing: { before: 120, after: 120 } },
      },
      {
        id: STYLE.sceneBreak, name: 'Scene Break', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true,
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: line, after: line }, keepNext: true },
      },
      {
        id: STYLE.speaker, name: 'Speaker', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true,
        run: { smallCaps: true }, paragraph: { alignment: AlignmentType.LEFT, spacing: { before: 120 }, keepNext: true },
      },
      {
        id: STYLE.stageDirection, name: 'Stage Direction', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
        run: { italics: true }, paragraph: { alignment: AlignmentType.LEFT, indent: { left: 720 }, spacing: { before: 120, after: 120 } },
      },
      {
        id: STYLE.dateline, name: 'Dateline', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
        paragraph: { alignment: AlignmentType.RIGHT, spacing: { after: 120 } },
      },
      {
        id: STYLE.salutation, name: 'Salutation', basedOn: 'Normal', next: STYLE.firstParagraph, quickFormat: true,
        paragraph: { alignment: AlignmentType.LEFT, spacing: { after: 120 } },
      },
      {
        id: STYLE.signature, name: 'Signature', basedOn: 'Normal', next: STYLE.bodyText, quickFormat: true,
        paragraph: { alignment: AlignmentType.RIGHT, spacing: { before: 120 } },
      },
      {
        id: STYLE.footnoteText, name: 'footnote text', basedOn: 'Normal', next: STYLE.footnoteText,
        run: { size: halfPoints(size - 2) }, paragraph: { alignment: justified, spacing: { line: 240, lineRule: LineRuleType.AUTO } },
      },
      {
        id: STYLE.header, name: 'header', basedOn: 'Normal',
        run: { size: halfPoints(size - 2) }, paragraph: { alignment: AlignmentType.CENTER },
      },
      {
        id: STYLE.footer, name: 'footer', basedOn: 'Normal',
        run: { size: halfPoints(size - 2) }, paragraph: { alignment: AlignmentType.CENTER },
      },
    ],
  };
}
