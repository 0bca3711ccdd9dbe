/**
 * What an HTML or EPUB document holds besides running text, through the HTML converter: tables, equations, code
 * listings, figures and their files, and the diagnostics for what cannot be kept (issue 31, "Nothing a document
 * holds is lost"). Real inputs: pandoc's own HTML of a paper (`academic/html-poisot-ecological-networks`, counts in
 * its SOURCES.md), Project Gutenberg HTML editions of `pairs/`; small documents for each rule.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Block, BookDocument, Inline, TableBlock } from '../../src/model/book-document.ts';
import type { Diagnostic } from '../../src/model/diagnostics.ts';
import { forEachBlock, forEachInline, ownInlines } from '../../src/model/walk.ts';
import { decodeText } from '../../src/read/decode-text.ts';
import { readEpub } from '../../src/read/epub/index.ts';
import { readHtml } from '../../src/read/html/index.ts';
import { readBook } from '../../src/read/index.ts';
import { mapResolver, type ResourceResolver } from '../../src/read/resources.ts';
import { parseHtml, findAll, type XmlNode } from '../../src/read/xml.ts';
import { repoRoot } from '../helpers/corpus.ts';
import { epubWith, png } from '../images/fixtures.ts';

const CORPUS = path.resolve(repoRoot, '../shared/corpus');
const HAS_CORPUS = existsSync(path.join(CORPUS, 'academic')) && existsSync(path.join(CORPUS, 'pairs'));

/** Every block of the document (chapters, sections, parts, quotations, list items, footnotes), in order. */
function allBlocks(doc: BookDocument): Block[] {
  const out: Block[] = [];
  forEachBlock(doc, (b) => out.push(b));
  return out;
}

/** Every inline below the blocks (paragraphs, headings, captions, table cells), depth first. */
function allInlines(blocks: readonly Block[]): Inline[] {
  const out: Inline[] = [];
  for (const b of blocks) for (const run of ownInlines(b)) forEachInline(run, (x) => out.push(x));
  return out;
}

function text(inl: readonly Inline[]): string {
  return inl.map((n) => (n.type === 'text' ? n.value : n.type === 'lineBreak' ? '\n' : n.type === 'code' ? n.value : n.type === 'math' ? n.tex : 'children' in n ? text(n.children) : '')).join('');
}

/** Lowercased words (letters and digits) of the document, table cells, captions and notes included. */
function documentWords(doc: BookDocument): Set<string> {
  const words = new Set<string>();
  const blocks = allBlocks(doc);
  const add = (s: string): void => {
    for (const w of s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) words.add(w);
  };
  for (const n of allInlines(blocks)) if (n.type === 'text' || n.type === 'code') add(n.value);
  for (const b of blocks) if (b.type === 'code') add(b.value);
  for (const d of [...doc.front, ...doc.body, ...doc.back]) add(text(d.title));
  return words;
}

/** Text of a node with `<br>` as a space (so that `5<br>6` stays two words), without PG's page numbers (removed by design). */
function cellText(node: XmlNode): string {
  if (node.type === 'text') return node.value;
  if (node.name === 'br') return ' ';
  if (/\bpagenum\b/.test(node.attrs.class ?? '')) return ' ';
  return node.children.map(cellText).join('');
}

/** A resolver over a folder on disk (every file below it, as the command line finds them beside the input). */
function folderResolver(dir: string): ResourceResolver {
  const files = new Map<string, Uint8Array>();
  const walk = (sub: string): void => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else files.set(rel, new Uint8Array(readFileSync(path.join(dir, rel))));
    }
  };
  walk('');
  return mapResolver(files);
}

