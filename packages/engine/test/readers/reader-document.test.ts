/**
 * The Markdown reader's own document (`ReadOutput.doc`) is exactly what parsing its Markdown with its metadata gives,
 * on real books: the command line relies on it to skip that parse. The other readers return no document.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText, parseMarkdown, readBook, readText } from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

const FILES = [
  'gutenberg-html/pg11-alice-in-wonderland-h.htm',
  'gutenberg-html/pg844-importance-of-being-earnest-h.htm',
  'other/alice-ch1-excerpt.docx',
  'other/alice-in-wonderland-epub3-futurepress-fixture.epub',
];

describe('the document a reader returns', () => {
  it.each(FILES)('%s: none from a reader of another format', async (file) => {
    const read = await readBook(new Uint8Array(readFileSync(path.join(corpusDir(), file))), { fileName: path.basename(file) });
    expect(read.kind).toBe('document');
    expect(read.kind === 'document' && read.doc).toBeFalsy();
  });

  it.each(['pg2600-war-and-peace.txt', 'pg1322-leaves-of-grass.txt', 'pg731-decline-and-fall-roman-empire-vol1.txt', 'pg844-importance-of-being-earnest.txt'])(
    '%s, cleaned and read back as Markdown: is the parse of its Markdown',
    async (file) => {
      const { markdown } = cleanText(readText(new Uint8Array(readFileSync(path.join(corpusDir(), 'gutenberg', file)))).text);
      const read = await readBook(new TextEncoder().encode(markdown), { fileName: 'book.md' });
      if (read.kind !== 'document' || !read.doc) throw new Error(`${file}: no document`);
      expect(read.doc.body.length).toBeGreaterThan(0);
      expect(parseMarkdown(read.markdown, read.doc.meta, { assets: read.assets })).toEqual(read.doc);
    },
    60_000,
  );
});
