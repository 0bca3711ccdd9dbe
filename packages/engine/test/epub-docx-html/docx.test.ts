import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { allChapters } from '../../src/model/book-document.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { insertMirrorMargins } from '../../src/write/docx/package-patch.ts';
import { sampleBook } from './fixtures.ts';
import { xmlErrors } from './helpers.ts';

const doc = sampleBook();
let bytes: Uint8Array;
let part: (path: string) => Promise<string>;

beforeAll(async () => {
  bytes = await writeDocx(doc, kdp6x9Layout);
  const zip = await JSZip.loadAsync(bytes);
  part = async (path) => (await zip.file(path)?.async('string')) ?? '';
});

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

describe('writeDocx', () => {
  it('writes well-formed parts', async () => {
    for (const path of ['word/document.xml', 'word/styles.xml', 'word/footnotes.xml', 'word/settings.xml', 'word/fontTable.xml', 'docProps/core.xml']) {
      const xml = await part(path);
      expect(xml.length, path).toBeGreaterThan(0);
      expect(xmlErrors(xml), path).toEqual([]);
    }
  });

  it('sets a 6x9 in page (8640 x 12960 twips) and inside/outside margins on every section', async () => {
    const xml = await part('word/document.xml');
    const sections = count(xml, /<w:sectPr\b/g);
    // Title page + contents + 2 front + 2 parts + 4 chapters + 1 back + notes.
    expect(sections).toBe(12);
    expect(count(xml, /<w:pgSz w:w="8640" w:h="12960"/g)).toBe(sections);
    // Inside 0.9 in = outside 0.6 in + gutter 0.3 in; head 0.4 in and foot 0.35 in from the trim edge.
    expect(count(xml, /<w:pgMar w:top="1094" w:right="864" w:bottom="1094" w:left="864" w:header="576" w:footer="504" w:gutter="432"\/>/g)).toBe(sections);
  });

  it('mirrors margins: w:mirrorMargins in settings, in schema order', async () => {
    const settings = await part('word/settings.xml');
    expect(settings).toMatch(/<w:displayBackgroundShape\/><w:embedTrueTypeFonts\/><w:mirrorMargins\/><w:defaultTabStop /);
    expect(settings).toContain('<w:evenAndOddHeaders/>');
    expect(insertMirrorMargins('<w:settings><w:zoom/></w:settings>')).toBe('<w:settings><w:zoom/><w:mirrorMargins/></w:settings>');
    expect(insertMirrorMargins('<w:settings><w:mirrorMargins/></w:settings>')).toBe('<w:settings><w:mirrorMargins/></w:settings>');
  });

  it('defines real styles with the layout font, 11 pt, lines 1.15 x 11 pt apart', async () => {
    const styles = await part('word/styles.xml');
    expect(styles).toMatch(/<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Tinos" w:cs="Tinos" w:eastAsia="Tinos" w:hAnsi="Tinos"\/><w:sz w:val="22"\/>/);
    // 12.65 pt = 253 twips, exact (book layouts set the PDF's leading).
    expect(styles).toMatch(/<w:pPrDefault><w:pPr><w:spacing [^>]*w:line="253" w:lineRule="exact"/);
    for (const [id, name] of [['Title', 'Title'], ['Heading1', 'Heading 1'], ['Heading2', 'Heading 2'], ['BodyText', 'Body Text'], ['FirstParagraph', 'First Paragraph'], ['Verse', 'Verse'], ['Quote', 'Quote'], ['PartTitle', 'Part Title']]) {
      expect(styles).toMatch(new RegExp(`<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>`));
    }
    // Body Text: first-line indent 1.5 em of 11 pt = 330 twips; First Paragraph: none.
    expect(styles).toMatch(/w:styleId="BodyText">.*?<w:ind w:firstLine="330"\/>/);
    expect(styles).toMatch(/w:styleId="FirstParagraph">.*?<w:ind w:firstLine="0"\/>/);
    const fonts = await part('word/fontTable.xml');
    expect(fonts).toContain('<w:font w:name="Tinos"><w:altName w:val="Times New Roman"/>');
  });

  it('uses Heading 1 once per chapter and titled front/back section, Part Title per part', async () => {
    const xml = await part('word/document.xml');
    const titledSections = [...doc.front, ...doc.back].filter((s) => s.title.length > 0).length;
    // + 1: the "Notes" heading of the unreferenced footnote.
    expect(count(xml, /<w:pStyle w:val="Heading1"\/>/g)).toBe(allChapters(doc).length + titledSections + 1);
    expect(count(xml, /<w:pStyle w:val="PartTitle"\/>/g)).toBe(2);
    for (const style of ['Title', 'Subtitle', 'BodyText', 'FirstParagraph', 'Verse', 'Quote', 'SceneBreak', 'Caption', 'Heading2', 'ListParagraph', 'TOCHeading']) {
      expect(xml, style).toContain(`<w:pStyle w:val="${style}"/>`);
    }
  });

  it('starts units on odd pages with a different first page; page numbers restart at the body', async () => {
    const xml = await part('word/document.xml');
    expect(count(xml, /<w:type w:val="oddPage"\/>/g)).toBe(11);
    expect(count(xml, /<w:titlePg\/>/g)).toBe(12);
    expect(xml).toContain('<w:pgNumType w:start="1" w:fmt="decimal"/>');
    expect(xml).toContain('<w:pgNumType w:start="1" w:fmt="lowerRoman"/>');
  });

  it('puts page numbers in the footers and running heads in the headers', async () => {
    const zip = await JSZip.loadAsync(bytes);
    const footers = await Promise.all(zip.file(/^word\/footer\d+\.xml$/).map((f) => f.async('string')));
    const headers = await Promise.all(zip.file(/^word\/header\d+\.xml$/).map((f) => f.async('string')));
    expect(footers).toHaveLength(3);
    // Odd and even pages carry the folio at the foot; opening pages none (folioOnOpeningPage false).
    expect(footers.filter((f) => /<w:instrText[^>]*>PAGE<\/w:instrText>/.test(f))).toHaveLength(2);
    expect(headers.some((h) => h.includes('Herman Melville'))).toBe(true);
    expect(headers.some((h) => h.includes('Moby-Dick &amp; &quot;Friends&quot; &lt;Vol. 1&gt;') || h.includes('Moby-Dick &amp; "Friends" &lt;Vol. 1&gt;'))).toBe(true);
  });

  it('writes real Word footnotes, one per reference', async () => {
    const xml = await part('word/document.xml');
    const notes = await part('word/footnotes.xml');
    expect(count(xml, /<w:footnoteReference w:id="\d+"\/>/g)).toBe(4);
    expect(count(notes, /<w:footnote w:id="[1-9]\d*">/g)).toBe(4);
    expect(notes).toContain('The first note, with ');
    expect(notes).toContain('<w:pStyle w:val="FootnoteText"/>');
    expect(xml).toContain('A note nobody references.');
    expect(xml).toContain('[nope]');
  });

  it('escapes hostile text and drops javascript: links', async () => {
    const xml = await part('word/document.xml');
    expect(xml).not.toContain('<script');
    expect(xml).toContain('&lt;script&gt;alert(');
    const rels = await part('word/_rels/document.xml.rels');
    expect(rels).not.toMatch(/javascript/i);
    expect(rels).toContain('https://example.com/a?b=1&amp;c=2');
    expect(xml).toContain('w:anchor="q_ch_2"');
    expect(xml).toContain('<w:bookmarkStart w:name="q_ch_2"');
  });

  it('is reproducible: same input, same bytes', async () => {
    expect(Buffer.from(await writeDocx(doc, kdp6x9Layout)).equals(Buffer.from(bytes))).toBe(true);
    expect(await part('docProps/core.xml')).toContain('2000-01-01T00:00:00Z</dcterms:created>');
  });

  it('is a ZIP archive Info-ZIP checks clean: every part deflated once, its CRC right, dated 2000-01-01', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-docx-zip-'));
    try {
      const file = join(dir, 'book.docx');
      await writeFile(file, bytes);
      // `unzip -t` inflates every entry and checks its CRC-32 and sizes against the headers.
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
      const listing = execFileSync('zipinfo', ['-l', file], { encoding: 'utf8' }).split('\n').filter((l) => /^-/.test(l));
      expect(listing.length).toBeGreaterThan(10);
      // Every XML part and font deflated ("defN"), pictures aside; every entry dated 2000-01-01.
      expect(listing.filter((l) => /\.(xml|rels|odttf)$/.test(l)).every((l) => / defN /.test(l))).toBe(true);
      expect(listing.every((l) => / 00-Jan-01 /.test(l))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