function html(body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Sample</title></head><body><h1>Results</h1><p>Some text before.</p>${body}</body></html>`;
}

const tables = (doc: BookDocument): TableBlock[] => allBlocks(doc).filter((b): b is TableBlock => b.type === 'table');
const codes = (d: readonly Diagnostic[] | undefined, code: Diagnostic['code']): Diagnostic[] => (d ?? []).filter((x) => x.code === code);

describe.skipIf(!HAS_CORPUS)('pandoc HTML paper (academic/html-poisot-ecological-networks)', () => {
  const dir = path.join(CORPUS, 'academic/html-poisot-ecological-networks');
  const result = HAS_CORPUS ? readHtml(readFileSync(path.join(dir, 'index.html'), 'utf8'), { resources: folderResolver(dir) }) : undefined;
  const blocks = result ? allBlocks(result.doc) : [];

  it('its one table keeps 4 columns, the header row, 6 body rows, left alignment and the inline code of its cells', () => {
    const [table, ...more] = tables(result!.doc);
    expect(more).toHaveLength(0);
    // pandoc wrote this table without a <caption> (SOURCES.md counts the paragraph before it): none is invented.
    expect(table!.caption).toEqual([]);
    expect(table!.columns.map((c) => c.align)).toEqual(['left', 'left', 'left', 'left']);
    expect(table!.head.map((r) => r.cells.map((c) => text(c.children)))).toEqual([['Partiteness', 'Int. strength', 'Type', 'Interactions']]);
    expect(table!.body).toHaveLength(6);
    expect(table!.body[0]!.cells.map((c) => c.children)).toEqual([
      [{ type: 'text', value: 'Unipartite' }],
      [{ type: 'text', value: 'Binary' }],
      [{ type: 'code', value: 'UnipartiteNetwork' }],
      [{ type: 'code', value: 'AbstractBool' }],
    ]);
    expect(table!.body[1]!.cells[0]!.children).toEqual([]);
  });

  it('its 13 MathML equations become TeX from their annotations: 12 inline, 1 display without its equation environment', () => {
    const inline = allInlines(blocks).filter((n) => n.type === 'math');
    const display = blocks.filter((b) => b.type === 'math');
    expect(inline).toHaveLength(12);
    expect(display).toHaveLength(1);
    expect(inline.map((m) => m.tex)).toContain("\\beta_{OS}'");
    expect(inline.map((m) => m.tex)).toContain('Y_{ij}=\\text{true}');
    const tex = display[0]!.type === 'math' ? display[0]!.tex : '';
    expect(tex).toMatch(/^F_\{ij\} = \\alpha_1Y_\{ij\}/);
    expect(tex).not.toMatch(/\\begin|\\end/);
    expect(codes(result!.diagnostics, 'math-unconverted')).toEqual([]);
  });

  it('figure fig:types keeps its picture through the folder, its caption without "Figure 1:"; the six PDF figures keep captions and say so', () => {
    const figures = blocks.filter((b) => b.type === 'figure');
    expect(figures).toHaveLength(7);
    const types = figures.find((f) => f.type === 'figure' && f.id === 'fig:types');
    expect(types?.type === 'figure' && types.src).toBe('images/img-1.png');
    expect(types?.type === 'figure' && text(types.caption)).toMatch(/^Union types defined by EcologicalNetworks – all networks/);
    expect(Object.keys(result!.doc.assets)).toEqual(['images/img-1.png']);
    expect(Buffer.from(result!.doc.assets['images/img-1.png']!.bytes).equals(readFileSync(path.join(dir, 'figure1.png')))).toBe(true);
    const captionOnly = figures.filter((f) => f.type === 'figure' && !f.src);
    expect(captionOnly.map((f) => f.type === 'figure' && f.id)).toEqual(['fig:nullsample', 'fig:nhst', 'fig:betadiv', 'fig:modularity', 'fig:extinctions', 'fig:imputation']);
    expect(captionOnly.every((f) => f.type === 'figure' && !/^Figure \d/.test(text(f.caption)) && text(f.caption).length > 40)).toBe(true);
    const missing = codes(result!.diagnostics, 'image-missing');
    expect(missing).toHaveLength(6);
    expect(missing[0]!.message).toContain('figures/nullsample.pdf');
  });

  it('its 33 code blocks keep their text and line breaks (23 highlighted Julia, 10 plain output); no token markup left', () => {
    const code = blocks.filter((b) => b.type === 'code');
    expect(code).toHaveLength(33);
    expect(code.filter((c) => c.type === 'code' && c.language === 'julia')).toHaveLength(23);
    expect(code).toContainEqual({ type: 'code', language: 'julia', value: 'N = web_of_life("A_HP_001")\nfirst(interactions(N))' });
    expect(code).toContainEqual({ type: 'code', value: '(from = "Ctenophthalmus proximus", to = "Microtus arvalis", strength = 2)' });
    expect(code.filter((c) => c.type === 'code' && c.value.includes('\n')).length).toBeGreaterThan(10);
  });

  it('its 27 bibliography entries are 27 paragraphs of the References chapter', () => {
    const refs = result!.doc.body.find((c) => text(c.title) === 'References');
    expect(refs?.blocks.filter((b) => b.type === 'paragraph')).toHaveLength(27);
  });
});

describe.skipIf(!HAS_CORPUS)('Project Gutenberg HTML tables (pairs)', () => {
  it("Franklin's Autobiography: its 4 tables keep their columns (the virtue chart's 8 day columns, its caption)", () => {
    const text8 = decodeText(new Uint8Array(readFileSync(path.join(CORPUS, 'pairs/pg148-franklin-autobiography-h.htm')))).text;
    const { doc } = readHtml(text8);
    const ts = tables(doc);
    expect(ts.map((t) => t.columns.length)).toEqual([8, 3, 2, 2]);
    expect(text(ts[0]!.caption)).toBe('Form of the pages.');
    const days = ts[0]!.body.find((r) => r.cells.length === 8 && text(r.cells[1]!.children) === 'S.');
    expect(days?.cells.map((c) => text(c.children))).toEqual(['', 'S.', 'M.', 'T.', 'W.', 'T.', 'F.', 'S.']);
    expect(ts[0]!.body[0]!.cells[0]).toMatchObject({ colSpan: 8 });
    // The chief events: 52 rows of year and event.
    expect(ts[3]!.body).toHaveLength(52);
    expect(text(ts[3]!.body[0]!.cells[0]!.children)).toBe('1706');
  });

  it("the 1910 atlas's census table keeps its two header rows with spans and its right-aligned figures", () => {
    const t = decodeText(new Uint8Array(readFileSync(path.join(CORPUS, 'pairs/pg21054-peoples-handy-atlas-1910-h.htm')))).text;
    const census = tables(readHtml(t).doc).find((x) => x.columns.length === 8)!;
    expect(census.head.length).toBeGreaterThanOrEqual(2);
    expect(census.head[0]!.cells.some((c) => text(c.children) === 'Increase' && c.colSpan === 4)).toBe(true);
    const us = census.body.find((r) => text(r.cells[0]!.children).startsWith('United States'))!;
    expect(us.cells.map((c) => text(c.children)).slice(1, 4)).toEqual(['91,954,435', '*77,256,630', '62,979,766']);
    expect(us.cells[1]!.align).toBe('right');
  });

  for (const name of ['pg148-franklin-autobiography-h.htm', 'pg18220-cidade-e-as-serras-h.htm', 'pg27673-oedipus-murray-h.htm']) {
    it(`${name}: every word of every table cell is in the document`, () => {
      const source = decodeText(new Uint8Array(readFileSync(path.join(CORPUS, 'pairs', name)))).text;
      const { doc } = readHtml(source);
      expect(tables(doc).length).toBeGreaterThan(0);
      const words = documentWords(doc);
      const root = parseHtml(source);
      const cells = [...findAll(root, 'td'), ...findAll(root, 'th'), ...findAll(root, 'caption')];
      const lost = new Set<string>();
      for (const c of cells) for (const w of cellText(c).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) if (!words.has(w)) lost.add(w);
      expect([...lost]).toEqual([]);
    });
  }
});

describe.skipIf(!HAS_CORPUS)("a picture book's images from its folder (pairs/pg74 Tom Sawyer, 166 pictures)", () => {
  // The corpus holds the HTML without its images/ folder: the folder is made here, one small PNG per picture.
  const tmp = mkdtempSync(path.join(tmpdir(), 'quire-html-images-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('every picture is kept through readBook and the folder resolver; a deleted one keeps its caption and is named', async () => {
    const source = readFileSync(path.join(CORPUS, 'pairs/pg74-tom-sawyer-h.htm'));
    const srcs = [...new Set(findAll(parseHtml(decodeText(new Uint8Array(source)).text), 'img').map((i) => i.attrs.src!))];
    expect(srcs.length).toBeGreaterThan(100);
    mkdirSync(path.join(tmp, 'images'));
    srcs.forEach((s, i) => writeFileSync(path.join(tmp, s), png(4 + (i % 7), 3, i)));
    const missing = srcs[5]!;
    rmSync(path.join(tmp, missing));
    const out = await readBook(new Uint8Array(source), { fileName: 'pg74-h.htm', resources: folderResolver(tmp) });
    if (out.kind !== 'document') throw new Error('expected a document');
    expect(out.assets).toHaveLength(srcs.length - 1);
    expect(out.diagnostics.filter((d) => d.code === 'image-missing').map((d) => d.message)).toEqual([expect.stringContaining(`"${missing}"`)]);
    const read = readHtml(decodeText(new Uint8Array(source)).text, { resources: folderResolver(tmp) });
    const figures = allBlocks(read.doc).filter((b) => b.type === 'figure');
    expect(figures.filter((f) => f.type === 'figure' && f.src)).toHaveLength(srcs.length - 1);
  });

  it('without the folder, the pictures keep their captions and one diagnostic says to upload the folder', () => {
    const { diagnostics } = readHtml(decodeText(new Uint8Array(readFileSync(path.join(CORPUS, 'pairs/pg74-tom-sawyer-h.htm')))).text);
    const missing = codes(diagnostics, 'image-missing');
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((d) => /upload the book's folder as a \.zip/.test(d.message))).toBe(true);
    expect(missing.reduce((n, d) => n + (d.count ?? 1), 0)).toBeGreaterThan(100);
  });
});

describe('HTML tables', () => {
  it('caption (number dropped), thead, spans, alignments, widths and the id become a table node', () => {
    const { doc } = readHtml(
      html(`<table id="tbl:yield">
<caption>Table 3: Yield by <em>field</em></caption>
<colgroup><col style="width: 50%"/><col style="width: 25%"/><col style="width: 25%"/></colgroup>
<thead><tr><th rowspan="2">Field</th><th colspan="2">Harvest</th></tr><tr><th>1910</th><th>1911</th></tr></thead>
<tbody>
<tr><td>North</td><td align="right">12</td><td style="text-align: right">14</td></tr>
<tr><td>South</td><td align="right">9</td><td style="text-align:center">n/a</td></tr>
</tbody></table>`),
    );
    const [t] = tables(doc);
    expect(t).toMatchObject({ id: 'tbl:yield', caption: [{ type: 'text', value: 'Yield by ' }, { type: 'emphasis', children: [{ type: 'text', value: 'field' }] }] });
    expect(t!.columns).toEqual([
      { align: 'default', widthFraction: 0.5 },
      { align: 'right', widthFraction: 0.25 },
      { align: 'right', widthFraction: 0.25 },
    ]);
    expect(t!.head).toEqual([
      { cells: [{ children: [{ type: 'text', value: 'Field' }], rowSpan: 2 }, { children: [{ type: 'text', value: 'Harvest' }], colSpan: 2 }] },
      { cells: [{ children: [{ type: 'text', value: '1910' }] }, { children: [{ type: 'text', value: '1911' }] }] },
    ]);
    expect(t!.body[1]!.cells[2]).toEqual({ children: [{ type: 'text', value: 'n/a' }], align: 'center' });
  });

  it('a caption numbered by its source gives a table or figure without an id one, so book layouts number it too', () => {
    const { doc } = readHtml(
      html(`<table><caption>TABLE IV. Prices</caption><tr><th>Item</th><th>Price</th></tr><tr><td>Bread</td><td>2d.</td></tr></table>
<div class="figcenter"><img src="data:image/png;base64,${Buffer.from(png(4, 4)).toString('base64')}" alt=""/><p>Fig. 12.—The mill.</p></div>
<table><caption>Prices again</caption><tr><th>Item</th><th>Price</th></tr><tr><td>Milk</td><td>1d.</td></tr></table>`),
    );
    expect(tables(doc).map((x) => [x.id, text(x.caption)])).toEqual([['tbl:iv', 'Prices'], [undefined, 'Prices again']]);
    const figure = allBlocks(doc).find((b) => b.type === 'figure');
    expect(figure).toMatchObject({ id: 'fig:12', caption: [{ type: 'text', value: 'The mill.' }] });
  });

  it('leading rows of <th> are the head; paragraphs in a cell are joined by line breaks; a list in a cell is flattened and said', () => {
    const { doc, diagnostics } = readHtml(
      html(`<table><tr><th>Dish</th><th>Price</th></tr>
<tr><td><p>Soup</p><p>of the day</p></td><td>2s.</td></tr>
<tr><td>Stew</td><td><ul><li>small 3s.</li><li>large 5s.</li></ul></td></tr></table>`),
    );
    const [t] = tables(doc);
    expect(t!.head).toHaveLength(1);
    expect(t!.body[0]!.cells[0]!.children).toEqual([{ type: 'text', value: 'Soup' }, { type: 'lineBreak' }, { type: 'text', value: 'of the day' }]);
    expect(text(t!.body[1]!.cells[1]!.children)).toBe('• small 3s.\n• large 5s.');
    expect(codes(diagnostics, 'table-simplified')).toEqual([expect.objectContaining({ message: expect.stringContaining('A list inside a table cell'), where: 'Results' })]);
  });

  it('layout tables stay text: one column (a cast list), one row; a linked contents table is dropped as before', () => {
    const { doc } = readHtml(
      html(`<table><tr><td>Torvald Helmer.</td></tr><tr><td>Nora, his wife.</td></tr></table>
<table><tr><td>Left</td><td>Right</td></tr></table>
<h2>Contents</h2><table><tr><td><a href="#c1">Chapter I</a></td><td>1</td></tr><tr><td><a href="#c2">Chapter II</a></td><td>9</td></tr></table>
<h1 id="c1">Chapter I</h1><p>Text one.</p><h1 id="c2">Chapter II</h1><p>Text two.</p>`),
    );
    expect(tables(doc)).toEqual([]);
    const paragraphs = allBlocks(doc).filter((b) => b.type === 'paragraph').map((b) => (b.type === 'paragraph' ? text(b.children) : ''));
    expect(paragraphs).toEqual(expect.arrayContaining(['Torvald Helmer.', 'Nora, his wife.', 'Left Right']));
    expect(paragraphs.join(' ')).not.toContain('Chapter I 1');
  });


  it('a layout table framing display equations or a data table keeps them as blocks (Word sets an equation beside its number so)', () => {
    const { doc } = readHtml(
      html(`<table><tr><td><span class="math display">\\[E=mc^2\\]</span></td><td>(4)</td></tr></table>
<table><tr><td><p>Table 2</p><p><em>Scores by Group</em></p><table><tr><th>Group</th><th>M</th></tr><tr><td>A</td><td>4.1</td></tr><tr><td>B</td><td>3.9</td></tr></table></td></tr></table>`),
    );
    const blocks = allBlocks(doc);
    expect(blocks.filter((b) => b.type === 'math').map((b) => (b.type === 'math' ? b.tex : ''))).toEqual(['E=mc^2']);
    const [table] = tables(doc);
    expect(table?.body.map((r) => r.cells.map((c) => text(c.children)))).toEqual([['A', '4.1'], ['B', '3.9']]);
    // The APA label and title above the table are its caption (the label goes: Quire numbers tables itself).
    expect(text(table!.caption)).toBe('Scores by Group');
    const paragraphs = blocks.filter((b) => b.type === 'paragraph').map((b) => (b.type === 'paragraph' ? text(b.children) : ''));
    expect(paragraphs).not.toContain('Table 2');
    expect(paragraphs).toContain('(4)');
  });

  it('a "Table 3" label is the caption only when a table follows it; elsewhere it stays text', () => {
    const { doc } = readHtml(html(`<p>Table 3</p><p>Not a table title but the next paragraph.</p><p>And more text.</p>`));
    expect(allBlocks(doc).filter((b) => b.type === 'paragraph').map((b) => (b.type === 'paragraph' ? text(b.children) : ''))).toContain('Table 3');
  });
  it('a picture in a data table cell follows the table as a figure, and that is said', () => {
    const { doc, diagnostics } = readHtml(
      html(`<table><tr><td>Mill</td><td><img src="data:image/png;base64,${Buffer.from(png(4, 4)).toString('base64')}" alt="The mill"/></td></tr><tr><td>Barn</td><td>Red</td></tr></table>`),
    );
    const all = allBlocks(doc);
    const at = all.findIndex((b) => b.type === 'table');
    expect(all[at + 1]).toMatchObject({ type: 'figure', src: 'images/img-1.png', caption: [{ type: 'text', value: 'The mill' }] });
    expect(codes(diagnostics, 'table-simplified')[0]!.message).toContain('picture inside a table cell');
  });
});

describe('HTML math and code', () => {
  it("pandoc's math spans keep the TeX as written; MathML without annotation is converted; display math splits a paragraph", () => {
    const { doc } = readHtml(
      html(`<p>Energy <span class="math inline">\\(E = mc^2\\)</span> and
<math display="inline"><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow></math> so
<span id="eq:sum"><span class="math display">\\[\\sum_i x_i \\qquad(1)\\]</span></span> which ends.</p>
<math display="block"><mfrac><mi>a</mi><mi>b</mi></mfrac></math>`),
    );
    const blocks = allBlocks(doc).slice(1);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'math', 'paragraph', 'math']);
    expect(allInlines(blocks).filter((n) => n.type === 'math')).toEqual([{ type: 'math', tex: 'E = mc^2' }, { type: 'math', tex: 'x^{2}' }]);
    expect(blocks[1]).toEqual({ type: 'math', tex: '\\sum_i x_i', id: 'eq:sum' });
    expect(blocks[3]).toEqual({ type: 'math', tex: '\\frac{a}{b}' });
    expect(blocks[2]!.type === 'paragraph' && text(blocks[2]!.children)).toBe('which ends.');
  });

  it('an equation that cannot be read keeps its text and is reported', () => {
    const { doc, diagnostics } = readHtml(html('<p>We have <math><mrow></mrow></math><span class="math inline"></span>x.</p>'));
    expect(codes(diagnostics, 'math-unconverted').length).toBeGreaterThan(0);
    expect(allInlines(allBlocks(doc)).some((n) => n.type === 'math')).toBe(false);
  });

  it('<pre><code class="language-x"> is a code block keeping lines and indents; a bare <pre> stays verse; <code> is inline code', () => {
    const { doc } = readHtml(
      html(`<pre><code class="language-python">def f(x):
    return x  # &lt;done&gt;
</code></pre>
<pre>
   The sun was shining on the sea,
      Shining with all his might:
</pre>
<p>Call <code>f( 1 )</code> now.</p>`),
    );
    const blocks = allBlocks(doc);
    expect(blocks).toContainEqual({ type: 'code', language: 'python', value: 'def f(x):\n    return x  # <done>' });
    expect(blocks.some((b) => b.type === 'verse')).toBe(true);
    expect(allInlines(blocks)).toContainEqual({ type: 'code', value: 'f( 1 )' });
  });
});

describe('HTML figures and left-out elements', () => {
  it('<figure id> + <figcaption>: id and caption kept, "Figure 2." dropped; an SVG file is refused and said', () => {
    const { doc, diagnostics } = readHtml(
      html(`<figure id="fig:map"><img src="data:image/png;base64,${Buffer.from(png(8, 8)).toString('base64')}" alt="map" style="width: 50%"/><figcaption>Figure 2. The <em>old</em> map</figcaption></figure>
<figure><img src="plates/drawing.svg" alt="A drawing"/></figure>`),
    );
    const figures = allBlocks(doc).filter((b) => b.type === 'figure');
    expect(figures[0]).toEqual({
      type: 'figure',
      src: 'images/img-1.png',
      alt: 'map',
      caption: [{ type: 'text', value: 'The ' }, { type: 'emphasis', children: [{ type: 'text', value: 'old' }] }, { type: 'text', value: ' map' }],
      id: 'fig:map',
      widthFraction: 0.5,
    });
    expect(figures[1]).toMatchObject({ caption: [{ type: 'text', value: 'A drawing' }] });
    expect(codes(diagnostics, 'image-refused')[0]!.message).toContain('"plates/drawing.svg" is an SVG drawing');
  });

  it('SVG drawings, videos, embedded pages and forms are left out with plain-English diagnostics', () => {
    const { diagnostics } = readHtml(
      html(`<svg width="10" height="10"><rect width="10" height="10"/></svg><video src="a.mp4"></video>
<iframe src="https://example.invalid/"></iframe><form><input name="q"/></form><script>alert(1)</script>`),
    );
    expect(codes(diagnostics, 'unsupported-element').map((d) => d.message)).toEqual([
      'The text holds a drawing in SVG format, which a book cannot show; it was left out.',
      'The text holds a video, which a book cannot show; it was left out.',
      'The text holds an embedded web page, which a book cannot show; it was left out.',
      'The text holds a form, which a book cannot show; it was left out.',
    ]);
  });
});

describe('EPUB pictures in figures and table cells', () => {
  it('both come from the manifest items; a missing one is named', () => {
    const epub = epubWith(
      `<figure id="fig:a"><img src="images/a.png" alt="A"/><figcaption>Figure 1: The first plate</figcaption></figure>
<table><tr><td>Plate</td><td><img src="images/b.png" alt="B"/></td></tr><tr><td>Size</td><td>Large</td></tr></table>
<p><img src="images/gone.png" alt="Gone"/></p>`,
      { 'images/a.png': png(6, 6, 1), 'images/b.png': png(6, 6, 2) },
      ['<item id="a" href="images/a.png" media-type="image/png"/>', '<item id="b" href="images/b.png" media-type="image/png"/>'],
    );
    const { doc, diagnostics } = readEpub(epub);
    const figures = allBlocks(doc).filter((b) => b.type === 'figure');
    expect(figures.map((f) => f.type === 'figure' && [f.src, text(f.caption), f.id])).toEqual([
      ['images/img-1.png', 'The first plate', 'fig:a'],
      ['images/img-2.png', 'B', undefined],
      [undefined, 'Gone', undefined],
    ]);
    expect(tables(doc)).toHaveLength(1);
    expect(codes(diagnostics, 'image-missing')[0]!.message).toContain('"OPS/images/gone.png"');
  });
});

