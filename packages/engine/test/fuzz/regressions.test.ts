/**
 * Bugs the reader fuzzing (`readers-fuzz.test.ts`) found, each kept as a plain regression test.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_INLINE_DEPTH } from '../../src/markdown/inlines.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { allChapters, type Inline } from '../../src/model/book-document.ts';
import { readBook } from '../../src/read/index.ts';
import { wellFormedXml } from '../../src/read/xml.ts';
import { makeSeeds } from './seeds.ts';

/** Deepest nesting of inline nodes with children (emphasis in emphasis ...). */
function inlineDepth(inlines: readonly Inline[]): number {
  let depth = 0;
  for (const n of inlines) if ('children' in n) depth = Math.max(depth, 1 + inlineDepth(n.children));
  return depth;
}

describe('regressions found by fuzzing: Markdown', () => {
  // A Markdown mutant with `*` x 10,000 around a word: markdown-it nests emphasis 5,000 deep (it bounds
  // block nesting, not emphasis), and the recursive serializer overflowed the call stack. readBook turned
  // the RangeError into "This file could not be read: it looks damaged" for a 20 KB text file.
  const deep = `# Chapter One\n\nBefore ${'*'.repeat(10_000)}word${'*'.repeat(10_000)} and after.\n`;

  it('reads Markdown with emphasis nested thousands deep, the nesting capped', async () => {
    const r = await readBook(strToU8(deep), { fileName: 'deep.md' });
    expect(r.kind).toBe('document');
    if (r.kind !== 'document') return;
    expect(r.markdown).toMatch(/Before .*word.* and after\./);
    const paragraph = allChapters(r.doc!)[0]!.blocks[0]!;
    expect(paragraph.type).toBe('paragraph');
    if (paragraph.type === 'paragraph') expect(inlineDepth(paragraph.children)).toBe(MAX_INLINE_DEPTH);
  });

  it('parses deep emphasis to at most MAX_INLINE_DEPTH levels, and reads its own Markdown back the same', () => {
    const doc = parseMarkdown(deep, { title: 'T', author: 'A', language: 'en' });
    const blocks = allChapters(doc)[0]!.blocks;
    expect(blocks[0]!.type === 'paragraph' && inlineDepth(blocks[0]!.children)).toBe(MAX_INLINE_DEPTH);
    const again = parseMarkdown(serializeMarkdown(doc), doc.meta);
    expect(allChapters(again)[0]!.blocks).toEqual(blocks);
  });

  it('keeps ordinary nesting as it is', () => {
    const doc = parseMarkdown('# One\n\n***bold italic** italic* [a **b _c_**](https://x.example)\n', { title: 'T', author: 'A', language: 'en' });
    const p = allChapters(doc)[0]!.blocks[0]!;
    expect(p.type === 'paragraph' && inlineDepth(p.children)).toBe(3);
  });
});

