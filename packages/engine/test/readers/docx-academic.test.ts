/**
 * The DOCX reader on real theses and papers (`../shared/corpus/academic/docx-*`, counts from its SOURCES.md):
 * Word tables, OMML equations, pictures with Caption-style captions, localised and custom heading styles, the
 * source's own contents list; and the novel manuscript, whose chapter titles are plain paragraphs.
 *
 * Two layers are checked: the HTML this reader hands the shared converter (`readDocxHtml`: math spans, tables
 * with `<caption>`, `<figure>`/`<figcaption>`, headings), and the document the converter makes of it.
 *
 * Math: SOURCES.md's pandoc figures are exactly twice the number of OMML zones in every file (Mateják 300 + 110
 * for 150 `m:oMathPara` + 55 inline `m:oMath`; Maldonado 16 + 40 for 8 + 20; Fitzgerald 12 + 88 for 6 + 44;
 * privacy calculus 30 for 15), so the expected counts below are the zones themselves, as counted in
 * `word/document.xml` and `word/footnotes.xml`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Block, BookDocument, Inline } from '../../src/model/book-document.ts';
import { inlineText } from '../../src/model/book-document.ts';
import { docxHtmlToBook, readDocx, readDocxHtml, type DocxHtml } from '../../src/read/docx/index.ts';
import { ommlToTex } from '../../src/read/docx/omml.ts';
import { attr, findAll, parseXml, textContent, type XmlElement } from '../../src/read/xml.ts';
import { corpusBytes, repoRoot } from '../helpers/corpus.ts';

const ACADEMIC = path.resolve(repoRoot, '../shared/corpus/academic');
const haveCorpus = existsSync(ACADEMIC);

/** What a document holds, counted by walking the model. */
interface ModelCounts {
  tables: number;
  /** The text of each table caption that is not empty. */
  tableCaptions: string[];
  displayMath: number;
  inlineMath: number;
  figures: number;
  headings: number;
  chapters: number;
  paragraphs: string[];
  figureCaptions: string[];
  /** Figures whose caption text is also a paragraph right before or after them. */
  captionTwice: number;
}

function countModel(doc: BookDocument): ModelCounts {
  const c: ModelCounts = { tables: 0, tableCaptions: [], displayMath: 0, inlineMath: 0, figures: 0, headings: 0, chapters: 0, paragraphs: [], figureCaptions: [], captionTwice: 0 };
  const inl = (xs: readonly Inline[]): void => {
    for (const n of xs) {
      if (n.type === 'math') c.inlineMath++;
      if ('children' in n) inl(n.children);
    }
  };
  const blocks = (bs: readonly Block[]): void => {
    bs.forEach((b, i) => {
      if (b.type === 'table') {
        c.tables++;
        if (b.caption.length > 0) c.tableCaptions.push(inlineText(b.caption).trim());
        for (const row of [...b.head, ...b.body]) for (const cell of row.cells) inl(cell.children);
        inl(b.caption);
      } else if (b.type === 'math') c.displayMath++;
      else if (b.type === 'figure') {
        c.figures++;
        const cap = inlineText(b.caption).trim();
        if (cap) {
          c.figureCaptions.push(cap);
          const near = [bs[i - 1], bs[i + 1]].filter((x): x is Block => x?.type === 'paragraph');
          if (near.some((p) => p.type === 'paragraph' && inlineText(p.children).trim() === cap)) c.captionTwice++;
        }
      } else if (b.type === 'heading') c.headings++;
      else if (b.type === 'paragraph') {
        c.paragraphs.push(inlineText(b.children));
        inl(b.children);
      } else if (b.type === 'blockQuote') blocks(b.children);
      else if (b.type === 'list') b.items.forEach(blocks);
    });
  };
  for (const s of [...doc.front, ...doc.back]) blocks(s.blocks);
  for (const d of doc.body) {
    c.chapters++;
    blocks(d.blocks);
    if (d.type === 'part') for (const ch of d.chapters) {
      c.chapters++;
      blocks(ch.blocks);
    }
  }
  for (const notes of Object.values(doc.footnotes)) blocks(notes);
  return c;
}

