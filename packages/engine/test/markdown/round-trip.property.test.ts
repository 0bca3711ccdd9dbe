/**
 * parseMarkdown(serializeMarkdown(doc)) equals doc for generated documents holding every node type: small
 * caps (also inside emphasis, with brackets in their text), footnote references in paragraphs, headings,
 * verse lines and speeches, notes holding verse, lists and block quotes holding verse, figures, speeches
 * with verse and stage directions, letter parts, parts, chapters with and without their label, front and back
 * sections; and the academic nodes: tables (pipe and grid, spans, captions, ids, widths), display and inline
 * math, code blocks and inline code, cross-references, page breaks, figures and headings with ids (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineText, type Block, type BookDocument, type Inline, type TableCell, type VerseLine } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { GRID_TABLE_LINE } from '../../src/markdown/grid-table.ts';
import { forEachBlock } from '../../src/model/walk.ts';

const meta = { title: 'T', author: 'A', language: 'en' };
const NOTE_IDS = ['fn-1', 'fn-2', 'fn-c3-1', 'fn-note_a'] as const;

/** A word: mostly letters, sometimes Markdown's special characters or a book's own bracket groups. */
const word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-zé]{1,7}$/) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9.,;:!?'"()\-—…&*_#[\]{}<>~`^|+=/\\]{1,5}$/) },
  { weight: 1, arbitrary: fc.constantFrom('[1]{x}', '{.smallcaps}', '[y]{.smallcaps}', '[^1]', '^[n]', '1.', '#', '-', '>', ':::', '[a]:', '\\', '[sic]') },
);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
/** Text that begins and ends with a letter (emphasis delimiters must hug letters, CommonMark 6.2). */
const tight = fc.tuple(fc.stringMatching(/^[A-Za-z]{1,5}$/), fc.option(words, { nil: undefined }), fc.stringMatching(/^[A-Za-z]{1,5}$/))
  .map(([a, mid, b]) => (mid === undefined ? `${a}${b}` : `${a} ${mid} ${b}`));

const text = (value: string): Inline => ({ type: 'text', value });
const note = fc.constantFrom(...NOTE_IDS).map((id): Inline => ({ type: 'footnoteRef', id }));

/** Merges neighbouring text nodes, as the parser does. */
function merged(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of inlines) {
    const last = out[out.length - 1];
    if (n.type === 'text' && last?.type === 'text') out[out.length - 1] = text(last.value + n.value);
    else out.push(n);
  }
  return out;
}

/** A small-caps span: letters at its edges, brackets and emphasis or a note inside. */
const smallCaps: fc.Arbitrary<Inline> = fc
  .tuple(tight, fc.option(fc.constantFrom('emphasis', 'note', 'brackets'), { nil: undefined }), tight)
  .map(([a, extra, b]) => {
    const children: Inline[] =
      extra === 'emphasis' ? [text(`${a} `), { type: 'emphasis', children: [text(b)] }]
      : extra === 'note' ? [text(a), { type: 'footnoteRef', id: 'fn-2' }, text(` ${b}`)]
      : extra === 'brackets' ? [text(`${a} [${b}] ]x[`)]
      : [text(`${a} ${b}`)];
    return { type: 'smallCaps', children: merged(children) };
  });

