/** The small texts kept in the repository: the suite stands alone without the shared corpus. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineText } from '../../src/model/book-document.ts';
import { checkGutenbergBook, chapterTitles } from './books.ts';
import { FIXTURES_DIR } from './corpus-helpers.ts';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES_DIR, name)));

describe('fixtures', () => {
  it('alice30 (1994, Small Print header, no footer): 12 chapters with their titles, songs as verse', () => {
    const run = checkGutenbergBook(fixture('pg11-alice-in-wonderland-old-alice30.txt'));
    expect(run.read.meta).toMatchObject({ title: 'Alice in Wonderland' });
    const titles = chapterTitles(run.doc);
    expect(titles).toHaveLength(12);
    expect(titles[0]).toBe('CHAPTER I. Down the Rabbit-Hole');
    expect(titles[11]).toBe('CHAPTER XII. Alice’s Evidence');
    expect(run.clean.markdown).toMatch(/::: verse\n(?:.*\n)*?.*Twinkle, twinkle, little bat!/);
    expect(run.clean.markdown.trimEnd().endsWith('::: ending\nTHE END\n:::')).toBe(true);
  });

  it('The Importance of Being Earnest (no-space markers): three acts, metadata', () => {
    const run = checkGutenbergBook(fixture('pg844-importance-of-being-earnest.txt'));
    expect(run.read.meta).toMatchObject({
      title: 'The Importance of Being Earnest: A Trivial Comedy for Serious People',
      author: 'Oscar Wilde',
      language: 'en',
    });
    expect(chapterTitles(run.doc)).toEqual(['FIRST ACT', 'SECOND ACT', 'THIRD ACT']);
    expect(run.clean.markdown).toContain('::: speech Algernon\nDid you hear what I was playing, Lane?\n:::');
  });

  it('The Spirit of Christmas: ALL-CAPS pieces as chapters, contents with page numbers dropped', () => {
    const run = checkGutenbergBook(fixture('pg14572-spirit-of-christmas.txt'));
    expect(run.read.meta).toMatchObject({ title: 'The Spirit of Christmas', author: 'Henry Van Dyke', language: 'en' });
    const titles = chapterTitles(run.doc);
    expect(titles).toContain('A CHRISTMAS PRAYER FOR LONELY FOLKS');
    expect(titles.some((t) => t.includes('THE CHRISTMAS ANGEL'))).toBe(true);
    expect(run.clean.markdown).not.toMatch(/THE CHRISTMAS ANGEL 3/);
    expect(run.clean.report.passes.find((p) => p.id === 'contents')!.count).toBeGreaterThan(0);
    const essay = run.doc.body.find((d) => inlineText(d.title).includes('CHRISTMAS-GIVING'))!;
    expect(essay.type === 'chapter' && essay.blocks.filter((b) => b.type === 'heading').length).toBe(2);
  });
});
