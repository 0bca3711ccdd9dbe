/**
 * Issue 31 in the HTML and EPUB writers: tables, math, code, numbered figures and cross-references survive, the
 * EPUB still passes EPUBCheck, every link lands on an element that exists, and what could not be kept is reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLayout } from '../../src/layout/index.ts';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import type { Block, BookDocument } from '../../src/model/book-document.ts';
import { Diagnostics } from '../../src/model/diagnostics.ts';
import { forEachBlock, forEachInline, ownInlines } from '../../src/model/walk.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { academicBook, resultsTable } from './academic-fixture.ts';
import { CHROMIUM, measureInChromium } from './chromium.ts';
import { epubcheck, problems, xmlErrors } from './helpers.ts';
import { repoRoot } from '../helpers/corpus.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/** What the model holds: tables, math (block and inline, in cells, captions and notes too), code blocks, figures. */
function modelCounts(doc: BookDocument): { table: number; math: number; code: number; figure: number } {
  const n = { table: 0, math: 0, code: 0, figure: 0 };
  forEachBlock(doc, (b) => {
    if (b.type === 'table') n.table++;
    else if (b.type === 'math') n.math++;
    else if (b.type === 'code') n.code++;
    else if (b.type === 'figure') n.figure++;
    for (const run of ownInlines(b)) forEachInline(run, (x) => {
      if (x.type === 'math') n.math++;
    });
  });
  return n;
}

/** Start tags of `name` in markup (`<math ` and `<math>`, not `<mathml`). */
const countTag = (markup: string, name: string) => (markup.match(new RegExp(`<${name}[\\s>/]`, 'g')) ?? []).length;

/** The content documents of an EPUB: path under `EPUB/` -> text. */
function contentDocuments(epub: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, bytes] of Object.entries(unzipSync(epub))) {
    if (name.startsWith('EPUB/') && name.endsWith('.xhtml')) out.set(name.slice('EPUB/'.length), strFromU8(bytes));
  }
  return out;
}

/** Ids and `href`s of each content document, read with a strict XML parser. */
function idsAndLinks(docs: Map<string, string>): { ids: Map<string, Set<string>>; links: Array<{ from: string; href: string }> } {
  const ids = new Map<string, Set<string>>();
  const links: Array<{ from: string; href: string }> = [];
  for (const [file, xml] of docs) {
    const set = new Set<string>();
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (tag) => {
      const id = tag.attributes['id'];
      if (id && typeof id === 'object') set.add(id.value);
      const href = tag.attributes['href'];
      if (href && typeof href === 'object' && tag.local === 'a') links.push({ from: file, href: href.value });
    });
    parser.write(xml).close();
    ids.set(file, set);
  }
  return { ids, links };
}

/** Every in-book link of the EPUB whose file or id does not exist (`[]` when all land). */
function brokenLinks(docs: Map<string, string>): string[] {
  const { ids, links } = idsAndLinks(docs);
  const broken: string[] = [];
  for (const { from, href } of links) {
    if (/^[a-z]+:/.test(href)) continue;
    const [file, id] = href.startsWith('#') ? [from, href.slice(1)] : href.split('#');
    const target = ids.get(file!);
    if (!target || (id !== undefined && !target.has(id))) broken.push(`${from} -> ${href}`);
  }
  return broken;
}

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const c of node.childNodes) elements(c, out);
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
function text(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}

