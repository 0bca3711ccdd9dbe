/**
 * The academic syntax of Quire Markdown (pandoc's): tables, TeX math, code, figures with ids and widths,
 * cross-references, page breaks and raw LaTeX (reported, never printed), and its way back through
 * `serializeMarkdown`.
 */
import { describe, expect, it } from 'vitest';
import type { Block, BookDocument, Inline, TableBlock } from '../../src/model/book-document.ts';
import { Diagnostics } from '../../src/model/diagnostics.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readMarkdown } from '../../src/read/markdown.ts';

const meta = { title: 'T', author: 'A', language: 'en' };
const text = (value: string): Inline => ({ type: 'text', value });

function blocks(md: string, diagnostics?: Diagnostics): Block[] {
  const doc = parseMarkdown(`# C\n\n${md}`, meta, diagnostics ? { diagnostics } : {});
  return doc.body[0]!.type === 'chapter' ? doc.body[0]!.blocks : [];
}
function inlines(md: string): Inline[] {
  const b = blocks(md)[0];
  return b?.type === 'paragraph' ? b.children : [];
}
function roundTrip(doc: BookDocument): BookDocument {
  return parseMarkdown(serializeMarkdown(doc), doc.meta);
}
function docOf(bs: Block[]): BookDocument {
  return { meta, front: [], body: [{ type: 'chapter', id: 'ch-1', title: [text('C')], blocks: bs }], back: [], footnotes: {}, assets: {} };
}

describe('TeX math (pandoc tex_math_dollars)', () => {
  it('reads $...$ by pandoc’s rules: a non-space inside each dollar, no digit after the closing one, \\$ a dollar', () => {
    expect(inlines('a $x^2$ b')).toEqual([text('a '), { type: 'math', tex: 'x^2' }, text(' b')]);
    expect(inlines('costs $5 and $6 today')).toEqual([text('costs $5 and $6 today')]);
    expect(inlines('$ x$ and $x $ stay')).toEqual([text('$ x$ and $x $ stay')]);
    expect(inlines('\\$x$ is not math')).toEqual([text('$x$ is not math')]);
    expect(inlines('$a\\$b$')).toEqual([{ type: 'math', tex: 'a\\$b' }]);
  });

  it('reads $$...$$ over lines as a display equation with its {#eq:id}, splitting a paragraph at it', () => {
    expect(blocks('$$\nE = mc^2\n$$ {#eq:energy}')).toEqual([{ type: 'math', tex: 'E = mc^2', id: 'eq:energy' }]);
    expect(blocks('$$a = b.$$\n{#eq:ab}')).toEqual([{ type: 'math', tex: 'a = b.', id: 'eq:ab' }]);
    expect(blocks('Before\n$$x$$\nafter.')).toEqual([
      { type: 'paragraph', children: [text('Before')] },
      { type: 'math', tex: 'x' },
      { type: 'paragraph', children: [text('after.')] },
    ]);
  });

  it('writes text dollars escaped, so text never turns into math, and math back as it was', () => {
    const doc = docOf([
      { type: 'paragraph', children: [text('It costs $5, or $6 '), { type: 'math', tex: 'x_1' }, text('2 items')] },
      { type: 'math', tex: 'a \\\\\nb', id: 'eq:m' },
    ]);
    expect(roundTrip(doc)).toEqual(doc);
  });
});

