/**
 * The pages before the text in the DOCX: a book's title page and its verso (the edition notice), an academic
 * paper's title page or heading block (`academic-front.ts`), and the contents page as Word's TOC
 * field.
 */
import { InternalHyperlink, LeaderType, PageBreak, PageReference, Paragraph, Tab, TabStopType, TextRun } from 'docx';
import type { ContentsPlan } from '../contents-plan.ts';
import type { Layout } from '../../layout/layout.ts';
import { baselineStepPt } from '../../layout/line-spacing.ts';
import type { BookDocument } from '../../model/book-document.ts';
import type { AcademicFront, AcademicLine } from '../academic-front.ts';
import { copyrightPageLines, titlePageText } from '../imprint.ts';
import { docxText } from './state.ts';
import { STYLE } from './styles.ts';

/**
 * A book's title page (Chicago Manual of Style 17th ed. 1.18: title, subtitle, author, the contributors' credits,
 * the edition) and the copyright page on its verso (1.19-1.22: rights, source, publisher, ISBN, printing line),
 * both from `imprint.ts`.
 */
export function bookTitlePage(doc: BookDocument): Paragraph[] {
  const page = titlePageText(doc.meta);
  const out = [new Paragraph({ style: STYLE.title, children: [new TextRun(docxText(page.title))] })];
  if (page.subtitle) out.push(new Paragraph({ style: STYLE.titlePageLine, children: [new TextRun({ text: docxText(page.subtitle), italics: true })] }));
  if (page.author) out.push(new Paragraph({ style: STYLE.subtitle, children: [new TextRun(docxText(page.author))] }));
  for (const credit of page.credits) out.push(new Paragraph({ style: STYLE.titlePageLine, children: [new TextRun(docxText(credit))] }));
  if (page.edition) out.push(new Paragraph({ style: STYLE.titlePageLine, children: [new TextRun({ text: docxText(page.edition), smallCaps: true })] }));
  out.push(new Paragraph({ children: [new PageBreak()] }));
  copyrightPageLines(doc.meta, { print: true }).forEach((group, i) => {
    if (i > 0) out.push(new Paragraph({ style: STYLE.imprint }));
    for (const line of group) out.push(new Paragraph({ style: STYLE.imprint, children: [new TextRun({ text: docxText(line.text), italics: line.italic })] }));
  });
  return out;
}

/** Lines of an academic title page or heading block in `style`; the bold line is the title. */
function lines(items: readonly AcademicLine[], style: string): Paragraph[] {
  const out: Paragraph[] = [];
  for (const line of items) {
    for (let i = 0; i < (line.blankBefore ?? 0); i++) out.push(new Paragraph({ style }));
    out.push(new Paragraph({ style, children: [new TextRun({ text: docxText(line.text), bold: line.bold })] }));
  }
  return out;
}

/**
 * An academic title page: the lines centred, in the upper half of the page (APA 7th ed. 2.3: three or four
 * lines down) or a third of the way down (Turabian A.2.1), as empty double-spaced lines before them.
 */
export function academicTitlePage(front: Required<AcademicFront>['titlePage'], layout: Layout): Paragraph[] {
  const lineIn = baselineStepPt(layout) / 72;
  const drop = front.position === 'third' ? (layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn) / 3 : 1;
  const blank = Math.max(0, Math.round(drop / lineIn));
  return [...Array.from({ length: blank }, () => new Paragraph({ style: STYLE.titlePageLine })), ...lines(front.lines, STYLE.titlePageLine)];
}

/** MLA's heading block and the centred title that opens the first page (MLA Handbook 9th ed. 1.3). */
export function headingBlock(front: Required<AcademicFront>['headingBlock']): Paragraph[] {
  return [...lines(front.lines, STYLE.headingBlock), new Paragraph({ style: STYLE.titlePageLine, children: [new TextRun(docxText(front.title))] })];
}

/** One line of the contents: its level (1: a part or top-level unit, 2: a chapter inside a part), text and bookmark. */
export interface DocxContentsEntry {
  level: 1 | 2;
  label: string;
  bookmark: string;
}

/**
 * The contents page (Chicago 1.42): the `TOC Heading`, then a line per entry in the `toc 1` / `toc 2` styles (a
 * chapter inside a part one level down; the parts alone when the contents list the parts only, `contents-plan.ts`):
 * the title linked to its heading's bookmark, a dot leader to a right tab at the measure, and a PAGEREF field to
 * that bookmark. Not a TOC field: LibreOffice shows a TOC field's result as it was written and does not update it
 * when it opens a file, so its page numbers would be blank, while it lays out each PAGEREF with the page its
 * heading is on; the fields are marked dirty, so Word updates them when it opens the file. Entries are ragged, a
 * long title turned over with a hanging indent (the TOC styles, `styles.ts`).
 * @param textWidthIn the measure, inches: where the page numbers align.
 */
export function contentsPage(entries: readonly DocxContentsEntry[], plan: ContentsPlan, textWidthIn: number): Paragraph[] {
  const width = Math.round(textWidthIn * 1440);
  const listed = plan === 'parts' ? entries.filter((e) => e.level === 1) : entries;
  const lines = listed.map(
    (entry) =>
      new Paragraph({
        style: entry.level === 1 ? STYLE.toc1 : STYLE.toc2,
        tabStops: [{ type: TabStopType.RIGHT, position: width, leader: LeaderType.DOT }],
        children: [
          new InternalHyperlink({ anchor: entry.bookmark, children: [new TextRun(docxText(entry.label))] }),
          new TextRun({ children: [new Tab()] }),
          new PageReference(entry.bookmark, { hyperlink: true }),
        ],
      }),
  );
  return [new Paragraph({ style: STYLE.tocHeading, children: [new TextRun('Contents')] }), ...lines];
}
