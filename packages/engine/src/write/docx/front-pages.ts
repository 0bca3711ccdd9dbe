/**
 * The pages before the text in the DOCX: a book's title page and its verso (the edition notice), an academic
 * paper's title page or heading block (`academic-front.ts`), and the contents page as Word's TOC
 * field.
 */
import { PageBreak, Paragraph, TableOfContents, TextRun } from 'docx';
import type { Layout } from '../../layout/layout.ts';
import { baselineStepPt } from '../../layout/line-spacing.ts';
import type { BookDocument } from '../../model/book-document.ts';
import type { AcademicFront, AcademicLine } from '../academic-front.ts';
import { bookTitle } from '../html/index.ts';
import { docxText } from './state.ts';
import { STYLE } from './styles.ts';

/**
 * A book's title page (title, author) and, when the book has a publisher, year or ISBN, the edition notice on
 * its verso (Chicago Manual of Style 17th ed. 1.19-1.20), at the foot of the page.
 */
export function bookTitlePage(doc: BookDocument): Paragraph[] {
  const out = [new Paragraph({ style: STYLE.title, children: [new TextRun(docxText(bookTitle(doc)))] })];
  const author = doc.meta.author.trim();
  if (author) out.push(new Paragraph({ style: STYLE.subtitle, children: [new TextRun(docxText(author))] }));
  const notice = [doc.meta.publisher?.trim(), doc.meta.publicationYear?.toString(), doc.meta.isbn?.trim() ? `ISBN ${doc.meta.isbn.trim()}` : '']
    .filter((l): l is string => !!l);
  if (notice.length > 0) {
    out.push(new Paragraph({ children: [new PageBreak()] }));
    for (const line of notice) out.push(new Paragraph({ style: STYLE.imprint, children: [new TextRun(docxText(line))] }));
  }
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

/**
 * The contents page: the `TOC Heading` and Word's TOC field over Heading 1 and Part Title paragraphs, with
 * hyperlinks (`TOC \o "1-1" \h \u \t "Part Title,1"`). docx writes the entries from the headings, linked to their
 * bookmarks, so the page is not empty in applications that do not update fields; the field is marked dirty, so
 * Word fills in the page numbers when it opens the file.
 */
export function contentsPage(): (Paragraph | TableOfContents)[] {
  return [
    new Paragraph({ style: STYLE.tocHeading, children: [new TextRun('Contents')] }),
    new TableOfContents('Contents', { hyperlink: true, headingStyleRange: '1-1', useAppliedParagraphOutlineLevel: true, stylesWithLevels: [{ styleName: 'Part Title', level: 1 }] }),
  ];
}
