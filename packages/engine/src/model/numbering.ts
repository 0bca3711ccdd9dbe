/**
 * Numbers of a document's figures, tables and equations, and what each cross-reference prints (pandoc-crossref's
 * rules, which theses written in Markdown follow; Word's SEQ and REF fields mean the same): one counter per kind
 * through the whole document in reading order (front matter, body, back matter), or per chapter (`2.4`, Chicago
 * 3.9 "double numeration") when asked.
 *
 * Which nodes get a number:
 * - a figure or a table with an `id` (the author may refer to it);
 * - with `numberAllCaptions` (academic layouts: APA 7 7.4 and 7.22 number every table and figure), every figure
 *   and table with a caption as well;
 * - a display equation with an `id` (pandoc-crossref numbers labelled equations only).
 * A novel's illustrations (`[Illustration: ...]`) therefore stay unnumbered in book layouts.
 *
 * Every writer numbers the same way by calling {@link numberDocument} once per document.
 */
import { inlineText, type Block, type BookDocument, type Inline } from './book-document.ts';
import { headingIdentifiers } from './heading-ids.ts';

/** What a number counts. */
export type NumberedKind = 'figure' | 'table' | 'equation' | 'section';

/**
 * A numbered (or at least referable) node:
 * - `number`: `3`, `2.4`; for a section its chapter number (`3`) or, for a sub-heading or an unnumbered
 *   division, `''`;
 * - `label`: what a caption starts with and a reference prints (`Figure 3`, `Table 2.1`, `(4)` for an equation,
 *   `Chapter 3` or the section's title for a section);
 * - `anchor`: an id safe in XML, HTML, Typst labels and Word bookmarks (`ref-fig-pipeline`), where writers put
 *   the link target.
 */
export interface NumberedTarget {
  kind: NumberedKind;
  number: string;
  label: string;
  anchor: string;
}

/** How {@link numberDocument} numbers. */
export interface NumberingOptions {
  /** Number every captioned figure and table, not only those with an id (academic layouts). */
  numberAllCaptions: boolean;
  /** Numbers restart in each chapter and carry its number (`2.4`); front and back matter count as chapter 0. */
  byChapter?: boolean;
  /**
   * Fragments the document's links point at (`linkedFragments`): a heading or division whose pandoc or GitHub
   * identifier (`#reward-metric`, `heading-ids.ts`) is one of them becomes a section target under it (one with an
   * author's id answers to it as well).
   */
  linkedFragments?: ReadonlySet<string>;
}

/** The numbers of one document (see the module docs). */
export interface DocumentNumbering {
  /** The number of a figure, table or math block of the document (the node itself, not a copy). */
  of(node: Block): NumberedTarget | undefined;
  /** The node an author's id names (`fig:pipeline`, `sec:results`), numbered or not. */
  target(id: string): NumberedTarget | undefined;
  /**
   * The target a heading block or a division (chapter, part, section object) is by its pandoc identifier, when a
   * link points at it and it has no id of its own (see {@link NumberingOptions.linkedFragments}).
   */
  headingTarget(node: object): NumberedTarget | undefined;
  /**
   * What a cross-reference prints: `Figure 3` (`suppressPrefix`: `3`); `undefined` when no node has that id
   * (the writer prints the reference as written and reports it).
   */
  refText(ref: Extract<Inline, { type: 'crossRef' }>): string | undefined;
}

const PREFIX: Readonly<Record<Exclude<NumberedKind, 'section'>, string>> = {
  figure: 'Figure',
  table: 'Table',
  equation: 'Equation',
};

/** Longest anchor before a uniqueness suffix: Word's bookmark names stop at 40 characters (ECMA-376 §17.13.6.2 notes). */
const MAX_ANCHOR_CHARS = 36;

/**
 * `fig:pipeline` -> `ref-fig-pipeline`: letters, digits, `-`, `_` (an NCName, a Typst label, a Word bookmark),
 * at most 36 characters (a heading's long identifier is cut; `numberDocument` keeps anchors unique).
 */
export function anchorOf(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `ref-${safe || 'x'}`.slice(0, MAX_ANCHOR_CHARS).replace(/-+$/, '');
}

/**
 * Numbers a document's figures, tables and equations (see the module docs). Linear in the document; never throws.
 * Ids given twice keep their first node.
 */
