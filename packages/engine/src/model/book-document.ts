/**
 * The one document model of Quire (pandoc's idea: readers -> one model -> writers).
 *
 * Readers and the Markdown parser produce a {@link BookDocument}; writers only read it.
 * Nodes are `{ type: ... }` discriminated unions, grouped by content model, like mdast.
 * See `README.md` in this folder for an example of every node.
 */

/** Book-level metadata: from the source (Gutenberg header, OPF) and from the user's Format form. */
export interface BookMeta {
  title: string;
  author: string;
  /** BCP 47 language tag, e.g. `en`, `de`. */
  language: string;
  description?: string;
  /** The subtitle, as the title page sets it (`or, the Modern Prometheus`; `A Trivial Comedy for Serious People`). */
  subtitle?: string;
  /** Who translated the text, as credited (`Louise and Aylmer Maude`). */
  translator?: string;
  /** Who edited, annotated or compiled the text, as credited (`Rev. H. H. Milman`); {@link editorRole} says which. */
  editor?: string;
  /** What the editor did, for the credit line and the EPUB role: `editor` (default), `annotator`, `compiler`. */
  editorRole?: EditorRole;
  /**
   * Other contributors as the title page credits them, one a line (`With a Preface by George Saintsbury`,
   * `Illustrations by Hugh Thomson`); printed under the translator and editor.
   */
  credits?: string[];
  /** The edition, as the source or the user names it (`The Millennium Fulcrum Edition 3.0`, `Second edition`). */
  edition?: string;
  /**
   * Where the text comes from, as the copyright page prints it (Chicago 1.21-1.22, "source" notices):
   * `Text from Project Gutenberg eBook #84`, with the source edition's imprint when its title page gave one.
   */
  sourceCredit?: string;
  /**
   * True when the text is in the public domain (a Project Gutenberg text not marked as copyrighted); the copyright
   * page then says so instead of claiming a copyright in the text. A copyright the user states (`publicationYear`
   * with `copyrightHolder` wording) is printed as well.
   */
  publicDomain?: boolean;
  publisher?: string;
  /** Four-digit year of this edition. */
  publicationYear?: number;
  /** ISBN-10 or ISBN-13 as typed by the user (hyphens allowed). */
  isbn?: string;
  keywords?: string[];
  /** Subject categories (BISAC-like free text). */
  subjects?: string[];
  /** Stable unique identifier for the EPUB package (`urn:uuid:...`); writers derive one when absent. */
  identifier?: string;
  /** A student paper's title-page elements (APA 7th ed. 2.3; MLA 9th ed. 1.3); used by academic layouts only. */
  paper?: PaperDetails;
  /**
   * Every author in order, with affiliations, when the source names more than one or gives affiliations (YAML
   * `author:` as a list, a DOCX's core properties); {@link author} is their names joined (`A, B and C`).
   */
  authors?: AuthorCredit[];
  /** The abstract as the source gives it (YAML `abstract:`), Markdown text; academic layouts set it on its own page. */
  abstract?: string;
  /** The date the source prints (YAML `date:`), as written (`22 April 2024`). */
  date?: string;
  /** Bibliography files the source names (YAML `bibliography:`), as written, relative to the source file. */
  bibliography?: string[];
}

/** One author of a paper or thesis and where they work (YAML `author: [{name, affiliation}]`). */
export interface AuthorCredit {
  name: string;
  affiliation?: string;
}

/**
 * What an editor credited on a title page did (MARC relator terms, as EPUB 3.3's `role` refinement uses them):
 * `editor` (edt, "Edited by"), `annotator` (ann, "With notes by"), `compiler` (com, "Compiled by").
 */
export type EditorRole = 'editor' | 'annotator' | 'compiler';

