/**
 * The DOCX writer's tables, equations, numbered figures, code and cross-references (issue 31), on a document built
 * from model nodes: the Word XML itself (real `w:tbl` with header rows and spans, Office Math, SEQ and REF fields,
 * the Caption style), then LibreOffice's rendering of the file read back with poppler (the cells in order, the
 * caption, the equation's characters).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getLayout } from '../../src/layout/index.ts';
import type { Block, BookDocument, Inline, TableBlock } from '../../src/model/book-document.ts';
import { Diagnostics } from '../../src/model/diagnostics.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { texToOmml } from '../../src/write/docx/math.ts';
import { columnTwips } from '../../src/write/docx/tables.ts';
import { png } from '../images/fixtures.ts';
import { academicBook } from './academic-fixture.ts';
import { p, t } from './fixtures.ts';
import { xmlErrors } from './helpers.ts';

const SOFFICE = '/usr/bin/soffice';
const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

const cell = (text: string, extra: { colSpan?: number; rowSpan?: number } = {}) => ({ children: [t(text)], ...extra });
const math = (tex: string): Inline => ({ type: 'math', tex });
const xref = (target: string, suppressPrefix?: boolean): Inline => ({ type: 'crossRef', target, ...(suppressPrefix ? { suppressPrefix } : {}) });

/**
 * A results table: a header row whose first cell spans two columns, a body whose first cell spans two rows,
 * alignments per column and widths 40/30/30 %.
 */
const resultsTable: TableBlock = {
  type: 'table',
  id: 'tbl:results',
  caption: [t('Reaction times by condition')],
  columns: [
    { align: 'left', widthFraction: 0.4 },
    { align: 'right', widthFraction: 0.3 },
    { align: 'right', widthFraction: 0.3 },
  ],
  head: [{ cells: [cell('Condition and group', { colSpan: 2 }), cell('Milliseconds')] }],
  body: [
    { cells: [cell('Alpha', { rowSpan: 2 }), cell('17'), cell('412')] },
    { cells: [cell('23'), cell('398')] },
    { cells: [cell('Omega'), cell('31'), cell('455')] },
  ],
  note: [t('Times are medians of five trials.')],
};

function blocksDoc(): BookDocument {
  const blocks: Block[] = [
    p(t('As '), xref('tbl:results'), t(' shows and '), xref('fig:sky'), t(' pictures, with '), xref('eq:energy'), t(' and figure '), xref('fig:sky', true), t('; see also '), xref('sec:method'), t(' and '), xref('fig:nowhere'), t('.')),
    p(t('The inline ratio '), math('\\frac{a}{b}'), t(' holds, and so does '), math('\\frac{'), t('.')),
    resultsTable,
    { type: 'math', tex: 'E = \\frac{m c^2}{\\sqrt{1 - v^2}}', id: 'eq:energy' },
    { type: 'math', tex: '\\sum_{i=1}^{n} x_i' },
    { type: 'heading', level: 2, id: 'sec:method', children: [t('Method')] },
    { type: 'figure', src: 'images/img-1.png', alt: 'A blue sky', caption: [t('The sky over the lab')], id: 'fig:sky', widthFraction: 0.5 },
    { type: 'code', language: 'python', value: 'def mean(xs):\n\treturn sum(xs) / len(xs)\n' },
    p(t('Call '), { type: 'code', value: 'mean(xs)' }, t(' to average.')),
    { type: 'pageBreak' },
    p(t('After the break.')),
  ];
  return {
    meta: { title: 'Blocks', author: 'A. Student', language: 'en' },
    front: [],
    body: [{ type: 'chapter', id: 'ch-1', title: [t('Results')], blocks, refId: 'sec:results' }],
    back: [],
    footnotes: {},
    assets: { 'images/img-1.png': { path: 'images/img-1.png', mediaType: 'image/png', bytes: png(120, 80, 3) } },
  };
}

