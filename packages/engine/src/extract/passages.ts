/**
 * Passage segmentation: what topic extraction can return.
 *
 * A book's sections are its front-matter prose (preface, foreword, introduction, prologue), every chapter,
 * piece, act or scene of the body (`allChapters`), and its back-matter prose (epilogue, afterword, appendix),
 * in reading order, numbered from 1. Every section is a passage (`s<N>`). A long section is also cut into
 * windows of whole top-level blocks (`s<N>:<a>-<b>`, blocks a to b-1) of about {@link WINDOW_WORDS} words,
 * each starting about half a window after the one before, so that a stretch about the topic inside a long
 * chapter is found whole whatever its place (the passage-retrieval practice of overlapping fixed-size windows,
 * Callan 1994, "Passage-level evidence in document retrieval"; Kaszkiel and Zobel 1997).
 *
 * Ids depend only on the document's structure and block word counts, so the same Markdown gives the same ids.
 *
 * Checklist:
 * - [X] chapters, pieces, acts and scenes; prose front and back matter
 * - [X] windows of whole blocks, half overlapping; a block longer than a window is a window alone
 * - [ ] a part's own introductory blocks (before its first chapter) are not a section
 */
import {
  allChapters,
  blockWordCount,
  chapterHeadingText,
  inlineText,
  type Block,
  type BookDocument,
  type Chapter,
  type Part,
  type Section,
  type SectionKind,
} from '../model/book-document.ts';

/** Words a window aims at: about a printed page, long enough to show that a topic is treated, short enough to point at it. */
export const WINDOW_WORDS = 300;

/** A section is cut into windows when it has more words than this (two windows). */
export const LONG_SECTION_WORDS = 2 * WINDOW_WORDS;

/** Front- and back-matter kinds that are prose an editor might extract (not a dedication, an index or notes). */
const PROSE_SECTION_KINDS: ReadonlySet<SectionKind> = new Set(['preface', 'foreword', 'introduction', 'prologue', 'epilogue', 'afterword', 'appendix', 'other']);

/** One section of the book, as passages see it. */
export interface SourceSection {
  /** 1-based among the book's sections, in reading order. */
  index: number;
  /** The chapter or section of the document it is (for its footnotes and its Markdown). */
  node: Chapter | Section;
  /** The heading as plain text (`Chapter III. The Christmas Spirit`), or the kind of an untitled section (`Preface`). */
  title: string;
  /** The title of the part holding it, when the body has parts. */
  partTitle?: string;
  /** The part's author, in a collection of several authors' texts ({@link Part.author}). */
  author?: string;
  /** Plain text of each top-level block (see {@link blockParagraphs}), joined by blank lines. */
  blockTexts: string[];
  /** Words of each top-level block ({@link blockWordCount}). */
  blockWords: number[];
  /** True for a block that lists rather than says (a contents list's lines): shown, but not indexed. */
  blockIsList: boolean[];
  /** Words of the book before this section: where it begins. */
  wordStart: number;
  wordCount: number;
}

/** A passage: a whole section, or the blocks `from` to `to - 1` of a long one. */
export interface Passage {
  /** `s<N>` or `s<N>:<from>-<to>`. */
  id: string;
  kind: 'section' | 'window';
  /** 0-based position of its section in {@link Segmentation.sections}. */
  section: number;
  from: number;
  to: number;
  wordCount: number;
}

/** The sections of a book and its passages (every section first, in order, then every window, in order). */
export interface Segmentation {
  sections: SourceSection[];
  passages: Passage[];
  /** The passages (indices into `passages`) of each section: the section itself, then its windows. */
  sectionPassages: number[][];
  /** Words of all the sections. */
  totalWords: number;
}

/** Cuts a document into sections and passages (see the module comment). */
export function segmentBook(doc: BookDocument): Segmentation {
  const nodes: { node: Chapter | Section; part?: Part }[] = [];
  for (const s of doc.front) if (PROSE_SECTION_KINDS.has(s.kind)) nodes.push({ node: s });
  const chapters = new Set(allChapters(doc));
  for (const d of doc.body) {
    if (d.type === 'part') for (const c of d.chapters) nodes.push({ node: c, part: d });
    else if (chapters.has(d)) nodes.push({ node: d });
  }
  for (const s of doc.back) if (PROSE_SECTION_KINDS.has(s.kind)) nodes.push({ node: s });

  const sections: SourceSection[] = [];
  let words = 0;
  for (const [i, { node, part }] of nodes.entries()) {
    const blockTexts = node.blocks.map((b) => blockParagraphs(b).join('\n\n'));
    const blockWords = node.blocks.map((b) => blockWordCount([b]));
    const blockIsList = blockTexts.map(isContentsList);
    const wordCount = blockWords.reduce((a, b) => a + b, 0);
    const partTitle = part ? inlineText(part.title).trim() : '';
    sections.push({
      index: i + 1,
      node,
      title: sectionTitle(node),
      ...(partTitle ? { partTitle } : {}),
      ...(part?.author ? { author: part.author } : {}),
      blockTexts,
      blockWords,
      blockIsList,
      wordStart: words,
      wordCount,
    });
    words += wordCount;
  }

  const passages: Passage[] = sections.map((s, i) => ({ id: `s${s.index}`, kind: 'section', section: i, from: 0, to: s.blockWords.length, wordCount: s.wordCount }));
  for (const [i, s] of sections.entries()) {
    if (s.wordCount <= LONG_SECTION_WORDS) continue;
    for (const [from, to] of windowRanges(s.blockWords)) {
      if (from === 0 && to === s.blockWords.length) continue;
      const wordCount = s.blockWords.slice(from, to).reduce((a, b) => a + b, 0);
      passages.push({ id: `s${s.index}:${from}-${to}`, kind: 'window', section: i, from, to, wordCount });
    }
  }
  const sectionPassages = sections.map((_, i) => [i]);
  for (let p = sections.length; p < passages.length; p++) sectionPassages[passages[p]!.section]!.push(p);
  return { sections, passages, sectionPassages, totalWords: words };
}