/** The elements of a student paper's title page or heading block besides title and author; each optional, as typed. */
export interface PaperDetails {
  /** Department and university, e.g. `Department of History, Northfield University`. */
  affiliation?: string;
  /** Course number and name, e.g. `HIST 301: The Early Modern World`. */
  course?: string;
  /** Instructor's name as the paper gives it, e.g. `Dr. Amal Reyes`. */
  instructor?: string;
  /** Due date as the paper prints it, e.g. `October 12, 2026` (APA) or `12 October 2026` (MLA). */
  dueDate?: string;
  /** The university or school of a thesis (YAML `institution:`), e.g. `Allegheny College`. */
  institution?: string;
  /** The degree a thesis is submitted for (YAML `degree:`), e.g. `Master of Science`. */
  degree?: string;
  /** The thesis's supervisor or advisor as named (YAML `supervisor:`/`advisor:`). */
  supervisor?: string;
}

/** Phrasing content. */
export type Inline =
  | { type: 'text'; value: string }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'strong'; children: Inline[] }
  | { type: 'smallCaps'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  /** Reference to a footnote defined in {@link BookDocument.footnotes} under `id`. */
  | { type: 'footnoteRef'; id: string }
  | { type: 'lineBreak' }
  /**
   * Inline math in TeX (LaTeX math mode, without the `$` delimiters): `x^2 + y^2`. Readers of MathML and
   * OMML convert to TeX (pandoc's Math node holds TeX too); writers convert TeX to Typst math, MathML or OMML.
   */
  | { type: 'math'; tex: string }
  /** Inline code (Markdown `` `x` ``): set in the monospace face, never hyphenated or justified. */
  | { type: 'code'; value: string }
  /**
   * A cross-reference to a numbered figure, table, equation or section (pandoc-crossref `@fig:x`, `@tbl:x`,
   * `@eq:x`, `@sec:x`; Word REF fields). `target` is the id as written (`fig:pipeline`); writers print what
   * {@link ./numbering.ts} gives it (`Figure 3`, or `3` with `suppressPrefix`, pandoc-crossref's `-@fig:x`)
   * and link it where the format links. A target no node carries is reported and printed as written.
   */
  | { type: 'crossRef'; target: string; suppressPrefix?: boolean };

/** One line of verse: phrasing content, optionally indented by `indent` levels (each ~1 em). */
export interface VerseLine {
  indent: number;
  children: Inline[];
}

/**
 * What a paragraph is, beyond running text, where the source shows it: the parts of a letter (dateline, salutation,
 * signature), a play's stage directions, the persons of a play's list of persons (dramatis personae), one
 * paragraph each, the name then what the person is (`Merriman, Butler`), and likewise the entries of its list of
 * scenes (`ACT I. Algernon Moncrieff’s Flat ...`, `TIME: The Present.`), and the `THE END` that closes a book
 * (`ending`, set centred). Writers style each role.
 */
export type ParagraphRole = 'dateline' | 'salutation' | 'signature' | 'stageDirection' | 'persona' | 'ending';

/** Horizontal alignment of a table column or cell (pandoc's `Alignment`); `default` leaves it to the layout. */
export type CellAlign = 'left' | 'center' | 'right' | 'default';

/** One column of a table. */
export interface TableColumn {
  align: CellAlign;
  /**
   * The column's share of the table's width, 0 < w <= 1, when the source gives one (a pipe table's dashes, a
   * grid table's column widths, Word's `w:gridCol`); absent: the writer sizes the column from its content.
   */
  widthFraction?: number;
}

/** One cell: phrasing content (a cell's paragraphs joined by line breaks), spanning `colSpan` x `rowSpan` (default 1). */
export interface TableCell {
  children: Inline[];
  colSpan?: number;
  rowSpan?: number;
  /** Overrides the column's alignment for this cell. */
  align?: CellAlign;
}

/** A row of cells; a cell covered by a span above or to the left has no entry (HTML's table model). */
export interface TableRow {
  cells: TableCell[];
}

/**
 * A table (pandoc's `Table`, simplified): column specs, header rows (repeated when the table breaks across pages)
 * and body rows. `caption` is the table's title (`[]` when none); `note` what the source sets below it (APA 7
 * 7.14 "Note."); `id` the author's id for cross-references (`tbl:results`).
 */
export interface TableBlock {
  type: 'table';
  id?: string;
  caption: Inline[];
  columns: TableColumn[];
  head: TableRow[];
  body: TableRow[];
  note?: Inline[];
}

/** Flow content inside a chapter or section. */
export type Block =
  | { type: 'paragraph'; children: Inline[]; role?: ParagraphRole }
  /** A speech in a play: the speaker's name (small capitals in writers) and what they say. */
  | { type: 'speech'; speaker: Inline[]; children: Block[] }
  /**
   * A heading inside a chapter (sub-section); level 2 is the highest below a chapter title. `id`: the author's id
   * for cross-references (`{#sec:method}`).
   */
  | { type: 'heading'; level: 2 | 3 | 4 | 5 | 6; children: Inline[]; id?: string }
  /** A scene break (`* * *` in Markdown): a blank line or an ornament depending on the layout. */
  | { type: 'sceneBreak' }
  /** Verse (pandoc's LineBlock): stanzas of lines, line breaks are significant. */
  | { type: 'verse'; stanzas: VerseLine[][] }
  | { type: 'blockQuote'; children: Block[] }
  | { type: 'list'; ordered: boolean; items: Block[][] }
  /**
   * An illustration; `src` is absent when only a caption survives (e.g. `[Illustration: ...]`). `id`: the author's
   * id for cross-references (`fig:pipeline`); `widthFraction`: the width the source asks for, as a share of the
   * text block (`{width=50%}`), 0 < w <= 1.
   */
  | { type: 'figure'; src?: string; alt: string; caption: Inline[]; id?: string; widthFraction?: number }
  | TableBlock
  /** Display math in TeX (`$$ ... $$`), numbered when it has an `id` (`eq:energy`). */
  | { type: 'math'; tex: string; id?: string }
  /** A code listing (fenced code): kept line by line in the monospace face, never justified. */
  | { type: 'code'; language?: string; value: string }
  /** A forced page break (`\newpage`, `\clearpage`, Word's page break before a part of the text). */
  | { type: 'pageBreak' };

/** Kinds of front- and back-matter sections (EPUB 3 structural semantics vocabulary names). */
export type SectionKind =
  | 'preface'
  | 'foreword'
  | 'introduction'
  | 'dedication'
  | 'epigraph'
  | 'prologue'
  | 'epilogue'
  | 'afterword'
  | 'notes'
  | 'appendix'
  | 'glossary'
  | 'index'
  | 'other';

/**
 * What a division of the body is, when it is not a novel's chapter (see `README.md`, "Divisions"):
 * - `piece`: one titled piece of a collection (a poem, a sermon, an essay). It carries no chapter number, and
 *   short pieces run on (see {@link piecesRunOn});
 * - `act`: an act of a play (`FIRST ACT`, `ACT II`); no chapter number, opens a new page;
 * - `scene`: a scene of a play that has no acts (Faust's `Garten`); no chapter number, opens a new page.
 */
export type DivisionKind = 'piece' | 'act' | 'scene';

/** A chapter: a titled unit of the body that opens on a new page (recto in print). */
export interface Chapter {
  type: 'chapter';
  /** Stable, unique, XML-id-safe id (`ch-1`, `ch-2`, ...). */
  id: string;
  /**
   * The source's own label of the chapter, as written (`CHAPTER I.`, `Chapter 1`, `LETTER 4`, `FIRST ACT`),
   * when its heading has one; absent otherwise. Writers set it where the layout sets the chapter number
   * (`write/layout-text.ts` `chapterHeading`) and never in running heads.
   */
  label?: string;
  /** The title after the label (`Down the Rabbit-Hole`); `[]` when the heading is only a label (`Chapter 1`). */
  title: Inline[];
  blocks: Block[];
  /** What the division is when not a chapter (Markdown `# Title {.piece}`); absent for a chapter. */
  kind?: DivisionKind;
  /** The author's id for cross-references (`# Results {#sec:results}`), when the source gives one. */
  refId?: string;
}

/** A part (book, volume): groups chapters; may have introductory blocks before the first chapter. */
export interface Part {
  type: 'part';
  /** Stable, unique, XML-id-safe id (`part-1`, ...). */
  id: string;
  title: Inline[];
  /**
   * Who wrote the part, when a collection gathers several authors' texts, one a part (Markdown
   * `# The Spirit of Christmas {.part author="Henry van Dyke"}`); absent otherwise. Topic extraction credits a
   * passage to it; writers may ignore it.
   */
  author?: string;
  blocks: Block[];
  chapters: Chapter[];
  /** The author's id for cross-references (`# Part One {.part #sec:one}`), when the source gives one. */
  refId?: string;
}

/** A division of the body. */
export type Division = Part | Chapter;

/** Front or back matter section. */
export interface Section {
  type: 'section';
  kind: SectionKind;
  /** Stable, unique, XML-id-safe id (`front-1`, `back-1`, ...). */
  id: string;
  title: Inline[];
  blocks: Block[];
  /** The author's id for cross-references (`# Appendix A {.back #sec:appendix}`), when the source gives one. */
  refId?: string;
}

/**
 * A whole book.
 * - `front`: preface, dedication, ... (the generated title page and contents are not here: writers make them).
 * - `body`: chapters, or parts holding chapters, in reading order.
 * - `back`: notes, appendix, ...
 * - `footnotes`: definitions by id, referenced by `footnoteRef` inlines anywhere.
 * - `assets`: image files by path (`images/img-1.png`), referenced by `figure.src`; `{}` when none.
 */
export interface BookDocument {
  meta: BookMeta;
  front: Section[];
  body: Division[];
  back: Section[];
  footnotes: Record<string, Block[]>;
  assets: Record<string, BookAsset>;
}

/** Media types of the images a book may hold: raster formats only (SVG can carry scripts). */
export type BookAssetMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/**
 * An image file of the book, referenced from the Markdown as `![alt](images/<name>)` and from
 * `figure.src`.
 * - `path`: `images/img-<n>.<ext>` (readers name every image this way; see {@link isAssetPath});
 * - `mediaType`: checked against the file's magic bytes when the reader took it in;
 * - `bytes`: the file as imported, unchanged.
 */
export interface BookAsset {
  path: string;
  mediaType: BookAssetMediaType;
  bytes: Uint8Array;
}

/** Shape of an asset path: `images/img-<n>.<png|jpg|gif|webp>`, nothing else (no folders, no `..`). */
const ASSET_PATH = /^images\/img-[1-9][0-9]{0,5}\.(?:png|jpg|gif|webp)$/;

/** True when `path` has the shape readers give assets (`images/img-12.png`); writers embed nothing else. */
export function isAssetPath(path: string): boolean {
  return ASSET_PATH.test(path);
}

/**
 * The asset a figure shows: `doc.assets[src]` when `src` is a well-formed asset path that the document
 * holds, else undefined (the figure then keeps only its caption).
 */
export function figureAsset(doc: Pick<BookDocument, 'assets'>, src: string | undefined): BookAsset | undefined {
  if (src === undefined || !isAssetPath(src)) return undefined;
  const asset = Object.prototype.hasOwnProperty.call(doc.assets, src) ? doc.assets[src] : undefined;
  return asset && asset.path === src ? asset : undefined;
}

/** Plain text of inline content (for titles in nav documents, running heads, metadata). */
export function inlineText(inlines: readonly Inline[]): string {
  let out = '';
  for (const node of inlines) {
    switch (node.type) {
      case 'text':
        out += node.value;
        break;
      case 'lineBreak':
        out += ' ';
        break;
      case 'footnoteRef':
        break;
      case 'math':
        out += node.tex;
        break;
      case 'code':
        out += node.value;
        break;
      case 'crossRef':
        out += `@${node.target}`;
        break;
      default:
        out += inlineText(node.children);
    }
  }
  return out;
}

/** A chapter's whole heading as plain text: label and title (`CHAPTER I. Down the Rabbit-Hole`), or either alone. */
export function chapterHeadingText(chapter: Pick<Chapter, 'label' | 'title'>): string {
  return [chapter.label, inlineText(chapter.title).trim()].filter(Boolean).join(' ');
}

/** Every chapter of the body in reading order, parts flattened. */
export function allChapters(doc: BookDocument): Chapter[] {
  return doc.body.flatMap((d) => (d.type === 'part' ? d.chapters : [d]));
}

/** Every `figure.src` of the document (divisions, sections, nested blocks and footnotes), in no order. */
export function figureSources(doc: Omit<BookDocument, 'assets'>): Set<string> {
  const out = new Set<string>();
  const walk = (blocks: readonly Block[]): void => {
    for (const b of blocks) {
      if (b.type === 'figure') {
        if (b.src !== undefined) out.add(b.src);
      } else if (b.type === 'blockQuote' || b.type === 'speech') walk(b.children);
      else if (b.type === 'list') b.items.forEach(walk);
    }
  };
  for (const s of [...doc.front, ...doc.back]) walk(s.blocks);
  for (const d of doc.body) {
    walk(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) walk(c.blocks);
  }
  Object.values(doc.footnotes).forEach(walk);
  return out;
}

/**
 * The assets among `assets` that the document's figures reference, keyed by path (the value of
 * {@link BookDocument.assets}); assets with a malformed path are left out.
 */
export function referencedAssets(doc: Omit<BookDocument, 'assets'>, assets: readonly BookAsset[]): Record<string, BookAsset> {
  const used = figureSources(doc);
  const out: Record<string, BookAsset> = {};
  for (const a of assets) if (used.has(a.path) && isAssetPath(a.path) && !(a.path in out)) out[a.path] = a;
  return out;
}

/** Words of running text in blocks (verse lines, speeches, quotations and lists included; notes not). */
export function blockWordCount(blocks: readonly Block[]): number {
  let n = 0;
  const words = (inlines: readonly Inline[]) => {
    n += inlineText(inlines).split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  };
  for (const b of blocks) {
    if (b.type === 'paragraph' || b.type === 'heading') words(b.children);
    else if (b.type === 'verse') b.stanzas.forEach((st) => st.forEach((l) => words(l.children)));
    else if (b.type === 'speech' || b.type === 'blockQuote') n += blockWordCount(b.children);
    else if (b.type === 'list') b.items.forEach((item) => (n += blockWordCount(item)));
    else if (b.type === 'figure') words(b.caption);
    else if (b.type === 'table') {
      words(b.caption);
      if (b.note) words(b.note);
      for (const row of [...b.head, ...b.body]) for (const cell of row.cells) words(cell.children);
    }
  }
  return n;
}

/**
 * Longest median piece, in words, of a collection whose pieces run on: about two pages of a 6 x 9 in book. A
 * book of short poems sets each poem after the end of the one before (its title, then the poem) rather than
 * on a new recto after a blank verso, as collections of short poems are set (a poem does not claim a page of its
 * own; a 400-poem book would otherwise pass KDP's page limits); longer pieces (sermons, essays) keep their own
 * opening page.
 */
export const RUN_ON_MEDIAN_WORDS_MAX = 700;

/**
 * True when the book's pieces (chapters of kind `piece`) run on: the book has at least two, and their median
 * length is at most {@link RUN_ON_MEDIAN_WORDS_MAX} words. Parts still open on their own page, and a part's
 * first piece follows the part's title page. Writers that paginate (PDF, DOCX, print HTML) honour it.
 */
export function piecesRunOn(doc: Pick<BookDocument, 'body'>): boolean {
  const lengths = allChapters(doc as BookDocument)
    .filter((c) => c.kind === 'piece')
    .map((c) => blockWordCount(c.blocks))
    .sort((a, b) => a - b);
  if (lengths.length < 2) return false;
  return lengths[Math.floor((lengths.length - 1) / 2)]! <= RUN_ON_MEDIAN_WORDS_MAX;
}
