/**
 * What Quire found in a book and where its structure looks unreliable (`structure/structure-summary.ts`, issue 33):
 * real books of the shared corpus first (well-structured novels, a play, poems, a book of letters say what they hold
 * and get no warning; The Pilgrim's Progress, set as one chapter, is warned of; a contents page compared with its own book and with another), then a small document for
 * each warning, on both sides of its threshold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import type { BookDocument } from '../../src/model/book-document.ts';
import { readText } from '../../src/read/index.ts';
import { summarizeStructure, type StructureSummary } from '../../src/structure/structure-summary.ts';
import { corpusDir } from '../helpers/corpus.ts';

const cache = new Map<string, BookDocument>();

/** A corpus book as the Clean tab gets it: read, cleaned, parsed. */
function book(relative: string): BookDocument {
  const hit = cache.get(relative);
  if (hit) return hit;
  const read = readText(new Uint8Array(fs.readFileSync(path.join(corpusDir(), relative))));
  const clean = cleanText(read.text, { meta: read.meta });
  const doc = parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
  cache.set(relative, doc);
  return doc;
}

/**
 * The entries of a corpus book's own contents page, as the source prints them: the lines after its `CONTENTS`
 * line, up to the line that repeats the first entry (the body's first heading).
 */
function contentsPage(relative: string): string[] {
  const lines = fs.readFileSync(path.join(corpusDir(), relative), 'utf8').split(/\r?\n/).map((l) => l.trim());
  const start = lines.findIndex((l) => l === 'CONTENTS');
  const entries: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line) continue;
    if (line === entries[0]) break;
    entries.push(line);
  }
  return entries;
}

const codes = (s: StructureSummary) => s.warnings.map((w) => w.code);

