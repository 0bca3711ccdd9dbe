/**
 * The Markdown theses of `../shared/corpus/academic` keep what they hold: tables, display and inline equations,
 * figures (with their image files, PDF plots rasterized) and code blocks, counted against pandoc's counts in
 * SOURCES.md; the round trip through Quire's Markdown keeps every count; no raw LaTeX or pandoc attribute is
 * left in the text.
 *
 * SOURCES.md's equation counts are twice pandoc's Math nodes (they count `Math` and `DisplayMath`/`InlineMath`
 * in pandoc's JSON, one node giving two): Jones's "42 display + 502 inline" are 21 and 251 equations, and so on;
 * the expected numbers below are halved.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Block, BookDocument, Inline } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import type { DocumentReadResult } from '../../src/read/html/index.ts';
import { readMarkdown } from '../../src/read/markdown.ts';
import { academicDir, countDocument, folderResolver, theses, thesisMarkdown, type Counts } from './thesis-corpus.ts';

const root = academicDir();

/** What Quire reads where it differs from pandoc's counts, and why. */
const EXPECTED: Record<string, { counts: (pandoc: Counts) => Counts; assets: number; why?: string }> = {
  'md-altpeter-consent-dialogs-msc': {
    // Two `\begin{figure}` environments with `\includegraphics` are figures in Quire; pandoc keeps them raw.
    counts: (p) => ({ ...p, figures: p.figures + 2 }),
    // The two LaTeX figures' PDFs were not copied into the corpus: 7 of the 9 figures have their file.
    assets: 7,
  },
  'md-jones-quadcopter-senior-thesis': { counts: (p) => halfMath(p), assets: 0 /* images not copied (SOURCES.md) */ },
  'md-neeson-renewable-ml-senior-thesis': { counts: (p) => halfMath(p), assets: 12 },
  'md-dupak-rust-gcc-diploma-thesis': {
    // 04_caught-errors.md has a block quote of fenced code whose lines 711-712 lost their `>`: CommonMark
    // (markdown-it) ends the quote there, so the fence closes, the indented line is a code block and the next
    // `> ```` opens another fence (+2); pandoc runs the lines on as lazy continuation.
    counts: (p) => ({ ...p, codeBlocks: p.codeBlocks + 2 }),
    assets: 4, // the four SVG diagrams, rasterized to PNG
  },
  'md-banville-probabilistic-networks-article': { counts: (p) => halfMath(p), assets: 0 /* figures not copied */ },
  'md-kirby-fuzzy-forests-msc-dissertation': { counts: (p) => halfMath(p), assets: 20 },
};

function halfMath(p: Counts): Counts {
  return { ...p, displayMath: p.displayMath / 2, inlineMath: p.inlineMath / 2 };
}

/** Every text node's value, anywhere in the document (titles, blocks, cells, captions, notes). */
function texts(doc: BookDocument): string[] {
  const out: string[] = [];
  const inl = (xs: readonly Inline[]) => {
    for (const x of xs) {
      if (x.type === 'text') out.push(x.value);
      else if ('children' in x) inl(x.children);
    }
  };
  const walk = (bs: readonly Block[]) => {
    for (const b of bs) {
      if (b.type === 'paragraph' || b.type === 'heading') inl(b.children);
      else if (b.type === 'figure') inl(b.caption);
      else if (b.type === 'table') {
        inl(b.caption);
        for (const r of [...b.head, ...b.body]) for (const c of r.cells) inl(c.children);
      } else if (b.type === 'blockQuote' || b.type === 'speech') walk(b.children);
      else if (b.type === 'list') b.items.forEach(walk);
      else if (b.type === 'verse') b.stanzas.forEach((s) => s.forEach((l) => inl(l.children)));
    }
  };
  for (const d of [...doc.front, ...doc.body, ...doc.back]) {
    inl(d.title);
    walk(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) {
      inl(c.title);
      walk(c.blocks);
    }
  }
  Object.values(doc.footnotes).forEach(walk);
  return out;
}

describe.skipIf(!root)('Markdown theses of the academic corpus', () => {
  const list = root ? theses(root) : [];
  const read = new Map<string, DocumentReadResult>();
  beforeAll(async () => {
    for (const t of list) read.set(t.id, await readMarkdown(thesisMarkdown(t), { resources: folderResolver(t.base, path.join(root!, t.id)) }));
  }, 300_000);

  for (const t of list) {
    describe(t.id, () => {
      it('holds the tables, equations, figures and code blocks pandoc reads', () => {
        const r = read.get(t.id)!;
        expect(countDocument(r.doc)).toEqual(EXPECTED[t.id]!.counts(t.pandoc));
      });

      it('keeps the figures’ image files that the corpus holds, as assets the figures point at', () => {
        const { doc } = read.get(t.id)!;
        expect(Object.keys(doc.assets)).toHaveLength(EXPECTED[t.id]!.assets);
        for (const a of Object.values(doc.assets)) expect(['image/png', 'image/jpeg']).toContain(a.mediaType);
      });

      it('keeps every count through serializeMarkdown and parseMarkdown', () => {
        const { doc } = read.get(t.id)!;
        const again = parseMarkdown(serializeMarkdown(doc), doc.meta, { assets: Object.values(doc.assets) });
        expect(countDocument(again)).toEqual(countDocument(doc));
        expect(again).toEqual(doc);
      });

      it('leaves no raw LaTeX or pandoc attribute in the text', () => {
        const { doc } = read.get(t.id)!;
        const bad = texts(doc).filter((v) => /\\(?:begin|end|newpage|clearpage|vspace|includegraphics|maketitle)\b|\{#(?:fig|tbl|eq|sec):/.test(v));
        expect(bad).toEqual([]);
      });
    });
  }

  it('reports what it left out, with where (the chapter)', () => {
    const r = read.get('md-altpeter-consent-dialogs-msc')!;
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'latex-command', where: 'Analysis Method', message: expect.stringContaining('\\begin{longtable}') }));
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'image-missing', message: expect.stringContaining('../graphs/exodus_tracker_counts.pdf') }));
    expect(r.meta).toMatchObject({ title: 'Informed Consent? A Study of “Consent Dialogs” on Android and iOS', date: 'May 04, 2022', bibliography: ['../thesis/bibliography.json'], paper: { supervisor: 'Prof. Dr. Martin Johns' } });
    const kirby = read.get('md-kirby-fuzzy-forests-msc-dissertation')!;
    // `\newpage` lines are page breaks, not text.
    expect(JSON.stringify(kirby.doc)).toContain('{"type":"pageBreak"}');
  });
});
