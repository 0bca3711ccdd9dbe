/**
 * The registry: format detection, the error of each refused input, and property tests that hostile
 * input never makes a reader throw anything but a typed, user-facing EngineError.
 */
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { detectFormat, readBook, UNSUPPORTED_FORMAT_MESSAGE } from '../../src/read/index.ts';
import { corpusBytes } from '../helpers/corpus.ts';
import { fixture } from './helpers.ts';
import { minimalEpub } from './hostile-zips.ts';

describe('detectFormat', () => {
  it.each([
    ['gutenberg/pg11-alice-in-wonderland.txt', 'a.bin', 'txt'],
    ['gutenberg-html/pg11-alice-in-wonderland-h.htm', 'book.txt', 'html'],
    ['gutenberg-html/pg844-importance-of-being-earnest-h.htm', undefined, 'html'],
    ['other/alice-ch1-excerpt.docx', 'renamed.epub', 'docx'],
    ['other/moby-dick-idpf-epub3-sample.epub', 'x.zip', 'epub'],
    ['other/pg11-alice-in-wonderland-pg-epub2-2021.epub', undefined, 'epub'],
    ['other/alice-ch1-excerpt-word-export.pdf', 'x.txt', 'pdf'],
  ])('sniffs %s (named %s) as %s: magic bytes win over the name', (file, fileName, expected) => {
    expect(detectFormat(corpusBytes(file), fileName ? { fileName } : {})).toBe(expected);
  });

  it('uses the extension, then the content type, for text formats', () => {
    const md = strToU8('# Title\n\nText');
    expect(detectFormat(md, { fileName: 'book.md' })).toBe('markdown');
    expect(detectFormat(md, { contentType: 'text/markdown; charset=utf-8' })).toBe('markdown');
    expect(detectFormat(md, { fileName: 'book.txt' })).toBe('txt');
    expect(detectFormat(md)).toBe('txt');
    expect(detectFormat(strToU8('<p>fragment</p>'), { fileName: 'a.html' })).toBe('html');
  });

  it('answers null for binary data and archives that are neither DOCX nor EPUB', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(detectFormat(png, { fileName: 'cover.png' })).toBeNull();
    expect(detectFormat(zipSync({ 'a.txt': strToU8('x') }), { fileName: 'a.zip' })).toBeNull();
  });
});

describe('readBook errors', () => {
  it('415-type error naming the supported types for an image', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await expect(readBook(png, { fileName: 'x.png' })).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT', message: UNSUPPORTED_FORMAT_MESSAGE });
    expect(UNSUPPORTED_FORMAT_MESSAGE).toMatch(/\.txt.*\.md.*\.html.*\.docx.*\.epub.*\.pdf/);
  });

  it('EMPTY_INPUT for an empty file and for markup with no text', async () => {
    await expect(readBook(new Uint8Array(0), { fileName: 'e.txt' })).rejects.toMatchObject({ code: 'EMPTY_INPUT' });
    await expect(readBook(strToU8('<html><body><p> </p></body></html>'), { fileName: 'e.html' })).rejects.toMatchObject({ code: 'EMPTY_INPUT' });
  });

  it('UNREADABLE_INPUT for a broken DOCX and a truncated EPUB', async () => {
    await expect(readBook(strToU8('PK\x03\x04 not really'), { fileName: 'x.docx' })).rejects.toMatchObject({ code: 'UNREADABLE_INPUT' });
    const epub = minimalEpub();
    await expect(readBook(epub.subarray(0, epub.length - 30), { fileName: 'x.epub' })).rejects.toMatchObject({ code: 'UNREADABLE_INPUT' });
  });

  it('plain text stays raw for cleanup, with its encoding and Gutenberg metadata', async () => {
    const r = await readBook(corpusBytes('gutenberg/pg1342-pride-and-prejudice-2020s-cp1252.txt'), { fileName: 'pp.txt' });
    expect(r).toMatchObject({ kind: 'raw', format: 'txt', encoding: 'windows-1252', meta: { title: 'Pride and Prejudice', author: 'Jane Austen' } });
  });

  it('documents come back as Quire Markdown with the reader report', async () => {
    const r = await readBook(fixture('pg-modern.html'), { fileName: 'pg-modern.html', contentType: 'text/html' });
    expect(r).toMatchObject({ kind: 'document', format: 'html', meta: { title: 'A Sampler of Features' } });
    if (r.kind === 'document') expect(r.markdown.startsWith('# CHAPTER I. The Beginning\n\n')).toBe(true);
  });
});

describe('hostile input (fast-check)', () => {
  async function onlyEngineErrors(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
    }
  }
  const names = fc.constantFrom('x.txt', 'x.md', 'x.html', 'x.docx', 'x.epub', 'x.bin', undefined);

  it('random bytes under any name', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), names, async (bytes, fileName) => {
        await onlyEngineErrors(() => readBook(bytes, fileName ? { fileName } : {}));
      }),
      { numRuns: 200 },
    );
  });

  it('random tag soup as HTML and as Markdown', async () => {
    const piece = fc.oneof(
      fc.constantFrom('<p>', '</p>', '<div class="poem">', '<div class="stanza">', '</div>', '<br>', '<i>', '</i>', '<h1>', '</h1>', '<h2>', '</h2>',
        '<a href="#n1">[1]</a>', '<a id="n1" href="#r1">1</a>', '<table><tr><td>', '<pre>', '</pre>', '<span class="pagenum">[Pg 3]</span>',
        '*** START OF THE PROJECT GUTENBERG EBOOK X ***', '*** END OF THE PROJECT GUTENBERG EBOOK X ***', '&amp;', '&#0;', '&#x110000;', '<!--', '-->',
        '<![CDATA[', ']]>', '<!DOCTYPE x [<!ENTITY a "b">]>', '&a;', '::: verse', '[^1]', '# ', '{.part}'),
      fc.string({ maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 60 }), fc.constantFrom('x.html', 'x.md'), async (parts, fileName) => {
        const bytes = strToU8(`<html><body>${parts.join('')}</body></html>`);
        await onlyEngineErrors(() => readBook(bytes, { fileName }));
      }),
      { numRuns: 200 },
    );
  });

  it('an EPUB with random chapter markup and random package bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 400 }), fc.uint8Array({ maxLength: 300 }), async (body, opf) => {
        await onlyEngineErrors(() => readBook(minimalEpub({}, body), { fileName: 'x.epub' }));
        await onlyEngineErrors(() => readBook(minimalEpub({ 'OEBPS/content.opf': opf }), { fileName: 'x.epub' }));
      }),
      { numRuns: 60 },
    );
  });
});
