/**
 * The Markdown theses of `../shared/corpus/academic` (`md-*`), assembled as their SOURCES.md says, with a
 * resolver over their folders on disk, and counts of what a document holds (tables, equations, figures, code).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Block, BookDocument, Inline } from '../../src/model/book-document.ts';
import { normalizeRelativePath, type ResourceResolver } from '../../src/read/resources.ts';
import { repoRoot } from '../helpers/corpus.ts';

/** The academic corpus folder, or undefined when the shared corpus is not there (tests then skip). */
export function academicDir(): string | undefined {
  const dir = path.resolve(repoRoot, '../shared/corpus/academic');
  return existsSync(dir) ? dir : undefined;
}

/** One thesis: its id, its Markdown in build order, the folder its relative paths start from, pandoc's counts. */
export interface Thesis {
  id: string;
  files: string[];
  base: string;
  /** pandoc's counts from SOURCES.md ("Contains"). */
  pandoc: Counts;
}

export interface Counts {
  tables: number;
  displayMath: number;
  inlineMath: number;
  figures: number;
  codeBlocks: number;
}

const sorted = (dir: string, re: RegExp) => readdirSync(dir).filter((f) => re.test(f)).sort().map((f) => path.join(dir, f));

/** The theses and their build orders (SOURCES.md, "What"). */
export function theses(root: string): Thesis[] {
  const at = (id: string, ...p: string[]) => path.join(root, id, ...p);
  return [
    {
      id: 'md-altpeter-consent-dialogs-msc',
      files: sorted(at('md-altpeter-consent-dialogs-msc', 'thesis'), /^[0-9]+_.*\.md$/),
      base: at('md-altpeter-consent-dialogs-msc', 'thesis'),
      pandoc: { tables: 7, displayMath: 0, inlineMath: 0, figures: 7, codeBlocks: 24 },
    },
    {
      id: 'md-jones-quadcopter-senior-thesis',
      files: [at('md-jones-quadcopter-senior-thesis', 'thesis.md')],
      base: at('md-jones-quadcopter-senior-thesis'),
      pandoc: { tables: 5, displayMath: 42, inlineMath: 502, figures: 22, codeBlocks: 31 },
    },
    {
      id: 'md-neeson-renewable-ml-senior-thesis',
      files: [at('md-neeson-renewable-ml-senior-thesis', 'thesis.md')],
      base: at('md-neeson-renewable-ml-senior-thesis'),
      pandoc: { tables: 8, displayMath: 12, inlineMath: 64, figures: 12, codeBlocks: 0 },
    },
    {
      id: 'md-dupak-rust-gcc-diploma-thesis',
      files: sorted(at('md-dupak-rust-gcc-diploma-thesis', 'src'), /^[0-9]+_.*\.md$/),
      base: at('md-dupak-rust-gcc-diploma-thesis', 'src'),
      pandoc: { tables: 1, displayMath: 0, inlineMath: 0, figures: 4, codeBlocks: 61 },
    },
    {
      id: 'md-banville-probabilistic-networks-article',
      files: [at('md-banville-probabilistic-networks-article', 'README.md'), at('md-banville-probabilistic-networks-article', 'appendix', 's1.md')],
      base: at('md-banville-probabilistic-networks-article'),
      pandoc: { tables: 1, displayMath: 54, inlineMath: 634, figures: 4, codeBlocks: 0 },
    },
    {
      id: 'md-kirby-fuzzy-forests-msc-dissertation',
      files: [at('md-kirby-fuzzy-forests-msc-dissertation', 'report', 'PROJ_KirbyD.md')],
      base: at('md-kirby-fuzzy-forests-msc-dissertation', 'report'),
      pandoc: { tables: 1, displayMath: 0, inlineMath: 18, figures: 20, codeBlocks: 22 },
    },
  ];
}

/** The thesis's Markdown: its files joined by blank lines, as pandoc joins several inputs. */
export function thesisMarkdown(t: Thesis): string {
  return t.files.map((f) => readFileSync(f, 'utf8')).join('\n\n');
}

/** A resolver over a folder on disk (the repository root of the thesis is the limit). */
export function folderResolver(base: string, root: string): ResourceResolver {
  return {
    get(p) {
      const rel = normalizeRelativePath(path.relative(root, path.resolve(base, p)));
      if (rel === undefined) return undefined;
      const file = path.join(root, rel);
      return existsSync(file) && statSync(file).isFile() ? new Uint8Array(readFileSync(file)) : undefined;
    },
    list() {
      return [];
    },
  };
}

/** Counts of a document's tables, display and inline equations, figures and code blocks (footnotes included). */
export function countDocument(doc: BookDocument): Counts {
  const c: Counts = { tables: 0, displayMath: 0, inlineMath: 0, figures: 0, codeBlocks: 0 };
  const inl = (xs: readonly Inline[]): void => {
    for (const x of xs) {
      if (x.type === 'math') c.inlineMath++;
      else if ('children' in x) inl(x.children);
    }
  };
  const walk = (bs: readonly Block[]): void => {
    for (const b of bs) {
      if (b.type === 'table') {
        c.tables++;
        inl(b.caption);
        for (const r of [...b.head, ...b.body]) for (const cell of r.cells) inl(cell.children);
      } else if (b.type === 'math') c.displayMath++;
      else if (b.type === 'figure') {
        c.figures++;
        inl(b.caption);
      } else if (b.type === 'code') c.codeBlocks++;
      else if (b.type === 'paragraph' || b.type === 'heading') inl(b.children);
      else if (b.type === 'blockQuote' || b.type === 'speech') walk(b.children);
      else if (b.type === 'list') b.items.forEach(walk);
      else if (b.type === 'verse') b.stanzas.forEach((s) => s.forEach((l) => inl(l.children)));
    }
  };
  for (const s of [...doc.front, ...doc.back]) {
    inl(s.title);
    walk(s.blocks);
  }
  for (const d of doc.body) {
    inl(d.title);
    walk(d.blocks);
    if (d.type === 'part') for (const ch of d.chapters) {
      inl(ch.title);
      walk(ch.blocks);
    }
  }
  Object.values(doc.footnotes).forEach(walk);
  return c;
}
