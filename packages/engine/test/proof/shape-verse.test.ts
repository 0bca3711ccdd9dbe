/**
 * Proof of the verse-collection and play shapes (`SHAPE_BOOKS` leaves and earnest), read and cleaned as an upload
 * is and set in the default book layout (`kdp-6x9`) as a print export is (KDP's rules for the page count,
 * `settleKdpLayout`, as the server and the CLI do):
 * - verse lines kept: Leaves of Grass's verse lines (the source sets them at column 2) are lines of the document's
 *   verse, the source's turnovers (column 6, a lowercase continuation of a long line) are joined to their line and
 *   begin no line of the document, and nearly nothing of the poems is left as prose;
 * - no invented chapter labels: no `Chapter 12` or `CHAPTER XII` line in the PDF (pdftotext) above a poem or an
 *   act, none in the EPUB's navigation or chapters (which EPUBCheck passes);
 * - the page count is under the trim's KDP limit, or the layout report warns; blank pages are counted (a book of
 *   poems runs its poems on, so only parts open after a blank verso);
 * - turnovers hang: the EPUB's style sheet and the DOCX's verse paragraphs turn a long line over with a hanging
 *   indent, and in the PDF a long line's second line starts to the right of its first.
 */
import { strFromU8, unzipSync } from 'fflate';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  allChapters,
  getLayout,
  inlineText,
  layoutReportLines,
  PdfProcessPool,
  serializeMarkdown,
  settleKdpLayout,
  writeDocx,
  writeEpub,
  writeHtml,
  writeTypst,
  type Block,
  type BookDocument,
  type Layout,
  type LayoutReport,
} from '../../src/index.ts';
import { CHROMIUM } from '../epub-docx-html/chromium.ts';
import { epubcheck, problems } from '../epub-docx-html/helpers.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { allPageTexts, pageCount, pdfFile, textLines, type PdfFile } from '../pdf/poppler.ts';
import { pageFigures } from './page-figures.ts';
import { loadProofBook, SHAPE_BOOKS } from './proof-books.ts';

const run = promisify(execFile);
const pool = new PdfProcessPool({ size: 2 });
const files: PdfFile[] = [];
afterAll(async () => {
  await pool.close();
  for (const f of files) f.dispose();
});

/** A chapter number a layout would invent above a title: a line that is only `Chapter 12` or `CHAPTER XII`. */
const INVENTED_LABEL = /^\s*(?:CHAPTER [IVXLCDM]+|Chapter \d+)\s*$/m;

/** Letters and digits of a line, lowercased, single-spaced: the source's `--` and straight quotes compare with the cleaned text. */
const normal = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Every stanza of a document (front matter and body, speeches included), its lines as plain text. */
function verseStanzas(doc: BookDocument): string[][] {
  const out: string[][] = [];
  const walk = (blocks: readonly Block[]) => {
    for (const b of blocks) {
      if (b.type === 'verse') for (const stanza of b.stanzas) out.push(stanza.map((line) => inlineText(line.children)));
      else if (b.type === 'speech' || b.type === 'blockQuote') walk(b.children);
    }
  };
  for (const s of doc.front) walk(s.blocks);
  for (const d of doc.body) {
    walk(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) walk(c.blocks);
  }
  return out;
}

/** Every verse line of a document, as plain text. */
function verseLines(doc: BookDocument): string[] {
  return verseStanzas(doc).flat();
}

/**
 * Lines of a stanza left alone by a page break in the PDF at `pdfPath` (set in `layout`): a page whose last line is a
 * stanza's whole first line with the next page opening on its second, a stanza's last line alone at the head of a
 * page, or a page ending in a poem's section number. Stanzas of three lines or more (shorter ones cannot break
 * without a lone line); a turned-over line is not compared.
 */