/**
 * The windows of a section, as block ranges `[from, to)`: each gathers blocks until it holds
 * {@link WINDOW_WORDS} words, and the next starts at the first block at least half a window after this one's
 * start. Blocks without words (scene breaks) never start a window.
 */
export function windowRanges(blockWords: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  const n = blockWords.length;
  let from = 0;
  while (from < n && blockWords[from] === 0) from++;
  while (from < n) {
    let to = from;
    let words = 0;
    while (to < n && words < WINDOW_WORDS) words += blockWords[to++]!;
    out.push([from, to]);
    if (to >= n) break;
    let next = from;
    let skipped = 0;
    while (next < to - 1 && skipped < WINDOW_WORDS / 2) skipped += blockWords[next++]!;
    if (next === from) next = from + 1;
    while (next < n && blockWords[next] === 0) next++;
    from = next;
  }
  return out;
}

/** A run of dot leaders then a page number, as a contents list sets its lines (`Easter Sunday . . . . 181`). */
const LEADER_AND_PAGE = /(?:\.\s?){4,}\s*\d{1,4}\b/g;

/**
 * True when a block's text is a contents list or a line of one: dot leaders and a page number, twice, or once in
 * a short block (a line). Such a block names topics without treating them (a book's contents list of sermons for
 * "Easter Sunday", "Easter Monday"...).
 */
export function isContentsList(text: string): boolean {
  const leaders = text.match(LEADER_AND_PAGE)?.length ?? 0;
  return leaders >= 2 || (leaders === 1 && text.split(/\s+/).length < CONTENTS_LINE_MAX_WORDS);
}

/** Most words of one line of a contents list (a title with its text reference and page). */
const CONTENTS_LINE_MAX_WORDS = 60;

/** The title of a section as shown: its heading, or for an untitled front/back section its kind (`Preface`). */
function sectionTitle(node: Chapter | Section): string {
  const title = node.type === 'chapter' ? chapterHeadingText(node) : inlineText(node.title).trim();
  if (title) return title;
  const kind = node.type === 'section' ? node.kind : 'chapter';
  return kind === 'other' ? 'Untitled section' : kind[0]!.toUpperCase() + kind.slice(1);
}

/**
 * A block as plain-text paragraphs: a paragraph or a heading is one; a verse block one per stanza, its lines
 * joined by `\n`; a speech its speaker's name then its paragraphs (`HAMLET. To be, or not to be`); quotations
 * and lists their blocks' paragraphs; a figure its caption; a scene break none.
 */
export function blockParagraphs(block: Block): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'heading': {
      const text = inlineText(block.children).trim();
      return text ? [text] : [];
    }
    case 'verse':
      return block.stanzas.map((st) => st.map((l) => inlineText(l.children).trim()).join('\n')).filter(Boolean);
    case 'speech': {
      const inner = block.children.flatMap(blockParagraphs);
      const speaker = inlineText(block.speaker).trim();
      if (speaker && inner.length > 0) inner[0] = `${speaker}. ${inner[0]}`;
      return inner;
    }
    case 'blockQuote':
      return block.children.flatMap(blockParagraphs);
    case 'list':
      return block.items.flatMap((item) => item.flatMap(blockParagraphs));
    case 'figure': {
      const text = inlineText(block.caption).trim();
      return text ? [text] : [];
    }
    case 'table':
      // A table's rows, each its cells' text joined by tabs (the caption first).
      return [inlineText(block.caption).trim(), ...[...block.head, ...block.body].map((r) => r.cells.map((c) => inlineText(c.children).trim()).join('\t').trim())].filter(Boolean);
    case 'code':
      return block.value.trim() ? [block.value] : [];
    case 'math':
      return [];
    case 'sceneBreak':
    case 'pageBreak':
      return [];
  }
}