/** TeX of an equation: no edge spaces, no line breaks (a newline in inline math is a space). */
const tex = fc.stringMatching(/^[A-Za-z0-9\\^_{}+=()|<>,. -]{0,10}[A-Za-z0-9}]$/).filter((t) => !/^\s|\\$/.test(t));
const inlineMath = tex.map((t): Inline => ({ type: 'math', tex: t }));
const inlineCode = fc.stringMatching(/^[A-Za-z0-9 `$@*_\\|]{1,8}$/).filter((v) => v.trim() !== '' || v === v.trim()).map((value): Inline => ({ type: 'code', value }));
const crossRef = fc
  .tuple(fc.constantFrom('fig', 'tbl', 'eq', 'sec', 'lst'), fc.stringMatching(/^[a-z0-9_]{1,4}(?:-[a-z0-9]{1,3})?$/), fc.boolean())
  .map(([p, id, s]): Inline => (s ? { type: 'crossRef', target: `${p}:${id}`, suppressPrefix: true } : { type: 'crossRef', target: `${p}:${id}` }));

/** A formatted node, written between spaces. */
const formatted: fc.Arbitrary<Inline> = fc.oneof(
  tight.map((v): Inline => ({ type: 'emphasis', children: [text(v)] })),
  tight.map((v): Inline => ({ type: 'strong', children: [text(v)] })),
  smallCaps,
  smallCaps.map((sc): Inline => ({ type: 'emphasis', children: [sc] })),
  fc.tuple(tight, fc.constantFrom('https://example.org/a_(b)', 'http://x.test/p?q=1')).map(([v, href]): Inline => ({ type: 'link', href, children: [text(v)] })),
  inlineMath,
  inlineCode,
  crossRef,
);

/**
 * Phrasing content: words, formatted nodes between spaces, note references right after a word, and
 * (where `breaks`) hard line breaks between two words.
 */
function phrasing(breaks: boolean): fc.Arbitrary<Inline[]> {
  const segment = fc.oneof(
    { weight: 3, arbitrary: words.map((w) => [text(w)]) },
    { weight: 2, arbitrary: formatted.map((f) => [f]) },
    { weight: 1, arbitrary: fc.tuple(fc.stringMatching(/^[A-Za-z]{1,6}[.,]?$/), note).map(([w, n]) => [text(w), n]) },
  );
  return fc.tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 })).map(([segments, useBreak]) => {
    const out: Inline[] = [];
    segments.forEach((seg, i) => {
      if (i > 0) out.push(breaks && useBreak[i] ? { type: 'lineBreak' } : text(' '));
      out.push(...seg);
    });
    // A paragraph's edges are trimmed by Markdown; keep the generated ones trimmed too.
    return merged(out);
  });
}

const verseLine: fc.Arbitrary<VerseLine> = fc.tuple(fc.integer({ min: 0, max: 3 }), phrasing(false)).map(([indent, children]) => ({ indent, children }));
const verse: fc.Arbitrary<Block> = fc
  .array(fc.array(verseLine, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
  .map((stanzas) => ({ type: 'verse', stanzas }));
const paragraph: fc.Arbitrary<Block> = phrasing(true).map((children) => ({ type: 'paragraph', children }));
const heading: fc.Arbitrary<Block> = fc
  .tuple(fc.integer({ min: 2, max: 6 }), phrasing(false), fc.option(fc.constantFrom('sec:method', 'sec:a.b-c'), { nil: undefined }))
  .map(([level, children, id]) => (id ? { type: 'heading', level: level as 2, children, id } : { type: 'heading', level: level as 2, children }));
const figure: fc.Arbitrary<Block> = fc
  .tuple(fc.array(fc.oneof(words.map(text), smallCaps), { minLength: 1, maxLength: 3 }), fc.option(fc.constantFrom('images/a.png', 'img/b_(c).jpg'), { nil: undefined }))
  .map(([parts, src]) => {
    const caption = merged(parts.flatMap((p, i) => (i > 0 ? [text(' '), p] : [p])));
    return src ? { type: 'figure', src, alt: inlineText(caption), caption } : { type: 'figure', alt: inlineText(caption), caption };
  })
  .chain((f) =>
    fc.tuple(fc.option(fc.constantFrom('fig:a', 'fig:pipe_line'), { nil: undefined }), fc.option(fc.constantFrom(0.5, 0.75, 1, 0.333), { nil: undefined })).map(
      ([id, w]): Block => ({ ...(f as Extract<Block, { type: 'figure' }>), ...(id ? { id } : {}), ...(w !== undefined ? { widthFraction: w } : {}) }),
    ),
  );
/** A cell: phrasing content (with line breaks in grid tables), sometimes empty. */
const cell = (breaks: boolean) =>
  fc
    .tuple(fc.option(phrasing(breaks), { nil: undefined, freq: 6 }))
    // No links: a long link cannot wrap, and a grid table wider than 72 characters reads back with column widths
    // (see `serialize-table.ts`).
    .map(([children]) => ({ children: (children ?? []).flatMap((c) => (c.type === 'link' ? c.children : [c])) }))
    .map((c): TableCell => ({ children: merged(trimEdges(c.children)) }));
function trimEdges(inlines: Inline[]): Inline[] {
  const out = inlines.filter((n, i, a) => !(n.type === 'lineBreak' && (i === 0 || i === a.length - 1 || a[i - 1]!.type === 'lineBreak')));
  const first = out[0];
  if (first?.type === 'text') out[0] = text(first.value.replace(/^\s+/, ''));
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = text(last.value.replace(/\s+$/, ''));
  return out.filter((n) => !(n.type === 'text' && n.value === ''));
}
const align = fc.constantFrom('left', 'right', 'center', 'default') as fc.Arbitrary<'left' | 'right' | 'center' | 'default'>;
/** A table: a pipe table's shape or a grid table's (line breaks, spans, no head, widths), caption and id or not. */
const table: fc.Arbitrary<Block> = fc
  .tuple(
    fc.array(align, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
    fc.integer({ min: 0, max: 1 }),
    fc.integer({ min: 1, max: 3 }),
    fc.option(fc.array(words.map(text), { minLength: 1, maxLength: 1 }), { nil: undefined }),
    fc.option(fc.constantFrom('tbl:a', 'tbl:results_2'), { nil: undefined }),
    fc.boolean(),
    fc.boolean(),
    fc.array(cell(true), { minLength: 16, maxLength: 16 }),
  )
  .map(([aligns, grid, headRows, bodyRows, caption, id, span, widths, cells]) => {
    const n = aligns.length;
    let k = 0;
    // A pipe table's cells are one line: their line breaks are spaces.
    const take = () => cells[k++ % cells.length]!;
    const row = (): { cells: TableCell[] } => ({ cells: Array.from({ length: n }, (): TableCell => (grid ? take() : { children: take().children.map((c: Inline) => (c.type === 'lineBreak' ? text(' ') : c)) })) });
    const head = Array.from({ length: grid ? headRows : 1 }, row).map((r) => ({ cells: r.cells.map((c): TableCell => ({ children: merged(c.children) })) }));
    const body = Array.from({ length: bodyRows }, row).map((r) => ({ cells: r.cells.map((c): TableCell => ({ children: merged(c.children) })) }));
    if (grid && span && n >= 2 && body.length >= 2) {
      // The first body cell spans two columns; the last column's first body cell spans two rows.
      body[0]!.cells.splice(0, 2, { ...body[0]!.cells[0]!, colSpan: 2 });
      if (n >= 3) {
        body[0]!.cells[body[0]!.cells.length - 1] = { ...body[0]!.cells[body[0]!.cells.length - 1]!, rowSpan: 2 };
        body[1]!.cells.pop();
      }
    }
    const t: Block = {
      type: 'table',
      caption: caption ?? [],
      // Widths in hundredths, summing to 1, wide enough for the cells' words.
      // A grid table of three columns has widths: without, its words could need more than 72 characters.
      columns: aligns.map((a, i) => (grid && (widths || n === 3) ? { align: a, widthFraction: i === 0 ? (100 - Math.floor(100 / n) * (n - 1)) / 100 : Math.floor(100 / n) / 100 } : { align: a })),
      head,
      body,
    };
    return id ? { ...t, id } : t;
  });
const displayMath: fc.Arbitrary<Block> = fc
  .tuple(fc.array(tex, { minLength: 1, maxLength: 3 }), fc.option(fc.constantFrom('eq:one', 'eq:b.2'), { nil: undefined }))
  .map(([lines, id]) => (id ? { type: 'math', tex: lines.join('\n'), id } : { type: 'math', tex: lines.join('\n') }));
const codeBlock: fc.Arbitrary<Block> = fc
  .tuple(fc.array(fc.stringMatching(/^[ A-Za-z0-9`~#>*_${}\\-]{0,12}$/), { minLength: 1, maxLength: 4 }), fc.option(fc.constantFrom('rust', 'python', 'c++'), { nil: undefined }))
  .map(([lines, language]): Block => (language ? { type: 'code', language, value: lines.join('\n') } : { type: 'code', value: lines.join('\n') }))
  // An indented-looking first line stays code either way; a value of blank lines only is written empty.
  .filter((b) => (b as { value: string }).value.trim() !== '' || (b as { value: string }).value === '');

/** Blocks that may stand inside a quote, a list item or a note. */
const inner: fc.Arbitrary<Block> = fc.oneof({ weight: 3, arbitrary: paragraph }, { weight: 2, arbitrary: verse });
const blockQuote: fc.Arbitrary<Block> = fc.array(inner, { minLength: 1, maxLength: 3 }).map((children) => ({ type: 'blockQuote', children }));
const list: fc.Arbitrary<Block> = fc
  .tuple(fc.boolean(), fc.array(fc.array(inner, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }))
  .map(([ordered, items]) => ({ type: 'list', ordered, items }));
const role = fc.constantFrom('stageDirection', 'dateline', 'salutation', 'signature', 'persona', 'ending') as fc.Arbitrary<'stageDirection' | 'dateline' | 'salutation' | 'signature' | 'persona' | 'ending'>;
const roleParagraph: fc.Arbitrary<Block> = fc.tuple(role, phrasing(true)).map(([r, children]) => ({
  type: 'paragraph',
  role: r,
  // Stage directions are one paragraph of prose; letter parts keep their lines.
  children: r === 'stageDirection' || r === 'persona' || r === 'ending' ? merged(children.map((n) => (n.type === 'lineBreak' ? text(' ') : n))) : children,
}));
const speech: fc.Arbitrary<Block> = fc
  .tuple(fc.stringMatching(/^[A-Z]{2,8}( [A-Z]{2,8})?$/), fc.array(fc.oneof(paragraph, verse, roleParagraph.map((b) => ({ ...b, role: 'stageDirection' as const }))), { minLength: 1, maxLength: 3 }))
  .map(([name, children]) => ({
    type: 'speech',
    speaker: [text(name)],
    children: children.map((b) => (b.type === 'paragraph' && b.role ? { ...b, children: merged(b.children.map((n) => (n.type === 'lineBreak' ? text(' ') : n))) } : b)),
  }));
const block: fc.Arbitrary<Block> = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  { weight: 1, arbitrary: heading },
  { weight: 1, arbitrary: fc.constant({ type: 'sceneBreak' } as Block) },
  { weight: 2, arbitrary: verse },
  { weight: 1, arbitrary: blockQuote },
  { weight: 1, arbitrary: list },
  { weight: 1, arbitrary: figure },
  { weight: 1, arbitrary: speech },
  { weight: 1, arbitrary: roleParagraph },
  { weight: 2, arbitrary: table },
  { weight: 1, arbitrary: displayMath },
  { weight: 1, arbitrary: codeBlock },
  { weight: 1, arbitrary: fc.constant({ type: 'pageBreak' } as Block) },
);
/** Blocks of a division: a scene break or list never starts one ambiguously, two lists never touch. */
const blocks = fc.array(block, { minLength: 1, maxLength: 6 });

/** Blocks with their note references made text (notes here hold no references of their own). */
function withoutNotes(blocks: Block[]): Block[] {
  return JSON.parse(JSON.stringify(blocks), (_key, value: unknown) => {
    if (!Array.isArray(value)) return value;
    const nodes = value.map((n: { type?: string }) => (n?.type === 'footnoteRef' ? text('n') : n));
    return nodes.some((n) => (n as { type?: string })?.type === 'text') ? merged(nodes as Inline[]) : nodes;
  }) as Block[];
}

/** Every footnote id the document refers to, in its blocks and titles. */
function referenced(doc: Omit<BookDocument, 'footnotes'>): Set<string> {
  return new Set([...JSON.stringify(doc).matchAll(/"type":"footnoteRef","id":"([^"]+)"/g)].map((m) => m[1]!));
}

const documentArb: fc.Arbitrary<BookDocument> = fc
  .tuple(
    fc.option(blocks, { nil: undefined }),
    fc.array(
      fc.tuple(
        phrasing(false),
        blocks,
        fc.constantFrom(undefined, 'piece', 'act', 'scene'),
        fc.option(fc.constantFrom('CHAPTER I.', 'Chapter 12', 'LETTER IV:', 'STAVE ONE', 'FIRST ACT', 'Chapter the First.'), { nil: undefined }),
        fc.boolean(),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    fc.boolean(),
    fc.option(fc.tuple(phrasing(false), blocks), { nil: undefined }),
    fc.array(fc.array(inner, { minLength: 1, maxLength: 2 }), { minLength: NOTE_IDS.length, maxLength: NOTE_IDS.length }),
  )
  .map(([opening, chapters, inPart, backSection, notes]) => {
    // A chapter may carry the source's label before its title, or be only a label, and a kind (piece, act, scene).
    const chapterNodes = chapters.map(([title, b, kind, label, labelOnly], i) => ({
      type: 'chapter' as const,
      id: `ch-${i + 1}`,
      ...(label === undefined ? { title } : { label, title: labelOnly ? [] : title }),
      blocks: b,
      ...(kind ? { kind } : {}),
    }));
    const base: Omit<BookDocument, 'footnotes'> = {
      meta,
      front: opening ? [{ type: 'section', kind: 'other', id: 'front-1', title: [], blocks: opening }] : [],
      body: inPart ? [{ type: 'part', id: 'part-1', title: [text('BOOK ONE')], blocks: [], chapters: chapterNodes }] : chapterNodes,
      back: backSection ? [{ type: 'section', kind: 'notes', id: 'back-1', title: backSection[0], blocks: backSection[1] }] : [],
      assets: {},
    };
    const refs = referenced(base);
    const footnotes: Record<string, Block[]> = {};
    NOTE_IDS.forEach((id, i) => {
      if (refs.has(id)) footnotes[id] = withoutNotes(notes[i]!);
    });
    return { ...base, footnotes };
  });

/** Whether `doc` has a table whose columns carry no widths (a grid table of it must stay within the line). */
function hasWidthlessTable(doc: BookDocument): boolean {
  let found = false;
  forEachBlock(doc, (b) => {
    if (b.type === 'table' && b.columns.every((c) => c.widthFraction === undefined)) found = true;
  });
  return found;
}

describe('Markdown round trip of generated documents', () => {
  it('parseMarkdown(serializeMarkdown(doc)) equals doc', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const md = serializeMarkdown(doc);
        // The serializer's documented degradation (serialize-table.ts): a table without widths whose unbreakable
        // pieces need more than GRID_TABLE_LINE characters is drawn wider, and read back with the widths it was
        // drawn at, as pandoc reads it. Such a document is not a counterexample.
        fc.pre(!(hasWidthlessTable(doc) && md.split('\n').some((line) => /^\+[-=:+]+\+$/.test(line) && line.length > GRID_TABLE_LINE && line.length < 100)));
        expect(parseMarkdown(md, meta), md).toEqual(doc);
      }),
      // A fixed seed by default, so that a run of the suite is repeatable; FC_SEED and FC_RUNS explore further (seeds
      // 1, 5, 6, 7, 77 and 20261204 pass 5,000 runs each). The counterexamples other seeds found are kept below.
      { numRuns: Number(process.env.FC_RUNS ?? 300), seed: Number(process.env.FC_SEED ?? 20261204) },
    );
  });

  /** A one-chapter document of `blocks`, with `footnotes`. */
  const chapterOf = (blocks: Block[], footnotes: BookDocument['footnotes'] = {}): BookDocument => ({
    meta,
    front: [],
    body: [{ type: 'chapter', id: 'ch-1', title: [text('One')], blocks }],
    back: [],
    assets: {},
    footnotes,
  });
  const roundTrips = (doc: BookDocument) => expect(parseMarkdown(serializeMarkdown(doc), meta), serializeMarkdown(doc)).toEqual(doc);

  it('keeps a `|` of a grid cell spanning columns where a column edge runs in the rows around it (seeds 483348624, 5)', () => {
    const wide = { align: 'left' as const };
    const spanning = (children: Inline[]): Block => ({
      type: 'table',
      caption: [],
      columns: [{ ...wide, widthFraction: 0.34 }, { ...wide, widthFraction: 0.33 }, { ...wide, widthFraction: 0.33 }],
      head: [{ cells: [{ children: [] }, { children: [] }, { children: [] }] }],
      body: [{ cells: [{ children, colSpan: 2 }, { children: [], rowSpan: 2 }] }, { cells: [{ children: [] }, { children: [] }] }],
    });
    // A `|` after 32 letters falls on the edge between the first two columns (x = 34), and so does the escaped one
    // (`\|`) after 31: each is text, not an edge.
    roundTrips(chapterOf([spanning([text(`${'A'.repeat(32)}|x`)])]));
    roundTrips(chapterOf([spanning([text(`${'A'.repeat(31)}|x`)])]));
    roundTrips(chapterOf([spanning([{ type: 'emphasis', children: [text('AA ?{| ……~…] AaaAA')] }, text(' AaaAA /=|< {')])]));
  });

  it('keeps a `[` that its text leaves open: before a cross-reference, and before a line break (seeds 1, 77)', () => {
    const verse: Block = { type: 'verse', stanzas: [[{ indent: 0, children: [text('[ '), { type: 'crossRef', target: 'fig:_' }, text(' ]= =')] }]] };
    roundTrips(chapterOf([{ type: 'paragraph', children: [text('a'), { type: 'footnoteRef', id: 'fn-1' }] }], { 'fn-1': [verse] }));
    // `[{ -` + a line break + `[a]: é` read as a reference definition whose label ran on to the next line.
    const note: Block[] = [{ type: 'paragraph', children: [text('[{ -'), { type: 'lineBreak' }, text('[a]: é')] }, { type: 'paragraph', children: [text('?')] }];
    roundTrips(chapterOf([{ type: 'paragraph', children: [text('a'), { type: 'footnoteRef', id: 'fn-1' }] }], { 'fn-1': note }));
  });
});
