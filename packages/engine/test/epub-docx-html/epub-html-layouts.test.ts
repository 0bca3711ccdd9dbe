/**
 * The EPUB and HTML writers honour the layout: reflowable CSS from each layout's fields, accessibility metadata,
 * landmarks and the cover in the EPUB, print page furniture and embedded fonts in the print HTML.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { getLayout } from '../../src/layout/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { cssString } from '../../src/write/html/escape.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { sampleBook } from './fixtures.ts';
import { epubcheck, problems } from './helpers.ts';

/** A 1 x 1 PNG (signature, IHDR, IDAT, IEND). */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

const text = (epub: Uint8Array, path: string) => strFromU8(unzipSync(epub)[path] as Uint8Array);

describe('writeEpub: layout, accessibility, cover', () => {
  it('writes schema.org accessibility metadata, landmarks and the cover, and stays valid', async () => {
    const epub = await writeEpub(sampleBook(), getLayout('classic-literature'), { cover: { bytes: PNG, alt: 'A whale' } });
    const opf = text(epub, 'EPUB/package.opf');
    for (const meta of ['schema:accessMode">textual', 'schema:accessMode">visual', 'schema:accessModeSufficient">textual', 'schema:accessibilityFeature">structuralNavigation', 'schema:accessibilityHazard">none', 'schema:accessibilitySummary">']) {
      expect(opf).toContain(meta);
    }
    expect(opf).toContain('<item id="cover-image" href="images/cover.png" media-type="image/png" properties="cover-image"/>');
    expect(opf).toMatch(/<spine>\n<itemref idref="cover"\/>\n<itemref idref="title-page"\/>/);
    const nav = text(epub, 'EPUB/nav.xhtml');
    for (const landmark of ['cover', 'titlepage', 'toc', 'bodymatter']) expect(nav).toContain(`epub:type="${landmark}"`);
    expect(problems(await epubcheck(epub))).toEqual([]);
  });

  it('refuses a cover that is not an image', async () => {
    await expect(writeEpub(sampleBook(), getLayout('kdp-6x9'), { cover: { bytes: new TextEncoder().encode('<svg/>') } })).rejects.toThrow(/cover image/);
  });

  it('classic-literature: fleuron scene breaks, decorated titles, drop capital and lead-in in reflowable CSS', async () => {
    const epub = await writeEpub(sampleBook(), getLayout('classic-literature'));
    const css = text(epub, 'EPUB/style.css');
    expect(css).not.toContain('@page');
    expect(css).toContain('hr.scene-break::after { content: "❦"; }');
    expect(css).toContain('section.chapter > h1::after { content: "❦";');
    expect(css).toMatch(/p\.opening::first-letter \{ float: left; font-size: [\d.]+em;/);
    expect(css).toContain('initial-letter: 3;');
    expect(css).toContain('hyphens: auto;');
    const ch1 = text(epub, 'EPUB/chapter-001.xhtml');
    expect(ch1).toContain('<span class="chapter-number">CHAPTER I</span>');
    expect(ch1).toMatch(/<p class="first opening"><span class="lead-in">Call me Ishmael<\/span>/);
  });

  it('apa-7: academic title page and abstract, APA heading levels, every paragraph indented, no hyphenation', async () => {
    const book = sampleBook();
    const abstract = { type: 'section' as const, kind: 'other' as const, id: 'front-abstract', title: [{ type: 'text' as const, value: 'Abstract' }], blocks: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: 'Abstractword summary of the paper.' }] }] };
    const epub = await writeEpub({ ...book, front: [abstract, ...book.front], meta: { ...book.meta, paper: { instructor: 'Dr. Amal Reyes' } } }, getLayout('apa-7'));
    const title = text(epub, 'EPUB/title.xhtml');
    expect(title).toContain('Dr. Amal Reyes');
    expect(title).not.toMatch(/\[(Course|Department|Abstract)/);
    // The abstract is the paper's own section, in a file of its own after the title page, set once.
    const files = Object.keys(unzipSync(epub)).filter((f) => f.endsWith('.xhtml'));
    const holding = files.filter((f) => text(epub, f).includes('Abstractword summary'));
    expect(holding).toHaveLength(1);
    expect(holding[0]).not.toBe('EPUB/title.xhtml');
    expect(text(epub, holding[0]!)).toMatch(/<h1[^>]*>Abstract<\/h1>/);
    const css = text(epub, 'EPUB/style.css');
    expect(css).toContain('p.first { text-indent: 3em; }');
    expect(css).toContain('hyphens: manual;');
    expect(css).toMatch(/h4\.run-in \{[^}]*font-weight: bold; font-style: normal;/);
    expect(css).toContain('h4.run-in { float: left;');
  });
});

describe('writeHtml: print furniture and fonts', () => {
  it('embeds the layout fonts as data: URIs and places the folio and heads as the layout says', () => {
    const html = writeHtml(sampleBook(), getLayout('classic-literature'), { variant: 'print' });
    expect(html.match(/@font-face \{ font-family: "EB Garamond";/g)).toHaveLength(4);
    expect(html).toContain('src: url(data:font/ttf;base64,AAEAAA');
    // top-outside folio: top-left on versos, top-right on rectos; small-caps heads centred.
    expect(html).toMatch(/@page :left \{[^\n]*@top-center \{ content: "Herman Melville"; font-variant: small-caps;[^\n]*@top-left \{ content: counter\(page\); \}/);
    expect(html).toMatch(/@page :right \{[^\n]*@top-right \{ content: counter\(page\); \}/);
  });

  it('mla-9: one-sided, surname and page number flush right on every page', () => {
    const html = writeHtml(sampleBook(), getLayout('mla-9'), { variant: 'print', embedFonts: false });
    expect(html).toContain('@page :right { margin: 1in 1in 1in 1in; @top-right { content: "Melville" " " counter(page); } }');
    expect(html).toContain('class="academic-block"');
  });

  it('cssString keeps user text inside the CSS string and the document well-formed', () => {
    expect(cssString('a"b\\c</style>&\nd')).toBe('"a\\"b\\\\c\\3C /style\\3E \\26 \\A d"');
  });
});