describe('cross-references (pandoc-crossref)', () => {
  it('reads @fig:x, [@tbl:x], -@eq:x and [@fig:a; @fig:b]; citations stay text as written', () => {
    expect(inlines('See @fig:a, [@tbl:b], -@eq:c and [@Sec:d; @sec:e].')).toEqual([
      text('See '),
      { type: 'crossRef', target: 'fig:a' },
      text(', '),
      { type: 'crossRef', target: 'tbl:b' },
      text(', '),
      { type: 'crossRef', target: 'eq:c', suppressPrefix: true },
      text(' and '),
      { type: 'crossRef', target: 'sec:d' },
      text(', '),
      { type: 'crossRef', target: 'sec:e' },
      text('.'),
    ]);
    expect(inlines('As @smith2020 says [@doe, p. 3; @roe] and me@fig:x.org.')).toEqual([text('As @smith2020 says [@doe, p. 3; @roe] and me@fig:x.org.')]);
    expect(inlines('[@doe; see @fig:x]')).toEqual([text('[@doe; see '), { type: 'crossRef', target: 'fig:x' }, text(']')]);
  });

  it('writes `@fig:` in text escaped, and references back as references', () => {
    const doc = docOf([
      { type: 'paragraph', children: [text('Mail @fig:x and '), { type: 'crossRef', target: 'fig:a' }, text('s, '), { type: 'crossRef', target: 'tbl:b', suppressPrefix: true }] },
    ]);
    expect(roundTrip(doc)).toEqual(doc);
  });

  it("reads pandoc-xnos's +@fig:x, !@eq:x and braced {+@tbl:x} without printing the marks or braces", () => {
    // As the Jones thesis writes them: "depicted in {+@fig:clover}", "achieve {+@eq:bellman}".
    expect(inlines('In {+@fig:a}, +@tbl:b and {@eq:c}; number !@eq:d, {!@sec:e}.')).toEqual([
      text('In '),
      { type: 'crossRef', target: 'fig:a' },
      text(', '),
      { type: 'crossRef', target: 'tbl:b' },
      text(' and '),
      { type: 'crossRef', target: 'eq:c' },
      text('; number '),
      { type: 'crossRef', target: 'eq:d', suppressPrefix: true },
      text(', '),
      { type: 'crossRef', target: 'sec:e', suppressPrefix: true },
      text('.'),
    ]);
    // Braces, pluses and bangs that are text stay text, and stay so through the editor.
    expect(inlines('a {b} c+d !e {+x}')).toEqual([text('a {b} c+d !e {+x}')]);
    const doc = docOf([
      { type: 'paragraph', children: [text('x {'), { type: 'crossRef', target: 'fig:a' }, text('} 1+'), { type: 'crossRef', target: 'tbl:b' }, text(' !'), { type: 'crossRef', target: 'eq:c' }] },
    ]);
    expect(roundTrip(doc)).toEqual(doc);
  });
});

describe('tables', () => {
  it('reads a pipe table with its alignments and a caption after it (no blank line) with its id', () => {
    const [t] = blocks('| a | b | c |\n|:--|--:|:-:|\n| 1 | *2* | `3` |\nTable: Results. {#tbl:r}') as TableBlock[];
    expect(t).toEqual({
      type: 'table',
      id: 'tbl:r',
      caption: [text('Results.')],
      columns: [{ align: 'left' }, { align: 'right' }, { align: 'center' }],
      head: [{ cells: [{ children: [text('a')] }, { children: [text('b')] }, { children: [text('c')] }] }],
      body: [{ cells: [{ children: [text('1')] }, { children: [{ type: 'emphasis', children: [text('2')] }] }, { children: [{ type: 'code', value: '3' }] }] }],
    });
  });

  it('reads a grid table with a head, spans over columns and rows, cells of several lines and paragraphs', () => {
    const md = [
      ': Grid {#tbl:g}',
      '',
      '+------+------+------+',
      '| H1   | H2   | H3   |',
      '+:=====+======+=====:+',
      '| spans two   | r    |',
      '| columns     | o    |',
      '+------+------+ w    +',
      '| a    | b    | s    |',
      '|      |      |      |',
      '| c    |      |      |',
      '+------+------+------+',
    ].join('\n');
    const [t] = blocks(md) as TableBlock[];
    expect(t!.id).toBe('tbl:g');
    expect(t!.caption).toEqual([text('Grid')]);
    expect(t!.columns).toEqual([{ align: 'left' }, { align: 'default' }, { align: 'right' }]);
    expect(t!.head).toHaveLength(1);
    expect(t!.body).toEqual([
      { cells: [{ children: [text('spans two columns')], colSpan: 2 }, { children: [text('r o w s')], rowSpan: 2 }] },
      { cells: [{ children: [text('a'), { type: 'lineBreak' }, text('c')] }, { children: [text('b')] }] },
    ]);
    expect(roundTrip(docOf([t!]))).toEqual(docOf([t!]));
  });

  it('reads a pandoc multiline table', () => {
    const md = ['--------------------------', 'Element     Android   iOS', '----------- --------- ----', 'dialog        384     12', '              (9 %)', '', 'notice        195     3', '--------------------------'].join('\n');
    const [t] = blocks(md) as TableBlock[];
    expect(t!.type).toBe('table');
    expect(t!.body.map((r) => r.cells.map((c) => c.children))).toEqual([
      [[text('dialog')], [text('384 (9 %)')], [text('12')]],
      [[text('notice')], [text('195')], [text('3')]],
    ]);
  });

  it('writes a table of one-line cells as a pipe table, any other as a grid table, both read back the same', () => {
    const pipe: TableBlock = {
      type: 'table', caption: [text('Pipes | and $5')], id: 'tbl:p', columns: [{ align: 'left' }, { align: 'default' }],
      head: [{ cells: [{ children: [text('Table: x')] }, { children: [text('b|c')] }] }],
      body: [{ cells: [{ children: [{ type: 'math', tex: 'x' }] }, { children: [] }] }],
    };
    const md = serializeMarkdown(docOf([pipe]));
    expect(md).toContain('| Table\\: x | b\\|c |\n|:--|---|');
    expect(roundTrip(docOf([pipe]))).toEqual(docOf([pipe]));
    const long = 'a long cell text that will not fit on one line of seventy-two characters at all, so it wraps';
    const grid: TableBlock = {
      type: 'table', caption: [], columns: [{ align: 'center' }, { align: 'right' }],
      head: [], body: [{ cells: [{ children: [text(long), { type: 'lineBreak' }, { type: 'code', value: 'a  b' }] }, { children: [{ type: 'math', tex: 'a | b + c + d' }] }] }],
    };
    const written = serializeMarkdown(docOf([grid]));
    expect(Math.max(...written.split('\n').map((l) => l.length))).toBeLessThanOrEqual(72);
    expect(roundTrip(docOf([grid]))).toEqual(docOf([grid]));
    const widths: TableBlock = { ...grid, columns: [{ align: 'default', widthFraction: 0.7 }, { align: 'default', widthFraction: 0.3 }] };
    expect(roundTrip(docOf([widths]))).toEqual(docOf([widths]));
  });
});

