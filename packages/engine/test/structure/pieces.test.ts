/**
 * What the divisions of the corpus books are (pass `pieces`, `structure/detect-pieces.ts`): the poems of Leaves
 * of Grass and the sermons and essays of the collections are pieces, Earnest's acts are acts, Faust's titled
 * scenes are scenes, Earnest's list of persons and its list of scenes are lists (`persona` paragraphs), and the novels keep their chapters. Only the short pieces of Leaves of Grass run on; no
 * writer prints a chapter number above a piece or an act.
 */
import { strFromU8, unzipSync } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { getLayout } from '../../src/layout/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { allChapters, chapterHeadingText, inlineText, piecesRunOn, type BookDocument } from '../../src/model/book-document.ts';
import { readText } from '../../src/read/index.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

const cache = new Map<string, BookDocument>();

function book(file: string): BookDocument {
  const hit = cache.get(file);
  if (hit) return hit;
  const read = readText(new Uint8Array(fs.readFileSync(path.join(corpusDir(), 'gutenberg', file))));
  const clean = cleanText(read.text, { meta: read.meta });
  const doc = parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
  cache.set(file, doc);
  return doc;
}

const kinds = (doc: BookDocument) => allChapters(doc).map((c) => c.kind ?? 'chapter');
const share = (doc: BookDocument, kind: string) => kinds(doc).filter((k) => k === kind).length / allChapters(doc).length;

describe('divisions of the corpus books', () => {
  it('Leaves of Grass: the poems are pieces, and being short they run on', () => {
    const doc = book('pg1322-leaves-of-grass.txt');
    expect(allChapters(doc).length).toBeGreaterThan(350);
    expect(share(doc, 'piece')).toBeGreaterThan(0.95);
    expect(piecesRunOn(doc)).toBe(true);
  });

  it.each([
    'pg11693-worlds-great-sermons-vol08-spurgeon.txt',
    'pg11760-worlds-great-sermons-vol10.txt',
  ])('%s: the sermons are pieces, long enough to open their own pages', (file) => {
    const doc = book(file);
    expect(share(doc, 'piece')).toBeGreaterThan(0.9);
    expect(piecesRunOn(doc)).toBe(false);
  });

  it('The Spirit of Christmas: its short essays and prayers are pieces', () => {
    expect(share(book('pg14572-spirit-of-christmas.txt'), 'piece')).toBe(1);
  });

  it('The Importance of Being Earnest: three acts, and its persons a list of persons, not verse', () => {
    const doc = book('pg844-importance-of-being-earnest.txt');
    expect(allChapters(doc).filter((c) => c.kind === 'act').map((c) => chapterHeadingText(c))).toEqual(['FIRST ACT', 'SECOND ACT', 'THIRD ACT']);
    const persons = doc.front.find((s) => inlineText(s.title) === 'THE PERSONS IN THE PLAY')!;
    expect(persons.blocks.every((b) => b.type === 'paragraph' && b.role === 'persona')).toBe(true);
    expect(persons.blocks.map((b) => (b.type === 'paragraph' ? inlineText(b.children) : ''))).toEqual([
      'John Worthing, J.P.', 'Algernon Moncrieff', 'Rev. Canon Chasuble, D.D.', 'Merriman, Butler', 'Lane, Manservant',
      'Lady Bracknell', 'Hon. Gwendolen Fairfax', 'Cecily Cardew', 'Miss Prism, Governess',
    ]);
  });

  it('The Importance of Being Earnest: its list of scenes and the time of the play are a list, set so by every writer', async () => {
    const doc = book('pg844-importance-of-being-earnest.txt');
    const scenes = doc.front.find((s) => inlineText(s.title) === 'THE SCENES OF THE PLAY')!;
    expect(scenes.blocks.every((b) => b.type === 'paragraph' && b.role === 'persona')).toBe(true);
    const entries = [
      'ACT I. Algernon Moncrieff’s Flat in Half-Moon Street, W.',
      'ACT II. The Garden at the Manor House, Woolton.',
      'ACT III. Drawing-Room at the Manor House, Woolton.',
      'TIME: The Present.',
    ];
    expect(scenes.blocks.map((b) => (b.type === 'paragraph' ? inlineText(b.children) : ''))).toEqual(entries);
    const layout = getLayout('classic-literature');
    const html = writeHtml(doc, layout, { variant: 'epub' });
    // The first entry also carries the class of a section's first paragraph.
    for (const entry of entries) expect(html).toMatch(new RegExp(`<p class="(?:first )?persona">${entry.replace(/[.]/g, '\\.')}</p>`));
    const typst = writeTypst(doc, layout);
    expect(typst).toContain('#quire-role("persona")[ACT II\\. The Garden at the Manor House, Woolton\\.]');
    expect(typst).toContain('#quire-role("persona")[TIME: The Present\\.]');
    const docx = strFromU8(unzipSync(await writeDocx(doc, layout))['word/document.xml']!);
    const persona = (docx.match(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="Persona"\/>(?:(?!<\/w:p>).)*?<\/w:p>/gs) ?? []).map((p) =>
      [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
    );
    for (const entry of entries) expect(persona).toContain(entry);
  });

  it('Faust: the titled divisions of the verse drama are scenes', () => {
    const doc = book('pg2229-faust-de.txt');
    expect(share(doc, 'scene')).toBeGreaterThan(0.9);
    expect(allChapters(doc).map((c) => inlineText(c.title))).toContain('Walpurgisnacht');
  });

  it.each([
    'pg11-alice-in-wonderland.txt',
    'pg1342-pride-and-prejudice.txt',
    'pg2701-moby-dick.txt',
    'pg2600-war-and-peace.txt',
    'pg1653-imitation-of-christ.txt',
    'pg731-decline-and-fall-roman-empire-vol1.txt',
    'pg84-frankenstein.txt',
  ])('%s: a book of chapters keeps its chapters', (file) => {
    expect(kinds(book(file)).every((k) => k === 'chapter')).toBe(true);
  });

  it('no writer numbers a piece or an act as a chapter (PDF source, HTML/EPUB units)', () => {
    const layout = { ...getLayout('classic-literature'), chapterNumberStyle: 'roman' as const };
    for (const file of ['pg1322-leaves-of-grass.txt', 'pg844-importance-of-being-earnest.txt']) {
      const doc = book(file);
      expect(writeTypst(doc, layout), file).not.toMatch(/#quire-chapter\(\d, \[CHAPTER /);
      expect(writeHtml(doc, layout, { variant: 'print' }), file).not.toContain('class="chapter-number"');
    }
    // A novel whose titles do not say their number still gets the layout's numbers.
    const alice = { ...book('pg11-alice-in-wonderland.txt') };
    alice.body = allChapters(alice).map((c) => ({ ...c, title: [{ type: 'text' as const, value: 'Untitled' }] }));
    expect(writeTypst(alice, layout)).toMatch(/#quire-chapter\(1, \[CHAPTER XII\]/);
  });
});
