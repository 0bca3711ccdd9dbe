/**
 * Private state of the HTML writer, shared with the EPUB writer (which renders chapter bodies with the same
 * handlers). Not part of the public API.
 */
import type { Layout } from '../../layout/layout.ts';
import type { Block, BookAsset, BookDocument } from '../../model/book-document.ts';
import { Diagnostics, type DiagnosticCode } from '../../model/diagnostics.ts';
import type { DocumentNumbering } from '../../model/numbering.ts';
import { documentFragments, numberingFor } from '../numbering.ts';
import { xmlId } from './escape.ts';

/**
 * Markup flavour the handlers produce.
 * - `print`: one HTML5 file for print engines (images allowed, notes at the end of each chapter);
 * - `epub`: one clean HTML5 file for Kindle Create / Calibre (classes and ARIA roles only);
 * - `xhtml`: EPUB 3 content documents (adds `epub:type` attributes next to the ARIA roles, no remote images,
 *   notes as `<aside epub:type="footnote">`, EPUB 3.2 Structural Semantics Vocabulary).
 */
export type Flavour = 'print' | 'epub' | 'xhtml';

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
  /** The unit being written (its model id) and the scenes written in it so far: each scene's anchor is made of both (`sceneAnchor`). */
  unitId: string;
  sceneCount: number;
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
  /** The numbers, captions' labels and anchors of figures, tables, equations and sections (`write/numbering.ts`). */
  numbering: DocumentNumbering;
  /**
   * Anchors written so far (`ref-fig-x`; `#reward-metric` for a heading a link names by its pandoc identifier,
   * see {@link anchorAttr}) -> the file and element id that hold them: cross-references are resolved against it
   * once every file is written ({@link resolveCrossRefs}), so forward references link too.
   */
  anchorFiles: Map<string, { file: string; id: string }>;
  /** Fragments the book's links point at (`model/heading-ids.ts`): headings with that pandoc identifier get it as an id. */
  fragments: Set<string>;
  /** Cross-references written as placeholders so far (0: nothing to resolve). */
  crossRefCount: number;
  /** Where each placeholder's key was first used ({@link HtmlState.where}), for the diagnostic if it stays unlinked. */
  crossRefWhere: Map<string, string>;
  /** What the writer could not keep or had to change (the caller's collector, or a local one). */
  diagnostics: Diagnostics;
  /** Where in the book the writer is, for diagnostics (the unit's navigation label, `Chapter 3: Results`). */
  where: string;
}

/**
 * A new state for `doc` and `layout`; `targets` maps each unit id to its file (all `''` for a single file).
 * `diagnostics`: the caller's collector; a local one (discarded) when absent.
 */
export function createState(
  doc: BookDocument,
  layout: Layout,
  flavour: Flavour,
  targets: Map<string, string>,
  diagnostics: Diagnostics = new Diagnostics(),
): HtmlState {
  return {
    flavour,
    layout,
    chapterCount: 0,
    unitId: '',
    sceneCount: 0,
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
    numbering: numberingFor(doc, layout),
    anchorFiles: new Map(),
    fragments: documentFragments(doc),
    crossRefCount: 0,
    crossRefWhere: new Map(),
    diagnostics,
    where: '',
  };
}

/** Adds a diagnostic at the writer's current place ({@link HtmlState.where}). */
export function report(state: HtmlState, code: DiagnosticCode, message: string): void {
  state.diagnostics.add(code, message, state.where || undefined);
}

/**
 * ` id="<anchor>"` for the element a cross-reference lands on, recording the file that holds it; `''` when there
 * is nothing to write or the id is already written (an id given twice keeps its first node, as
 * `model/numbering.ts` does, and an element id must be unique in its document: HTML5 §3.2.6.1).
 * @param fragments the element's other names that links use (its pandoc identifier, the author's `{#id}`); those
 *   some link asks for ({@link HtmlState.fragments}) resolve to the same element, which takes the first of them as
 *   its id when it has no anchor.
 */
