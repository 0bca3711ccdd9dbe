/**
 * DOCX writer: a {@link BookDocument} as a Word document an editor can restyle (the docx package, OOXML).
 *
 * - Page size (the trim) and margins from the layout (KDP 6x9: 8640 x 12960 twips), mirrored with a gutter on
 *   two-sided layouts, left/right on one-sided ones; the layout's fonts embedded so Word and LibreOffice set the
 *   same metrics as the PDF (`package-patch.ts`).
 * - Real styles and no direct formatting (scheme in `styles.ts`): Title, Heading 1 for chapters and front/back
 *   sections (the style guide's levels on academic layouts), Part Title, Heading 2–6, Body Text, First Paragraph,
 *   Verse, Quote, character styles for emphasis, chapter numbers, lead-ins and running heads.
 * - A title page (or the academic opening: APA title page, Chicago/Harvard title page, MLA heading
 *   block), a contents page as a TOC field, each unit in its own section starting on an odd page on print layouts
 *   (`sections.ts`); folios as PAGE fields where the layout puts them, running heads as it says.
 * - Footnotes as Word footnotes; notes nothing references go in a final "Notes" section.
 * - Images, tables (`tables.ts`), equations as Office Math (`math.ts`), code listings, captions with SEQ fields and
 *   cross-references as REF fields (`fields.ts`): see `blocks.ts`. Numbers come from `write/numbering.ts`.
 */
import { Document, Packer, Paragraph, Bookmark, TextRun, type ISectionOptions, type ParagraphChild } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import type { Layout } from '../../layout/layout.ts';
import { allChapters, inlineText, type BookDocument, type Inline } from '../../model/book-document.ts';
import { Diagnostics } from '../../model/diagnostics.ts';
import type { DocumentNumbering } from '../../model/numbering.ts';
import { numberingFor } from '../numbering.ts';
import { academicFront, type AcademicFront } from '../academic-front.ts';
import { bookTitle, hasContentsPage } from '../html/index.ts';
import { chapterHeading, isNumberedChapter } from '../layout-text.ts';
import { bookUnits, chapterTitleOrFallback, type Unit } from '../html/units.ts';
import { LIST_NUMBERING, renderBlocks, renderNoteBody, type DocxBlock } from './blocks.ts';
import { inlineRuns } from './inlines.ts';
import { contentsPlan } from '../contents-plan.ts';
import { academicTitlePage, bookTitlePage, contentsPage, headingBlock, type DocxContentsEntry } from './front-pages.ts';
import { patchPackage, type PackageFiles } from './package-patch.ts';
import { hasChapterTitleHead, headersAndFooters, sectionProperties, type SectionRole } from './sections.ts';
import { bookmarkName, createDocxState, docxText, report, type DocxState } from './state.ts';
import { STYLE, docxStyles } from './styles.ts';

/**
 * Title paragraph of a unit (bookmarked for `#id` links); front/back sections without a title get none. A chapter's
 * number line (its label or the number `chapterNumberStyle` adds; `layout-text.ts` chapterHeading) is a `Chapter
 * Label` paragraph above the title, so that Heading 1 holds the title alone, and a decorated title
 * (`chapterTitleFormat: decorated`) is followed by the layout's ornament.
 */