export function numberDocument(doc: Omit<BookDocument, 'assets'>, opts: NumberingOptions): DocumentNumbering {
  const byNode = new Map<Block, NumberedTarget>();
  const byId = new Map<string, NumberedTarget>();
  const counters = { figure: 0, table: 0, equation: 0 };
  let chapterNumber = 0;
  let chapterPrefix = '';
  const usedAnchors = new Set<string>();

  const uniqueAnchor = (id: string): string => {
    const base = anchorOf(id);
    let anchor = base;
    for (let n = 2; usedAnchors.has(anchor); n++) anchor = `${base}-${n}`;
    usedAnchors.add(anchor);
    return anchor;
  };
  const register = (id: string | undefined, target: Omit<NumberedTarget, 'anchor'>): NumberedTarget => {
    const full = { ...target, anchor: uniqueAnchor(id ?? `${target.kind}-${target.number || usedAnchors.size + 1}`) };
    if (id && !byId.has(id)) byId.set(id, full);
    return full;
  };
  const next = (kind: keyof typeof counters): string => {
    counters[kind] += 1;
    return `${chapterPrefix}${counters[kind]}`;
  };

  const byHeading = new Map<object, NumberedTarget>();
  const autoIds: { node: object; id: string; target: Omit<NumberedTarget, 'anchor'> | NumberedTarget }[] = [];
  /**
   * A heading or division linked by its pandoc identifier: registered after every author's id (which wins). One
   * with an id of its own (`registered`) answers to its pandoc identifier too, as pandoc's HTML does.
   */
  const linkedByText = (node: object, title: readonly Inline[], target: Omit<NumberedTarget, 'anchor'> | NumberedTarget): void => {
    if (!opts.linkedFragments || opts.linkedFragments.size === 0) return;
    for (const id of headingIdentifiers(title)) if (opts.linkedFragments.has(id)) autoIds.push({ node, id, target });
  };

  const walk = (blocks: readonly Block[]): void => {
    for (const b of blocks) {
      switch (b.type) {
        case 'figure':
        case 'table': {
          const kind = b.type === 'figure' ? 'figure' : 'table';
          const numbered = b.id !== undefined || (opts.numberAllCaptions && b.caption.length > 0);
          if (!numbered) break;
          const number = next(kind);
          byNode.set(b, register(b.id, { kind, number, label: `${PREFIX[kind]} ${number}` }));
          break;
        }
        case 'math':
          if (b.id !== undefined) {
            const number = next('equation');
            byNode.set(b, register(b.id, { kind: 'equation', number, label: `(${number})` }));
          }
          break;
        case 'heading':
          if (b.id !== undefined) linkedByText(b, b.children, register(b.id, { kind: 'section', number: '', label: inlineText(b.children).trim() }));
          else linkedByText(b, b.children, { kind: 'section', number: '', label: inlineText(b.children).trim() });
          break;
        case 'blockQuote':
        case 'speech':
          walk(b.children);
          break;
        case 'list':
          b.items.forEach(walk);
          break;
        default:
          break;
      }
    }
  };
  const startUnit = (counted: boolean): void => {
    if (!opts.byChapter) return;
    chapterPrefix = counted ? `${chapterNumber}.` : '';
    counters.figure = counters.table = counters.equation = 0;
  };

  const division = (d: { refId?: string; title: readonly Inline[] }, target: Omit<NumberedTarget, 'anchor'>): void => {
    linkedByText(d, d.title, d.refId ? register(d.refId, target) : target);
  };
  const titled = (title: readonly Inline[]): Omit<NumberedTarget, 'anchor'> => ({ kind: 'section', number: '', label: inlineText(title).trim() });

  for (const s of doc.front) {
    startUnit(false);
    division(s, titled(s.title));
    walk(s.blocks);
  }
  for (const d of doc.body) {
    const chapters = d.type === 'part' ? d.chapters : [d];
    if (d.type === 'part') {
      division(d, titled(d.title));
      walk(d.blocks);
    }
    for (const c of chapters) {
      const counted = c.kind === undefined;
      if (counted) chapterNumber++;
      startUnit(counted);
      const title = inlineText(c.title).trim();
      division(c, counted ? { kind: 'section', number: String(chapterNumber), label: `Chapter ${chapterNumber}` } : { kind: 'section', number: '', label: title || c.label || '' });
      walk(c.blocks);
    }
  }
  for (const s of doc.back) {
    startUnit(false);
    division(s, titled(s.title));
    walk(s.blocks);
  }
  for (const blocks of Object.values(doc.footnotes)) walk(blocks);
  for (const { node, id, target } of autoIds) {
    if (byId.has(id)) continue; // an author's id, or an earlier heading of the same text, wins (pandoc's rule)
    // The node's own id's target, or the one its other identifier registered: its anchor is already set.
    const known = 'anchor' in target ? target : byHeading.get(node);
    if (known) byId.set(id, known);
    else byHeading.set(node, register(id, target));
  }

  return {
    of: (node) => byNode.get(node),
    target: (id) => byId.get(id),
    headingTarget: (node) => byHeading.get(node),
    refText(ref) {
      const t = byId.get(ref.target);
      if (!t) return undefined;
      if (t.kind === 'section') return t.label;
      if (ref.suppressPrefix) return t.kind === 'equation' ? `(${t.number})` : t.number;
      return t.kind === 'equation' ? `Equation (${t.number})` : t.label;
    },
  };
}
