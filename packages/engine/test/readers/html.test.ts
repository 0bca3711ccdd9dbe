/**
 * HTML reader on Project Gutenberg's HTML editions (corpus `gutenberg-html/`) and on a small fixture
 * with every feature of PG's 2020s markup.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chapterHeadingText, allChapters, inlineText } from '../../src/model/book-document.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readHtml } from '../../src/read/html/index.ts';
import { readBook } from '../../src/read/index.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { corpusBytes } from '../helpers/corpus.ts';
import { gutenbergBody, wordsPreserved } from '../helpers/words.ts';
import { fixture, roundTrip } from './helpers.ts';

const LICENCE = /Project Gutenberg|gutenberg\.org|FULL LICENSE|Produced by/i;

function txtBody(name: string): string {
  return gutenbergBody(readFileSync(path.join(corpusDir(), 'gutenberg', name), 'utf8'));
}

describe('Project Gutenberg HTML editions (corpus)', () => {
  it('Alice: 12 chapters with their titles, italics, verse, no licence, every word of the txt edition', async () => {
    const r = await readBook(corpusBytes('gutenberg-html/pg11-alice-in-wonderland-h.htm'), { fileName: 'pg11-h.htm' });
    expect(r.kind).toBe('document');
    if (r.kind !== 'document') return;
    expect(r.format).toBe('html');
    expect(r.meta).toMatchObject({ title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll', language: 'en' });
    const headings = r.markdown.split('\n').filter((l) => l.startsWith('# '));
    expect(headings).toHaveLength(12);
    expect(headings[0]).toBe('# CHAPTER I. Down the Rabbit-Hole');
    expect(headings[11]).toBe('# CHAPTER XII. Alice’s Evidence');
    expect(r.markdown).toContain('There was nothing so _very_ remarkable in that');
    expect(r.markdown).toMatch(/::: verse\n‘You are old, Father William,’ the young man said,\n {2}‘And your hair has become very white;/);
    expect(r.markdown).not.toMatch(LICENCE);
    expect(r.markdown).not.toMatch(/Contents|CHAPTER I\.\s*$/m);
    expect(wordsPreserved(txtBody('pg11-alice-in-wonderland.txt'), r.markdown)).toBeGreaterThan(0.998);
    expect(r.report.find((l) => l.id === 'gutenbergBoilerplate')?.count).toBeGreaterThan(0);
    expect(r.report.find((l) => l.id === 'navigation')?.count).toBeGreaterThan(0);
  });

  it('Confessions: 13 books as chapters, linked contents dropped, words preserved', () => {
    const text = new TextDecoder().decode(corpusBytes('gutenberg-html/pg3296-confessions-of-st-augustine-h.htm'));
    const { doc, meta } = readHtml(text);
    expect(meta.title).toBe('The Confessions of Saint Augustine');
    expect(allChapters(doc).map((c) => chapterHeadingText(c))).toEqual(
      ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII'].map((n) => `BOOK ${n}`),
    );
    const md = serializeMarkdown(doc);
    expect(md).not.toMatch(LICENCE);
    expect(wordsPreserved(txtBody('pg3296-confessions-of-st-augustine.txt'), md)).toBeGreaterThan(0.998);
  });

  it('Earnest: three acts, speakers in bold kept, the wrapped PG title read from the header', () => {
    const text = new TextDecoder().decode(corpusBytes('gutenberg-html/pg844-importance-of-being-earnest-h.htm'));
    const { doc, meta } = readHtml(text);
    expect(meta).toMatchObject({ author: 'Oscar Wilde', language: 'en' });
    expect(meta.title).toMatch(/^The Importance of Being Earnest/);
    const titles = allChapters(doc).map((c) => chapterHeadingText(c));
    expect(titles).toEqual(expect.arrayContaining(['FIRST ACT', 'SECOND ACT', 'THIRD ACT']));
    const md = serializeMarkdown(doc);
    expect(md).toContain('**Algernon.** Did you hear what I was playing, Lane?');
    expect(md).not.toMatch(LICENCE);
    expect(wordsPreserved(txtBody('pg844-importance-of-being-earnest.txt'), md)).toBeGreaterThan(0.995);
  });

  it.each(['pg11-alice-in-wonderland-h.htm', 'pg3296-confessions-of-st-augustine-h.htm', 'pg844-importance-of-being-earnest-h.htm'])(
    '%s: the Markdown parses back into the same document',
    (name) => {
      const { doc } = readHtml(new TextDecoder().decode(corpusBytes(`gutenberg-html/${name}`)));
      const { before, after } = roundTrip(doc, serializeMarkdown(doc));
      expect(after).toEqual(before);
    },
  );
});

describe('PG 2020s markup (fixture pg-modern.html)', () => {
  const { doc, meta, report } = readHtml(new TextDecoder().decode(fixture('pg-modern.html')));
  const md = serializeMarkdown(doc);

  it('reads the metadata from the PG header section', () => {
    expect(meta).toMatchObject({ title: 'A Sampler of Features', author: 'Jane Q. Writer', language: 'en' });
  });

  it('drops the header and footer sections, the title-page lines and the linked contents', () => {
    expect(md).not.toMatch(/Project Gutenberg|FULL LICENSE|anyone anywhere|A SAMPLER OF FEATURES|By Jane/);
    expect(allChapters(doc).map((c) => chapterHeadingText(c))).toEqual(['CHAPTER I. The Beginning', 'CHAPTER II. The Middle']);
    expect(report.map((l) => l.id)).toEqual(expect.arrayContaining(['gutenbergBoilerplate', 'navigation', 'titleLines', 'pageNumbers']));
  });

  it('keeps italics, bold, small caps, footnotes, verse with indents, quotes, lists and captions', () => {
    const first = allChapters(doc)[0]!;
    expect(first.blocks[0]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'It was ' },
        { type: 'emphasis', children: [{ type: 'text', value: 'quite' }] },
        { type: 'text', value: ' the ' },
        { type: 'strong', children: [{ type: 'text', value: 'strangest' }] },
        { type: 'text', value: ' morning that ' },
        { type: 'smallCaps', children: [{ type: 'text', value: 'Lord' }] },
        { type: 'text', value: ' Ashby could remember,' },
        { type: 'footnoteRef', id: 'fn-1' },
        { type: 'text', value: ' and he said so twice.' },
      ],
    });
    expect(doc.footnotes).toEqual({ 'fn-1': [{ type: 'paragraph', children: [{ type: 'text', value: 'As the parish register shows.' }] }] });
    expect(first.blocks[1]).toEqual({
      type: 'verse',
      stanzas: [
        [
          { indent: 0, children: [{ type: 'text', value: 'Twinkle, twinkle, little bat!' }] },
          { indent: 2, children: [{ type: 'text', value: 'How I wonder what you’re at!' }] },
        ],
        [{ indent: 0, children: [{ type: 'text', value: 'Up above the world you fly,' }] }],
      ],
    });
    expect(first.blocks.map((b) => b.type)).toEqual(['paragraph', 'verse', 'blockQuote', 'sceneBreak', 'paragraph', 'figure']);
    expect(first.blocks[5]).toEqual({ type: 'figure', alt: 'The garden gate', caption: [{ type: 'text', value: 'The Garden Gate' }] });
    expect(md).toContain('[link](https://example.org/)');
    expect(allChapters(doc)[1]!.blocks[0]).toMatchObject({ type: 'list', ordered: false });
  });

  it('never passes markup or scripts through: no tag, no javascript: link, page numbers gone', () => {
    expect(md).not.toMatch(/<\/?[a-z]+[\s>]|alert|javascript:|\[Pg/i);
    expect(md).toContain('a script link.');
  });

  it('round-trips through Markdown', () => {
    const { before, after } = roundTrip(doc, md);
    expect(after).toEqual(before);
  });
});

describe('HTML edge cases', () => {
  it('a page with no headings is one chapter named after <title>', () => {
    const { doc } = readHtml('<html><head><title>A Note</title></head><body><p>Hello <em>there</em>.</p></body></html>');
    expect(doc.body).toEqual([
      {
        type: 'chapter',
        id: 'ch-1',
        title: [{ type: 'text', value: 'A Note' }],
        blocks: [{ type: 'paragraph', children: [{ type: 'text', value: 'Hello ' }, { type: 'emphasis', children: [{ type: 'text', value: 'there' }] }, { type: 'text', value: '.' }] }],
      },
    ]);
  });

  it('parts above chapters when the upper headings are named like parts', () => {
    const html = ['<h1>BOOK ONE</h1>', '<h2>CHAPTER I</h2><p>a</p>', '<h2>CHAPTER II</h2><p>b</p>', '<h1>BOOK TWO</h1>', '<h2>CHAPTER I</h2><p>c</p>', '<h2>CHAPTER II</h2><p>d</p>'].join('');
    const { doc } = readHtml(`<body>${html}</body>`);
    expect(doc.body.map((d) => [d.type, inlineText(d.title), d.type === 'part' ? d.chapters.length : 0])).toEqual([
      ['part', 'BOOK ONE', 2],
      ['part', 'BOOK TWO', 2],
    ]);
  });

  it('front and back matter by title', () => {
    const { doc } = readHtml('<body><h2>Preface</h2><p>p</p><h2>Chapter 1</h2><p>x</p><h2>Chapter 2</h2><p>y</p><h2>Appendix</h2><p>z</p></body>');
    expect(doc.front.map((s) => s.kind)).toEqual(['preface']);
    expect(doc.back.map((s) => s.kind)).toEqual(['appendix']);
    expect(doc.body).toHaveLength(2);
  });

  it('does not expand entities declared in a DTD (billion laughs) and decodes HTML references', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>';
    const { doc } = readHtml(`${bomb}<html><body><p>&lol2; &amp; caf&eacute; &#8212; &#x2019;</p></body></html>`);
    const text = JSON.stringify([doc.front, doc.body]);
    expect(text).not.toContain('lollol');
    expect(text).toContain('&lol2; & café — ’');
  });
});

describe('a label and its title set as two headings (issue 33)', () => {
  const titles = (html: string) => allChapters(readHtml(`<html><body>${html}</body></html>`).doc).map((c) => chapterHeadingText(c));
  const para = '<p>The text of the chapter, long enough to be a chapter of its own.</p>';

  it('joins a number alone and the heading after it, at the same level (War of the Worlds)', () => {
    expect(titles(`<h3>I.</h3><h3>THE EVE OF THE WAR.</h3>${para}<h3>II.</h3><h3>THE FALLING STAR.</h3>${para}`)).toEqual([
      'I. THE EVE OF THE WAR.',
      'II. THE FALLING STAR.',
    ]);
  });

  it('joins a label and a title one level below it where the book does so throughout', () => {
    expect(titles(`<h2>CHAPTER I</h2><h3>Down the Rabbit-Hole</h3>${para}<h2>CHAPTER II</h2><h3>The Pool of Tears</h3>${para}`)).toEqual([
      'CHAPTER I Down the Rabbit-Hole',
      'CHAPTER II The Pool of Tears',
    ]);
  });

  it("leaves a chapter's first section heading, a scene and a division of its own apart", () => {
    // One label of two followed by a lower heading: a section of that chapter, not its title.
    expect(titles(`<h1>Chapter One</h1>${para}<h1>Chapter Two</h1><h2>A section</h2>${para}`)).toEqual(['Chapter One', 'Chapter Two']);
    // An act and its scene are two divisions, whatever their levels.
    const acts = titles(`<h2>FIRST ACT</h2><h3>SCENE</h3>${para}<h2>SECOND ACT</h2><h3>SCENE</h3>${para}`);
    expect(acts).toEqual(expect.arrayContaining(['FIRST ACT', 'SECOND ACT']));
    expect(titles(`<h2>ACT I</h2><h2>SCENE I. Verona. A public place.</h2>${para}<h2>ACT II</h2><h2>SCENE I. A lane.</h2>${para}`)).not.toContain(
      'ACT I SCENE I. Verona. A public place.',
    );
  });
});