describe('corpus books', () => {
  it('Pride and Prejudice: 61 chapters and nothing to warn of', () => {
    const summary = summarizeStructure(book('gutenberg/pg1342-pride-and-prejudice.txt'));
    expect(summary.counts.chapters).toBe(61);
    expect(summary.found).toEqual(['61 chapters']);
    expect(summary.warnings).toEqual([]);
  });

  it('Frankenstein: its chapters and its four letters; its own contents page matches its headings', () => {
    const contents = contentsPage('gutenberg/pg84-frankenstein.txt');
    expect(contents.slice(0, 2)).toEqual(['Letter 1', 'Letter 2']);
    expect(contents).toHaveLength(28);
    const summary = summarizeStructure(book('gutenberg/pg84-frankenstein.txt'), { sourceContents: contents });
    expect(summary.counts.letters).toBe(4);
    expect(summary.found).toContain('4 letters');
    expect(summary.warnings).toEqual([]);
  });

  it('Moby-Dick: its contents page matches its headings, Alice\'s does not', () => {
    const contents = contentsPage('gutenberg/pg2701-moby-dick.txt');
    expect(contents.length).toBeGreaterThan(130);
    expect(summarizeStructure(book('gutenberg/pg2701-moby-dick.txt'), { sourceContents: contents }).warnings).toEqual([]);
    // The same contents page against another book: its chapter numbers 1-12 match Alice's `CHAPTER I.` ... labels,
    // the other 135 entries (the rest of the chapters, extracts, epilogue) nothing.
    const wrong = summarizeStructure(book('gutenberg/pg11-alice-in-wonderland.txt'), { sourceContents: contents });
    expect(codes(wrong)).toEqual(['contents-mismatch']);
    expect(wrong.warnings[0]!.message).toMatch(/^135 of the 147 entries of the book's own contents page are not headings of the text \(“ETYMOLOGY”, “EXTRACTS \(Supplied by a Sub-Sub-Librarian\)”, “CHAPTER 13\. Wheelbarrow” and others\)/);
  });

  it('War and Peace: its books as parts, 365 chapters, its own contents page matched', () => {
    const contents = contentsPage('gutenberg/pg2600-war-and-peace.txt');
    expect(contents[0]).toBe('BOOK ONE: 1805');
    const summary = summarizeStructure(book('gutenberg/pg2600-war-and-peace.txt'), { sourceContents: contents });
    expect(summary.found.slice(0, 2)).toEqual(['17 parts', '365 chapters']);
    expect(summary.warnings).toEqual([]);
  });

  it('The Importance of Being Earnest: acts, scenes and speeches, the lists of persons and scenes as front matter', () => {
    const summary = summarizeStructure(book('gutenberg/pg844-importance-of-being-earnest.txt'));
    expect(summary.counts).toMatchObject({ acts: 3, chapters: 0 });
    expect(summary.counts.speeches).toBeGreaterThan(800);
    expect(summary.found.slice(0, 2)).toEqual(['3 acts', '3 scenes']);
    expect(summary.found).toContain('The Persons in the Play');
    expect(summary.warnings).toEqual([]);
  });

  it('Leaves of Grass: poems in books (parts)', () => {
    const summary = summarizeStructure(book('gutenberg/pg1322-leaves-of-grass.txt'));
    expect(summary.counts.poems).toBeGreaterThan(350);
    expect(summary.counts.parts).toBeGreaterThan(30);
    expect(summary.warnings).toEqual([]);
  });

  it('The Decline and Fall: its footnotes counted', () => {
    const summary = summarizeStructure(book('gutenberg/pg731-decline-and-fall-roman-empire-vol1.txt'));
    expect(summary.counts.footnotes).toBeGreaterThan(1500);
    expect(summary.found.at(-1)).toMatch(/^1,\d{3} footnotes$/);
  });

  it('The Pilgrim\'s Progress, a long allegory without chapter headings: set as one chapter, and said so', () => {
    const summary = summarizeStructure(book('gutenberg/pg131-pilgrims-progress.txt'));
    expect(summary.words).toBeGreaterThan(50_000);
    expect(codes(summary)).toEqual(['one-division']);
    expect(summary.warnings[0]!.message).toContain('will be set as one long chapter of 57,');
  });

  it('Treasure Island, whose chapter numbers stand alone over their titles: its six parts and 34 chapters, no warning', () => {
    const summary = summarizeStructure(book('pairs/pg120-treasure-island.txt'));
    expect(summary.found.slice(0, 2)).toEqual(['6 parts', '34 chapters']);
    expect(codes(summary)).toEqual([]);
  });
});

/** `n` words of running text. */
function prose(n: number): string {
  return Array.from({ length: n }, (_, i) => (i % 12 === 11 ? 'word.' : 'word')).join(' ');
}

/** A document from Quire Markdown. */
function doc(markdown: string, title = 'A Book'): BookDocument {
  return parseMarkdown(markdown, { title, author: 'An Author', language: 'en' });
}

/** A book of chapters `# Chapter N: Title N` of the given lengths in words. */
function chapters(lengths: readonly number[]): string {
  return lengths.map((n, i) => `# Chapter ${i + 1}: Title ${i + 1}\n\n${prose(n)}\n`).join('\n');
}

describe('what is found', () => {
  it('counts parts, chapters, front and back matter, letters and footnotes, in the order shown', () => {
    const summary = summarizeStructure(
      doc(
        [
          '# Preface {.front .preface}\n\nWhy this book.',
          '# Book One {.part}',
          '# Chapter 1\n\nSome text.[^1]\n\n[^1]: A note.',
          '# Chapter 2\n\n::: salutation\nMy dear Sister,\n:::\n\nThe letter.\n\n::: signature\nR. W.\n:::',
          '# Book Two {.part}',
          '# Letter 3\n\nAnother letter.[^2]\n\n[^2]: Another note.',
          '# Notes {.back .notes}\n\nThe notes.',
          '# Etymology {.back}\n\nWords.',
        ].join('\n\n'),
      ),
    );
    expect(summary.counts).toEqual({ parts: 2, chapters: 3, poems: 0, pieces: 0, acts: 0, scenes: 0, speeches: 0, letters: 2, footnotes: 2 });
    expect(summary.front).toEqual([{ kind: 'preface', title: 'Preface' }]);
    expect(summary.found).toEqual(['2 parts', '3 chapters', 'Preface', 'Notes', 'Etymology', '2 letters', '2 footnotes']);
  });

  it('tells poems from other pieces, and counts acts, their scenes and speeches', () => {
    const poems = summarizeStructure(doc('# A Song {.piece}\n\n::: verse\nSing, O sing,\nof the spring\n:::\n\n# An Essay {.piece}\n\nProse about things.'));
    expect(poems.found).toEqual(['1 poem', '1 piece']);
    const play = summarizeStructure(
      doc('# FIRST ACT {.act}\n\n## SCENE I\n\n::: speech Jack\nHello.\n:::\n\n## SCENE II\n\n::: speech Algernon\nGood day.\n:::\n\n# SECOND ACT {.act}\n\n::: speech Jack\nFarewell.\n:::'),
    );
    expect(play.counts).toMatchObject({ acts: 2, scenes: 2, speeches: 3 });
    expect(play.found).toEqual(['2 acts', '2 scenes', '3 speeches']);
  });

  it('counts sections of one kind, and names an untitled opening section not at all', () => {
    const summary = summarizeStructure(
      doc('An opening line.\n\n# Appendix A {.back .appendix}\n\nOne.\n\n# Appendix B {.back .appendix}\n\nTwo.\n\n# Chapter 1\n\nText.'),
    );
    expect(summary.found).toEqual(['1 chapter', '2 appendices']);
  });
});

describe('warnings', () => {
  it('contents-mismatch: most entries of the contents page are not headings; matched through labels, page numbers and words', () => {
    const book = doc(chapters([300, 300, 300, 300, 300, 300]).replace(/Title (\d)/g, (_, n: string) => ['', 'The Storm', 'At Sea', 'The Island', 'Home Again', 'A Letter', 'The End'][Number(n)]!));
    // The same headings written otherwise: Roman numbers, dot leaders and page numbers, a title alone, a label alone.
    const same = ['CHAPTER I. The Storm ........ 1', 'Chapter II', 'THE ISLAND 45', 'Home again', 'Chapter 5: A Letter', 'Chapter the Sixth'];
    expect(summarizeStructure(book, { sourceContents: same }).warnings).toEqual([]);
    const other = ['The Storm', 'A Garden', 'The Ball', 'Pemberley', 'Rosings', 'At Sea'];
    const summary = summarizeStructure(book, { sourceContents: other });
    expect(summary.warnings).toEqual([
      {
        code: 'contents-mismatch',
        message:
          '4 of the 6 entries of the book\'s own contents page are not headings of the text (“A Garden”, “The Ball”, “Pemberley” and others): ' +
          'the chapters may have been found in the wrong places. Check the headings against the contents page.',
      },
    ]);
    // Two of three entries matched is enough; fewer than three entries are not judged.
    expect(summarizeStructure(book, { sourceContents: ['The Storm', 'At Sea', 'Pemberley'] }).warnings).toEqual([]);
    expect(summarizeStructure(book, { sourceContents: ['Pemberley', 'Rosings'] }).warnings).toEqual([]);
  });

  it('long-division: five times the typical chapter and past 20,000 words', () => {
    const summary = summarizeStructure(doc(chapters([2000, 2100, 25_000, 1900, 2000])));
    expect(summary.warnings).toEqual([
      {
        code: 'long-division',
        message:
          'One chapter is more than 5 times as long as the book\'s typical chapter of 2,000 words: “Chapter 3: Title 3” (25,000 words). A heading inside may have been missed.',
      },
    ]);
    // Five times but short, or long but not five times the typical: nothing.
    expect(summarizeStructure(doc(chapters([1000, 1100, 9000, 900, 1000]))).warnings).toEqual([]);
    expect(summarizeStructure(doc(chapters([6000, 6100, 25_000, 5900, 6000]))).warnings).toEqual([]);
    // Two chapters are no measure of a typical one.
    expect(summarizeStructure(doc(chapters([2000, 40_000]))).warnings).toEqual([]);
  });

  it('short-division: a heading with a handful of words under it, in a book of long chapters', () => {
    const summary = summarizeStructure(doc(chapters([3000, 3000, 5, 3000, 3000, 0])));
    expect(summary.warnings).toEqual([
      {
        code: 'short-division',
        message:
          '2 chapters have fewer than 20 words, where the book\'s typical chapter has 3,000: “Chapter 3: Title 3” (5 words), “Chapter 6: Title 6” (0 words). ' +
          'A line of the text may have been taken for a heading.',
      },
    ]);
    // Short chapters in a book of short chapters (a book of poems, of aphorisms): nothing.
    expect(summarizeStructure(doc(chapters([400, 300, 5, 500, 300]))).warnings).toEqual([]);
  });

  it('one-division: a long text with no chapter heading, or only one', () => {
    const none = summarizeStructure(doc(`${prose(12_000)}\n\n${prose(12_000)}\n`));
    expect(none.warnings).toEqual([
      {
        code: 'one-division',
        message:
          'No chapters were found: the text will be set as one long chapter of 24,000 words. If the book has chapters, put each chapter\'s heading on a line of its own.',
      },
    ]);
    const one = summarizeStructure(doc(`# Chapter 1\n\n${prose(21_000)}\n`));
    expect(one.warnings.map((w) => w.message)).toEqual([
      'Only one chapter was found: the text will be set as one long chapter of 21,000 words. If the book has more chapters, put each chapter\'s heading on a line of its own.',
    ]);
    // A story or an essay is one unit.
    expect(summarizeStructure(doc(prose(15_000))).warnings).toEqual([]);
  });

  it('division-word-unused: paragraphs that open with a chapter word and a number, no heading using the word', () => {
    const text = [
      '# The Beginning',
      prose(200),
      'CHAPTER XII',
      prose(200),
      'Chapter the Thirteenth. In Which We Go On',
      prose(200),
      '# The End',
      prose(200),
    ].join('\n\n');
    expect(summarizeStructure(doc(text)).warnings).toEqual([
      {
        code: 'division-word-unused',
        message:
          'The text says “Chapter …” at the start of 2 paragraphs, but no heading uses the word: those lines may be headings Quire did not recognise. ' +
          'Put each on a line of its own, with a blank line before and after.',
      },
    ]);
    // In another language, as the text writes it.
    const french = summarizeStructure(doc(`# ACTE PREMIER {.act}\n\nSCÈNE 1\n\n${prose(50)}\n\nSCÈNE 2\n\n${prose(50)}\n\n# ACTE II {.act}\n\n${prose(50)}`));
    expect(french.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^The text says “Scène …” at the start of 2 paragraphs/)]);
  });

  it('division-word-unused: not for a heading that uses the word, a sentence, a long paragraph, or a single line', () => {
    const used = ['# Chapter 1', 'CHAPTER XII', prose(50), 'CHAPTER XIII', prose(50)].join('\n\n');
    expect(summarizeStructure(doc(used)).warnings).toEqual([]);
    const sentences = ['# One', 'Chapter 3 of the report says so.', 'Book I think is the best.', prose(50)].join('\n\n');
    expect(summarizeStructure(doc(sentences)).warnings).toEqual([]);
    const long = ['# One', `BOOK I. (Folio), CHAPTER I. (Sperm Whale).—${prose(40)}`, `BOOK I. (Folio), CHAPTER II. (Right Whale).—${prose(40)}`].join('\n\n');
    expect(summarizeStructure(doc(long)).warnings).toEqual([]);
    expect(summarizeStructure(doc(['# One', 'CHAPTER XII', prose(50)].join('\n\n'))).warnings).toEqual([]);
  });

  it('numbered-lines: numbers alone counting up a chapter apart; not stanza numbers', () => {
    const numbered = ['# Part One', ...[1, 2, 3, 4].flatMap((n) => [String(n), `The Title of ${n}`, prose(1500)])].join('\n\n');
    expect(codes(summarizeStructure(doc(numbered)))).toEqual(['numbered-lines']);
    const stanzas = ['# The Poem', ...[1, 2, 3, 4, 5].flatMap((n) => [`${n}.`, prose(40)])].join('\n\n');
    expect(summarizeStructure(doc(stanzas)).warnings).toEqual([]);
    const unordered = ['# Part One', ...[4, 9, 2, 7].flatMap((n) => [String(n), prose(1500)])].join('\n\n');
    expect(summarizeStructure(doc(unordered)).warnings).toEqual([]);
  });
});