describe('figures, code, headings, page breaks', () => {
  it('reads ![caption](path){#fig:id width=50%} (other attributes ignored) and an image on its own line in a paragraph', () => {
    expect(blocks('![A *b*](x.png){#fig:x width=50% height=2in}')).toEqual([
      { type: 'figure', src: 'x.png', alt: 'A b', caption: [text('A '), { type: 'emphasis', children: [text('b')] }], id: 'fig:x', widthFraction: 0.5 },
    ]);
    expect(blocks('![Cap](y.png)\n*Figure 1.1: y*')).toEqual([
      { type: 'figure', src: 'y.png', alt: 'Cap', caption: [text('Cap')] },
      { type: 'paragraph', children: [{ type: 'emphasis', children: [text('Figure 1.1: y')] }] },
    ]);
  });

  it('reads fenced and indented code, inline code, heading ids on every level', () => {
    const doc = parseMarkdown('# Intro {#sec:intro}\n\n## Method {#sec:method}\n\n```{.python}\nx = 1\n```\n\n    indented\n\nuse `a`b``.\n', meta);
    const ch = doc.body[0]!;
    expect(ch).toMatchObject({ refId: 'sec:intro', blocks: [{ type: 'heading', id: 'sec:method' }, { type: 'code', language: 'python', value: 'x = 1' }, { type: 'code', value: 'indented' }, {}] });
    const b = ch.blocks[3]!;
    expect(b).toEqual({ type: 'paragraph', children: [text('use '), { type: 'code', value: 'a' }, text('b``.')] });
    expect(roundTrip(doc)).toEqual(doc);
  });

  it('writes every new node so that it reads back the same', () => {
    const doc = docOf([
      { type: 'heading', level: 3, id: 'sec:a.b', children: [text('A {x}')] },
      { type: 'figure', src: 'images/img-1.png', alt: 'x', caption: [text('x')], id: 'fig:one', widthFraction: 0.75 },
      { type: 'code', language: 'rust', value: '```\nfn main() {}\n\n' },
      { type: 'code', value: '' },
      { type: 'pageBreak' },
      { type: 'paragraph', children: [{ type: 'code', value: '`tick` ' }, text(' <!-- not a comment --> and \\newpage')] },
    ]);
    expect(roundTrip(doc)).toEqual(doc);
  });
});

