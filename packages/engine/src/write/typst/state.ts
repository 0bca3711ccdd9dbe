/**
 * Private state of the Typst writer, shared by the block and inline handlers.
 */
import { piecesRunOn, type BookDocument } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import { Diagnostics } from '../../model/diagnostics.ts';

/**
 * A handler per node type: `{ paragraph: (node, state) => string, ... }`. Used with `satisfies`, so a new
 * node type in the model fails compilation here until the writer handles it.
 */
export type Handlers<N extends { type: string }, S> = {
  [K in N['type']]: (node: Extract<N, { type: K }>, state: S) => string;
};

/** What the writer knows while it walks the document. */
export interface TypstState {
  readonly doc: BookDocument;
  readonly layout: Layout;
  /**
   * `true` while writing a copy of a title (table of contents, running heads): footnote
   * references are left out there, or the note would be printed twice.
   */
  readonly titleCopy: boolean;
  /** Typst label of each footnote already placed (`quire-fn-3`), so a second reference points at it. */
  readonly footnoteLabels: Map<string, string>;
  /** Footnote ids being written right now (a note that refers to itself is not expanded again). */
  readonly footnotesOpen: Set<string>;
  /** Counter for generated labels (`quire-d-1`, `quire-fn-1`, ...). */
  labelCount: { value: number };
  /** Chapters of the body written so far (the number a `chapterNumberStyle` prints); pieces, acts and scenes not counted. */
  chapterCount: { value: number };
  /** Whether the book's short pieces run on (`piecesRunOn`): each after the end of the one before, on its page. */
  readonly piecesRunOn: boolean;
  /**
   * Notes collected for a Notes section after the text (`academic.notes === 'endnotes'`, MLA Handbook 9th ed.
   * 1.8), numbered through the paper in order of first reference; `null` when notes go at the foot of the page.
   */
  readonly endnotes: { numbers: Map<string, number>; bodies: string[] } | null;
  /** Whether paragraphs of running text carry the marks of the spread balancing (`balance.ts`). */
  readonly balanceSpreads: boolean;
  /** What the writer had to change or could not keep (a table shrunk, an equation kept as TeX), for the user. */
  readonly diagnostics: Diagnostics;
  /** Where the writer is, as a reader names it (`Chapter 3: Results`), for the diagnostics' `where`. */
  where: { value: string };
}

/**
 * A fresh state for one `writeTypst` call (`balanceSpreads`: mark paragraphs for the spread balancing; `diagnostics`:
 * the collector the writer adds to, a private one when the caller gives none).
 */
export function createState(doc: BookDocument, layout: Layout, balanceSpreads = false, diagnostics = new Diagnostics()): TypstState {
  return {
    doc,
    layout,
    titleCopy: false,
    footnoteLabels: new Map(),
    footnotesOpen: new Set(),
    labelCount: { value: 0 },
    chapterCount: { value: 0 },
    piecesRunOn: piecesRunOn(doc),
    endnotes: layout.academic?.notes === 'endnotes' ? { numbers: new Map(), bodies: [] } : null,
    balanceSpreads,
    diagnostics,
    where: { value: '' },
  };
}

/** A new unique Typst label name with the given prefix, e.g. `quire-d-4`. */
export function nextLabel(state: TypstState, prefix: string): string {
  state.labelCount.value += 1;
  return `${prefix}-${state.labelCount.value}`;
}