function unitTitle(unit: Unit, state: DocxState, refAnchor?: string): { paragraphs: Paragraph[]; headText: string } {
  const titled = inlineText(unit.title).trim() !== '';
  if (!titled && (unit.kind === 'front' || unit.kind === 'back')) return { paragraphs: [], headText: '' };
  const style = unit.kind === 'part' ? STYLE.partTitle : 'Heading1';
  let runs: ParagraphChild[] = titled ? inlineRuns(unit.title, state) : [new TextRun(docxText(unit.label))];
  let number: string | undefined;
  // What the Heading 1 (or Part Title) paragraph says, which a chapter-title running head repeats.
  let headText = titled ? plainHeadText(unit.title) : unit.label;
  if (unit.kind === 'chapter') {
    if (isNumberedChapter(unit.divisionKind)) state.chapterCount += 1;
    // Label and title as the layout sets them (`layout-text.ts` chapterHeading).
    const parts = chapterHeading({ label: unit.chapterLabel, title: chapterTitleOrFallback(unit), kind: unit.divisionKind }, state.layout.chapterNumberStyle, state.chapterCount);
    runs = inlineRuns(parts.title, state);
    number = parts.number;
    headText = plainHeadText(parts.title);
  }
  const name = state.bookmarks.get(unit.id) ?? bookmarkName(unit.id);
  // A unit the author gave an id (`# Results {#sec:results}`) is also the target of `@sec:results` references.
  const marked = (children: ParagraphChild[]): ParagraphChild[] => {
    const own = new Bookmark({ id: name, children });
    return refAnchor ? [new Bookmark({ id: refAnchor, children: [own] })] : [own];
  };
  // The number line is a paragraph of its own above the title, which then needs no sink of its own: the running
  // head (STYLEREF "Heading 1") and the contents field take the title alone.
  const out = number
    ? [
        new Paragraph({ style: STYLE.chapterLabel, children: [new TextRun({ text: number, style: STYLE.chapterNumber })] }),
        new Paragraph({ style, spacing: { before: 0 }, children: marked(runs) }),
      ]
    : [new Paragraph({ style, children: marked(runs) })];
  if (unit.kind === 'chapter' && state.layout.chapterTitleFormat === 'decorated') {
    out.push(new Paragraph({ style: STYLE.chapterOrnament, children: [new TextRun(docxText(state.layout.ornament))] }));
  }
  return { paragraphs: out, headText };
}

/** The anchor of each unit (chapter, front or back section) that carries an author's id (`refId`) or that a link names by its title, by unit id. */
function unitRefAnchors(doc: BookDocument, numbering: DocumentNumbering): Map<string, string> {
  const out = new Map<string, string>();
  const units: { id: string; refId?: string }[] = [...doc.front, ...allChapters(doc), ...doc.back];
  for (const u of units) {
    const anchor = u.refId !== undefined ? numbering.target(u.refId)?.anchor : numbering.headingTarget(u)?.anchor;
    if (anchor) out.set(u.id, anchor);
  }
  return out;
}

/** The plain text of a title as one line (spaces collapsed), for a running head. */
function plainHeadText(title: readonly Inline[]): string {
  return inlineText(title).replace(/\s+/gu, ' ').trim();
}

/**
 * What separates a chapter from the one before when chapters do not break pages (`chapterBreak`): two blank
 * lines (`line-break`) or the ornament centred (`decorative`).
 */
function chapterSeparator(layout: Layout): Paragraph[] {
  if (layout.chapterBreak === 'decorative') return [new Paragraph({ style: STYLE.sceneBreak, children: [new TextRun(docxText(layout.ornament))] })];
  return [new Paragraph({ style: STYLE.sceneBreak }), new Paragraph({ style: STYLE.sceneBreak })];
}

/**
 * The lines of the contents: every part, chapter and titled section, by its heading's bookmark (Heading 1 and
 * Part Title paragraphs, `unitTitle`); a chapter inside a part one level down.
 */
function contentsEntries(units: readonly Unit[], state: DocxState): DocxContentsEntry[] {
  return units
    .filter((u) => u.kind === 'part' || u.kind === 'chapter' || inlineText(u.title).trim() !== '')
    .map((u) => ({ level: u.kind === 'chapter' && u.partId !== undefined ? 2 : 1, label: u.label, bookmark: state.bookmarks.get(u.id) ?? bookmarkName(u.id) }));
}

