/**
 * DOCX reader on the corpus (`other/*.docx`: mammoth's own test documents, a Word export of Alice's
 * first chapter, Walden pasted line by line) and on files built in memory.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chapterHeadingText, inlineText } from '../../src/model/book-document.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readDocx, unwrapHardWrappedParagraphs } from '../../src/read/docx/index.ts';
import { readBook } from '../../src/read/index.ts';
import { corpusBytes } from '../helpers/corpus.ts';
import { words } from '../helpers/words.ts';

/** A minimal Word document: the given `w:body` content. */
function docx(body: string, core?: string): Uint8Array {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(`<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`),
    ...(core ? { 'docProps/core.xml': strToU8(core) } : {}),
  });
}

const p = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

describe('corpus DOCX files', () => {
  it('mammoth-test-footnotes: Word footnotes become real footnotes, the back links go', async () => {
    const r = await readBook(corpusBytes('other/mammoth-test-footnotes.docx'), { fileName: 'f.docx' });
    if (r.kind !== 'document') throw new Error('expected a document');
    expect(r.format).toBe('docx');
    expect(r.markdown).toBe('Ouch[^1].[^2]\n\n[^1]: A tachyon walks into a bar.\n\n[^2]: Fin.\n');
    expect(r.markdown).not.toContain('↑');
  });

  it('alice-ch1-excerpt: title and author from "X, by Y" in the core properties, the account name ignored', async () => {
    const { doc, meta } = await readDocx(corpusBytes('other/alice-ch1-excerpt.docx'));
    expect(meta).toMatchObject({ title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll' });
    expect(serializeMarkdown(doc)).toContain('There was nothing so VERY remarkable in that');
  });

  it('walden: one Word paragraph per printed line is joined into paragraphs, no word lost', async () => {
    const { doc, report } = await readDocx(corpusBytes('other/walden-thoreau-msword-hardwrapped.docx'));
    const md = serializeMarkdown(doc);
    expect(report.find((l) => l.id === 'hardWraps')!.count).toBeGreaterThan(8000);
    expect(md).toContain(
      'When I wrote the following pages, or rather the bulk of them, I lived alone, in the woods, a mile from any neighbor,',
    );
    // The first paragraph ends where the printed one did.
    expect(md).toMatch(/two years and two months\. At present I am a sojourner in civilized life again\.\n\nI should not obtrude/);
    expect(words(md).length).toBeGreaterThan(110_000);
  });

  it.each(['mammoth-test-comments.docx', 'mammoth-test-strict-format.docx'])('%s reads without error', async (name) => {
    const r = await readBook(corpusBytes(`other/${name}`), { fileName: name });
    expect(r.kind === 'document' && r.markdown.trim().length).toBeGreaterThan(0);
  });
});

describe('DOCX built in memory', () => {
  it('headings by Word style; Title is the book title; emphasis and lists', async () => {
    const body = [
      p('The Little Book', 'Title'),
      p('Chapter One', 'Heading1'),
      '<w:p><w:r><w:t xml:space="preserve">Plain and </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>slanted</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p>',
      p('Chapter Two', 'Heading1'),
      p('A section', 'Heading2'),
      p('More text.'),
    ].join('');
    const core =
      '<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Little Book</dc:title><dc:creator>Mary Ann Evans</dc:creator><dc:language>en-GB</dc:language></cp:coreProperties>';
    const { doc, meta } = await readDocx(docx(body, core));
    expect(meta).toEqual({ title: 'The Little Book', author: 'Mary Ann Evans', language: 'en-GB' });
    expect(doc.body.map((d) => (d.type === 'chapter' ? chapterHeadingText(d) : inlineText(d.title)))).toEqual(['Chapter One', 'Chapter Two']);
    expect(serializeMarkdown(doc)).toBe('# Chapter One\n\nPlain and _slanted_.\n\n# Chapter Two\n\n## A section\n\nMore text.\n');
  });

  it('refuses a password-protected (OLE) file with a message saying so', async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(readBook(ole, { fileName: 'secret.docx' })).rejects.toMatchObject({
      code: 'UNREADABLE_INPUT',
      message: expect.stringMatching(/password-protected/),
    });
  });

  it('refuses a ZIP that is not a Word document', async () => {
    await expect(readDocx(zipSync({ 'a.txt': strToU8('x') }))).rejects.toMatchObject({ code: 'UNREADABLE_INPUT' });
  });
});

describe('unwrapHardWrappedParagraphs', () => {
  const para = (value: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, value }] });
  it('leaves ordinary paragraphs alone', () => {
    const blocks = Array.from({ length: 10 }, (_, i) => para(`${'A long paragraph of prose that runs on. '.repeat(5)}${i}`));
    expect(unwrapHardWrappedParagraphs(blocks)).toEqual({ blocks, joined: 0 });
  });
  it('joins full lines and keeps a hyphen at a line end', () => {
    const line = 'x'.repeat(60);
    const blocks = [para(line), para(`${line}-`), para('end.'), ...Array.from({ length: 8 }, () => para(line)), para('last.')];
    const { blocks: out, joined } = unwrapHardWrappedParagraphs(blocks);
    expect(joined).toBe(10);
    expect(out[0]).toEqual(para(`${line} ${line}-end.`));
    expect(out).toHaveLength(2);
  });
});