describe("writeDocx: links to headings by their text (pandoc's implicit header references)", () => {
  it('link to the heading or chapter they name (its bookmark), a link without text prints its title, and only #nowhere is reported', async () => {
    const diagnostics = new Diagnostics();
    const zip = await JSZip.loadAsync(await writeDocx(academicBook(), getLayout('apa-7'), { diagnostics }));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    // `#model` names the heading "Model" {#sec:model} by its text; `[](#sec:model)` prints the heading's title.
    expect(xml).toMatch(/<w:hyperlink w:history="1" w:anchor="ref-sec-model">(?:(?!<\/w:hyperlink>).)*the model<\/w:t>/s);
    expect(xml).toMatch(/<w:hyperlink w:history="1" w:anchor="ref-sec-model">(?:(?!<\/w:hyperlink>).)*>Model<\/w:t>/s);
    // `#introduction` names the chapter "Introduction" {#sec:intro}.
    expect(xml).toMatch(/<w:hyperlink w:history="1" w:anchor="ref-sec-intro">(?:(?!<\/w:hyperlink>).)*the introduction<\/w:t>/s);
    const unlinked = diagnostics.toArray().filter((d) => d.code === 'other' && /goes nowhere/.test(d.message));
    expect(unlinked.map((d) => d.message)).toEqual([expect.stringContaining('"#nowhere"')]);
  });

  it('bookmark a heading without an id under the anchor of its text when a link names it', async () => {
    const doc: BookDocument = {
      meta: { title: 'T', author: 'A', language: 'en' },
      front: [],
      body: [{ type: 'chapter', id: 'ch-1', title: [t('Method')], blocks: [
        { type: 'heading', level: 2, children: [t('Reward Metric')] },
        p(t('As '), { type: 'link', href: '#reward-metric', children: [] }, t(' says.')),
      ] }],
      back: [],
      footnotes: {},
      assets: {},
    };
    const zip = await JSZip.loadAsync(await writeDocx(doc, getLayout('apa-7')));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toMatch(/<w:bookmarkStart w:name="ref-reward-metric" w:id="\d+"\/>/);
    expect(xml).toMatch(/<w:hyperlink w:history="1" w:anchor="ref-reward-metric">(?:(?!<\/w:hyperlink>).)*Reward Metric<\/w:t>/s);
  });
});