/** What the finished HTML holds. */
function countHtml(root: XmlElement) {
  const spans = findAll(root, 'span');
  return {
    tables: findAll(root, 'table').length,
    tableCaptions: findAll(root, 'caption').length,
    tableIds: findAll(root, 'table').filter((t) => attr(t, 'id')?.startsWith('tbl:')).length,
    displayMath: spans.filter((s) => attr(s, 'class') === 'math display').length,
    inlineMath: spans.filter((s) => attr(s, 'class') === 'math inline').length,
    equationIds: spans.filter((s) => attr(s, 'id')?.startsWith('eq:')).length,
    figures: findAll(root, 'figure').length,
    figcaptions: findAll(root, 'figcaption').filter((f) => /\S/.test(textContent(f))).length,
    headings: [1, 2, 3, 4, 5, 6].reduce((n, k) => n + findAll(root, `h${k}`).length, 0),
    crossRefs: findAll(root, 'a').filter((a) => attr(a, 'data-crossref')).length,
    /** Private-use markers of this reader left in the text (must be none). */
    markers: /[\uE000-\uE003]/.test(textContent(root)),
  };
}

const cache = new Map<string, Promise<{ html: ReturnType<typeof countHtml>; h: DocxHtml; model: ModelCounts }>>();
function read(rel: string) {
  let p = cache.get(rel);
  if (!p) {
    p = (async () => {
      const h = await readDocxHtml(corpusBytes(`academic/${rel}`));
      const html = countHtml(h.root);
      const { doc } = docxHtmlToBook(h);
      return { html, h, model: countModel(doc) };
    })();
    cache.set(rel, p);
  }
  return p;
}

