/**
 * parseMarkdown(serializeMarkdown(doc)) equals doc for generated documents holding every node type: small
 * caps (also inside emphasis, with brackets in their text), footnote references in paragraphs, headings,
 * verse lines and speeches, notes holding verse, lists and block quotes holding verse, figures, speeches
 * with verse and stage directions, letter parts, parts, chapters with and without their label, front and back
 * sections (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineText, type Block, type BookDocument, type Inline, type VerseLine } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';

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

/** A formatted node, written between spaces. */
const formatted: fc.Arbitrary<Inline> = fc.oneof(
  tight.map((v): Inline => ({ type: 'emphasis', children: [text(v)] })),
  tight.map((v): Inline => ({ type: 'strong', children: [text(v)] })),
  smallCaps,
  smallCaps.map((sc): Inline => ({ type: 'emphasis', children: [sc] })),
  fc.tuple(tight, fc.constantFrom('https://example.org/a_(b)', 'http://x.test/p?q=1')).map(([v, href]): Inline => ({ type: 'link', href, children: [text(v)] })),
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
const heading: fc.Arbitrary<Block> = fc.tuple(fc.integer({ min: 2, max: 6 }), phrasing(false)).map(([level, children]) => ({ type: 'heading', level: level as 2, children }));
const figure: fc.Arbitrary<Block> = fc
  .tuple(fc.array(fc.oneof(words.map(text), smallCaps), { minLength: 1, maxLength: 3 }), fc.option(fc.constantFrom('images/a.png', 'img/b_(c).jpg'), { nil: undefined }))
  .map(([parts, src]) => {
    const caption = merged(parts.flatMap((p, i) => (i > 0 ? [text(' '), p] : [p])));
    return src ? { type: 'figure', src, alt: inlineText(caption), caption } : { type: 'figure', alt: inlineText(caption), caption };
  });
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

describe('Markdown round trip of generated documents', () => {
  it('parseMarkdown(serializeMarkdown(doc)) equals doc', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const md = serializeMarkdown(doc);
        expect(parseMarkdown(md, meta), md).toEqual(doc);
      }),
      { numRuns: 300 },
    );
  });
});