export function anchorAttr(state: HtmlState, anchor: string | undefined, fragments: readonly string[] = []): string {
  const wanted = fragments.filter((f) => state.fragments.has(f) && !state.anchorFiles.has(fragmentKey(f)) && !state.targets.has(f));
  let id: string | undefined;
  if (anchor !== undefined && !state.anchorFiles.has(xmlId(anchor))) id = xmlId(anchor);
  else if (wanted.length > 0) {
    // Not an id the writer gives otherwise: a unit's (`ch-1`) or a note's (`fn-1`, `fnref-1`).
    const candidate = xmlId(wanted[0]!);
    if (!state.anchorFiles.has(candidate) && !state.targets.has(candidate) && !/^fn(?:ref)?-\d/.test(candidate)) id = candidate;
  }
  if (id === undefined) return '';
  const place = { file: state.currentFile, id };
  state.anchorFiles.set(id, place);
  for (const f of wanted) state.anchorFiles.set(fragmentKey(f), place);
  return ` id="${id}"`;
}

/** Key of a link's fragment among the anchors (`#` and the fragment as an id: no anchor starts with `#`). */
export function fragmentKey(fragment: string): string {
  return `#${xmlId(fragment)}`;
}

/** Start and end of a cross-reference placeholder: U+0000 never survives `escapeXml`, so no user text forms one. */
const REF_OPEN = '\u0000';
const REF_TEXT = '\u0001';
// eslint-disable-next-line no-control-regex -- the placeholder is made of control characters on purpose
const CROSS_REF = /\u0000(#?[A-Za-z0-9_.-]+)\u0001([^\u0000]*)\u0000/g;

/**
 * A link to `anchor` (an anchor, or a {@link fragmentKey}) around `text` (already markup), to be made a link by
 * {@link resolveCrossRefs} once it is known which file holds the anchor.
 */
export function crossRefPlaceholder(state: HtmlState, anchor: string, text: string): string {
  state.crossRefCount += 1;
  const key = anchor.startsWith('#') ? anchor : xmlId(anchor);
  if (!state.crossRefWhere.has(key)) state.crossRefWhere.set(key, state.where);
  return `${REF_OPEN}${key}${REF_TEXT}${text}${REF_OPEN}`;
}

/**
 * Turns the placeholders of `markup` (written into `file`) into links, `<a href="#ref-fig-x">Figure 3</a>` or
 * `chapter-003.xhtml#ref-fig-x` across EPUB content documents; a reference whose anchor no element carries keeps
 * its text only (and is reported), so that no link points nowhere.
 */
export function resolveCrossRefs(state: HtmlState, markup: string, file: string): string {
  if (state.crossRefCount === 0) return markup;
  return markup.replace(CROSS_REF, (_m, key: string, text: string) => {
    const target = state.anchorFiles.get(key);
    const fragment = key.startsWith('#');
    if (target === undefined) {
      state.diagnostics.add(
        fragment ? 'other' : 'crossref-unresolved',
        fragment
          ? `The link to "${key}" names no heading of the text, so only its text is kept.`
          : `A reference to "${text}" could not be linked: the element it names was not written, so it is printed without a link.`,
        state.crossRefWhere.get(key) || undefined,
      );
      return text;
    }
    const href = target.file === file ? `#${target.id}` : `${target.file}#${target.id}`;
    return `<a${fragment ? '' : ' class="xref"'} href="${href}">${text}</a>`;
  });
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

/**
 * The anchor of the `n`th scene (from 1) of a unit: the nav document lists a play's scenes under their act, and links
 * here (`tocList`). The same in the EPUB's files and the single HTML file (the unit's id keeps it unique).
 */
export function sceneAnchor(unitId: string, n: number): string {
  return xmlId(`${unitId}-scene-${n}`);
}