describe('regressions found by fuzzing: DOCX', () => {
  // A DOCX mutant whose document.xml was cut and followed by 2,231 tables took 35 s to be refused as damaged:
  // mammoth's XML parser (xmldom 0.8) scans the document's children for every node it adds at the top level,
  // so nodes after the root element (a second root, or even well-formed comments) cost quadratic time, and
  // the event loop was blocked meanwhile. `<p/>` x 20,000 (80 KB of XML that deflate to a few hundred
  // bytes) took 50 s. The reader now hands mammoth every XML part rewritten by its own linear parser with
  // one root and nothing around it (`wellFormedXml`).
  let files: Record<string, Uint8Array>;
  let documentXml: string;
  beforeAll(async () => {
    const seeds = await makeSeeds();
    files = unzipSync(seeds.find((s) => s.format === 'docx')!.bytes);
    documentXml = strFromU8(files['word/document.xml']!);
  });

  async function timed(tail: string): Promise<{ ms: number; outcome: string }> {
    const docx = zipSync({ ...files, 'word/document.xml': strToU8(documentXml + tail) }, { level: 9 });
    expect(docx.length).toBeLessThan(40_000);
    const start = performance.now();
    const outcome = await readBook(docx, { fileName: 'x.docx' }).then(
      (r) => r.kind,
      (e: { code?: string }) => e.code ?? 'untyped',
    );
    return { ms: performance.now() - start, outcome };
  }

  // Before the fix, on this 2-core machine under load: 38 s (refused as damaged), 35 s and 32 s
  // (quadratic); after: well under a second each.
  it.each([
    ['30,000 second roots', '<p/>'.repeat(30_000)],
    ['80,000 well-formed comments', '<!---->'.repeat(80_000)],
    ['30,000 processing instructions and spaces', ' <?x?>'.repeat(30_000)],
  ])('reads a document.xml followed by %s in linear time', async (_label, tail) => {
    const { ms, outcome } = await timed(tail);
    expect(outcome).toBe('document');
    expect(ms).toBeLessThan(15_000);
  });

  it('wellFormedXml keeps one root and nothing around it', () => {
    expect(wellFormedXml('<?xml version="1.0"?><!-- c --><r a="1"><x/>t</r><p/><!----><?pi?> tail')).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<r a="1"><x/>t</r>',
    );
    expect(wellFormedXml('no markup at all')).toBe('');
    expect(wellFormedXml('text <p>before</p> the root')).toMatch(/\n<p>before<\/p>$/);
  });

  it('wellFormedXml escapes text and attributes, drops names that are not plain XML names, keeps their content', () => {
    const out = wellFormedXml('<w:t a="x &amp; &quot;y&quot; &lt;" b=\'1\n2\'>a &lt; b &amp; c ]]&gt; <bad"name>kept</bad"name><![CDATA[<raw>]]></w:t>');
    expect(out).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:t a="x &amp; &quot;y&quot; &lt;" b="1&#10;2">a &lt; b &amp; c ]]&gt; kept&lt;raw&gt;</w:t>',
    );
  });

  it('wellFormedXml flattens nesting past 255 elements, keeping the text', () => {
    const deep = `<r>${'<a>'.repeat(5000)}x${'</a>'.repeat(5000)}</r>`;
    const out = wellFormedXml(deep);
    expect(out.match(/<a>/g)!.length).toBe(254);
    expect(out).toContain('x');
    expect(out.endsWith('</a></r>')).toBe(true);
  });
});

describe('regressions found by fuzzing: HTML and EPUB chapters', () => {
  // Following up the slowest EPUB mutant (a spine of 2,044 items): the converter copied the remaining
  // siblings for every block it met (`children.slice(i + 1)`, to look for navigation after a "Contents"
  // heading), so a chapter of n paragraphs cost n². An EPUB of 58 KB holding a 16 MB chapter took 7
  // minutes, and this 1 MB HTML file 47 s; now about a second.
  it('reads 100,000 sibling paragraphs in linear time', async () => {
    const html = `<!DOCTYPE html><html><head><title>Wide</title></head><body><h1>Chapter One</h1>${'<p>a b</p>'.repeat(100_000)}</body></html>`;
    const start = performance.now();
    const r = await readBook(strToU8(html), { fileName: 'wide.html' });
    expect(performance.now() - start).toBeLessThan(15_000);
    expect(r.kind === 'document' && r.markdown.split('\n\na b').length - 1).toBe(100_000);
  });
});

describe('regressions found by fuzzing: PDF', () => {
  // A PDF mutant (fixtures/pdf-stray-rejection.pdf: the typeset seed with a font name, a dictionary key and an
  // extra reference changed, so that the cross-reference offsets after them are off) was refused with "This PDF
  // could not be read": pdf.js rebuilds the cross-reference table and reads every page, but leaves an
  // `XRefEntryException` promise of its own unhandled, and Node ended the extraction process on it.
  it('reads a PDF whose repair leaves an unhandled rejection inside pdf.js', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('./fixtures/pdf-stray-rejection.pdf', import.meta.url)));
    const r = await readBook(bytes, { fileName: 'repaired.pdf' });
    expect(r.kind).toBe('document');
    if (r.kind === 'document') expect(r.markdown).toMatch(/Chapter Two/);
  });
});