describe.skipIf(!haveCorpus)('academic DOCX corpus', () => {
  it('Mateják (Czech Word): 56 tables, 150 display + 55 inline equations, 91 headings, captions once', async () => {
    const { html, h, model } = await read('docx-matejak-phd-dissertation/thesis.docx');
    // 56 w:tbl: 17 are one-row layout tables around a display equation and its number, which become the
    // numbered equation itself; 39 stay tables.
    expect(html.tables).toBe(39);
    expect(h.stats.equationIds + 56 - 39).toBeGreaterThanOrEqual(17 + 16);
    expect(html.displayMath).toBe(150);
    expect(html.inlineMath).toBe(55);
    expect(h.stats.mathFailed).toBe(0);
    // 11 Table SEQ captions, each on its table; 32 Diagram + 6 Figure captions, most next to their picture.
    expect(html.tableCaptions).toBe(11);
    // One of them has no `_Ref` bookmark (nothing refers to it), so no id.
    expect(html.tableIds).toBe(10);
    expect(h.stats.figureCaptions).toBe(38);
    // One Diagram caption is its label and number only: its figure has no caption text.
    expect(html.figcaptions).toBe(37);
    expect(html.crossRefs).toBeGreaterThanOrEqual(100);
    // 91 headings with Czech style names ("Nadpis 1" with the built-in name "heading 1", and "Nadpis 11").
    expect(html.headings).toBe(91);
    expect(html.markers).toBe(false);
    // The Word contents list (TOC field, Obsah 1-3 paragraphs) is gone.
    expect(h.prep.contentsDropped).toBeGreaterThan(30);
    expect(model.paragraphs.some((p) => /\.{5,}|\t\d+$/.test(p))).toBe(false);
    expect(model.captionTwice).toBe(0);
    expect(h.diagnostics.toArray().some((d) => d.code === 'unsupported-element' && /embedded object/.test(d.message))).toBe(true);
    // Of the 39, 7 are one row of two display equations side by side and 9 are definition boxes (a title and its
    // formula, then two rows of text): layout, whose equations stay display equations (at least 14 + 9), not
    // inline math run into a paragraph; 23 are tables of the model.
    expect(model.tables).toBe(39 - 7 - 9);
    expect(model.displayMath).toBeGreaterThanOrEqual(17 + 14 + 9);
  });

  it('Maldonado: tables with their captions, 8 display + 20 inline equations numbered by their captions, figures with captions once', async () => {
    const { html, h, model } = await read('docx-maldonado-honors-thesis/thesis.docx');
    // 14 w:tbl: 7 are equation layout tables (the equation and "(n)"), 7 are tables; 6 Table SEQ captions.
    expect(html.tables).toBe(7);
    expect(html.tableCaptions).toBe(6);
    expect(html.displayMath).toBe(8);
    expect(html.inlineMath).toBe(20);
    expect(html.equationIds).toBe(7);
    // 25 Figure SEQ captions, every one on its picture; the caption paragraphs are gone.
    expect(html.figures).toBe(25);
    expect(html.figcaptions).toBe(25);
    expect(model.figures).toBe(25);
    expect(model.captionTwice).toBe(0);
    for (const cap of model.figureCaptions) expect(cap).not.toMatch(/^Figure\s*\d/);
    expect(model.paragraphs.some((p) => /^(?:Figure|Table)\s+\d+\s*:/.test(p))).toBe(false);
    // REF fields to those captions: links with the field's text ("Figure 1", "Equation 4").
    expect(html.crossRefs).toBeGreaterThanOrEqual(54);
    expect(html.headings).toBe(40);
    // Contents, list of figures, list of tables: dropped.
    expect(h.prep.contentsDropped).toBeGreaterThan(70);
    expect(model.paragraphs.some((p) => /^(?:LIST OF (?:FIGURES|TABLES)|TABLE OF CONTENTS)$/i.test(p.trim()))).toBe(false);
  });

  it('Fitzgerald: heading10/heading20 custom styles are headings, 6 display + 44 inline equations, SmartArt reported', async () => {
    const { html, h, model } = await read('docx-fitzgerald-honors-thesis/thesis-final.docx');
    // 35 headings in SOURCES.md: 32 outside the contents list, whose 3 TOC-styled lines (and the heading
    // "Table of Contents") are dropped.
    expect(html.headings).toBe(32);
    expect(model.chapters).toBeGreaterThanOrEqual(5);
    expect(html.displayMath).toBe(6);
    expect(html.inlineMath).toBe(44);
    // Plain "Figure N: ..." paragraphs after pictures are their captions.
    expect(html.figcaptions).toBeGreaterThanOrEqual(10);
    expect(model.captionTwice).toBe(0);
    expect(h.prep.textBoxes).toBeGreaterThanOrEqual(1);
    expect(h.diagnostics.toArray().map((d) => d.message).join('\n')).toMatch(/SmartArt/);
  });

  it('privacy calculus (German Word): Überschrift headings, 15 inline equations, the table and 6 image captions', async () => {
    const { html, model } = await read('docx-privacy-calculus-apa-article/manuscript.docx');
    expect(html.headings).toBe(28);
    expect(html.inlineMath).toBe(15);
    expect(html.tables).toBe(1);
    expect(html.figures).toBe(6);
    expect(html.figcaptions).toBe(6);
    expect(model.captionTwice).toBe(0);
    expect(model.inlineMath).toBe(15);
  });

  it('Stuart (Zotero draft): merged cells and header rows reach the HTML and its two tables the model, text boxes kept', async () => {
    const { html, h, model } = await read('docx-stuart-nrs-thesis-draft-zotero/source/CurrentWorkingDoc_Oct6.docx');
    // Both data tables sit in a one-column layout table under the APA label "Table 1" (styled Heading 2) and
    // the italic title: they stay tables, the first with that title as its caption, and the label is no heading.
    expect(model.tables).toBe(2);
    expect(model.tableCaptions).toEqual(['Descriptive Measures by Group']);
    expect(html.tables).toBeGreaterThanOrEqual(3);
    const cells = findAll(h.root, 'td').concat(findAll(h.root, 'th'));
    expect(cells.some((c) => Number(attr(c, 'colspan') ?? 1) > 1)).toBe(true);
    expect(cells.some((c) => Number(attr(c, 'rowspan') ?? 1) > 1)).toBe(true);
    expect(h.prep.textBoxes).toBeGreaterThanOrEqual(4);
    expect(html.headings).toBeGreaterThanOrEqual(45);
  });

  it('the Midnight Librarian: its 29 chapter titles are still there, nothing else changed', async () => {
    const { doc } = await readDocx(corpusBytes('academic/novel-dicker-midnight-librarian-docx/!Combined.docx'));
    const c = countModel(doc);
    const titles = c.paragraphs.filter((p) => /^(?:Chapter \d+|Epilogue)\b/.test(p.trim()) && p.length < 80);
    expect(titles.length).toBe(29);
    expect(c.tables + c.displayMath + c.inlineMath + c.figures).toBe(0);
  });
});