describe('EPUB with tables, math, code, figures and cross-references', () => {
  const doc = academicBook();
  const counts = modelCounts(doc);
  const diagnostics = new Diagnostics();
  let apa: Uint8Array;
  let book: Uint8Array;
  let checks: string[][];

  beforeAll(async () => {
    apa = await writeEpub(doc, getLayout('apa-7'), { diagnostics });
    book = await writeEpub(doc, kdp6x9Layout);
    checks = (await Promise.all([epubcheck(apa), epubcheck(book)])).map(problems);
  }, 120_000);

  it('passes EPUBCheck with no errors and no warnings, academic and book layouts', () => {
    expect(checks).toEqual([[], []]);
  });

  it('keeps every table, equation, code block and figure of the model', () => {
    for (const epub of [apa, book]) {
      const all = [...contentDocuments(epub).values()].join('\n');
      expect(countTag(all, 'table')).toBe(counts.table);
      // One display equation is unreadable TeX: it is shown as its source, not as MathML.
      expect(countTag(all, 'math')).toBe(counts.math - 1);
      expect(all).toContain('<code class="math-tex">$$\\frac{a}{$$</code>');
      expect(countTag(all, 'pre')).toBe(counts.code);
      expect(countTag(all, 'figure')).toBe(counts.figure);
    }
    expect(counts).toEqual({ table: 2, math: 6, code: 1, figure: 2 });
  });

  it('links every cross-reference to an element that exists, across content documents', () => {
    const docs = contentDocuments(apa);
    expect(brokenLinks(docs)).toEqual([]);
    const abstract = docs.get('front-1.xhtml')!;
    expect(abstract).toContain('<a class="xref" href="chapter-002.xhtml#ref-sec-results">Chapter 2</a>');
    const ch2 = docs.get('chapter-002.xhtml')!;
    expect(ch2).toContain('<a class="xref" href="chapter-001.xhtml#ref-eq-pid">Equation (1)</a>');
    expect(ch2).toContain('<a class="xref" href="#ref-fig-plot">Figure 2</a>');
    const ch1 = docs.get('chapter-001.xhtml')!;
    expect(ch1).toContain('<a class="xref" href="chapter-002.xhtml#ref-tbl-results">Table 1</a>');
    expect(ch1).toContain('<a class="xref" href="#ref-fig-frame">1</a>'); // -@fig:frame
    expect(ch1).toContain('<h2 id="ref-sec-model">');
    // Unresolved: printed as written, never a link.
    expect(ch1).toContain(' and @fig:missing.');
    // Links by a heading's pandoc identifier land on that heading, across files; an empty one prints its title.
    expect(ch2).toContain('See <a href="chapter-001.xhtml#ref-sec-model">the model</a>, <a href="chapter-001.xhtml#ref-sec-model">Model</a>, ' +
      '<a href="chapter-001.xhtml#ref-sec-intro">the introduction</a> and nothing.');
    // 10 cross-references, 9 resolved.
    expect((ch1 + ch2 + abstract).match(/class="xref"/g)).toHaveLength(9);
  });

  it('declares the mathml property on exactly the content documents that hold MathML (EPUB 3.3 §5.6.4)', () => {
    const opf = strFromU8(unzipSync(apa)['EPUB/package.opf']!);
    const docs = contentDocuments(apa);
    for (const [file, xml] of docs) {
      const item = new RegExp(`<item [^>]*href="${file}"[^>]*/>`).exec(opf)?.[0] ?? '';
      expect(item.includes('properties="mathml"'), file).toBe(countTag(xml, 'math') > 0);
    }
    expect(opf).toContain('<meta property="schema:accessibilityFeature">MathML</meta>');
  });

  it('gives every <math> its TeX as alttext, in the MathML namespace', () => {
    const ch1 = contentDocuments(apa).get('chapter-001.xhtml')!;
    expect(xmlErrors(ch1)).toEqual([]);
    const maths = ch1.match(/<math [^>]*>/g) ?? [];
    expect(maths.length).toBe(4);
    for (const m of maths) {
      expect(m).toMatch(/alttext="[^"]+"/);
      expect(m).toContain('xmlns="http://www.w3.org/1998/Math/MathML"');
    }
    expect(ch1).toContain('alttext="\\theta_{i} &lt; \\frac{\\pi}{2}"');
    expect(ch1).toMatch(/<div class="equation numbered" id="ref-eq-pid"><math [^>]*display="block"[^]*?<\/math><span class="equation-number">\(1\)<\/span><\/div>/);
  });

  it('reports what it could not keep, with where it is', () => {
    const list = diagnostics.toArray();
    expect(list).toContainEqual(expect.objectContaining({ code: 'math-unconverted', where: 'Introduction' }));
    expect(list).toContainEqual(expect.objectContaining({ code: 'crossref-unresolved', where: 'Introduction', message: expect.stringContaining('@fig:missing') }));
    expect(list.filter((d) => d.code === 'crossref-unresolved')).toHaveLength(1);
    expect(list).toContainEqual(expect.objectContaining({ code: 'other', where: 'Results', message: expect.stringContaining('"#nowhere"') }));
  });

  it.skipIf(!existsSync(CHROMIUM))('lays out in Chromium without running off a narrow screen, and renders the MathML', async () => {
    const measured = (await measureInChromium(
      apa,
      'EPUB/chapter-002.xhtml',
      `const wrap = document.querySelector('.table-wrap');
       const m = document.querySelector('td math');
       return { page: document.documentElement.scrollWidth, view: window.innerWidth, wrap: wrap.getBoundingClientRect().width,
         math: m.getBoundingClientRect().width, mathHeight: m.getBoundingClientRect().height };`,
      320,
    )) as { page: number; view: number; wrap: number; math: number; mathHeight: number };
    expect(measured.page).toBeLessThanOrEqual(measured.view);
    expect(measured.wrap).toBeLessThanOrEqual(measured.view);
    expect(measured.math).toBeGreaterThan(5);
    expect(measured.mathHeight).toBeGreaterThan(5);
    // A numbered equation wider than the screen: its number never overlaps it (it goes under it, flush right).
    const eq = (await measureInChromium(
      apa,
      'EPUB/chapter-001.xhtml',
      `const m = document.querySelector('#ref-eq-pid > math').getBoundingClientRect();
       const n = document.querySelector('#ref-eq-pid > .equation-number').getBoundingClientRect();
       return { overlap: !(n.left >= m.right || n.top >= m.bottom), page: document.documentElement.scrollWidth, view: window.innerWidth };`,
      320,
    )) as { overlap: boolean; page: number; view: number };
    expect(eq).toEqual({ overlap: false, page: eq.view, view: eq.view });
  }, 90_000);
});