/** The sections before the text: title page and contents (see `front-pages.ts`); an abstract is a front section of the book. */
function frontSections(doc: BookDocument, layout: Layout, front: AcademicFront, entries: readonly DocxContentsEntry[]): ISectionOptions[] {
  const hasUnits = entries.length > 0;
  const out: ISectionOptions[] = [];
  if (!layout.academic) out.push({ properties: sectionProperties(layout, 'title'), children: bookTitlePage(doc) });
  else if (front.titlePage) out.push({ properties: sectionProperties(layout, 'title'), children: academicTitlePage(front.titlePage, layout) });
  if (hasUnits && hasContentsPage(layout)) out.push({ properties: sectionProperties(layout, 'front'), children: contentsPage(entries, contentsPlan(entries), layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn) });
  return out;
}

/** The docx library's compiler, which `Packer` holds privately (docx 9: `Packer.compiler.compile`). */
interface DocxCompiler {
  compile(file: Document): Map<string, string | Uint8Array>;
}

/**
 * The parts of the package the docx library makes of `document`, unzipped: XML parts as text, binary parts as
 * bytes. `Packer` would deflate them all, and the writer would have to inflate them again to patch them
 * (`package-patch.ts`) and deflate them once more, which was most of the time a long book took; its compiler gives
 * the parts themselves. Should a later docx release no longer hold the compiler there, the package `Packer` zips is
 * unzipped instead: slower, the same document.
 */
async function compiledParts(document: Document): Promise<PackageFiles> {
  const compiler = (Packer as unknown as { compiler?: DocxCompiler }).compiler;
  if (compiler && typeof compiler.compile === 'function') return compiler.compile(document);
  const zipped = unzipSync(new Uint8Array(await Packer.toBuffer(document)));
  return new Map(Object.entries(zipped).map(([path, bytes]) => [path, /\.(xml|rels)$/.test(path) ? strFromU8(bytes) : bytes]));
}

/** Options of {@link writeDocx}. */
export interface DocxWriteOptions {
  /**
   * Where to tell what the Word file could not keep or had to change (an image Word cannot show, an equation that
   * is not TeX, a cross-reference to nothing, a footnote nothing refers to); when absent the notes are dropped.
   */
  diagnostics?: Diagnostics;
}

/**
 * Write `doc` as a `.docx` file.
 *
 * @param doc the book; not modified.
 * @param layout page size (trim) and margins (inches -> twips), mirrored with a gutter on two-sided layouts,
 *   header/footer distances, fonts (embedded, `package-patch.ts`) and size (pt -> half-points), line spacing
 *   (`styles.ts`), indents, paragraph and quotation spacing, justification, chapter breaks (sections starting on
 *   an odd page for print layouts), chapter numbers, title format and sink, drop capitals, lead-ins, scene breaks,
 *   emphasis and dialogue punctuation, running heads and folios (`sections.ts`), the contents page (TOC field) and
 *   the academic opening (title page, MLA heading block; an abstract is a front section) and heading levels.
 * @param opts `diagnostics`: the collector the writer adds its notes to ({@link DocxWriteOptions}).
 * @returns the bytes of the Word document. Created/modified times are fixed (2000-01-01T00:00:00Z) so that the
 *   output is reproducible. Never throws for odd content (missing notes show their id in brackets).
 * @throws EngineError `WRITE_FAILED` when the layout names a font family Quire does not ship.
 */