// ---- files built in memory: each rule on its own ----

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';

function docx(body: string, styles = ''): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    'word/styles.xml': strToU8(`<?xml version="1.0"?><w:styles ${NS}>${styles}</w:styles>`),
    'word/document.xml': strToU8(`<?xml version="1.0"?><w:document ${NS}><w:body>${body}</w:body></w:document>`),
  });
}
const style = (id: string, name: string, extra = '') => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${extra}</w:style>`;
const r = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
const p = (content: string, styleId?: string) => `<w:p>${styleId ? `<w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>` : ''}${content}</w:p>`;
const mr = (t: string) => `<m:r><m:t>${t}</m:t></m:r>`;

describe('DOCX rules on built files', () => {
  it('headings by outline level, whatever the style is called; TOC paragraphs dropped', async () => {
    const styles =
      style('Heading11', 'Heading 11', '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>') +
      style('Sub', 'Mein Stil', '<w:basedOn w:val="Heading11"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr>') +
      style('Obsah1', 'toc 1');
    const h = await readDocxHtml(
      docx(p(r('Obsah'), undefined) + p(r('Intro\t3'), 'Obsah1') + p(r('Intro'), 'Heading11') + p(r('Text.')) + p(r('Method'), 'Sub') + p(r('Direct'), undefined).replace('<w:p>', '<w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr>') + p(r('More.')), styles),
    );
    expect(findAll(h.root, 'h1').map(textContent)).toEqual(['Intro']);
    expect(findAll(h.root, 'h2').map(textContent)).toEqual(['Method']);
    expect(findAll(h.root, 'h3').map(textContent)).toEqual(['Direct']);
    expect(textContent(h.root)).not.toMatch(/Obsah|Intro\t3/);
    expect(h.prep.contentsDropped).toBe(2);
  });

  it('inline and display equations become math spans; a display equation gets its own paragraph', async () => {
    const frac = `<m:f><m:num>${mr('a')}</m:num><m:den>${mr('b')}</m:den></m:f>`;
    const body = p(`${r('Let ')}<m:oMath><m:sSup><m:e>${mr('x')}</m:e><m:sup>${mr('2')}</m:sup></m:sSup></m:oMath>${r(' be.')}<m:oMathPara><m:oMath>${frac}</m:oMath></m:oMathPara>${r('After.')}`);
    const h = await readDocxHtml(docx(body));
    const ps = findAll(h.root, 'p');
    expect(ps.map(textContent)).toEqual(['Let \\(x^2\\) be.', '\\[\\frac{a}{b}\\]', 'After.']);
    expect(attr(findAll(ps[1]!, 'span')[0]!, 'class')).toBe('math display');
    const { doc } = docxHtmlToBook(h);
    const c = countModel(doc);
    expect(c.inlineMath).toBe(1);
    expect(c.displayMath).toBe(1);
  });

  it('a Caption paragraph with a SEQ field sets its table caption once, numberless, and REF fields point at it', async () => {
    const styles = style('Titulek', 'caption');
    const caption = p(
      `<w:bookmarkStart w:id="1" w:name="_Ref42"/>${r('Tabulka ')}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> SEQ Tabulka \\* ARABIC </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${r('1')}<w:r><w:fldChar w:fldCharType="end"/></w:r><w:bookmarkEnd w:id="1"/>${r(': Results')}`,
      'Titulek',
    );
    const table = `<w:tbl><w:tr><w:trPr><w:tblHeader/></w:trPr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>${p(r('Head'))}</w:tc></w:tr><w:tr><w:tc>${p(r('a'))}</w:tc><w:tc>${p(r('b'))}</w:tc></w:tr></w:tbl>`;
    const ref = p(`${r('See ')}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> REF _Ref42 \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${r('Tabulka 1')}<w:r><w:fldChar w:fldCharType="end"/></w:r>${r('.')}`);
    const h = await readDocxHtml(docx(caption + table + ref, styles));
    const t = findAll(h.root, 'table')[0]!;
    expect(attr(t, 'id')).toBe('tbl:Ref42');
    expect(textContent(findAll(t, 'caption')[0]!)).toBe('Results');
    expect(findAll(h.root, 'th').map((c) => attr(c, 'colspan'))).toEqual(['2']);
    const a = findAll(h.root, 'a').find((x) => attr(x, 'data-crossref'))!;
    expect(attr(a, 'data-crossref')).toBe('tbl:Ref42');
    expect(textContent(a)).toBe('Tabulka 1');
    expect(textContent(h.root)).not.toContain('Results'.repeat(1) + 'Results');
    expect(findAll(h.root, 'p').filter((x) => textContent(x).includes('Results'))).toHaveLength(0);
  });

  it('text boxes: their paragraphs follow the paragraph that anchors them, once for both branches', async () => {
    const box = `<w:txbxContent>${p(r('Boxed text.'))}</w:txbxContent>`;
    const body = p(`${r('Anchor.')}<w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:drawing>${box}</w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox>${box}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`) + p(r('Next.'));
    const h = await readDocxHtml(docx(body));
    expect(findAll(h.root, 'p').map(textContent)).toEqual(['Anchor.', 'Boxed text.', 'Next.']);
  });

  it('charts and embedded objects are reported, not silently lost', async () => {
    const chart = p(`<w:r><w:drawing><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"/></a:graphicData></a:graphic></w:drawing></w:r>`);
    const ole = p(`<w:r><w:object><o:OLEObject xmlns:o="urn:schemas-microsoft-com:office:office" ProgID="Equation.3"/></w:object></w:r>`);
    const h = await readDocxHtml(docx(p(r('Text.')) + chart + ole));
    const codes = h.diagnostics.toArray().map((d) => d.code);
    expect(codes).toEqual(['unsupported-element', 'math-unconverted']);
  });
});

