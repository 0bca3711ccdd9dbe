/**
 * No footnote is lost between cleanup and the document: for every Project Gutenberg book of the corpus,
 * each `[^id]:` definition cleanText writes is a note of the parsed document, referenced from the text,
 * and no reference is left as literal `[^id]` text (a reference in a verse line used to be: Luther, pg28464).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { readText } from '../../src/read/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

const meta = { title: 'T', author: 'A', language: 'en' };
const books = readdirSync(path.join(corpusDir(), 'gutenberg')).filter((f) => f.endsWith('.txt')).sort();

describe('footnotes survive from cleaned Markdown to the document (every Gutenberg book)', () => {
  it('finds the books', () => {
    expect(books.length).toBeGreaterThanOrEqual(20);
  });

  it.each(books)('%s', (name) => {
    const read = readText(new Uint8Array(readFileSync(path.join(corpusDir(), 'gutenberg', name))));
    const markdown = cleanText(read.text, { meta: read.meta }).markdown;
    const defined = [...markdown.matchAll(/^ {0,3}\[\^([^\]\s]+)\]:/gm)].map((m) => `fn-${m[1]!.replace(/[^A-Za-z0-9_-]+/g, '-')}`);
    const doc = parseMarkdown(markdown, meta);
    expect(Object.keys(doc.footnotes).sort()).toEqual([...new Set(defined)].sort());
    expect(new Set(defined).size).toBe(defined.length);
    const body = JSON.stringify({ ...doc, footnotes: {} }) + JSON.stringify(Object.values(doc.footnotes));
    const referenced = new Set([...body.matchAll(/"type":"footnoteRef","id":"([^"]+)"/g)].map((m) => m[1]!));
    for (const id of Object.keys(doc.footnotes)) expect(referenced, id).toContain(id);
    const literal = [...body.matchAll(/"type":"text","value":"((?:[^"\\]|\\.)*)"/g)].filter((m) => /\[\^[^\]\s]+\]/.test(m[1]!));
    expect(literal.map((m) => m[1]!.slice(0, 80))).toEqual([]);
  });
});
