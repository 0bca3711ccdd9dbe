/**
 * Issue 31's proof: nothing a document holds is lost. Each real thesis, paper and manuscript of
 * `../shared/corpus/academic` is read as an upload is (a Word file alone; a Markdown or HTML project as its folder),
 * and its tables, equations, figures with their pictures, captions, footnotes and code blocks are counted in
 * Quire's document, against pandoc's counts of the same input (SOURCES.md), and again in the Markdown the user
 * edits (serialized and read back), the EPUB (which EPUBCheck passes), the Word file and, for three of them, the
 * print PDF (poppler): every count kept, and no raw markup (LaTeX, pandoc attributes, table rules) in any output's
 * text. `npm run eval -- --only content` prints the same inventory as a table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLayout } from '../../src/layout/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import type { Block } from '../../src/model/book-document.ts';
import { Diagnostics } from '../../src/model/diagnostics.ts';
import { numberingFor } from '../../src/write/numbering.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writePdf } from '../../src/write/typst/pdf.ts';
import { corpusDir } from '../helpers/corpus.ts';
import {
  ACADEMIC_INPUTS,
  docxCounts,
  docxText,
  documentCounts,
  epubText,
  htmlCounts,
  markupText,
  rawMarkupLeft,
  readAcademicInput,
  type ContentCounts,
  type ReadAcademicInput,
} from '../helpers/content-inventory.ts';
import { epubcheckMany } from './epub-check-batch.ts';

/**
 * Where Quire's reading of an input differs from pandoc's counts in SOURCES.md, and why (each checked by hand):
 * - SOURCES.md's equation counts are twice the equations: every `$$`/`$` delimiter (Markdown) and every
 *   `m:oMath`/`m:oMathPara` start tag pair (Word) was counted, so pandoc's figure is halved here;
 * - Word theses lay a numbered equation out as a one-row table (equation, tab, number): those are equations, not
 *   tables (Mateják 17 of 56 `w:tbl`, Maldonado 7 of 14);
 * - md-altpeter has two `\begin{figure}...\includegraphics` LaTeX figures that pandoc leaves as raw LaTeX (their
 *   PDFs are not in the repository): Quire reads them as figures and reports the missing files;
 * - md-dupak's `04_caught-errors.md` has two lines of a quoted code fence without their `>`: CommonMark ends the
 *   quotation there, pandoc runs the lines on, so Quire finds two more code blocks.
 */
const EXPECTED: Readonly<Record<string, Partial<ContentCounts>>> = {
  'md-altpeter-consent-dialogs-msc': { tables: 7, displayMath: 0, codeBlocks: 24, footnotes: 43, images: 7 },
  'md-jones-quadcopter-senior-thesis': { tables: 5, displayMath: 21, inlineMath: 251, codeBlocks: 31, footnotes: 1 },
  'md-neeson-renewable-ml-senior-thesis': { tables: 8, displayMath: 6, inlineMath: 32, images: 12, footnotes: 0 },
  'md-dupak-rust-gcc-diploma-thesis': { tables: 1, images: 4, codeBlocks: 63, footnotes: 19 },
  'md-banville-probabilistic-networks-article': { tables: 1, displayMath: 27, inlineMath: 317 },
  'md-kirby-fuzzy-forests-msc-dissertation': { tables: 1, inlineMath: 9, images: 20, codeBlocks: 22 },
  'docx-fitzgerald-honors-thesis': { tables: 0, displayMath: 6, inlineMath: 44 },
  'docx-privacy-calculus-apa-article': { tables: 1, inlineMath: 15, images: 6, footnotes: 2 },
  'novel-dicker-midnight-librarian-docx': { tables: 0, images: 0, footnotes: 0 },
};

/** Inputs also set as a print PDF (each one typeset costs several seconds of CI). */
const PDF_INPUTS = new Set(['md-neeson-renewable-ml-senior-thesis', 'docx-maldonado-honors-thesis', 'html-poisot-ecological-networks']);

const corpus = corpusDir();
const layout = getLayout('apa-7');
const read = new Map<string, ReadAcademicInput>();
const epubs = new Map<string, string>();
const out = mkdtempSync(path.join(tmpdir(), 'quire-inventory-'));

beforeAll(async () => {
  for (const input of ACADEMIC_INPUTS) read.set(input.id, await readAcademicInput(corpus, input));
}, 600_000);

