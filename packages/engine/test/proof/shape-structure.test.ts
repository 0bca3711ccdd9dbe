/**
 * Proof matrix, structure of the shape books (`SHAPE_BOOKS` and Alice, read and cleaned as an upload is), judged
 * in the document and in what the writers make of it:
 * - Decline and Fall: Project Gutenberg's file-split chapters (`--Part II.`) are one chapter each, no false part;
 *   its Title Cased headings are in headline style; the editor's `Note: ... —M.` paragraphs stay inside their
 *   notes, in the document and in the PDF's footnote zone (pdftotext, smaller type at the foot of the page);
 *   note numbers start again in every chapter and agree in the PDF, the EPUB and the DOCX;
 * - Alice: a chapter's label and title are two parts, both set (PDF opening page, EPUB heading and navigation,
 *   DOCX number line above a Heading 1 that holds the title alone, which its running heads take);
 *   words stressed in capitals are emphasis, counted against Standard Ebooks' edition; `THE END` is an ending;
 *   Alice's three rows of stars are one scene break; its `‘em` is an apostrophe;
 * - The Importance of Being Earnest: acts are labels without invented numbers; directions inside speeches are
 *   italic.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  allChapters,
  getLayout,
  inlineText,
  PdfProcessPool,
  writeDocx,
  writeEpub,
  writePdf,
  type Block,
  type BookDocument,
  type Chapter,
  type Inline,
} from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { pdfFile, textLines, type TextLine } from '../pdf/poppler.ts';
import { loadProofBook } from './proof-books.ts';

/** The default book layout of the shape proofs (arabic chapter numbers, footnotes at the foot of the page). */
const LAYOUT = getLayout('print-ready-kdp');

const pool = new PdfProcessPool({ size: 1 });
afterAll(() => pool.close());

/** Every block of a list, containers opened (speeches, quotations, list items). */
function flatBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((b) => {
    if (b.type === 'speech' || b.type === 'blockQuote') return [b, ...flatBlocks(b.children)];
    if (b.type === 'list') return [b, ...b.items.flatMap(flatBlocks)];
    return [b];
  });
}

/** The blocks of the body's running text (parts' and chapters' blocks), notes not included. */
function bodyBlocks(doc: BookDocument): Block[] {
  return doc.body.flatMap((d) => flatBlocks(d.type === 'part' ? [...d.blocks, ...d.chapters.flatMap((c) => c.blocks)] : d.blocks));
}

function paragraphText(b: Block): string {
  return b.type === 'paragraph' ? inlineText(b.children) : '';
}

/** Emphasis nodes in any inline content of the document, notes included. */
function emphasisCount(doc: BookDocument): number {
  return (JSON.stringify(doc).match(/"type":"emphasis"/g) ?? []).length;
}

/** `<em>` and `<i>` of a Standard Ebooks edition's text files (chapters, letters, parts, preface). */
async function standardEbooksEmphasis(dir: string): Promise<number> {
  const root = path.join(corpusDir(), 'standardebooks', dir);
  let n = 0;
  for (const f of await readdir(root)) {
    if (!/^(?:chapter|letter|part|volume|preface)-?\d*\.xhtml$/.test(f)) continue;
    n += ((await readFile(path.join(root, f), 'utf8')).match(/<(?:em|i)\b/g) ?? []).length;
  }
  return n;
}

/** A document holding only `chapters` of `doc` and their notes, so that a chapter or two can be typeset quickly. */
function withChapters(doc: BookDocument, chapters: Chapter[]): BookDocument {
  const ids = new Set(chapters.flatMap(noteIds));
  const footnotes = Object.fromEntries(Object.entries(doc.footnotes).filter(([id]) => ids.has(id)));
  return { ...doc, front: [], back: [], body: chapters, footnotes };
}