describe('raw LaTeX: never printed, always reported', () => {
  it('maps page breaks, drops what Quire builds itself, reports every other command and raw block with where', () => {
    const d = new Diagnostics();
    const bs = blocks(['\\newpage', '', '\\tableofcontents', '', '\\vspace{1em}\\noindent', '', '\\begin{center}\nx\n\\end{center}', '', '```{=latex}\n\\foo\n```', '', '<!-- hidden -->', '', 'A \\textbf{bold \\emph{em}} \\cite{k}word and \\url{https://x.org}.', '', 'para\n\\clearpage'].join('\n'), d);
    expect(bs).toEqual([
      { type: 'pageBreak' },
      { type: 'paragraph', children: [text('A '), { type: 'strong', children: [text('bold '), { type: 'emphasis', children: [text('em')] }] }, text(' word and '), { type: 'link', href: 'https://x.org', children: [text('https://x.org')] }, text('.')] },
      { type: 'paragraph', children: [text('para')] },
      { type: 'pageBreak' },
    ]);
    const list = d.toArray();
    expect(list.map((x) => x.code)).toEqual(['latex-mapped', 'latex-command', 'latex-command', 'latex-command', 'latex-command', 'latex-command']);
    expect(list.every((x) => x.where === 'C')).toBe(true);
    expect(list.map((x) => x.message).join(' ')).toMatch(/\\tableofcontents.*\\vspace.*\\noindent.*\\begin\{center\}.*raw LaTeX.*\\cite/s);
  });
});

describe('readMarkdown: YAML metadata and figure files', () => {
  it('reads pandoc’s metadata fields into the book’s metadata; unknown keys ignored', async () => {
    const yaml = ['---', 'title: A Study', 'subtitle: Of Things', 'author:', '  - name: Ann Lee', '    affiliation: Uni A', '  - Bo Chen', '  - name: Cy D', 'date: 22 April 2024', 'abstract: |', '  We study.', '', '  Two paragraphs.', 'keywords: [x, y]', 'lang: de-DE', 'university: Allegheny College', 'degree: BSc', 'advisor: Dr. Who', 'bibliography: [a.bib, b.json]', 'link-citations: true', '---', '', '# One', '', 'Text.'].join('\n');
    const r = await readMarkdown(yaml);
    expect(r.meta).toEqual({
      title: 'A Study', subtitle: 'Of Things', author: 'Ann Lee, Bo Chen and Cy D',
      authors: [{ name: 'Ann Lee', affiliation: 'Uni A' }, { name: 'Bo Chen' }, { name: 'Cy D' }],
      date: '22 April 2024', abstract: 'We study.\n\nTwo paragraphs.', keywords: ['x', 'y'], language: 'de-DE',
      paper: { institution: 'Allegheny College', degree: 'BSc', supervisor: 'Dr. Who' }, bibliography: ['a.bib', 'b.json'],
    });
    expect(r.diagnostics).toEqual([]);
  });

  it('reports malformed YAML at the top and drops it; a later block of metadata is read, a scene break is not', async () => {
    const r = await readMarkdown('---\ntitle: [unclosed\n---\n\n# One\n\nText.\n\n---\n\nMore.\n\n---\nauthor: Late Author\n...\n');
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'other', message: expect.stringContaining('not valid YAML') })]);
    expect(r.meta).toEqual({ author: 'Late Author' });
    expect(serializeMarkdown(r.doc)).toBe('# One\n\nText.\n\n* * *\n\nMore.\n');
  });

  it('reads figure files through the resources, reports missing ones and keeps their captions', async () => {
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    const files = new Map([['img/a.png', png]]);
    const resources = { get: (p: string) => files.get(p), list: () => [...files.keys()] };
    const r = await readMarkdown('# One\n\n![A](img/a.png){#fig:a}\n\n![B](img/missing.png)\n\n![C](img/a.png)\n', { resources });
    expect(r.doc.body[0]!.blocks).toEqual([
      { type: 'figure', src: 'images/img-1.png', alt: 'A', caption: [text('A')], id: 'fig:a' },
      { type: 'figure', alt: 'B', caption: [text('B')] },
      { type: 'figure', src: 'images/img-1.png', alt: 'C', caption: [text('C')] },
    ]);
    expect(Object.keys(r.doc.assets)).toEqual(['images/img-1.png']);
    expect(r.diagnostics).toEqual([{ code: 'image-missing', where: 'One', message: expect.stringContaining('"img/missing.png" was not found') }]);
  });
});