describe('HTML with tables, math, code, figures and cross-references', () => {
  const doc = academicBook();
  const diagnostics = new Diagnostics();
  const print = writeHtml(doc, getLayout('apa-7'), { variant: 'print', embedFonts: false, diagnostics });
  const bookHtml = writeHtml(doc, kdp6x9Layout, { variant: 'epub' });
  const els = elements(parse(print));

  it('is well-formed XML and keeps every table, equation, code block and figure', () => {
    expect(xmlErrors(print)).toEqual([]);
    const counts = modelCounts(doc);
    for (const html of [print, bookHtml]) {
      expect(countTag(html, 'table')).toBe(counts.table);
      expect(countTag(html, 'math')).toBe(counts.math - 1);
      expect(countTag(html, 'pre')).toBe(counts.code);
      expect(countTag(html, 'figure')).toBe(counts.figure);
    }
  });

  it('writes a table with its numbered caption, header cells, spans, widths, alignment and note', () => {
    const table = els.find((e) => e.tagName === 'table' && attr(e, 'id') === 'ref-tbl-results')!;
    const inner = elements(table);
    expect(text(inner.find((e) => e.tagName === 'caption')!)).toBe('Table 1Thrust by propeller and voltage');
    expect(inner.filter((e) => e.tagName === 'col').map((e) => attr(e, 'style'))).toEqual(['width:40%', 'width:30%', 'width:30%']);
    const ths = inner.filter((e) => e.tagName === 'th');
    expect(ths.map(text)).toEqual(['Propeller', 'Thrust (g)', '11.1 V', '14.8 V']);
    expect(ths.every((th) => attr(th, 'scope') === 'col')).toBe(true);
    expect(attr(ths[0]!, 'rowspan')).toBe('2');
    expect(attr(ths[1]!, 'colspan')).toBe('2');
    expect(attr(ths[1]!, 'style')).toBe('text-align:center');
    const tds = inner.filter((e) => e.tagName === 'td');
    expect(tds).toHaveLength(resultsTable.body.reduce((n, r) => n + r.cells.length, 0));
    // The row under a row span: its first cell is in column 2 (right-aligned), not column 1.
    expect(text(tds[3]!)).toBe('812');
    expect(attr(tds[3]!, 'style')).toBe('text-align:right');
    expect(attr(tds[5]!, 'style')).toBe('text-align:left');
    const note = els.find((e) => attr(e, 'class') === 'table-note')!;
    expect(text(note)).toBe('Note. Means of three runs; g = grams-force.');
  });

  it('writes code escaped, with its language, in a monospace face that wraps and is not justified', () => {
    expect(print).toContain('<pre class="code"><code class="language-python">def pid(e, kp=1.0):\n    return kp * e  # a &lt;comment&gt; &amp; &quot;quotes&quot;');
    expect(print).toContain('<code>pid(e)</code>');
    const style = text(els.find((e) => e.tagName === 'style')!);
    expect(style).toMatch(/pre\.code \{[^}]*monospace[^}]*text-align: left[^}]*white-space: pre-wrap/);
  });

  it('numbers figures and puts their anchor and width on them; book layouts caption below, run on', () => {
    expect(print).toMatch(/<figure class="illustration" id="ref-fig-frame"><figcaption class="academic"><strong class="caption-label">Figure 1<\/strong><br\/><em class="caption-title">The carbon frame<\/em><\/figcaption><img src="data:image\/png;base64,[^"]+" alt="The frame" style="width:50%"\/><\/figure>/);
    expect(bookHtml).toMatch(/<figure class="illustration" id="ref-fig-frame"><img [^>]*style="width:50%"\/><figcaption><span class="caption-label">Figure 1\.<\/span> The carbon frame<\/figcaption><\/figure>/);
    // Book layouts number only what has an id: the captionless unnumbered table stays unnumbered in both.
    expect(bookHtml).toContain('<caption><span class="caption-label">Table 1.</span> Thrust by propeller and voltage</caption>');
  });

  it('numbers by chapter where the layout says so (Harvard: Table 2.1, Figure 1.1, Equation (1.1)) and references print the same', () => {
    const harvard = writeHtml(doc, getLayout('harvard'), { variant: 'print', embedFonts: false });
    const all = elements(parse(harvard));
    const caption = all.find((e) => e.tagName === 'table' && attr(e, 'id') === 'ref-tbl-results')!;
    expect(text(elements(caption).find((e) => e.tagName === 'caption')!)).toMatch(/^Table 2\.1/);
    expect(harvard).toMatch(/<strong class="caption-label">Figure 1\.1<\/strong>/);
    expect(harvard).toMatch(/<strong class="caption-label">Figure 2\.1<\/strong>/);
    const refs = all.filter((e) => e.tagName === 'a' && attr(e, 'class') === 'xref').map(text);
    expect(refs).toEqual(expect.arrayContaining(['Equation (1.1)', 'Table 2.1', 'Figure 1.1', '1.1']));
    // APA numbers through the paper.
    expect(print).toMatch(/<strong class="caption-label">Figure 2<\/strong>/);
  });

  it('sets a table wider than the print page in smaller type and says so; EPUB and screen HTML reflow it', () => {
    const cell = (value: string) => ({ children: [{ type: 'text' as const, value }] });
    const wide: Block = {
      type: 'table',
      caption: [{ type: 'text', value: 'Seven measures' }],
      columns: Array.from({ length: 7 }, () => ({ align: 'left' as const })),
      head: [{ cells: Array.from({ length: 7 }, (_, i) => cell(`Measurement${i + 1}`)) }],
      body: [{ cells: Array.from({ length: 7 }, () => cell('significance')) }],
    };
    const book: BookDocument = { ...doc, body: [{ type: 'chapter', id: 'ch-1', title: [{ type: 'text', value: 'Results' }], blocks: [wide] }] };
    const notes = new Diagnostics();
    const printed = writeHtml(book, getLayout('apa-7'), { variant: 'print', embedFonts: false, diagnostics: notes });
    const sizePt = Number(/<table class="table academic"[^>]* style="font-size:([\d.]+)pt">/.exec(printed)?.[1]);
    expect(sizePt).toBeGreaterThanOrEqual(8);
    expect(sizePt).toBeLessThan(12);
    expect(notes.toArray()).toContainEqual(expect.objectContaining({ code: 'table-shrunk', where: 'Results', message: expect.stringMatching(/^Table 1 was set in [\d.]+ pt type \(the text is 12 pt\)/) }));
    const epubNotes = new Diagnostics();
    expect(writeHtml(book, getLayout('apa-7'), { variant: 'epub', diagnostics: epubNotes })).not.toContain('style="font-size:');
    expect(epubNotes.toArray().filter((d) => d.code === 'table-shrunk')).toEqual([]);
  });

  it('links cross-references within the file and sets page breaks in print only', () => {
    const ids = new Set(els.map((e) => attr(e, 'id')).filter(Boolean));
    const hrefs = els.filter((e) => e.tagName === 'a' && attr(e, 'class') === 'xref').map((e) => attr(e, 'href')!);
    expect(hrefs).toHaveLength(9);
    for (const h of hrefs) expect(ids.has(h.slice(1)), h).toBe(true);
    expect(print).toContain('<div class="page-break" aria-hidden="true"></div>');
    expect(bookHtml).not.toContain('page-break"');
    expect(diagnostics.toArray().map((d) => d.code).sort()).toEqual(['crossref-unresolved', 'math-unconverted', 'other']);
  });
});

