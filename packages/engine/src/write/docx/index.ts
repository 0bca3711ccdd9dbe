/**
 * DOCX writer: a {@link BookDocument} as a Word document an editor can restyle (the docx package, OOXML).
 *
 * - Page size and margins from the layout (KDP 6x9: 8640 x 12960 twips), mirrored inside/outside margins.
 * - Real styles and no direct formatting (scheme in `styles.ts`): Title, Heading 1 for chapters and front/back
 *   sections, Part Title for parts, Heading 2–6 for sub-headings, Body Text, First Paragraph, Verse, Block Text.
 * - A title page; each unit in its own section starting on an odd page (`sections.ts`); folios in the footer,
 *   running heads (title on odd, author on even pages), Roman folios in the front matter.
 * - Footnotes as Word footnotes; notes nothing references go in a final "Notes" section.
 * - [ ] images (no image bytes in the model yet), [ ] table of contents field.
 */
import { Document, Packer, Paragraph, Bookmark, TextRun, type ISectionOptions } from 'docx';
import type { Layout } from '../../layout/layout.ts';
import { inlineText, type BookDocument } from '../../model/book-document.ts';
import { bookTitle } from '../html/index.ts';
import { bookUnits, type Unit } from '../html/units.ts';
import { LIST_NUMBERING, renderBlocks, renderNoteBody } from './blocks.ts';
import { inlineRuns } from './inlines.ts';
import { patchPackage } from './package-patch.ts';
import { headersAndFooters, sectionProperties, type SectionRole } from './sections.ts';
import { bookmarkName, createDocxState, docxText, type DocxState } from './state.ts';
import { STYLE, docxStyles } from './styles.ts';

/** Title page paragraphs: title, author, imprint (publisher, year). */
function titlePage(doc: BookDocument): Paragraph[] {
  const out = [new Paragraph({ style: STYLE.title, children: [new TextRun(docxText(bookTitle(doc)))] })];
  const author = doc.meta.author.trim();
  if (author) out.push(new Paragraph({ style: STYLE.subtitle, children: [new TextRun(docxText(author))] }));
  const imprint = [doc.meta.publisher?.trim(), doc.meta.publicationYear?.toString()].filter(Boolean).join(', ');
  if (imprint) out.push(new Paragraph({ style: STYLE.imprint, children: [new TextRun(docxText(imprint))] }));
  return out;
}

/** Title paragraph of a unit (bookmarked for `#id` links); front/back sections without a title get none. */
function unitTitle(unit: Unit, state: DocxState): Paragraph[] {
  const titled = inlineText(unit.title).trim() !== '';
  if (!titled && (unit.kind === 'front' || unit.kind === 'back')) return [];
  const style = unit.kind === 'part' ? STYLE.partTitle : 'Heading1';
  const runs = titled ? inlineRuns(unit.title, state) : [new TextRun(docxText(unit.label))];
  const name = state.bookmarks.get(unit.id) ?? bookmarkName(unit.id);
  return [new Paragraph({ style, children: [new Bookmark({ id: name, children: runs })] })];
}

/**
 * Write `doc` as a `.docx` file.
 *
 * @param doc the book; not modified.
 * @param layout page size and margins (inches -> twips), mirroring, font family and size (pt -> half-points),
 *   line height (multiple -> 240ths of a line), paragraph indent (em) and spacing (pt), justification, chapter
 *   opening (odd page), running heads and folio position.
 * @returns the bytes of the Word document. Created/modified times are fixed (2000-01-01T00:00:00Z) so that the
 *   output is reproducible. Never throws for odd content (missing notes show their id in brackets).
 */
export async function writeDocx(doc: BookDocument, layout: Layout): Promise<Uint8Array> {
  const state = createDocxState(layout, doc.footnotes, renderNoteBody, doc.assets);
  const units = bookUnits(doc);
  for (const u of units) state.bookmarks.set(u.id, bookmarkName(u.id));
  const title = docxText(bookTitle(doc));
  const author = docxText(doc.meta.author.trim());

  const sections: ISectionOptions[] = [{ properties: sectionProperties(layout, 'title'), children: titlePage(doc) }];
  let firstBodySeen = false;
  for (const unit of units) {
    let role: SectionRole = 'body';
    if (unit.kind === 'front') role = 'front';
    else if (!firstBodySeen) {
      role = 'first-body';
      firstBodySeen = true;
    }
    state.afterBreak = true;
    const children = [...unitTitle(unit, state), ...renderBlocks(unit.blocks, state)];
    if (children.length === 0) children.push(new Paragraph({ style: STYLE.bodyText }));
    const section: ISectionOptions = { properties: sectionProperties(layout, role), children };
    sections.push(sections.length === 1 ? { ...section, ...headersAndFooters(layout, title, author) } : section);
  }
  const orphans = Object.keys(doc.footnotes).filter((id) => !state.referenced.has(id));
  if (orphans.length > 0) {
    const children = [new Paragraph({ style: 'Heading1', children: [new TextRun('Notes')] })];
    for (const id of orphans) {
      state.diagnostics.push({ code: 'FOOTNOTE_UNREFERENCED', message: `Footnote "${id}" is never referenced` });
      state.afterBreak = true;
      children.push(...renderBlocks(doc.footnotes[id] ?? [], state));
    }
    const section: ISectionOptions = { properties: sectionProperties(layout, firstBodySeen ? 'body' : 'first-body'), children };
    sections.push(sections.length === 1 ? { ...section, ...headersAndFooters(layout, title, author) } : section);
  }

  const document = new Document({
    title,
    creator: author || undefined,
    lastModifiedBy: author || undefined,
    description: docxText(doc.meta.description?.trim() ?? '') || undefined,
    subject: docxText(doc.meta.subjects?.join(', ') ?? '') || undefined,
    keywords: docxText(doc.meta.keywords?.join(', ') ?? '') || undefined,
    styles: docxStyles(layout),
    numbering: LIST_NUMBERING,
    footnotes: state.footnotes,
    evenAndOddHeaderAndFooters: true,
    // A justified line ending in a manual line break (verse-like lines in prose) is not stretched
    // (OOXML §17.15.3.7 doNotExpandShiftReturn).
    compatibility: { doNotExpandShiftReturn: true },
    sections,
  });
  const bytes = await Packer.toBuffer(document);
  return patchPackage(new Uint8Array(bytes), layout);
}
