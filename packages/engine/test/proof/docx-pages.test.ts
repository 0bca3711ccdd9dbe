/**
 * The DOCX's pages as LibreOffice sets them (`docx-libreoffice.ts`), read back with poppler: the running heads and
 * folios of every page of running text, and a chapter-title head on the rectos. Novels without chapter titles
 * (Frankenstein's letters and chapters, Pride and Prejudice) in Classic Literature (author / book title, folios at
 * the top outside) and in Devotional (book title / chapter title, folios centred at the foot), and Alice, whose
 * chapters have titles, in Devotional.
 *
 * Pages are told apart by where their text is: a blank page has none; an opening page starts its text at the chapter
 * sink, far below the top margin (counted after the contents page, since the title and copyright pages are set low
 * too); the pages before the first opening are the front matter; every other page is running text. Heads and folios are found in the margins: above the text block
 * for the head (and a top folio), below it for a foot folio.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLayout, inlineText, writeDocx, type BookDocument, type Layout } from '../../src/index.ts';
import { bookUnits } from '../../src/write/html/units.ts';
import { textLines, type TextLine } from '../pdf/poppler.ts';
import { docxToPdf } from './docx-libreoffice.ts';
import { loadProofBook } from './proof-books.ts';

const PT = 72;

/** A page as LibreOffice set it: its lines in the top margin, in the text block and in the bottom margin. */
interface Page {
  /** 1-based page of the PDF (odd: a recto). */
  n: number;
  head: TextLine[];
  body: TextLine[];
  foot: TextLine[];
}

interface Case {
  book: string;
  layoutId: string;
}

const CASES: readonly Case[] = [
  { book: 'frankenstein', layoutId: 'classic-literature' },
  { book: 'pride', layoutId: 'classic-literature' },
  { book: 'frankenstein', layoutId: 'devotional' },
  { book: 'alice', layoutId: 'devotional' },
];

const lineText = (line: TextLine) => line.words.map((w) => w.word).join(' ');
/**
 * Text compared without regard to letter case (small capitals read back as capitals) or spaces (pdftotext splits a
 * word set in small capitals after its first, full-size capital).
 */
const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The pages of a PDF LibreOffice made of a DOCX in `layout`, each line sorted into head, text block or foot. */
function pagesOf(pdf: string, layout: Layout): Page[] {
  const heightPt = layout.trimHeightIn * PT;
  const lines = textLines(pdf);
  const count = Math.max(0, ...lines.map((l) => l.page));
  const pages: Page[] = Array.from({ length: count }, (_, i) => ({ n: i + 1, head: [], body: [], foot: [] }));
  for (const line of lines) {
    const page = pages[line.page - 1]!;
    if (line.yMax <= layout.marginTopIn * PT) page.head.push(line);
    else if (line.yMin >= heightPt - layout.marginBottomIn * PT) page.foot.push(line);
    else page.body.push(line);
  }
  return pages;
}

/** Whether a page opens a unit: its text starts an inch or more below the top of the text block (the sink). */
function isOpening(page: Page, layout: Layout): boolean {
  const top = Math.min(...page.body.map((l) => l.yMin));
  return page.body.length > 0 && top > (layout.marginTopIn + 1) * PT;
}

interface Typeset {
  doc: BookDocument;
  layout: Layout;
  pages: Page[];
  /** Indexes (0-based) of the opening pages, in order. */
  openings: number[];
}

const typeset = new Map<string, Typeset>();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-docx-pages-'));
  const files: string[] = [];
  const made: Array<{ key: string; doc: BookDocument; layout: Layout; file: string }> = [];
  for (const { book, layoutId } of CASES) {
    const doc = await loadProofBook(book);
    const layout = getLayout(layoutId);
    const file = join(dir, `${book}-${layoutId}.docx`);
    await writeFile(file, await writeDocx(doc, layout));
    files.push(file);
    made.push({ key: `${book}/${layoutId}`, doc, layout, file });
  }
  const pdfs = await docxToPdf(files, dir, 2);
  for (const { key, doc, layout, file } of made) {
    const pages = pagesOf(pdfs.get(file)!, layout);
    // The title and copyright pages are set low too: openings are counted after the contents page.
    const contents = pages.findIndex((p) => p.body.length > 0 && squash(lineText(p.body[0]!)) === 'contents');
    const openings = pages.flatMap((p, i) => (i > contents && isOpening(p, layout) ? [i] : []));
    typeset.set(key, { doc, layout, pages, openings });
  }
}, 600_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The pages of running text: after the first opening, neither an opening nor blank. */
function runningPages({ pages, openings, layout }: Typeset): Page[] {
  return pages.filter((p, i) => i > openings[0]! && !openings.includes(i) && p.body.length > 0 && !isOpening(p, layout));
}

/** The folio a page must print: arabic from 1 at the first opening (Chicago 1.5-1.6). */
const folioOf = (t: Typeset, page: Page) => String(page.n - t.openings[0]!);