function lonelyStanzaLines(doc: BookDocument, layout: Layout, pdfPath: string): string[] {
  const figures = pageFigures(layout, textLines(pdfPath), pageCount(pdfPath), (layout.trimHeightIn + 2 * layout.bleedIn) * 72);
  const normalised = (s: string) => s.replace(/\s+/gu, ' ').trim();
  const stanzas = verseStanzas(doc).filter((st) => st.length >= 3).map((st) => st.map(normalised));
  const starts = new Set(stanzas.map((st) => `${st[0]}\n${st[1]}`));
  const ends = new Set(stanzas.map((st) => `${st.at(-2)}\n${st.at(-1)}`));
  const lonely: string[] = [];
  for (let i = 0; i + 1 < figures.length; i += 1) {
    const foot = figures[i]!.lines.at(-1);
    const head = figures[i + 1]!.lines[0];
    if (!foot || !head) continue;
    const pair = `${normalised(foot.text)}\n${normalised(head.text)}`;
    if (starts.has(pair)) lonely.push(`p. ${foot.page} foot: ${foot.text}`);
    if (ends.has(pair)) lonely.push(`p. ${head.page} head: ${head.text}`);
    if (/^\d{1,3}$/u.test(foot.text.trim())) lonely.push(`p. ${foot.page} foot: section number ${foot.text}`);
  }
  return lonely;
}

/** Words of the body's paragraphs and of its verse. */
function bodyWords(doc: BookDocument): { prose: number; verse: number } {
  const words = (s: string) => s.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  let prose = 0;
  for (const c of allChapters(doc)) for (const b of c.blocks) if (b.type === 'paragraph') prose += words(inlineText(b.children));
  return { prose, verse: verseLines(doc).reduce((n, l) => n + words(l), 0) };
}

/** The source text between Project Gutenberg's start and end lines, `\n` line ends. */
async function gutenbergBody(relative: string): Promise<string[]> {
  const raw = (await readFile(path.join(corpusDir(), relative), 'utf8')).replace(/\r\n?/g, '\n');
  const start = raw.indexOf('\n', raw.indexOf('*** START'));
  return raw.slice(start, raw.indexOf('*** END')).split('\n');
}

interface PrintRun {
  file: PdfFile;
  /** The layout the book was set in (KDP's rules settled). */
  layout: Layout;
  pages: string[];
  report: LayoutReport;
}

const runs = new Map<string, Promise<PrintRun>>();

/** The book set in kdp-6x9 as a print export is (KDP's rules settled), its PDF judged by pdftotext. */
function printRun(id: string): Promise<PrintRun> {
  const hit = runs.get(id);
  if (hit) return hit;
  const run = (async () => {
    const doc = await loadProofBook(id);
    const base = getLayout('kdp-6x9');
    const chars = serializeMarkdown(doc).length;
    const { set, layout, report } = await settleKdpLayout(base, chars, (layout) => pool.typeset(writeTypst(doc, layout), doc.assets));
    const file = pdfFile(set.pdf);
    files.push(file);
    return { file, layout, pages: allPageTexts(file.path), report };
  })();
  runs.set(id, run);
  return run;
}