describe.each(ACADEMIC_INPUTS.map((input) => input.id))('%s', (id) => {
  const doc = () => read.get(id)!.doc;

  it('is read with what pandoc finds in it', () => {
    const counts = documentCounts(doc());
    for (const [kind, expected] of Object.entries(EXPECTED[id] ?? {})) expect(counts[kind as keyof ContentCounts], kind).toBe(expected);
    const pandoc = ACADEMIC_INPUTS.find((i) => i.id === id)!.pandoc;
    // Where no exception is written above, tables, pictures and notes are pandoc's counts.
    if (EXPECTED[id]?.footnotes === undefined && pandoc.footnotes !== undefined) expect(counts.footnotes, 'footnotes').toBe(pandoc.footnotes);
  });

  it('keeps every count through the Markdown the user edits', () => {
    const reparsed = parseMarkdown(serializeMarkdown(doc()), doc().meta, { assets: Object.values(doc().assets) });
    expect(documentCounts(reparsed)).toEqual(documentCounts(doc()));
  });

  it('keeps every count in the EPUB and the Word file, with no raw markup in their text', async () => {
    const counts = documentCounts(doc());
    const notes = new Diagnostics();
    const epub = await writeEpub(doc(), layout, { modified: new Date('2026-01-01T00:00:00Z'), diagnostics: notes });
    const unconverted = notes.toArray().filter((d) => d.code === 'math-unconverted').reduce((n, d) => n + (d.count ?? 1), 0);
    const xhtml = epubText(epub);
    const inEpub = htmlCounts(xhtml);
    expect(inEpub.tables).toBe(counts.tables);
    expect(inEpub.codeBlocks).toBe(counts.codeBlocks);
    expect(inEpub.images).toBe(counts.images);
    expect(inEpub.displayMath + inEpub.inlineMath + unconverted).toBe(counts.displayMath + counts.inlineMath);
    expect(inEpub.footnotes).toBe(counts.footnotes);
    expect(rawMarkupLeft(markupText(xhtml))).toEqual([]);
    const file = path.join(out, `${id}.epub`);
    writeFileSync(file, epub);
    epubs.set(id, file);

    const docxNotes = new Diagnostics();
    const docx = await writeDocx(doc(), layout, { diagnostics: docxNotes });
    const docxUnconverted = docxNotes.toArray().filter((d) => d.code === 'math-unconverted').reduce((n, d) => n + (d.count ?? 1), 0);
    const inDocx = docxCounts(docx);
    expect(inDocx.tables).toBe(counts.tables);
    expect(inDocx.images).toBe(counts.images);
    expect(inDocx.displayMath + inDocx.inlineMath + docxUnconverted).toBe(counts.displayMath + counts.inlineMath);
    // A Caption paragraph for each captioned figure or table, and for a numbered one without a title ("Figure 3").
    expect(inDocx.captions).toBe(captionParagraphs(doc()));
    expect(rawMarkupLeft(docxText(docx))).toEqual([]);
  }, 120_000);

  it.runIf(PDF_INPUTS.has(id))(
    'keeps its tables, pictures and equations in the print PDF, with no raw markup in its text',
    async () => {
      const counts = documentCounts(doc());
      const notes = new Diagnostics();
      const pdf = await writePdf(doc(), layout, { diagnostics: notes });
      const file = path.join(out, `${id}.pdf`);
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 << 20 }).toString();
      expect(rawMarkupLeft(text)).toEqual([]);
      // APA numbers every captioned table and figure: each number is printed once as a label.
      const tables = new Set(text.match(/^\s*Table \d+\s*$/gm)?.map((s) => s.trim()));
      expect(tables.size).toBe(countCaptionedTables(doc()));
      // Each picture is one image XObject on a page (pdfimages lists one row a placement).
      const images = execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').slice(2);
      expect(images.length).toBeGreaterThanOrEqual(counts.images);
      // Equations are set in the math font, which the PDF embeds.
      if (counts.displayMath + counts.inlineMath > 0) expect(execFileSync('pdffonts', [file]).toString()).toMatch(/NewCMMath/);
    },
    300_000,
  );
});

/** Figures and tables with a caption or a number in the APA layout: each has a caption paragraph in Word. */
function captionParagraphs(doc: ReadAcademicInput['doc']): number {
  const numbering = numberingFor(doc, layout);
  let n = 0;
  const walk = (blocks: readonly Block[]): void => {
    for (const b of blocks) {
      if ((b.type === 'figure' || b.type === 'table') && (b.caption.length > 0 || numbering.of(b))) n++;
      else if (b.type === 'blockQuote' || b.type === 'speech') walk(b.children);
      else if (b.type === 'list') b.items.forEach(walk);
    }
  };
  for (const s of [...doc.front, ...doc.back]) walk(s.blocks);
  for (const d of doc.body) {
    walk(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) walk(c.blocks);
  }
  Object.values(doc.footnotes).forEach(walk);
  return n;
}

/** Tables with a caption: the APA layout prints "Table N" above each. */
function countCaptionedTables(doc: ReadAcademicInput['doc']): number {
  let n = 0;
  const walk = (blocks: readonly { type: string; caption?: unknown[]; children?: unknown }[]): void => {
    for (const b of blocks) if (b.type === 'table' && Array.isArray(b.caption) && b.caption.length > 0) n++;
  };
  for (const s of [...doc.front, ...doc.back]) walk(s.blocks);
  for (const d of doc.body) {
    walk(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) walk(c.blocks);
  }
  return n;
}

describe('the EPUBs of every input', () => {
  it('pass EPUBCheck with no error and no warning', async () => {
    const files = ACADEMIC_INPUTS.map((i) => epubs.get(i.id)).filter((f): f is string => f !== undefined);
    expect(files).toHaveLength(ACADEMIC_INPUTS.length);
    const results = await epubcheckMany(files);
    for (const [file, messages] of results) {
      const problems = messages.filter((m) => ['FATAL', 'ERROR', 'WARNING'].includes(m.severity));
      expect(problems.map((m) => `${m.severity} ${m.ID} ${m.message}`), path.basename(file)).toEqual([]);
    }
  }, 600_000);
});