describe('OMML -> TeX', () => {
  const tex = (xml: string) => ommlToTex(parseXml(`<m:oMath ${NS}>${xml}</m:oMath>`).children[0] as XmlElement).tex;
  it('converts the common structures', () => {
    expect(tex(`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${mr('x')}</m:e></m:rad>`)).toBe('\\sqrt{x}');
    expect(tex(`<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${mr('i=1')}</m:sub><m:sup>${mr('n')}</m:sup><m:e>${mr('i')}</m:e></m:nary>`)).toBe('\\sum_{i=1}^{n}i');
    expect(tex(`<m:d><m:e>${mr('a')}</m:e><m:e>${mr('b')}</m:e></m:d>`)).toBe('\\left(a \\mid b\\right)');
    expect(tex(`<m:acc><m:accPr><m:chr m:val="̇"/></m:accPr><m:e>${mr('x')}</m:e></m:acc>`)).toBe('\\dot{x}');
    expect(tex(`<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>sin</m:t></m:r></m:fName><m:e>${mr('θ')}</m:e></m:func>`)).toBe('\\sin \\theta');
    expect(tex(`<m:m><m:mr><m:e>${mr('1')}</m:e><m:e>${mr('0')}</m:e></m:mr><m:mr><m:e>${mr('0')}</m:e><m:e>${mr('1')}</m:e></m:mr></m:m>`)).toBe('\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}');
    expect(tex(`<m:sSubSup><m:e>${mr('x')}</m:e><m:sub>${mr('i')}</m:sub><m:sup>${mr('2')}</m:sup></m:sSubSup>`)).toBe('x_i^2');
    expect(tex(`<m:limLow><m:e><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>lim</m:t></m:r></m:e><m:lim>${mr('n→∞')}</m:lim></m:limLow>`)).toBe('\\lim_{n\\rightarrow\\infty}');
    expect(tex(mr('100% & {x}'))).toBe('100\\% \\& \\{x\\}');
  });
});