describe('shape: verse collection and play', () => {
  it('the shape books are the verse collection and the play', () => {
    expect(SHAPE_BOOKS.map((b) => b.id)).toEqual(expect.arrayContaining(['leaves', 'earnest']));
  });

  it('Leaves of Grass keeps every verse line a line and joins every turnover to its line', async () => {
    const source = await gutenbergBody('gutenberg/pg1322-leaves-of-grass.txt');
    // The source's verse lines start at column 2; its turnovers continue a long line at column 6, lowercase.
    const sourceLines = source.filter((l) => l.trim() !== '' && indentOf(l) === 2).length;
    const turnovers = new Set(
      source.filter((l, i) => indentOf(l) === 6 && /^\p{Ll}/u.test(l.trimStart()) && (source[i - 1] ?? '').trimEnd().length >= 50).map(normal),
    );
    const doc = await loadProofBook('leaves');
    const lines = verseLines(doc).filter((l) => !/^\d+$/.test(l.trim()));
    const startingWithTurnover = lines.filter((l) => turnovers.has(normal(l)));
    const { prose, verse } = bodyWords(doc);
    console.info(`Leaves of Grass: ${sourceLines} verse lines at column 2 and ${turnovers.size} turnovers in the source; ${lines.length} verse lines in the document, ${startingWithTurnover.length} starting with a turnover; ${prose} words of prose against ${verse} of verse`);
    expect(turnovers.size).toBeGreaterThan(2000);
    expect(lines.length).toBeGreaterThanOrEqual(sourceLines * 0.99);
    // Joined, the turnovers are no lines of their own: the document has fewer lines than the source's non-blank indented lines.
    expect(lines.length).toBeLessThan(sourceLines + turnovers.size / 2);
    expect(startingWithTurnover.slice(0, 5)).toEqual([]);
    // Before verse was read by stanza and by book, 30,319 words of the poems were set as prose; a few lines remain.
    expect(prose).toBeLessThan(verse * 0.005);
  });

  it('Leaves of Grass in kdp-6x9: under KDP\'s page limit or warned, poems run on (blank pages only before parts), no chapter labels', async () => {
    const { pages, report } = await printRun('leaves');
    const doc = await loadProofBook('leaves');
    const parts = doc.body.filter((d) => d.type === 'part').length;
    const blank = pages.filter((p) => p.trim() === '').length;
    console.info(`Leaves of Grass, kdp-6x9: ${pages.length} pages, ${blank} blank, ${parts} parts\n  ${layoutReportLines(report).join('\n  ')}`);
    expect(report.pageCount).toBe(pages.length);
    expect(report.pageLimit).toBe(828);
    if (pages.length > 828) expect(layoutReportLines(report).join('\n')).toMatch(/Warning: This book has \d+ pages; KDP prints at most 828/);
    else expect(report.warnings).toEqual([]);
    expect(pages.length).toBeLessThanOrEqual(828);
    // Parts open on a recto with a blank verso behind (and one before when the part before ends on a recto);
    // poems run on, so no blank page stands between two poems, nor anywhere after the first part but beside a part page.
    const partTitles = new Set(doc.body.filter((d) => d.type === 'part').map((d) => normal(inlineText(d.title))));
    const isPartPage = (i: number) => partTitles.has(normal(pages[i] ?? ''));
    const firstPart = pages.findIndex((_, i) => isPartPage(i));
    const strayBlanks = pages.map((p, i) => (p.trim() === '' && i > firstPart && !isPartPage(i - 1) && !isPartPage(i + 1) ? i + 1 : 0)).filter(Boolean);
    expect(firstPart).toBeGreaterThan(0);
    expect(strayBlanks).toEqual([]);
    expect(blank).toBeLessThanOrEqual(2 * parts + firstPart);
    expect(pages.filter((p) => INVENTED_LABEL.test(p))).toEqual([]);
  });

  it('Leaves of Grass in kdp-6x9: a page break never leaves one line of a stanza alone, nor a section number at a foot', async () => {
    const { file, layout } = await printRun('leaves');
    const doc = await loadProofBook('leaves');
    expect(verseStanzas(doc).filter((st) => st.length >= 3).length).toBeGreaterThan(1000);
    expect(lonelyStanzaLines(doc, layout, file.path)).toEqual([]);
  });

  it('Leaves of Grass as print HTML, printed by Chromium: no stanza line alone at a page break either', async () => {
    const doc = await loadProofBook('leaves');
    const layout = getLayout('kdp-6x9');
    const dir = await mkdtemp(path.join(tmpdir(), 'quire-print-html-'));
    try {
      await writeFile(path.join(dir, 'book.html'), writeHtml(doc, layout, { variant: 'print' }));
      await run(CHROMIUM, ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--print-to-pdf=${path.join(dir, 'book.pdf')}`, `file://${path.join(dir, 'book.html')}`], { timeout: 180_000 });
      expect(pageCount(path.join(dir, 'book.pdf'))).toBeGreaterThan(300);
      expect(lonelyStanzaLines(doc, layout, path.join(dir, 'book.pdf'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('Earnest in kdp-6x9: FIRST ACT is an act, with no chapter number; its persons and its scenes are lists', async () => {
    const { pages, file } = await printRun('earnest');
    const text = pages.join('\f');
    expect(text).toMatch(/^\s*FIRST ACT\s*$/m);
    expect(pages.filter((p) => INVENTED_LABEL.test(p))).toEqual([]);
    const doc = await loadProofBook('earnest');
    const persons = doc.front.flatMap((s) => s.blocks).filter((b) => b.type === 'paragraph' && b.role === 'persona');
    // The nine persons of the play, its list of scenes (three acts and the time), then the first performance's
    // manager and date and its cast of nine (`Merriman: Mr. Frank Dyall.`).
    expect(persons.length).toBe(9 + 4 + 2 + 9);
    // Each person on a line of their own in the PDF, centred (not run into a verse stanza at the left).
    const lines = textLines(file.path);
    const merriman = lines.find((l) => l.words.map((w) => w.word).join(' ') === 'Merriman, Butler');
    expect(merriman).toBeDefined();
    const lane = lines.find((l) => l.words.map((w) => w.word).join(' ') === 'Lane, Manservant')!;
    expect(Math.abs((merriman!.xMin + merriman!.xMax) / 2 - (lane.xMin + lane.xMax) / 2)).toBeLessThan(2);
    // The list of scenes likewise: each act and its setting on a line of its own, centred as the persons are.
    const centre = (merriman!.xMin + merriman!.xMax) / 2;
    for (const entry of ['ACT II. The Garden at the Manor House, Woolton.', 'TIME: The Present.', 'February 14th, 1895']) {
      const line = lines.find((l) => l.words.map((w) => w.word).join(' ') === entry);
      expect(line, entry).toBeDefined();
      expect(Math.abs((line!.xMin + line!.xMax) / 2 - centre), entry).toBeLessThan(2);
    }
  });

  it.each(['leaves', 'earnest'])('%s: the EPUB passes EPUBCheck, its navigation and chapters invent no chapter labels', async (id) => {
    const doc = await loadProofBook(id);
    const epub = await writeEpub(doc, getLayout('kdp-6x9'), { modified: new Date(Date.UTC(2026, 0, 1)) });
    const entries = unzipSync(epub);
    const names = Object.keys(entries);
    const nav = strFromU8(entries[names.find((n) => /nav\.xhtml$/.test(n))!]!);
    expect(nav).not.toMatch(/>\s*(?:CHAPTER [IVXLCDM]+|Chapter \d+)\s*</);
    const chapters = names.filter((n) => /\.xhtml$/.test(n)).map((n) => strFromU8(entries[n]!)).join('\n');
    expect(chapters).not.toContain('class="chapter-number"');
    const css = names.filter((n) => n.endsWith('.css')).map((n) => strFromU8(entries[n]!)).join('\n');
    expect(css).toMatch(/\.verse \.line \{ display: block; padding-left: 2em; text-indent: -2em; \}/);
    expect(problems(await epubcheck(epub))).toEqual([]);
  });

  it('Leaves of Grass: turnovers hang in the DOCX (a paragraph per verse line, hanging indent) and in the PDF', async () => {
    const doc = await loadProofBook('leaves');
    const docx = await writeDocx(doc, getLayout('kdp-6x9'));
    const xml = strFromU8(unzipSync(docx)['word/document.xml']!);
    const verseParagraphs = xml.match(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="Verse"\/>(?:(?!<\/w:p>).)*?<\/w:p>/gs) ?? [];
    expect(verseParagraphs.length).toBeGreaterThan(10000);
    expect(verseParagraphs.every((p) => /<w:ind [^>]*w:hanging="\d+"/.test(p))).toBe(true);
    // "Of physiology from top to toe I sing, / Not physiognomy alone ... I say the Form complete is worthier far,":
    // its second line in the PDF starts 2 em to the right of its first.
    const { file } = await printRun('leaves');
    const lines = textLines(file.path);
    const first = lines.findIndex((l) => l.words[0]?.word === 'Not' && l.words[1]?.word === 'physiognomy');
    expect(first).toBeGreaterThan(0);
    const next = lines[first + 1]!;
    expect(next.words.map((w) => w.word).join(' ')).toMatch(/worthier far,$/);
    expect(next.xMin - lines[first]!.xMin).toBeGreaterThan(15);
  });
});
