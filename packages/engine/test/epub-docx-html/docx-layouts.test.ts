/**
 * The DOCX writer honours the layout: embedded fonts, drop capitals, lead-ins, chapter numbers, dialogue and
 * emphasis, one-sided academic pages with the style guide's headings and page furniture, the TOC field.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../src/model/book-document.ts';
import { getLayout } from '../../src/layout/index.ts';
import type { Layout } from '../../src/layout/layout.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { obfuscateFont } from '../../src/write/docx/embed-fonts.ts';
import { sampleBook } from './fixtures.ts';

const require = createRequire(import.meta.url);

async function parts(layout: Layout, doc = sampleBook()): Promise<Record<string, string> & { raw: Record<string, Uint8Array> }> {
  const raw = unzipSync(await writeDocx(doc, layout));
  const text: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(raw)) if (/\.(xml|rels)$/.test(name)) text[name] = strFromU8(bytes);
  return Object.assign(text, { raw });
}

describe('writeDocx: fonts', () => {
  it('embeds the four styles of the body and heading families, obfuscated with the key the font table names', async () => {
    const p = await parts(getLayout('modern-fiction'));
    const table = p['word/fontTable.xml'] as string;
    for (const family of ['Crimson Pro', 'Inter']) {
      const entry = new RegExp(`<w:font w:name="${family}">.*?</w:font>`).exec(table)?.[0] ?? '';
      for (const el of ['embedRegular', 'embedBold', 'embedItalic', 'embedBoldItalic']) expect(entry, `${family} ${el}`).toContain(`<w:${el} r:id=`);
    }
    const [, relId, key] = /<w:font w:name="Crimson Pro">.*?<w:embedRegular r:id="([^"]+)" w:fontKey="([^"]+)"/.exec(table) ?? [];
    const target = new RegExp(`Id="${relId}"[^>]*Target="([^"]+)"`).exec(p['word/_rels/fontTable.xml.rels'] as string)?.[1];
    const odttf = p.raw[`word/${target}`] as Uint8Array;
    const ttf = readFileSync(require.resolve('@expo-google-fonts/crimson-pro/400Regular/CrimsonPro_400Regular.ttf'));
    expect(odttf.subarray(0, 32)).not.toEqual(new Uint8Array(ttf.subarray(0, 32)));
    expect(Buffer.from(obfuscateFont(odttf, key as string)).equals(ttf)).toBe(true);
    expect(p['[Content_Types].xml']).toContain('Extension="odttf"');
    expect(p['word/settings.xml']).toContain('<w:embedTrueTypeFonts/>');
  });
});

describe('writeDocx: running heads', () => {
  it('devotional: the chapter-title head is a STYLEREF field in the Running Head style, its result the title its section opens with', async () => {
    const p = await parts(getLayout('devotional'));
    const document = p['word/document.xml'] as string;
    // The default (recto) header of each section, in the order of the sections.
    const rels = p['word/_rels/document.xml.rels'] as string;
    const target = (id: string) => new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
    const rectoHeads = [...document.matchAll(/<w:sectPr>(.*?)<\/w:sectPr>/g)]
      .map((m) => /<w:headerReference w:type="default" r:id="([^"]+)"/.exec(m[1]!)?.[1])
      .filter((id) => id !== undefined)
      .map((id) => p[`word/${target(id)}`] as string);
    const results = rectoHeads.map((xml) => {
      const field = /<w:r>(?:(?!<w:r>).)*<w:fldChar w:fldCharType="begin"\/>.*?<w:fldChar w:fldCharType="end"\/><\/w:r>/.exec(xml)?.[0] ?? '';
      // Every run of the field (instruction and result) in the Running Head style; the instruction a STYLEREF.
      expect(field.match(/<w:r>/g)?.length).toBe(5);
      expect(field.match(/<w:rStyle w:val="RunningHead"\/>/g)?.length).toBe(5);
      expect(field).toContain('<w:instrText xml:space="preserve"> STYLEREF &quot;Heading 1&quot; \\* CHARFORMAT </w:instrText>');
      return /<w:fldChar w:fldCharType="separate"\/><\/w:r><w:r><w:rPr><w:rStyle w:val="RunningHead"\/><\/w:rPr><w:t xml:space="preserve">([^<]*)</.exec(field)?.[1];
    });
    // Contents, dedication (untitled), preface, two parts and their chapters (titles without their numbers), appendix.
    expect(results).toEqual(['', '', 'Preface', 'Part One', 'Loomings', 'The Carpet-Bag', 'Part Two', expect.stringContaining('script'), 'Chapter 4', 'Appendix', 'Notes']);
  });

  it('classic-literature: heads that do not change (author, book title) are defined once, and every later section names them', async () => {
    const p = await parts(getLayout('classic-literature'));
    const headers = Object.keys(p).filter((path) => /^word\/header\d+\.xml$/.test(path));
    expect(headers).toHaveLength(3);
    const sections = (p['word/document.xml'] as string).match(/<w:sectPr\b.*?<\/w:sectPr>/gs) ?? [];
    expect(sections.length).toBeGreaterThan(5);
    // The title page's section has none; each later one names all six (default, first and even; head and foot), the
    // same parts as the first, before its other properties (schema order).
    expect(sections[0]).not.toContain('Reference');
    const references = (section: string) => /^<w:sectPr>((?:<w:(?:header|footer)Reference [^>]*\/>)*)/.exec(section)?.[1];
    expect(references(sections[1]!)?.match(/Reference /g)).toHaveLength(6);
    for (const section of sections.slice(2)) expect(references(section)).toBe(references(sections[1]!));
  });
});

describe('writeDocx: chapter openings and text', () => {
  it('classic-literature: roman chapter numbers, ornament, drop capital over 3 lines, small-caps lead-in', async () => {
    const p = await parts(getLayout('classic-literature'));
    const xml = p['word/document.xml'] as string;
    expect(xml).toMatch(/<w:rStyle w:val="ChapterNumber"\/><\/w:rPr><w:t xml:space="preserve">CHAPTER I<\/w:t>/);
    expect(xml).toContain('<w:pStyle w:val="ChapterOrnament"/>');
    expect(xml).toMatch(/<w:framePr w:dropCap="drop"[^>]*w:lines="3"/);
    // The drop capital takes the C of "Call me Ishmael"; the lead-in the next words.
    expect(xml).toMatch(/w:dropCap="drop".*?<w:t xml:space="preserve">C<\/w:t>/);
    expect(xml).toMatch(/<w:rStyle w:val="LeadIn"\/><w:smallCaps\/><\/w:rPr><w:t xml:space="preserve">all me Ishmael<\/w:t>/);
    expect(xml).toContain('❦');
  });

  it('emphasis and dialogue follow the layout; words never change', async () => {
    const doc = sampleBook();
    doc.body.push({
      type: 'chapter',
      id: 'ch-9',
      title: [{ type: 'text', value: 'Talk' }],
      blocks: [
        { type: 'paragraph', children: [{ type: 'text', value: 'He said, \u201cWell then,\u201d and left.' }] },
        // German quotation marks („…“) are dialogue too, as in the PDF (one rule for every writer, write/dialogue.ts).
        { type: 'paragraph', children: [{ type: 'text', value: 'Er sagte: \u201eNun denn,\u201c und ging.' }] },
      ],
    });
    const french = await parts({ ...getLayout('kdp-6x9'), dialogueFormat: 'french', emphasisStyle: 'bold' }, doc);
    expect(french['word/document.xml']).toContain('He said, \u00ab\u202fWell then,\u202f\u00bb and left.');
    expect(french['word/document.xml']).toContain('Er sagte: \u00ab\u202fNun denn,\u202f\u00bb und ging.');
    expect(french['word/styles.xml']).toMatch(/w:styleId="Emphasis"><w:name w:val="Emphasis"\/>.*?<w:b\/>/);
    const minimal = await parts({ ...getLayout('kdp-6x9'), dialogueFormat: 'minimal' }, doc);
    expect(minimal['word/document.xml']).toContain('He said, \u2014\u00a0Well then, and left.');
  });
});

describe('writeDocx: academic layouts', () => {
  it('apa-7: levels 4 and 5 run in: heading, period and text in one paragraph that keeps the outline level', async () => {
    const book = sampleBook();
    const blocks: Block[] = [
      { type: 'heading', level: 4, children: [{ type: 'text', value: 'Informed Consent' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'Participants signed a form.' }] },
      { type: 'heading', level: 5, children: [{ type: 'text', value: 'Were Risks Low?' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'They were.' }] },
    ];
    const doc = { ...book, body: [{ type: 'chapter' as const, id: 'ch-method', title: [{ type: 'text' as const, value: 'Method' }], blocks }, ...book.body] };
    const xml = (await parts(getLayout('apa-7'), doc))['word/document.xml'] as string;
    const paragraphOf = (text: string) => xml.split('</w:p>').find((p) => p.includes(text))!;
    const four = paragraphOf('Informed Consent');
    expect(four).toContain('<w:outlineLvl w:val="3"/>');
    expect(four).toMatch(/<w:b\/>.*Informed Consent.*\. .*Participants signed a form\./s);
    const five = paragraphOf('Were Risks Low?');
    expect(five).toContain('<w:outlineLvl w:val="4"/>');
    expect(five).toMatch(/<w:i\/>.*Were Risks Low\?<\/w:t>.*They were\./s);
    expect(five).not.toContain('Low?.');
  });

  it('apa-7: one-sided Letter, double spacing, title page, abstract, APA heading levels, page number top right on every page', async () => {
    const book = sampleBook();
    const abstract = { type: 'section' as const, kind: 'other' as const, id: 'front-abstract', title: [{ type: 'text' as const, value: 'Abstract' }], blocks: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: 'Abstractword summary of the paper.' }] }] };
    const p = await parts(getLayout('apa-7'), { ...book, front: [abstract, ...book.front], meta: { ...book.meta, paper: { course: 'ENGL 220: Sea Narratives', dueDate: 'May 2, 2026' } } });
    const xml = p['word/document.xml'] as string;
    const styles = p['word/styles.xml'] as string;
    expect(xml).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(xml).toMatch(/<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" [^>]*w:gutter="0"\/>/);
    expect(p['word/settings.xml']).not.toContain('<w:mirrorMargins/>');
    expect(styles).toMatch(/<w:pPrDefault><w:pPr><w:spacing [^>]*w:line="480" w:lineRule="auto"/);
    // The student paper's elements given, in APA's order; none missing is printed as a placeholder.
    expect(xml.indexOf('ENGL 220: Sea Narratives')).toBeGreaterThan(0);
    expect(xml.indexOf('May 2, 2026')).toBeGreaterThan(xml.indexOf('ENGL 220: Sea Narratives'));
    expect(xml).not.toMatch(/\[(Course|Instructor|Department)/);
    // The abstract is the paper's own "Abstract" section, set once, on a page after the title page; never a placeholder.
    expect(xml.split('>Abstract<')).toHaveLength(2);
    expect(xml.indexOf('Abstractword summary')).toBeGreaterThan(xml.indexOf('May 2, 2026'));
    expect(xml).not.toContain('[Abstract');
    // Level 1 centred bold, level 4 indented bold.
    expect(styles).toMatch(/w:styleId="Heading1">.*?<w:jc w:val="center"\/>.*?<w:b\/>/);
    expect(styles).toMatch(/w:styleId="Heading4">.*?<w:ind w:firstLine="720"\/>.*?<w:b\/>/);
    expect(xml).not.toMatch(/<w:instrText[^>]*>\s*TOC\b/);
    const headers = Object.entries(p).filter(([n]) => /^word\/header\d+\.xml$/.test(n)).map(([, x]) => x as string);
    expect(headers.length).toBeGreaterThan(0);
    for (const h of headers) expect(h).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>/);
  });

  it('mla-9: no title page, heading block on page one, surname before the page number', async () => {
    const p = await parts(getLayout('mla-9'));
    const xml = p['word/document.xml'] as string;
    expect(xml).not.toContain('<w:pStyle w:val="Title"/>');
    expect(xml.indexOf('<w:pStyle w:val="HeadingBlock"/>')).toBeLessThan(xml.indexOf('<w:pStyle w:val="Heading1"/>'));
    const headers = Object.entries(p).filter(([n]) => /^word\/header\d+\.xml$/.test(n)).map(([, x]) => x as string);
    expect(headers.some((h) => /Melville<\/w:t>.*PAGE<\/w:instrText>/.test(h))).toBe(true);
  });
});