export async function writeDocx(doc: BookDocument, layout: Layout, opts: DocxWriteOptions = {}): Promise<Uint8Array> {
  const numbering = numberingFor(doc, layout);
  const state = createDocxState(layout, doc.footnotes, renderNoteBody, doc.assets, { diagnostics: opts.diagnostics ?? new Diagnostics(), numbering });
  const units = bookUnits(doc);
  for (const u of units) state.bookmarks.set(u.id, bookmarkName(u.id));
  const refAnchors = unitRefAnchors(doc, numbering);
  const title = docxText(bookTitle(doc));
  const author = docxText(doc.meta.author.trim());
  const front = academicFront(layout.academic, doc.meta);

  const sections = frontSections(doc, layout, front, contentsEntries(units, state));
  // The title each section opens with, for a chapter-title running head (`sections.ts`); the front pages have none.
  const headTexts: string[] = sections.map(() => '');
  // MLA's heading block opens the first page of the text itself (MLA Handbook 9th ed. 1.3).
  let opening: Paragraph[] = front.headingBlock ? headingBlock(front.headingBlock) : [];
  let firstBodySeen = false;
  let previous: Unit | undefined;
  for (const unit of units) {
    let role: SectionRole = 'body';
    if (unit.kind === 'front') role = 'front';
    else if (!firstBodySeen) {
      role = 'first-body';
      firstBodySeen = true;
    }
    state.afterBreak = true;
    // A chapter runs on where chapters do not break pages; a short piece of a collection always does (`piecesRunOn`),
    // after a blank line rather than the chapters' separator.
    const runOnPiece = unit.runOn === true && previous?.kind === 'chapter' && sections.length > 0;
    const runOn = runOnPiece || (unit.kind === 'chapter' && layout.chapterBreak !== 'page-break' && previous?.kind === 'chapter' && sections.length > 0);
    // A new section numbers its notes from 1 (`sections.ts`).
    if (!runOn) state.sectionNotes.clear();
    state.where = unit.label;
    const title = unitTitle(unit, state, refAnchors.get(unit.id));
    state.chapterOpening = unit.kind === 'chapter';
    const children: DocxBlock[] = [...opening, ...title.paragraphs, ...renderBlocks(unit.blocks, state)];
    state.chapterOpening = false;
    opening = [];
    if (children.length === 0) children.push(new Paragraph({ style: STYLE.bodyText }));
    if (runOn) (sections[sections.length - 1]!.children as DocxBlock[]).push(...(runOnPiece ? [new Paragraph({ style: STYLE.sceneBreak })] : chapterSeparator(layout)), ...children);
    else {
      sections.push({ properties: sectionProperties(layout, role), children });
      headTexts.push(title.headText);
    }
    previous = unit;
  }
  const orphans = Object.keys(doc.footnotes).filter((id) => !state.referenced.has(id));
  if (orphans.length > 0) {
    const children: DocxBlock[] = [new Paragraph({ style: 'Heading1', children: [new TextRun('Notes')] })];
    state.where = 'Notes';
    for (const id of orphans) {
      report(state, 'other', `Footnote "${id}" is not referred to anywhere in the text, so the Word file sets it in a "Notes" section at the end.`);
      state.afterBreak = true;
      children.push(...renderBlocks(doc.footnotes[id] ?? [], state));
    }
    sections.push({ properties: sectionProperties(layout, firstBodySeen ? 'body' : 'first-body'), children });
    headTexts.push('Notes');
  }
  if (sections.length === 0) sections.push({ properties: sectionProperties(layout, 'first-body'), children: [new Paragraph({ style: STYLE.bodyText })] });
  // Furniture is defined on the first section after the title page (the title page has none); later sections refer
  // to the same header and footer parts (`section-references.ts`).
  const hasTitleSection = !layout.academic || front.titlePage !== undefined;
  const furnished = hasTitleSection && sections.length > 1 ? 1 : 0;
  sections[furnished] = { ...sections[furnished]!, ...headersAndFooters(layout, doc.meta, headTexts[furnished] ?? '') };
  // A chapter-title head is a STYLEREF field, which LibreOffice does not compute: it prints the field's last result.
  // So each later section has headers of its own whose result is the title that section opens with (Word updates
  // the field on every page, also where several chapters run on in one section).
  if (hasChapterTitleHead(layout, doc.meta)) {
    for (let i = furnished + 1; i < sections.length; i++) sections[i] = { ...sections[i]!, headers: headersAndFooters(layout, doc.meta, headTexts[i] ?? '').headers };
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
    evenAndOddHeaderAndFooters: layout.mirrorMargins,
    // A justified line ending in a manual line break (verse-like lines in prose) is not stretched
    // (OOXML §17.15.3.7 doNotExpandShiftReturn).
    compatibility: { doNotExpandShiftReturn: true },
    sections,
  });
  return patchPackage(await compiledParts(document), layout);
}