describe('DOCX math the converter has no element for', () => {
  it('keeps the content of \\mathrlap and \\smash, leaves \\phantom unprinted, and prints no warning', () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const omml = texToOmml('a + \\phantom{bb} c = \\mathrlap{x}\\smash{y}', true)!;
      expect(omml.replace(/<[^>]+>/g, '')).toBe('a+c=xy');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('DOCX column widths', () => {
  it('takes widthFraction as a share of the text block, shares the rest equally and never exceeds the block', () => {
    expect(columnTwips({ columns: [{ align: 'left', widthFraction: 0.5 }, { align: 'left' }, { align: 'left' }] }, 3, 6000)).toEqual([3000, 1500, 1500]);
    expect(columnTwips({ columns: [] }, 4, 6000)).toEqual([1500, 1500, 1500, 1500]);
    const wide = columnTwips({ columns: [{ align: 'left', widthFraction: 0.9 }, { align: 'left', widthFraction: 0.9 }] }, 2, 6000);
    expect(wide.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6000);
  });
});

describe('writeDocx: tables, math, figures, code, cross-references (APA 7)', () => {
  const layout = getLayout('apa-7');
  const doc = blocksDoc();
  const diagnostics = new Diagnostics();
  let bytes: Uint8Array;
  let xml: string;
  let styles: string;

  beforeAll(async () => {
    bytes = await writeDocx(doc, layout, { diagnostics });
    const zip = await JSZip.loadAsync(bytes);
    xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    styles = (await zip.file('word/styles.xml')?.async('string')) ?? '';
  });

  it('writes well-formed XML with the math namespace declared on w:document', () => {
    expect(xmlErrors(xml)).toEqual([]);
    expect(xml).toMatch(/<w:document [^>]*xmlns:m="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/math"/);
  });

  it('writes a real Word table: a repeated header row, a column span, a row span, fixed widths within the text block', () => {
    expect(count(xml, /<w:tbl>/g)).toBe(1);
    expect(count(xml, /<w:tblHeader\/>/g)).toBe(1);
    expect(xml).toContain('<w:gridSpan w:val="2"/>');
    expect(xml).toMatch(/<w:vMerge w:val="restart"\/>/);
    expect(xml).toMatch(/<w:vMerge w:val="continue"\/>|<w:vMerge\/>/);
    // APA 7's text block: 8.5 in less two 1 in margins = 6.5 in = 9360 twips; columns 40/30/30 %.
    const grid = [...xml.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(grid).toEqual([3744, 2808, 2808]);
    expect(grid.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(9360);
    expect(xml).toContain('<w:tblLayout w:type="fixed"/>');
    // Horizontal rules only: no vertical borders.
    expect(xml).toMatch(/<w:tblBorders>.*<w:left w:val="none"/s);
    expect(xml).toMatch(/<w:tblBorders>.*<w:insideV w:val="none"/s);
    expect(xml).toContain('<w:pStyle w:val="TableText"/>');
    expect(xml).toContain('<w:pStyle w:val="TableHeading"/>');
    // Cell text in order, right-aligned numbers.
    const cells = [...xml.matchAll(/<w:tc>.*?<\/w:tc>/gs)].map((m) => [...m[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(''));
    expect(cells.filter((c) => c !== '')).toEqual(['Condition and group', 'Milliseconds', 'Alpha', '17', '412', '23', '398', 'Omega', '31', '455']);
    expect(xml).toMatch(/<w:jc w:val="right"\/><\/w:pPr><w:r><w:t xml:space="preserve">17</);
  });

  it('captions the table above it with "Table " + SEQ Table and the figure below with SEQ Figure, in the Caption style', () => {
    const caption = xml.indexOf('SEQ Table \\* ARABIC');
    expect(caption).toBeGreaterThan(0);
    expect(caption).toBeLessThan(xml.indexOf('<w:tbl>'));
    expect(count(xml, /SEQ Table \\\* ARABIC/g)).toBe(1);
    expect(count(xml, /SEQ Figure \\\* ARABIC/g)).toBe(1);
    expect(xml.indexOf('SEQ Figure')).toBeGreaterThan(xml.indexOf('<w:drawing>'));
    expect(count(xml, /<w:pStyle w:val="Caption"\/>/g)).toBe(2);
    expect(styles).toMatch(/<w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"\/>/);
    // The label bold, in a bookmark with the table's anchor; the cached result is the number.
    expect(xml).toMatch(/<w:bookmarkStart w:name="ref-tbl-results" w:id="\d+"\/><w:r><w:rPr><w:b\/>.*?<w:t xml:space="preserve">Table <\/w:t>.*?SEQ Table.*?<w:fldChar w:fldCharType="separate"\/><\/w:r><w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">1<\/w:t>/s);
    // APA 7 7.10: the title italic on the line below the number.
    expect(xml).toMatch(/<w:br\/><\/w:r><w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">Reaction times by condition</);
    expect(xml).toContain('name="ref-fig-sky"');
    expect(xml).toMatch(/<w:pStyle w:val="TableNote"\/><\/w:pPr><w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">Note.<\/w:t>/);
    // The figure at half the text block's width: 3.25 in = 2971800 EMU.
    expect(xml).toMatch(/<wp:extent cx="2971800" cy="1981200"\/>/);
  });

  it('writes equations as Office Math: inline m:oMath in the paragraph, display m:oMathPara, a numbered one with (1) on a right tab', () => {
    // Inline a/b, the numbered display equation (inline between tabs), the unnumbered display sum.
    expect(count(xml, /<m:oMath\b/g)).toBe(3);
    expect(count(xml, /<m:oMathPara\b/g)).toBe(1);
    expect(xml).toMatch(/<m:f>.*?<m:num><m:r><m:t[^>]*>a<\/m:t>/s);
    expect(xml).toMatch(/<w:tab w:val="right" w:pos="9360"\/>.*?<m:oMath\b.*?<\/m:oMath>.*?<w:bookmarkStart w:name="ref-eq-energy" w:id="\d+"\/><w:r><w:t xml:space="preserve">\(1\)<\/w:t>/s);
    // The unreadable \frac{ stays as its TeX in the code style, and is reported.
    expect(xml).toMatch(/<w:rStyle w:val="VerbatimChar"\/><\/w:rPr><w:t xml:space="preserve">\$\\frac\{\$<\/w:t>/);
    expect(diagnostics.toArray().filter((d) => d.code === 'math-unconverted')).toHaveLength(1);
  });

  it('writes cross-references as REF fields to the bookmarks, with the numbers as results', () => {
    expect(xml).toMatch(/REF ref-tbl-results \\h .*?<w:t xml:space="preserve">Table 1<\/w:t>/s);
    expect(xml).toMatch(/REF ref-fig-sky \\h .*?<w:t xml:space="preserve">Figure 1<\/w:t>/s);
    // "Equation (1)": the word as text, the bookmarked number as the field.
    expect(xml).toMatch(/<w:t xml:space="preserve">Equation <\/w:t><\/w:r><w:r><w:fldChar w:fldCharType="begin"\/><\/w:r><w:r><w:instrText xml:space="preserve"> REF ref-eq-energy \\h <\/w:instrText>/);
    // -@fig:sky prints "1", a link to the figure's bookmark; @sec:method links to the heading's bookmark.
    expect(xml).toMatch(/<w:hyperlink w:history="1" w:anchor="ref-fig-sky"><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">1<\/w:t>/);
    expect(xml).toMatch(/<w:hyperlink w:history="1" w:anchor="ref-sec-method">.*?Method<\/w:t>/s);
    expect(xml).toMatch(/<w:bookmarkStart w:name="ref-sec-method" w:id="\d+"\/>/);
    expect(xml).toMatch(/<w:bookmarkStart w:name="ref-sec-results" w:id="\d+"\/>/);
    // The unresolved one is printed as written and reported.
    expect(xml).toContain('@fig:nowhere');
    expect(diagnostics.toArray()).toContainEqual({ code: 'crossref-unresolved', message: expect.stringContaining('@fig:nowhere'), where: expect.stringContaining('Results') });
  });

  it('sets code in Source Code (lines kept, tabs as spaces), inline code in Verbatim Char, and a page break', () => {
    expect(xml).toMatch(/<w:pStyle w:val="SourceCode"\/><\/w:pPr><w:r><w:t xml:space="preserve">def mean\(xs\):<\/w:t><\/w:r><w:r><w:br\/><w:t xml:space="preserve"> {4}return sum\(xs\) \/ len\(xs\)<\/w:t>/);
    expect(xml).toMatch(/<w:rStyle w:val="VerbatimChar"\/><\/w:rPr><w:t xml:space="preserve">mean\(xs\)</);
    expect(styles).toMatch(/w:styleId="SourceCode"><w:name w:val="Source Code"\/>.*?<w:shd [^>]*w:fill="F2F2F2"/s);
    expect(styles).toMatch(/w:styleId="VerbatimChar"><w:name w:val="Verbatim Char"\/>.*?JetBrains Mono/s);
    expect(xml).toContain('<w:br w:type="page"/>');
  });

  it('embeds the monospace family the code is set in, with Courier New as its stand-in', async () => {
    const zip = await JSZip.loadAsync(bytes);
    const fonts = (await zip.file('word/fontTable.xml')?.async('string')) ?? '';
    expect(fonts).toMatch(/<w:font w:name="JetBrains Mono"><w:altName w:val="Courier New"\/><w:family w:val="modern"\/><w:pitch w:val="fixed"\/><w:embedRegular /);
  });

  it('puts the operand of a big operator inside it (no empty box after the sum)', () => {
    expect(xml).toMatch(/<m:nary>.*?<m:e><m:sSub>.*?<m:t xml:space="preserve">x<\/m:t>.*?<\/m:e><\/m:nary>/s);
    expect(xml).not.toContain('<m:e/></m:nary>');
  });

  it('keeps the two-argument call working', async () => {
    expect((await writeDocx(doc, layout)).length).toBeGreaterThan(1000);
  });

  describe.skipIf(!existsSync(SOFFICE))('in LibreOffice', () => {
    let dir: string;
    let text: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'quire-docx-blocks-'));
      const file = join(dir, 'blocks.docx');
      await writeFile(file, bytes);
      const profile = join(dir, 'profile');
      execFileSync(SOFFICE, [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, file], { timeout: 240_000, stdio: 'ignore' });
      text = execFileSync('pdftotext', ['-layout', join(dir, 'blocks.pdf'), '-'], { encoding: 'utf8' });
      // A picture of the page with the table and equation, for a person to look at (kept in QUIRE_PROOF_DIR when set).
      const out = process.env.QUIRE_PROOF_DIR;
      if (out) execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '2', '-l', '3', join(dir, 'blocks.pdf'), join(out, 'docx-blocks')]);
    }, 300_000);

    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('shows the caption, the cells in reading order, the note, the numbers of references and the equations', () => {
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Table 1');
      expect(flat).toContain('Reaction times by condition');
      const order = ['Condition and group', 'Milliseconds', 'Alpha', '17', '412', '23', '398', 'Omega', '31', '455'].map((w) => flat.indexOf(w, flat.indexOf('Reaction times by condition')));
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(flat).toContain('Note. Times are medians of five trials.');
      expect(flat).toContain('Figure 1');
      expect(flat).toContain('The sky over the lab');
      expect(flat).toMatch(/As Table 1 shows/);
      // The display equations' characters (LibreOffice sets each level of a fraction on a line of its own) and the
      // number: E = mc^2 / sqrt(1 - v^2) and the sum of x_i.
      expect(flat).toContain('E=');
      expect(flat).toMatch(/\bmc\b/);
      expect(flat).toContain('√');
      expect(flat).toMatch(/−\s*v2/);
      expect(flat).toContain('(1)');
      expect(flat).toMatch(/∑ xi i=1/);
      expect(flat).toContain('def mean(xs):');
      // The inline fraction a/b: its numerator and denominator, each on a line of its own around the sentence.
      const lines = text.slice(0, text.indexOf('Reaction times')).split('\n').map((l) => l.trim());
      expect(lines).toContain('a');
      expect(lines).toContain('b');
    });

    it('puts the text after the page break on a later page', async () => {
      const pages = text.split('\f');
      const before = pages.findIndex((pg) => pg.includes('to average.'));
      const after = pages.findIndex((pg) => pg.includes('After the break.'));
      expect(after).toBeGreaterThan(before);
      expect(await readdir(dir)).toContain('blocks.pdf');
    });
  });
});
