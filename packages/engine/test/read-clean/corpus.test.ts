/**
 * Every Project Gutenberg text of the shared corpus (`../shared/corpus/gutenberg`, present in CI):
 * read + clean + parse succeed, no licence text remains, at least 99% of the body's words survive,
 * cleanup is idempotent, and the structure and metadata of known books are right.
 * Without the corpus the suite fails with a clear message, unless QUIRE_NO_CORPUS=1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineText, type Part } from '../../src/model/book-document.ts';
import { checkGutenbergBook, chapterTitles, type BookRun } from './books.ts';
import { corpusDir } from './corpus-helpers.ts';

const dir = corpusDir();
const gutenberg = dir ? path.join(dir, 'gutenberg') : '';
const files = dir ? fs.readdirSync(gutenberg).filter((f) => f.endsWith('.txt')).sort() : [];

const runs = new Map<string, BookRun>();
function book(file: string): BookRun {
  let run = runs.get(file);
  if (!run) {
    run = checkGutenbergBook(new Uint8Array(fs.readFileSync(path.join(gutenberg, file))));
    runs.set(file, run);
  }
  return run;
}

describe.skipIf(!dir)('Gutenberg corpus', () => {
  it('has the books the tests expect', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  for (const file of files) {
    it(`${file}: reads, cleans without licence text, keeps >= 99% of the body's words, idempotent`, () => {
      const run = book(file);
      expect(run.survival).toBeGreaterThanOrEqual(0.99);
      expect(run.clean.report.wordCount).toBeGreaterThan(1000);
    });
  }

  it('Alice (UTF-8 with BOM): 12 chapters, metadata', () => {
    const run = book('pg11-alice-in-wonderland.txt');
    expect(run.read.encoding).toBe('utf-8');
    expect(run.read.meta).toMatchObject({ title: 'Alice’s Adventures in Wonderland', author: 'Lewis Carroll', language: 'en' });
    expect(chapterTitles(run.doc)).toHaveLength(12);
    expect(chapterTitles(run.doc)[0]).toBe('CHAPTER I. Down the Rabbit-Hole');
  });

  it('Pride and Prejudice: 61 chapters; the cp1252 upload decodes its curly quotes', () => {
    expect(chapterTitles(book('pg1342-pride-and-prejudice.txt').doc)).toHaveLength(61);
    const cp = book('pg1342-pride-and-prejudice-2020s-cp1252.txt');
    expect(cp.read.encoding).toBe('windows-1252');
    expect(cp.read.meta).toMatchObject({ title: 'Pride and Prejudice', author: 'Jane Austen', language: 'en' });
    expect(cp.read.text).toContain('“My dear Mr. Bennet,” said his lady to him one day, “have you heard that');
    expect(cp.read.text).not.toMatch(/[\u0080-\u009f]/);
    expect(cp.clean.markdown).toContain('“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?”');
    // The list of illustrations (with another edition's page numbers) is dropped.
    expect(cp.clean.markdown).not.toMatch(/Heading to Chapter I\.\s+1/);
    expect(cp.doc.front.some((s) => s.kind === 'preface')).toBe(true);
  });

  it('Frankenstein: 4 letters and 24 chapters, contents list dropped', () => {
    const run = book('pg84-frankenstein.txt');
    const titles = chapterTitles(run.doc);
    expect(titles.filter((t) => /^Letter \d+$/.test(t))).toHaveLength(4);
    expect(titles.filter((t) => /^Chapter \d+$/.test(t))).toHaveLength(24);
    expect(titles).toHaveLength(28);
    expect(run.clean.report.passes.find((p) => p.id === 'contents')!.count).toBeGreaterThan(0);
  });

  it('War and Peace: 15 books and 2 epilogues as parts, 365 chapters, contents dropped', () => {
    const run = book('pg2600-war-and-peace.txt');
    const parts = run.doc.body.filter((d): d is Part => d.type === 'part');
    expect(parts.map((p) => inlineText(p.title))).toEqual([
      'BOOK ONE: 1805', 'BOOK TWO: 1805', 'BOOK THREE: 1805', 'BOOK FOUR: 1806', 'BOOK FIVE: 1806 - 07',
      'BOOK SIX: 1808 - 10', 'BOOK SEVEN: 1810 - 11', 'BOOK EIGHT: 1811 - 12', 'BOOK NINE: 1812', 'BOOK TEN: 1812',
      'BOOK ELEVEN: 1812', 'BOOK TWELVE: 1812', 'BOOK THIRTEEN: 1812', 'BOOK FOURTEEN: 1812', 'BOOK FIFTEEN: 1812 - 13',
      'FIRST EPILOGUE: 1813 - 20', 'SECOND EPILOGUE',
    ]);
    expect(run.doc.body.every((d) => d.type === 'part')).toBe(true);
    expect(parts.reduce((n, p) => n + p.chapters.length, 0)).toBe(365);
    expect(parts[0]!.chapters).toHaveLength(28);
    expect(parts[16]!.chapters).toHaveLength(12);
    expect(run.read.meta).toMatchObject({ title: 'War and Peace', author: 'Leo Tolstoy', language: 'en' });
    expect(run.clean.report.passes.find((p) => p.id === 'contents')!.count).toBeGreaterThan(300);
  });

  it('Moby-Dick, both editions: 135 chapters and the Epilogue as back matter', () => {
    for (const file of ['pg2701-moby-dick.txt', 'pg2701-moby-dick-old-moby10b.txt']) {
      const run = book(file);
      expect(chapterTitles(run.doc), file).toHaveLength(135);
      expect(run.doc.back.map((s) => [inlineText(s.title), s.kind])).toEqual([['Epilogue', 'epilogue']]);
      expect(run.read.meta).toMatchObject({ author: 'Herman Melville' });
    }
    expect(chapterTitles(book('pg2701-moby-dick.txt').doc)[55]).toBe(
      'CHAPTER 56. Of the Less Erroneous Pictures of Whales, and the True Pictures of Whaling Scenes.',
    );
  });

  it('Faust: German, Latin-1, verse kept line by line', () => {
    const run = book('pg2229-faust-de.txt');
    expect(run.read.encoding).toBe('windows-1252');
    expect(run.read.meta).toMatchObject({
      title: 'Faust: Der Tragödie erster Teil',
      author: 'Johann Wolfgang von Goethe',
      language: 'de',
    });
    expect(run.clean.markdown).toContain('::: verse\nIhr naht euch wieder, schwankende Gestalten,\nDie früh sich einst dem trüben Blick gezeigt.');
  });

  it('prose whose paragraphs begin on an indented line, or with a stray space before a wrapped line, is prose, not verse', () => {
    // Pride and Prejudice (pg1342): chapter 22 opens with a block whose second paragraph starts ` Charlotte assured`;
    // chapter 3's `... at Netherfield,"` / ` said Mrs. Bennet ...` has a space before a line the source wrapped.
    const markdown = book('pg1342-pride-and-prejudice.txt').clean.markdown;
    expect(markdown).not.toContain('::: verse');
    expect(markdown).toMatch(/as to listen to Mr\. Collins\. Elizabeth took an opportunity of thanking her\./u);
    expect(markdown).toContain('happily settled at Netherfield,” said Mrs. Bennet to her husband, “and all the others equally well married,');
  });

  it('old-style headers give title and author', () => {
    expect(book('pg1653-imitation-of-christ.txt').read.meta).toMatchObject({ title: 'Imitation of Christ', author: 'Thomas A Kempis' });
    expect(book('pg2701-moby-dick-old-moby10b.txt').read.meta).toMatchObject({ title: 'Moby Dick; or The Whale', author: 'Herman Melville' });
  });

  it('Imitation of Christ: 4 books as parts over 114 chapters', () => {
    const run = book('pg1653-imitation-of-christ.txt');
    expect(run.doc.body.filter((d) => d.type === 'part')).toHaveLength(4);
    expect(chapterTitles(run.doc)).toHaveLength(114);
    expect(chapterTitles(run.doc)[0]).toBe('CHAPTER I. Of the imitation of Christ, and of contempt of the world and all its vanities');
  });

  it('Confessions: 13 books; Leaves of Grass: books as parts over poems; Meditations: back matter', () => {
    expect(chapterTitles(book('pg3296-confessions-of-st-augustine.txt').doc).filter((t) => /^BOOK [IVX]+$/.test(t))).toHaveLength(13);
    const leaves = book('pg1322-leaves-of-grass.txt');
    expect(leaves.doc.body.filter((d) => d.type === 'part').length).toBeGreaterThanOrEqual(15);
    expect(chapterTitles(leaves.doc)).toContain('Song of Myself');
    expect(book('pg2680-meditations.txt').doc.back.map((s) => s.kind)).toEqual(['appendix', 'notes', 'glossary']);
  });

  it('Whitman’s wrapped long lines are joined in verse', () => {
    expect(book('pg1322-leaves-of-grass.txt').clean.markdown).toContain(
      'Not physiognomy alone nor brain alone is worthy for the Muse, I say the Form complete is worthier far,',
    );
  });
});