/** The note ids a chapter refers to, in order of first reference. */
function noteIds(chapter: Chapter): string[] {
  const ids = [...JSON.stringify(chapter.blocks).matchAll(/"type":"footnoteRef","id":"([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(ids)];
}

/** The first words of a note, as pdftotext finds them on one line. */
function firstWords(blocks: readonly Block[], n = 3): string[] {
  const first = blocks.find((b) => b.type === 'paragraph');
  return (first ? paragraphText(first) : '').split(/\s+/).filter(Boolean).slice(0, n);
}

function lineText(line: TextLine): string {
  return line.words.map((w) => w.word).join(' ');
}

/** Index of the line that starts with `words`, or -1. */
function lineStarting(lines: readonly TextLine[], words: readonly string[]): number {
  return lines.findIndex((l) => words.every((w, k) => l.words[k]?.word === w));
}

describe('Decline and Fall: file-split chapters, notes of several paragraphs, note numbers', () => {
  it('has one chapter per chapter of the book, none nested under a false PART II., titles in headline style', async () => {
    const doc = await loadProofBook('gibbon');
    const chapters = allChapters(doc);
    const labels = chapters.map((c) => c.label ?? '');
    // Volume 1 holds chapters I-XV; each once, in order, without its file-split `--Part II.`.
    expect(labels.filter((l) => /^Chapter [IVXL]+:$/.test(l))).toEqual(
      ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV'].map((n) => `Chapter ${n}:`),
    );
    expect(chapters.some((c) => /Part [IVX]+\.?$/.test(inlineText(c.title)))).toBe(false);
    expect(doc.body.filter((d) => d.type === 'part').map((p) => inlineText(p.title))).not.toContain('PART II.');
    expect(inlineText(chapters.find((c) => c.label === 'Chapter I:')!.title)).toBe('The Extent of the Empire in the Age of the Antonines');
    expect(inlineText(chapters.find((c) => c.label === 'Chapter V:')!.title)).toBe('Sale of the Empire to Didius Julianus');
  });

  it('keeps the editor’s Note paragraphs inside their notes, none in the running text', async () => {
    const doc = await loadProofBook('gibbon');
    const notes = Object.values(doc.footnotes);
    const multi = notes.filter((blocks) => blocks.filter((b) => b.type === 'paragraph').length >= 2);
    expect(multi.length).toBeGreaterThanOrEqual(4);
    const merab = notes.find((blocks) => blocks.some((b) => paragraphText(b).startsWith('Note: It is the city of Merab')));
    expect(merab && paragraphText(merab[0]!)).toMatch(/^Strabo, \(l\. xvi\. p\. 780,\)/);
    const running = bodyBlocks(doc).map(paragraphText);
    expect(running.filter((t) => /^Note: /.test(t))).toEqual([]);
    expect(running.filter((t) => /Merab that the Arabs say/.test(t))).toEqual([]);
  });

  it('sets a note’s later paragraphs in the PDF’s footnote zone, in note type, below the text', async () => {
    const doc = await loadProofBook('gibbon');
    const first = allChapters(doc)[0]!;
    const file = pdfFile(await writePdf(withChapters(doc, [first]), LAYOUT, { pool }));
    try {
      const lines = textLines(file.path);
      const note = lineStarting(lines, ['Strabo,', '(l.', 'xvi.']);
      const later = lineStarting(lines, ['Note:', 'It', 'is', 'the', 'city', 'of', 'Merab']);
      expect(note).toBeGreaterThan(-1);
      expect(later).toBeGreaterThan(note);
      const page = lines[note]!.page;
      expect(lines[later]!.page).toBe(page);
      // The note's type is smaller than the text's; the paragraph sits below every line of running text.
      const height = (l: TextLine) => Math.max(...l.words.map((w) => w.yMax - w.yMin));
      const body = lines.find((l) => l.page === page && lineText(l).includes('the heat of the climate'))!;
      expect(height(lines[later]!)).toBeLessThan(height(body));
      expect(lines[later]!.yMin).toBeGreaterThan(body.yMax);
    } finally {
      file.dispose();
    }
  });

  it('numbers the notes of a chapter from 1 in the PDF, the EPUB and the DOCX alike', async () => {
    const doc = await loadProofBook('gibbon');
    const [one, two] = allChapters(doc) as [Chapter, Chapter];
    const two2 = withChapters(doc, [one, two]);
    const ids = noteIds(two);
    expect(ids.length).toBeGreaterThan(5);
    // EPUB: the second chapter's references read 1, 2, 3 ... in its own file (a note referenced again repeats its number).
    const epub = unzipSync(await writeEpub(two2, LAYOUT));
    const chapterFile = strFromU8(epub['EPUB/chapter-002.xhtml']!);
    const epubNumbers = [...chapterFile.matchAll(/class="noteref"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
    expect(new Set(epubNumbers)).toEqual(new Set(ids.map((_, k) => k + 1)));
    // DOCX: the chapter is a section of its own whose footnote numbering restarts (OOXML numRestart eachSect), so
    // its k-th Word footnote is note k; a repeated reference is that number in superscript. The sequence read
    // that way is the EPUB's.
    const docx = strFromU8(unzipSync(await writeDocx(two2, LAYOUT))['word/document.xml']!);
    // A section ends with the paragraph that holds its properties (the runs of that paragraph come after them).
    const withRefs = docx.split(/<\/w:sectPr>[\s\S]*?<\/w:p>/).filter((s) => s.includes('<w:footnoteReference'));
    expect(withRefs).toHaveLength(2);
    for (const s of withRefs) expect(s).toMatch(/<w:footnotePr>(?:(?!<\/w:footnotePr>).)*<w:numRestart w:val="eachSect"\/>/s);
    let wordNotes = 0;
    const docxNumbers = [...withRefs[1]!.matchAll(/<w:footnoteReference\b|<w:vertAlign w:val="superscript"\/><\/w:rPr><w:t[^>]*>(\d+)<\/w:t>/g)].map((m) =>
      m[1] === undefined ? ++wordNotes : Number(m[1]),
    );
    expect(docxNumbers).toEqual(epubNumbers);
    // PDF: the first and the last note of the second chapter are numbered 1 and n at the foot of their page.
    const file = pdfFile(await writePdf(two2, LAYOUT, { pool }));
    try {
      const lines = textLines(file.path);
      const start = lineStarting(lines, ['Chapter', '2']);
      expect(start).toBeGreaterThan(-1);
      for (const k of [1, ids.length]) {
        const words = firstWords(doc.footnotes[ids[k - 1]!]!);
        const at = lines.findIndex((l, i) => i > start && words.every((w, j) => l.words[j]?.word === w));
        expect(at, `note ${k} (${words.join(' ')})`).toBeGreaterThan(start);
        expect(lineText(lines[at - 1]!)).toBe(String(k));
      }
    } finally {
      file.dispose();
    }
  }, 120_000);
});

describe('Alice: label and title, emphasis, ending, scene breaks, apostrophes', () => {
  it('keeps CHAPTER I. and Down the Rabbit-Hole as two parts, both set in the PDF and the EPUB', async () => {
    const doc = await loadProofBook('alice');
    const chapters = allChapters(doc);
    expect(chapters).toHaveLength(12);
    expect(chapters.map((c) => c.label)).toEqual(
      ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'].map((n) => `CHAPTER ${n}.`),
    );
    expect(inlineText(chapters[0]!.title)).toBe('Down the Rabbit-Hole');
    const epub = unzipSync(await writeEpub(doc, LAYOUT));
    expect(strFromU8(epub['EPUB/nav.xhtml']!)).toContain('>Chapter I: Down the Rabbit-Hole</a>');
    const xhtml = strFromU8(epub['EPUB/chapter-001.xhtml']!);
    expect(xhtml).toMatch(/<h1><span class="chapter-number">Chapter 1<\/span> <span class="chapter-title">Down the Rabbit-Hole<\/span><\/h1>/);
    const file = pdfFile(await writePdf(withChapters(doc, [chapters[0]!]), LAYOUT, { pool }));
    try {
      const lines = textLines(file.path).map(lineText);
      const number = lines.indexOf('Chapter 1');
      expect(number).toBeGreaterThan(-1);
      expect(lines[number + 1]).toBe('Down the Rabbit-Hole');
      // The contents show both; no line of the book repeats the source's `CHAPTER I.` before the title.
      expect(lines.some((l) => /^Chapter I: Down the Rabbit-Hole/.test(l))).toBe(true);
      expect(lines.some((l) => l.includes('CHAPTER I.'))).toBe(false);
    } finally {
      file.dispose();
    }
  }, 120_000);

  it('sets the DOCX’s number line as a paragraph above a Heading 1 that holds the title alone (the running head’s STYLEREF)', async () => {
    const doc = await loadProofBook('alice');
    // Devotional: chapter titles as recto running heads (Word's STYLEREF "Heading 1").
    const layout = getLayout('devotional');
    expect(layout.runningHeadRecto).toBe('chapter-title');
    const files = unzipSync(await writeDocx(withChapters(doc, allChapters(doc).slice(0, 2)), layout));
    const xml = strFromU8(files['word/document.xml']!);
    const paragraphs = xml.split('</w:p>');
    const text = (p: string) => [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    const label = paragraphs.findIndex((p) => p.includes('<w:pStyle w:val="ChapterLabel"/>'));
    expect(text(paragraphs[label]!)).toBe('Chapter 1');
    expect(paragraphs[label + 1]).toContain('<w:pStyle w:val="Heading1"/>');
    expect(text(paragraphs[label + 1]!)).toBe('Down the Rabbit-Hole');
    const headers = Object.entries(files).filter(([name]) => /^word\/header\d+\.xml$/.test(name)).map(([, b]) => strFromU8(b));
    expect(headers.some((h) => h.includes('STYLEREF &quot;Heading 1&quot;'))).toBe(true);
  });

  it('sets words stressed in capitals as emphasis, about as often as Standard Ebooks; books with underscores keep theirs', async () => {
    const alice = emphasisCount(await loadProofBook('alice'));
    const aliceSe = await standardEbooksEmphasis('pg11-alice-in-wonderland');
    expect(aliceSe).toBeGreaterThan(150);
    expect(Math.abs(alice - aliceSe) / aliceSe).toBeLessThan(0.1);
    const pride = emphasisCount(await loadProofBook('pride'));
    expect(pride / (await standardEbooksEmphasis('pg1342-pride-and-prejudice'))).toBeGreaterThan(0.8);
    const frankenstein = emphasisCount(await loadProofBook('frankenstein'));
    expect(frankenstein).toBeGreaterThanOrEqual(await standardEbooksEmphasis('pg84-frankenstein'));
    // The sentence of the issue: the Rabbit TOOK A WATCH OUT OF ITS WAISTCOAT-POCKET.
    const doc = await loadProofBook('alice');
    expect(JSON.stringify(doc)).toContain('{"type":"emphasis","children":[{"type":"text","value":"took a watch out of its waistcoat-pocket"}]}');
  });

  it('ends with THE END as an ending, one scene break per row of stars, apostrophes in ’em', async () => {
    const doc = await loadProofBook('alice');
    const last = allChapters(doc).at(-1)!.blocks.at(-1)!;
    expect(last).toEqual({ type: 'paragraph', role: 'ending', children: [{ type: 'text', value: 'THE END' }] });
    for (const c of allChapters(doc)) {
      c.blocks.forEach((b, i) => {
        if (b.type === 'sceneBreak') expect(c.blocks[i + 1]?.type, c.id).not.toBe('sceneBreak');
      });
    }
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/‘(?:em|tis|twas)\b/);
    expect(text).toContain('put ’em up');
  });
});

describe('The Importance of Being Earnest: acts and stage directions', () => {
  it('sets its acts as their labels alone and the directions inside speeches in italics', async () => {
    const doc = await loadProofBook('earnest');
    const acts = allChapters(doc).filter((c) => c.label !== undefined);
    expect(acts.map((c) => c.label)).toEqual(['FIRST ACT', 'SECOND ACT', 'THIRD ACT']);
    expect(acts.every((c) => c.title.length === 0)).toBe(true);
    const speeches = bodyBlocks(doc).filter((b): b is Extract<Block, { type: 'speech' }> => b.type === 'speech');
    const inline = speeches.flatMap((s) => s.children).flatMap((b) => (b.type === 'paragraph' ? b.children : []));
    const bracketed = (nodes: readonly Inline[]) => nodes.filter((n) => n.type === 'text' && /\[[^\]^]+\]/.test(n.value)).length;
    const italic = inline.filter((n) => n.type === 'emphasis' && /^\[.*\]$/.test(inlineText(n.children)));
    expect(italic.length).toBeGreaterThan(100);
    expect(bracketed(inline)).toBe(0);
  });
});
