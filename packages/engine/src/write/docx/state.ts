/**
 * Private state of the DOCX writer and its one text-escaping function.
 */
import type { Paragraph } from 'docx';
import type { Layout } from '../../layout/layout.ts';
import type { Block, BookAsset } from '../../model/book-document.ts';
import { Diagnostics, type DiagnosticCode } from '../../model/diagnostics.ts';
import type { DocumentNumbering } from '../../model/numbering.ts';
import { removeInvalidXmlChars } from '../html/escape.ts';

/** Writer state: layout, footnotes, bookmarks, paragraph context, diagnostics. */
export interface DocxState {
  layout: Layout;
  /** Footnote definitions of the book, by id. */
  defs: Readonly<Record<string, Block[]>>;
  /** The book's image files by path (`BookDocument.assets`). */
  assets: Readonly<Record<string, BookAsset>>;
  /** Word footnotes written so far, keyed by their number (Document `footnotes` option). */
  footnotes: Record<string, { children: Paragraph[] }>;
  /** Ids of model footnotes referenced at least once. */
  referenced: Set<string>;
  /**
   * Notes placed in the current section, by model id, with the number Word gives them (footnote numbering restarts
   * in every section: `sections.ts`); a later reference to the same note repeats that number.
   */
  sectionNotes: Map<string, number>;
  /** Model unit id -> Word bookmark name on its title (for `#id` links). */
  bookmarks: Map<string, string>;
  /** The next paragraph follows a title, sub-heading or scene break (style First Paragraph). */
  afterBreak: boolean;
  /** The next paragraph opens a chapter (drop capital, small-caps lead-in). */
  chapterOpening: boolean;
  /** Chapters of the body written so far (the number `chapterNumberStyle` shows). */
  chapterCount: number;
  /** Rendering the body of a footnote (Word footnotes cannot hold footnote references). */
  inFootnote: boolean;
  /** Nesting depth of block quotes. */
  quoteDepth: number;
  /** Current list: numbering reference, level and instance, or undefined outside lists. */
  list: { reference: string; level: number; instance: number } | undefined;
  /** Counter giving each list its own numbering instance (so each ordered list restarts at 1). */
  listInstances: number;
  /** What the writer could not keep or had to change (`writeDocx`'s `opts.diagnostics`, or a local collector). */
  diagnostics: Diagnostics;
  /** Where in the text the writer is, for a diagnostic's `where` (the unit's title: `Chapter 3: Results`). */
  where: string | undefined;
  /** Numbers of figures, tables and equations and what cross-references print (`write/numbering.ts`). */
  numbering: DocumentNumbering;
  /** Renders a footnote's blocks (set by `blocks.ts`, so that inline handlers need not import block handlers). */
  renderNoteBody: (blocks: readonly Block[]) => Paragraph[];
}

/** A document that numbers nothing: for a state made without a document (tests of single handlers). */
const NO_NUMBERING: DocumentNumbering = { of: () => undefined, target: () => undefined, headingTarget: () => undefined, refText: () => undefined };

/**
 * A new state; `renderNoteBody` renders footnote bodies (see `blocks.ts`); `assets` the book's images;
 * `extra` the collector to add diagnostics to and the document's numbering (`numberingFor`).
 */
export function createDocxState(
  layout: Layout,
  defs: Readonly<Record<string, Block[]>>,
  renderNoteBody: (blocks: readonly Block[], state: DocxState) => Paragraph[],
  assets: Readonly<Record<string, BookAsset>> = {},
  extra: { diagnostics?: Diagnostics; numbering?: DocumentNumbering } = {},
): DocxState {
  const state: DocxState = {
    layout,
    defs,
    assets,
    footnotes: {},
    referenced: new Set(),
    sectionNotes: new Map(),
    bookmarks: new Map(),
    afterBreak: true,
    chapterOpening: false,
    chapterCount: 0,
    inFootnote: false,
    quoteDepth: 0,
    list: undefined,
    listInstances: 0,
    diagnostics: extra.diagnostics ?? new Diagnostics(),
    where: undefined,
    numbering: extra.numbering ?? NO_NUMBERING,
    renderNoteBody: (blocks) => renderNoteBody(blocks, state),
  };
  return state;
}

/**
 * The DOCX target's escape function. The docx package writes `&`, `<`, `>` and quotes as references itself, so
 * what remains is to remove what XML 1.0 forbids (C0 controls except TAB/LF/CR, lone surrogates, U+FFFE/U+FFFF,
 * plus C1 controls and noncharacters), which Word refuses to open — test "docx text drops XML-invalid characters".
 */
export function docxText(text: string): string {
  return removeInvalidXmlChars(text);
}

/**
 * Word bookmark name for a model id: `q_` + the id with characters other than ASCII letters, digits and `_`
 * replaced by `_`, at most 40 characters (Word's limit; ECMA-376 does not limit `w:name`, Word truncates).
 */
export function bookmarkName(id: string): string {
  return `q_${id.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 40);
}

/**
 * Tell the user something the writer could not keep or had to change, in plain words, at the current place in
 * the text (`state.where`).
 */
export function report(state: DocxState, code: DiagnosticCode, message: string): void {
  state.diagnostics.add(code, message, state.where);
}
