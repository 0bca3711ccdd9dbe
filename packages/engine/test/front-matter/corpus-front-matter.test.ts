/**
 * Front matter of the real books in `../shared/corpus`: the sections each Gutenberg text gets, and the
 * Standard Ebooks productions as ground truth (a book whose SE edition has no `dedication.xhtml` or
 * `epigraph.xhtml` must get no such section from us; the SE books that have them use pages the Gutenberg
 * texts do not contain, pg84 and pg1653, or a verse their Gutenberg text lacks, pg11).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { allChapters, inlineText, type BookDocument } from '../../src/model/book-document.ts';
import { readText } from '../../src/read/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

function run(file: string): { doc: BookDocument; markdown: string } {
  const read = readText(new Uint8Array(readFileSync(path.join(corpusDir(), 'gutenberg', file))));
  const clean = cleanText(read.text, { meta: read.meta });
  return { doc: parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta }), markdown: clean.markdown };
}

function kinds(doc: BookDocument): string[] {
  return doc.front.map((s) => s.kind);
}

describe('front matter of the corpus books', () => {
  it('Leaves of Grass: the inscription "Come, said my soul" signed Walt Whitman is an epigraph', () => {
    const { doc } = run('pg1322-leaves-of-grass.txt');
    expect(kinds(doc)).toEqual(['epigraph']);
    expect(doc.front[0]!.title).toEqual([]);
    expect(JSON.stringify(doc.front[0]!.blocks)).toContain('Come, said my soul');
    expect(JSON.stringify(doc.front[0]!.blocks)).toContain('Walt Whitman');
  });

  it('Faust: "Zueignung." is the dedication, the Vorspiel stays the first division', () => {
    const { doc } = run('pg2229-faust-de.txt');
    expect(kinds(doc)).toEqual(['dedication']);
    expect(inlineText(doc.front[0]!.title)).toBe('Zueignung.');
    expect(inlineText(allChapters(doc)[0]!.title)).toBe('Vorspiel auf dem Theater');
  });

  it('Luther: the italic "Dedication" and "Foreword" headings open their sections', () => {
    const { doc } = run('pg28464-luther-epistle-sermons-vol2-epiphany-easter-pentecost.txt');
    // The source's title page before them is the book details now, not an untitled front section.
    expect(doc.front.map((s) => `${s.kind}:${inlineText(s.title)}`)).toEqual(['dedication:Dedication', 'foreword:Foreword']);
  });

  it('War and Peace: the volunteers\' credit above the title is gone, and so is the title page under it', () => {
    const { markdown } = run('pg2600-war-and-peace.txt');
    expect(markdown).not.toContain('Anonymous Volunteer');
    expect(markdown).not.toContain('By Leo Tolstoy/Tolstoi');
    expect(markdown.startsWith('# BOOK ONE: 1805 {.part}')).toBe(true);
  });

  it.each([
    ['pg11-alice-in-wonderland.txt', 'pg11-alice-in-wonderland'],
    ['pg84-frankenstein.txt', 'pg84-frankenstein'],
    ['pg131-pilgrims-progress.txt', 'pg131-pilgrims-progress'],
    ['pg1342-pride-and-prejudice.txt', 'pg1342-pride-and-prejudice'],
    ['pg1342-pride-and-prejudice-2020s-cp1252.txt', 'pg1342-pride-and-prejudice'],
    ['pg1653-imitation-of-christ.txt', 'pg1653-imitation-of-christ'],
  ])('%s: no dedication or epigraph that the Standard Ebooks edition lacks', (file, se) => {
    const seDir = path.join(corpusDir(), 'standardebooks', se);
    const { doc } = run(file);
    for (const kind of ['dedication', 'epigraph'] as const) {
      if (!existsSync(path.join(seDir, `${kind}.xhtml`))) expect(kinds(doc)).not.toContain(kind);
    }
  });
});
