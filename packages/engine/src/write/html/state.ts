/**
 * Private state of the HTML writer, shared with the EPUB writer (which renders chapter bodies with the same
 * handlers). Not part of the public API.
 */
import type { Layout } from '../../layout/layout.ts';
import type { Block, BookAsset, BookDocument } from '../../model/book-document.ts';
import { xmlId } from './escape.ts';

/**
 * Markup flavour the handlers produce.
 * - `print`: one HTML5 file for print engines (images allowed, notes at the end of each chapter);
 * - `epub`: one clean HTML5 file for Kindle Create / Calibre (classes and ARIA roles only);
 * - `xhtml`: EPUB 3 content documents (adds `epub:type` attributes next to the ARIA roles, no remote images,
 *   notes as `<aside epub:type="footnote">`, EPUB 3.2 Structural Semantics Vocabulary).
 */
export type Flavour = 'print' | 'epub' | 'xhtml';

/** A problem the writer worked around; the output is still valid (STYLE.md rule 6: nothing dropped silently). */
export interface WriterDiagnostic {
  code: 'BLOCK_NOT_RENDERED' | 'LINK_DROPPED' | 'FOOTNOTE_MISSING' | 'FOOTNOTE_UNREFERENCED' | 'FOOTNOTE_NESTED';
  message: string;
}

/**
 * Where a footnote was placed: its index (book-wide, order of first reference; the element ids use it), the number
 * shown (restarting in every unit, as the PDF and DOCX number notes per chapter: Chicago Manual of Style 14.19) and
 * the file holding it.
 */
export interface NotePlacement {
  number: number;
  /** The number printed at the reference and before the note: its place among the notes of its unit, from 1. */
  shown: number;
  /** File that holds the note (`''` for the single-file HTML outputs). */
  file: string;
  /** References rendered so far; the first gets `fnref-N`, later ones `fnref-N-K`. */
  refs: number;
}

/** Writer state: flavour, link targets, footnote table, paragraph-indent tracking and diagnostics. */
export interface HtmlState {
  flavour: Flavour;
  /** The layout: dialogue punctuation, chapter numbers, lead-ins and scene-break marks come from it. */
  layout: Layout;
  /** Chapters of the body written so far (the number `chapterNumberStyle` shows). */
  chapterCount: number;
  /**
   * The next paragraph opens a chapter: it gets the class `opening` (drop capital, CSS `::first-letter`) and,
   * with `layout.smallCapsLeadIn`, its first words in a `lead-in` span.
   */
  chapterOpening: boolean;
  /** Footnote definitions of the book, by id. */
  defs: Readonly<Record<string, Block[]>>;
  /** The book's image files by path (`BookDocument.assets`). */
  assets: Readonly<Record<string, BookAsset>>;
  /** Paths of the assets written so far (the EPUB writer lists them in its manifest). */
  usedAssets: Set<string>;
  /** The file being written (`''` in single-file outputs); links to ids in this file become bare fragments. */
  currentFile: string;
  /** Element ids (model ids of chapters, parts, sections) -> file that holds them. */
  targets: Map<string, string>;
  notes: Map<string, NotePlacement>;
  /** Notes first referenced in the current unit so far (the next one is shown as this + 1). */
  unitNoteCount: number;
  /** Notes first referenced in the current unit, waiting to be written at its end. */
  pendingNotes: string[];
  /** True right after a unit title, sub-heading or scene break: the next paragraph is not indented. */
  afterBreak: boolean;
  /** Depth of `<a>` elements being written (links cannot nest). */
  linkDepth: number;
  /** Note references met inside a link; written right after the link closes. */
  deferredRefs: string[];
  diagnostics: WriterDiagnostic[];
}

/** A new state for `doc` and `layout`; `targets` maps each unit id to its file (all `''` for a single file). */
export function createState(doc: BookDocument, layout: Layout, flavour: Flavour, targets: Map<string, string>): HtmlState {
  return {
    flavour,
    layout,
    chapterCount: 0,
    chapterOpening: false,
    defs: doc.footnotes,
    assets: doc.assets,
    usedAssets: new Set(),
    currentFile: '',
    targets,
    notes: new Map(),
    unitNoteCount: 0,
    pendingNotes: [],
    afterBreak: true,
    linkDepth: 0,
    deferredRefs: [],
    diagnostics: [],
  };
}

/** `href` value pointing at element `id` (already an {@link xmlId}) in `file`, seen from the current file. */
export function hrefTo(state: HtmlState, file: string, id: string): string {
  return file === state.currentFile ? `#${id}` : `${file}#${id}`;
}

/** Attribute text for the semantics of a unit: ARIA role always, `epub:type` in EPUB content documents. */
export function semantics(state: HtmlState, epubType: string | undefined, role: string | undefined): string {
  let out = '';
  if (epubType && state.flavour === 'xhtml') out += ` epub:type="${epubType}"`;
  if (role) out += ` role="${role}"`;
  return out;
}

/** Element id of a model id, see {@link xmlId}. */
export { xmlId };

/**
 * Map of handlers keyed by node type: adding a node type to the model fails compilation here until it is
 * handled (STYLE.md rule 5, mdast-util-to-hast `handlers`).
 */
export type Handlers<N extends { type: string }, S, R> = {
  [K in N['type']]: (node: Extract<N, { type: K }>, state: S) => R;
};