/** Why a page of running text fails its furniture, or undefined: the head's words and the folio where the layout puts them. */
function furnitureFault(t: Typeset, page: Page): string | undefined {
  const { layout, doc } = t;
  const recto = page.n % 2 === 1;
  const head = squash(page.head.map(lineText).join(' '));
  const foot = squash(page.foot.map(lineText).join(' '));
  const folioWords = (layout.folioPosition.startsWith('top') ? page.head : page.foot).flatMap((l) => l.words.map((w) => w.word));
  if (!folioWords.includes(folioOf(t, page))) return `page ${page.n}: no folio ${folioOf(t, page)} (head "${head}", foot "${foot}")`;
  const content = recto ? layout.runningHeadRecto : layout.runningHeadVerso;
  const expected = content === 'author' ? doc.meta.author : content === 'book-title' ? doc.meta.title : undefined;
  if (expected !== undefined && !head.includes(squash(expected))) return `page ${page.n}: head "${head}" lacks "${expected}"`;
  if (content === 'chapter-title' && head.replace(/\d+/g, '').trim() === '') return `page ${page.n}: empty chapter-title head`;
  return undefined;
}

describe('DOCX pages opened by LibreOffice: running heads and folios', () => {
  it.each(CASES)('$book in $layoutId: every unit opens on a recto with no head, and the text starts there', ({ book, layoutId }) => {
    const t = typeset.get(`${book}/${layoutId}`)!;
    // One opening page per unit (each unit is a section opening on a recto); none carries a running head.
    expect(t.openings.length).toBe(bookUnits(t.doc).length);
    expect(t.openings.every((i) => (i + 1) % 2 === 1)).toBe(true);
    expect(t.openings.filter((i) => t.pages[i]!.head.some((l) => /\p{L}/u.test(lineText(l)))).map((i) => i + 1)).toEqual([]);
  });

  it.each(CASES)('$book in $layoutId: every page of running text but the one after an opening has its head and folio', ({ book, layoutId }) => {
    const t = typeset.get(`${book}/${layoutId}`)!;
    const afterOpening = new Set(t.openings.map((i) => i + 2));
    const pages = runningPages(t).filter((p) => !afterOpening.has(p.n));
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.map((p) => furnitureFault(t, p)).filter(Boolean)).toEqual([]);
  });

  // LibreOffice 7.4 sets the page after an odd-page section's first page with that section's first-page header (its
  // DOCX import makes three page styles per section: the running-head style, the first-page style, and a recto-only
  // copy of the first-page style whose next style is the first-page style itself), whatever the section's markup.
  // Word (ECMA-376 Part 1 §17.10.6 titlePg: a different header on the first page of the section only) prints the head
  // there, and so does LibreOffice 25.2 (bookworm-backports) with this writer's DOCX, where every section names its
  // own headers and footers: measured on these four cases, every page after an opening has its head and folio (and
  // one opening of Pride and Prejudice, chapter LVI after a two-line page, gets a head it should not have). When this
  // starts passing, fold it into the test above.
  it.fails.each(CASES)('$book in $layoutId: the page after an opening has its head and folio too', ({ book, layoutId }) => {
    const t = typeset.get(`${book}/${layoutId}`)!;
    const afterOpening = new Set(t.openings.map((i) => i + 2));
    const pages = runningPages(t).filter((p) => afterOpening.has(p.n));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.map((p) => furnitureFault(t, p)).filter(Boolean)).toEqual([]);
  });

  it.each(CASES.filter((c) => getLayout(c.layoutId).runningHeadRecto === 'chapter-title'))(
    '$book in $layoutId: recto heads show the title of their chapter, not its label, in the case of the verso head',
    ({ book, layoutId }) => {
      const t = typeset.get(`${book}/${layoutId}`)!;
      const units = bookUnits(t.doc);
      const wrong: string[] = [];
      for (const page of runningPages(t).filter((p) => p.n % 2 === 1)) {
        // The unit the page belongs to: the last opening before it.
        const unit = units[t.openings.filter((i) => i < page.n - 1).length - 1]!;
        const title = inlineText(unit.title).trim();
        // A chapter with a title shows the title alone; one without shows its heading ("Chapter 1", as the PDF does).
        const expected = squash(title !== '' ? title : (unit.label.split(':')[0] ?? ''));
        const words = page.head.flatMap((l) => l.words.map((w) => w.word));
        // Without the folio, where the layout sets it in the head.
        const head = squash(t.layout.folioPosition.startsWith('top') ? words.filter((w) => w !== folioOf(t, page)).join(' ') : words.join(' '));
        if (head !== expected) wrong.push(`page ${page.n}: "${head}", expected "${expected}"`);
      }
      expect(wrong).toEqual([]);
      // One case and size: the recto head's words are as tall as the verso head's (the Running Head style).
      const height = (recto: boolean) =>
        runningPages(t)
          .filter((p) => p.n % 2 === (recto ? 1 : 0))
          .flatMap((p) => p.head.flatMap((l) => l.words.filter((w) => /\p{L}/u.test(w.word))))
          .map((w) => Math.round((w.yMax - w.yMin) * 10) / 10);
      // (Small capitals read back as a taller word for a capital and a shorter one for the rest: both sets match.)
      expect([...new Set(height(true))].sort()).toEqual([...new Set(height(false))].sort());
    },
  );
});
