/**
 * EPUB reader on the corpus EPUBs (EPUB 3: futurepress Alice, IDPF Moby-Dick; EPUB 2: Project
 * Gutenberg's Alice and Pride and Prejudice) and on small EPUBs built in memory (DRM, furniture).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { allChapters, chapterHeadingText } from '../../src/model/book-document.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readEpub } from '../../src/read/epub/index.ts';
import { readBook } from '../../src/read/index.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { corpusBytes } from '../helpers/corpus.ts';
import { gutenbergBody, wordsPreserved } from '../helpers/words.ts';
import { roundTrip } from './helpers.ts';
import { minimalEpub } from './hostile-zips.ts';

const LICENCE = /Project Gutenberg|gutenberg\.org|FULL LICENSE/i;

describe('corpus EPUBs', () => {
  it('PG EPUB 2 Alice: OPF metadata, 12 chapters, no licence, the words of the txt edition', async () => {
    const r = await readBook(corpusBytes('other/pg11-alice-in-wonderland-pg-epub2-2021.epub'), { fileName: 'alice.epub' });
    if (r.kind !== 'document') throw new Error('expected a document');
    expect(r.format).toBe('epub');
    expect(r.meta).toMatchObject({ title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll', language: 'en' });
    expect(r.meta.subjects).toContain('Fantasy fiction');
    const headings = r.markdown.split('\n').filter((l) => l.startsWith('# '));
    expect(headings).toHaveLength(12);
    expect(headings[6]).toBe('# CHAPTER VII. A Mad Tea-Party');
    expect(r.markdown).not.toMatch(LICENCE);
    const txt = gutenbergBody(readFileSync(path.join(corpusDir(), 'gutenberg/pg11-alice-in-wonderland.txt'), 'utf8'));
    expect(wordsPreserved(txt, r.markdown)).toBeGreaterThan(0.998);
  });

  it('PG EPUB 2 Pride and Prejudice: 61 chapters in spine order, the trailer page dropped', () => {
    const { doc, meta } = readEpub(corpusBytes('other/pg1342-pride-and-prejudice-pg-epub2-2013-gluejar.epub'));
    expect(meta).toMatchObject({ title: 'Pride and Prejudice', author: 'Jane Austen' });
    const titles = allChapters(doc).map((c) => chapterHeadingText(c));
    expect(titles).toHaveLength(61);
    expect(titles[0]).toBe('Chapter 1');
    expect(titles[60]).toBe('Chapter 61');
    const md = serializeMarkdown(doc);
    expect(md).not.toMatch(LICENCE);
    const txt = gutenbergBody(readFileSync(path.join(corpusDir(), 'gutenberg/pg1342-pride-and-prejudice.txt'), 'utf8'));
    expect(wordsPreserved(txt, md)).toBeGreaterThan(0.998);
  });

  it('EPUB 3 Alice (futurepress): chapters named by the nav document, cover and title pages skipped', () => {
    const { doc, meta, report } = readEpub(corpusBytes('other/alice-in-wonderland-epub3-futurepress-fixture.epub'));
    expect(meta).toMatchObject({ title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll', language: 'en-US' });
    const titles = allChapters(doc).map((c) => chapterHeadingText(c));
    expect(titles[0]).toBe('Down The Rabbit-Hole');
    expect(titles).toHaveLength(10);
    expect(report.find((l) => l.id === 'epubPages')?.count).toBeGreaterThan(0);
    expect(serializeMarkdown(doc)).not.toMatch(/!\[Illo\d/);
  });

  it('EPUB 3 Moby-Dick (IDPF sample): front matter then the chapters in order', () => {
    const { doc, meta } = readEpub(corpusBytes('other/moby-dick-idpf-epub3-sample.epub'));
    expect(meta).toMatchObject({ title: 'Moby-Dick', author: 'Herman Melville' });
    const titles = allChapters(doc).map((c) => chapterHeadingText(c));
    expect(titles).toContain('Chapter 1. Loomings.');
    expect(titles.indexOf('Chapter 2. The Carpet-Bag.')).toBe(titles.indexOf('Chapter 1. Loomings.') + 1);
    expect(titles.filter((t) => /^Chapter \d+\./.test(t)).length).toBeGreaterThanOrEqual(135);
  });

  it.each(['pg11-alice-in-wonderland-pg-epub2-2021.epub', 'alice-in-wonderland-epub3-futurepress-fixture.epub'])(
    '%s: the Markdown parses back into the same document',
    (name) => {
      const { doc } = readEpub(corpusBytes(`other/${name}`));
      const { before, after } = roundTrip(doc, serializeMarkdown(doc));
      expect(after).toEqual(before);
    },
  );
});

describe('EPUBs built in memory', () => {
  it('reads a minimal EPUB 3', () => {
    const { doc, meta } = readEpub(minimalEpub());
    expect(meta).toEqual({ title: 'A Small Book', author: 'Ann Author', language: 'en' });
    expect(serializeMarkdown(doc)).toBe('# Chapter 1\n\nIt was a dark and stormy night.\n');
  });

  it.each([
    ['Adobe rights.xml', { 'META-INF/rights.xml': strToU8('<rights/>') }],
    [
      'encryption.xml encrypting a chapter',
      {
        'META-INF/encryption.xml': strToU8(
          '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/c1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
        ),
      },
    ],
  ])('refuses a DRM-protected EPUB (%s) with a message saying so', async (_name, extra) => {
    await expect(readBook(minimalEpub(extra), { fileName: 'drm.epub' })).rejects.toMatchObject({
      code: 'UNREADABLE_INPUT',
      message: expect.stringMatching(/^This EPUB is protected by DRM/),
    });
  });

  it('accepts font obfuscation, which is not DRM', () => {
    const extra = {
      'META-INF/encryption.xml': strToU8(
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/><enc:CipherData><enc:CipherReference URI="OEBPS/font.otf"/></enc:CipherData></enc:EncryptedData></encryption>',
      ),
    };
    expect(allChapters(readEpub(minimalEpub(extra)).doc)).toHaveLength(1);
  });

  it('refuses an EPUB without container.xml as damaged', async () => {
    const epub = minimalEpub({ 'META-INF/container.xml': strToU8('<container/>') });
    await expect(readBook(epub, { fileName: 'x.epub' })).rejects.toMatchObject({ code: 'UNREADABLE_INPUT', message: expect.stringMatching(/damaged/) });
  });

  it('links EPUB 3 endnotes in another file to their references', () => {
    const epub = minimalEpub(
      {
        'OEBPS/content.opf': strToU8(
          '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>N</dc:title></metadata><manifest><item id="c1" href="text/c1.xhtml" media-type="application/xhtml+xml"/><item id="n" href="text/endnotes.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/><itemref idref="n"/></spine></package>',
        ),
        'OEBPS/text/c1.xhtml': strToU8(
          '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><h2>I</h2><p>A claim.<a href="endnotes.xhtml#note-1" id="noteref-1" epub:type="noteref">1</a></p></body></html>',
        ),
        'OEBPS/text/endnotes.xhtml': strToU8(
          '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><section epub:type="endnotes"><h2>Endnotes</h2><ol><li id="note-1" epub:type="endnote"><p>The source. <a href="c1.xhtml#noteref-1" epub:type="backlink">↩</a></p></li></ol></section></body></html>',
        ),
      },
    );
    const { doc } = readEpub(epub);
    expect(doc.footnotes).toEqual({ 'fn-1': [{ type: 'paragraph', children: [{ type: 'text', value: 'The source.' }] }] });
    expect(serializeMarkdown(doc)).toBe('# I\n\nA claim.[^1]\n\n[^1]: The source.\n');
  });
});
