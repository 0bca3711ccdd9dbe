/**
 * Private state of the DOCX writer and its one text-escaping function.
 */
import type { Paragraph } from 'docx';
import type { Layout } from '../../layout/layout.ts';
import type { Block, BookAsset } from '../../model/book-document.ts';
import { removeInvalidXmlChars } from '../html/escape.ts';
import type { WriterDiagnostic } from '../html/state.ts';

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
  diagnostics: WriterDiagnostic[];
  /** Renders a footnote's blocks (set by `blocks.ts`, so that inline handlers need not import block handlers). */
  renderNoteBody: (blocks: readonly Block[]) => Paragraph[];
}

/** A new state; `renderNoteBody` renders footnote bodies (see `blocks.ts`); `assets` the book's images. */
export function createDocxState(
  layout: Layout,
  defs: Readonly<Record<string, Block[]>>,
  renderNoteBody: (blocks: readonly Block[], state: DocxState) => Paragraph[],
  assets: Readonly<Record<string, BookAsset>> = {},
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
    diagnostics: [],
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