/** Real theses (pandoc Markdown with pipe and grid tables, TeX math, code and figures), when the corpus is there. */
const THESES = ['md-jones-quadcopter-senior-thesis', 'md-neeson-renewable-ml-senior-thesis'].map((name) =>
  path.resolve(repoRoot, `../shared/corpus/academic/${name}/thesis.md`),
);

describe.skipIf(!THESES.every((f) => existsSync(f)))('real Markdown theses (md-jones, md-neeson)', () => {
  it('keep every table, equation, code block and figure the parser gives, link every reference, pass EPUBCheck', async () => {
    const { parseMarkdown } = await import('../../src/markdown/parse.ts');
    const results = await Promise.all(
      THESES.map(async (file) => {
        const doc = parseMarkdown(readFileSync(file, 'utf8'), { title: path.basename(path.dirname(file)), author: 'A. Student', language: 'en' });
        const diagnostics = new Diagnostics();
        const epub = await writeEpub(doc, getLayout('apa-7'), { diagnostics });
        return { file, doc, diagnostics, epub, check: problems(await epubcheck(epub)) };
      }),
    );
    for (const { file, doc, diagnostics, epub, check } of results) {
      const counts = modelCounts(doc);
      const docs = contentDocuments(epub);
      const all = [...docs.values()].join('\n');
      const unconverted = diagnostics.toArray().filter((d) => d.code === 'math-unconverted').reduce((n, d) => n + (d.count ?? 1), 0);
      expect(counts.table, file).toBeGreaterThan(0);
      expect(counts.math, file).toBeGreaterThan(0);
      expect(countTag(all, 'table'), file).toBe(counts.table);
      expect(countTag(all, 'math') + unconverted, file).toBe(counts.math);
      expect(countTag(all, 'pre'), file).toBe(counts.code);
      expect(countTag(all, 'figure'), file).toBe(counts.figure);
      expect(brokenLinks(docs), file).toEqual([]);
      expect(check, file).toEqual([]);
    }
  }, 240_000);

  it.skipIf(!existsSync(CHROMIUM))('lays out their tables in Chromium without cutting a word of a narrow column', async () => {
    // Neeson's Table 1: short terms ("Longitude", "Solar Irradiance") beside long descriptions, on a phone-wide
    // screen and a reader's page.
    const { parseMarkdown } = await import('../../src/markdown/parse.ts');
    const file = THESES[1]!;
    const doc = parseMarkdown(readFileSync(file, 'utf8'), { title: 'Neeson', author: 'A. Student', language: 'en' });
    const epub = await writeEpub(doc, getLayout('apa-7'));
    const chapter = [...contentDocuments(epub)].find(([, xhtml]) => xhtml.includes('Longitude'))![0];
    // Every word of every cell, set alone on one line in the cell's font, fits in the cell's content box.
    const measure = `const cut = [];
      for (const cell of document.querySelectorAll('table.table td, table.table th')) {
        const style = getComputedStyle(cell);
        const box = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        for (const word of cell.textContent.split(/\\s+/).filter(Boolean)) {
          const probe = document.createElement('span');
          probe.style.whiteSpace = 'nowrap';
          probe.textContent = word;
          cell.appendChild(probe);
          if (probe.getBoundingClientRect().width > box + 0.5 && word.length <= 12) cut.push(word);
          probe.remove();
        }
      }
      return cut;`;
    for (const widthPx of [360, 600]) {
      expect(await measureInChromium(epub, `EPUB/${chapter}`, measure, widthPx), `${widthPx} px`).toEqual([]);
    }
  }, 120_000);
});
