import { strFromU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { allChapters, type BookDocument } from '../../src/model/book-document.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { parseMarkdown } from '../../src/index.ts';
import { uuidV5 } from '../../src/write/epub/identifier.ts';
import { largeBook, p, sampleBook, t } from './fixtures.ts';
import { epubcheck, problems, xmlErrors, type EpubcheckMessage } from './helpers.ts';

/** A book with nothing but empty metadata and one untitled section. */
function bareBook(): BookDocument {
  return {
    meta: { title: '', author: '', language: '', isbn: '978-0-306-40615-7' },
    front: [],
    body: [],
    back: [{ type: 'section', kind: 'other', id: 'back-1', title: [], blocks: [p(t('Only this.'))] }],
    footnotes: {},
    assets: {},
  };
}

const files = (epub: Uint8Array) => unzipSync(epub);
const text = (epub: Uint8Array, path: string) => strFromU8(files(epub)[path] as Uint8Array);

describe('writeEpub', () => {
  const doc = sampleBook();
  let sample: Uint8Array;
  let checks: Record<'sample' | 'large' | 'bare' | 'broken', EpubcheckMessage[]>;

  beforeAll(async () => {
    sample = await writeEpub(doc, kdp6x9Layout);
    const [large, bare] = await Promise.all([writeEpub(largeBook(12, 40, 60), kdp6x9Layout), writeEpub(bareBook(), kdp6x9Layout)]);
    // EPUBCheck takes a few seconds per run (JVM start): run the three books at once.
    // Control: the same files with `mimetype` deflated must fail, so that a clean report means something.
    const broken = zipSync({ ...files(sample), mimetype: [files(sample).mimetype as Uint8Array, { level: 9 }] });
    const [a, b, c, d] = await Promise.all([epubcheck(sample), epubcheck(large), epubcheck(bare), epubcheck(broken)]);
    checks = { sample: a, large: b, bare: c, broken: d };
  });

  it('passes EPUBCheck with no errors and no warnings (parts, front/back matter, verse, notes, figures, hostile text)', () => {
    expect(problems(checks.sample)).toEqual([]);
  });

  it('passes EPUBCheck for a generated long book and for a book with empty metadata and no body', () => {
    expect(problems(checks.large)).toEqual([]);
    expect(problems(checks.bare)).toEqual([]);
  });

  it('control: EPUBCheck reports a deflated mimetype (the validator really runs)', () => {
    expect(problems(checks.broken).some((m) => m.includes('PKG-00'))).toBe(true);
  });

  it('writes mimetype first, stored, without extra field (EPUB 3.3 §4.2.6.3)', () => {
    const view = new DataView(sample.buffer, sample.byteOffset, sample.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0); // compression method: stored
    expect(view.getUint16(26, true)).toBe(8); // file name length
    expect(view.getUint16(28, true)).toBe(0); // extra field length
    expect(new TextDecoder().decode(sample.subarray(30, 38))).toBe('mimetype');
    expect(new TextDecoder().decode(sample.subarray(38, 58))).toBe('application/epub+zip');
  });

  it('writes the book metadata into the package document', () => {
    const opf = text(sample, 'EPUB/package.opf');
    expect(xmlErrors(opf)).toEqual([]);
    expect(opf).toContain('<dc:title>Moby-Dick &amp; &quot;Friends&quot; &lt;Vol. 1&gt;</dc:title>');
    expect(opf).toContain('<dc:creator id="creator">Herman Melville</dc:creator>');
    expect(opf).toContain('<dc:language>en</dc:language>');
    expect(opf).toContain('<dc:publisher>Quire Test Press</dc:publisher>');
    expect(opf).toContain('<dc:date>1851</dc:date>');
    expect(opf).toContain('<dc:description>A whale of a &lt;tale&gt; &amp; more</dc:description>');
    expect(opf.match(/<dc:subject>[^<]*<\/dc:subject>/g)).toEqual(['<dc:subject>Fiction</dc:subject>', '<dc:subject>Sea stories</dc:subject>', '<dc:subject>whales</dc:subject>']);
    expect(opf).toContain('<meta property="dcterms:modified">2000-01-01T00:00:00Z</meta>');
    expect(opf).toContain(`<dc:identifier id="pub-id">urn:uuid:${uuidV5('Moby-Dick & "Friends" <Vol. 1>\nHerman Melville')}</dc:identifier>`);
  });

  it('takes modified and identifier from the options, and urn:isbn from meta.isbn', async () => {
    const epub = await writeEpub(doc, kdp6x9Layout, { modified: new Date('2024-05-06T07:08:09.123Z'), identifier: 'urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427' });
    const opf = text(epub, 'EPUB/package.opf');
    expect(opf).toContain('<meta property="dcterms:modified">2024-05-06T07:08:09Z</meta>');
    expect(opf).toContain('>urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427</dc:identifier>');
    expect(text(await writeEpub(bareBook(), kdp6x9Layout), 'EPUB/package.opf')).toContain('>urn:isbn:9780306406157</dc:identifier>');
  });

  it('is reproducible: same input, same bytes', async () => {
    expect(Buffer.from(await writeEpub(doc, kdp6x9Layout)).equals(Buffer.from(sample))).toBe(true);
  });

  it('writes one XHTML file per chapter, part and section, all in the spine', () => {
    const names = Object.keys(files(sample));
    expect(names[0]).toBe('mimetype');
    expect(names.filter((n) => /^EPUB\/chapter-\d{3}\.xhtml$/.test(n))).toHaveLength(allChapters(doc).length);
    expect(names.filter((n) => /^EPUB\/part-\d\.xhtml$/.test(n))).toHaveLength(2);
    expect(names.filter((n) => /^EPUB\/(front|back)-\d\.xhtml$/.test(n))).toHaveLength(3);
    const opf = text(sample, 'EPUB/package.opf');
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(spine).toEqual(['title-page', 'copyright', 'nav', 'front-1', 'front-2', 'part-1', 'chapter-001', 'chapter-002', 'part-2', 'chapter-003', 'chapter-004', 'back-1', 'notes']);
    for (const name of names.filter((n) => n.endsWith('.xhtml'))) expect(xmlErrors(text(sample, name)), name).toEqual([]);
  });

  it('lists every chapter in the nav, nested under its part, with landmarks', () => {
    const nav = text(sample, 'EPUB/nav.xhtml');
    allChapters(doc).forEach((c, i) => expect(nav).toContain(`href="chapter-${String(i + 1).padStart(3, '0')}.xhtml#${c.id}"`));
    expect(nav).toMatch(/<li><a href="part-1\.xhtml#part-1">Part One<\/a>\n<ol>\n<li><a href="chapter-001\.xhtml#ch-1">Loomings<\/a><\/li>/);
    expect(nav).toContain('<a epub:type="toc" href="nav.xhtml#toc">');
    expect(nav).toContain('<a epub:type="bodymatter" href="part-1.xhtml">');
  });

  it('writes EPUB 3 footnotes at the end of the chapter that first references them', () => {
    const ch1 = text(sample, 'EPUB/chapter-001.xhtml');
    expect(ch1).toContain('<aside class="footnote" id="fn-1" epub:type="footnote" role="doc-footnote">');
    expect(ch1).toContain('href="#fn-1" epub:type="noteref"');
    const ch2 = text(sample, 'EPUB/chapter-002.xhtml');
    expect(ch2).toContain('id="fnref-1-2" href="chapter-001.xhtml#fn-1"');
    expect(text(sample, 'EPUB/notes.xhtml')).toContain('A note nobody references.');
  });

  it('links a note referenced in a heading both ways, numbered first in its unit (a sermon credited on its title)', async () => {
    const md = '# A Sermon {.piece}\n\nText.\n\n# The Prince of Life[^credit] {.piece}\n\nMore text.[^aside]\n\n[^credit]: By permission.\n\n[^aside]: An aside.\n';
    const epub = await writeEpub(parseMarkdown(md, { title: 'Sermons', author: 'Various', language: 'en' }), kdp6x9Layout);
    const ch2 = text(epub, 'EPUB/chapter-002.xhtml');
    // The reference in the title is the note's first: its id is the one the note's backlink names.
    expect(ch2).toMatch(/<h1>.*<a class="noteref" id="fnref-1" href="#fn-1"[^>]*>1<\/a>/u);
    expect(ch2).toContain('<a class="note-number" href="#fnref-1" role="doc-backlink">1.</a>');
    expect(ch2).toMatch(/id="fnref-2" href="#fn-2"[^>]*>2<\/a>/u);
    expect(ch2).not.toContain('fnref-1-2');
    expect(problems(await epubcheck(epub))).toEqual([]);
  });

  it('keeps chapter text, scene breaks, verse and captions, and escapes hostile text', () => {
    const ch1 = text(sample, 'EPUB/chapter-001.xhtml');
    expect(ch1).toContain('<hr class="scene-break"/>');
    expect(ch1).toContain('<span class="line indent-1">violets are blue</span>');
    // A caption whose picture the book does not have: a caption paragraph, no <figure> and no <img> without a file.
    expect(ch1).toContain('<p class="caption">The whale, <em>breaching</em></p>');
    expect(ch1).not.toContain('<figure');
    expect(ch1).not.toContain('<img');
    expect(ch1).not.toMatch(/javascript/i);
    const ch3 = text(sample, 'EPUB/chapter-003.xhtml');
    expect(ch3).not.toContain('<script');
    expect(ch3).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; ]]&gt;  bye');
  });

  it('uses a reflowable style sheet without page size', () => {
    const css = text(sample, 'EPUB/style.css');
    expect(css).not.toContain('@page');
    // 11 pt relative to the reader's 12 pt: 0.917em.
    expect(css).toContain('font-family: "Tinos", "Times New Roman", serif; font-size: 0.917em;');
  });
});
