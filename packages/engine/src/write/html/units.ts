/**
 * Units of a book as the HTML and EPUB writers see them: front sections, parts, chapters and back sections in
 * reading order, each with its semantics (EPUB 3.2 Structural Semantics Vocabulary term and DPUB-ARIA 1.0 role).
 */
import {
  inlineText,
  type Block,
  piecesRunOn,
  type BookDocument,
  type Chapter,
  type DivisionKind,
  type Inline,
  type SectionKind,
} from '../../model/book-document.ts';
import { renderBlocks, renderPendingNotes } from './blocks.ts';
import { escapeXml, xmlId } from './escape.ts';
import { headingIdentifiers } from '../../model/heading-ids.ts';
import { renderInlines } from './inlines.ts';
import { chapterHeading, chapterNavigationText, isNumberedChapter } from '../layout-text.ts';
import { anchorAttr, semantics, type HtmlState } from './state.ts';

/** One unit: a file in the EPUB, a `<section>` in the HTML. */
export interface Unit {
  kind: 'front' | 'part' | 'chapter' | 'back';
  /** Model id (chapter/part/section id). */
  id: string;
  title: Inline[];
  blocks: Block[];
  /** For front/back sections. */
  sectionKind?: SectionKind;
  /** For chapters inside a part: that part's id. */
  partId?: string;
  /** For chapters: what the division is when not a chapter (a piece, an act, a scene). */
  divisionKind?: DivisionKind;
  /**
   * For pieces of a collection whose pieces run on (`piecesRunOn`), after the first of their part or of the
   * body: set on the page where the piece before ends, not on a new page.
   */
  runOn?: boolean;
  /** Non-empty plain-text title for navigation (`Chapter I: Down the Rabbit-Hole`, `Chapter 3`, `Preface` when the title is empty). */
  label: string;
  /** For chapters: the source's own label (`CHAPTER I.`; `Chapter.label`), set as the chapter number. */
  chapterLabel?: string;
  /** The author's id for cross-references (`Part`, `Chapter` and `Section.refId`: `sec:results`), when given. */
  refId?: string;
}

/** EPUB 3.2 SSV term and DPUB-ARIA role of each section kind (`other` has none). */
const SECTION_SEMANTICS: Readonly<Record<SectionKind, string | undefined>> = {
  preface: 'preface',
  foreword: 'foreword',
  introduction: 'introduction',
  dedication: 'dedication',
  epigraph: 'epigraph',
  prologue: 'prologue',
  epilogue: 'epilogue',
  afterword: 'afterword',
  notes: 'endnotes',
  appendix: 'appendix',
  glossary: 'glossary',
  index: 'index',
  other: undefined,
};

/** Title-cased kind used when a section has no title (`Preface`). */
function kindLabel(kind: SectionKind): string {
  return kind === 'other' ? 'Section' : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** `{ refId }` of a section that has one, else `{}` (no `undefined` property on the unit). */
function refIdOf(s: { refId?: string }): { refId?: string } {
  return s.refId === undefined ? {} : { refId: s.refId };
}

/** All units of `doc` in reading order: front, body (a part, then its chapters), back. */
export function bookUnits(doc: BookDocument): Unit[] {
  const units: Unit[] = [];
  const label = (title: Inline[], fallback: string) => inlineText(title).trim() || fallback;
  for (const s of doc.front) {
    units.push({ kind: 'front', id: s.id, title: s.title, blocks: s.blocks, sectionKind: s.kind, label: label(s.title, kindLabel(s.kind)), ...refIdOf(s) });
  }
  let chapterNo = 0;
  let partNo = 0;
  const runOn = piecesRunOn(doc);
  let previousPiece = false;
  const chapterUnit = (c: Chapter, partId?: string): Unit => {
    if (isNumberedChapter(c.kind)) chapterNo += 1;
    const unit: Unit = { kind: 'chapter', id: c.id, title: c.title, blocks: c.blocks, label: chapterNavigationText(c) || `Chapter ${chapterNo}` };
    if (partId) unit.partId = partId;
    if (c.label !== undefined) unit.chapterLabel = c.label;
    if (c.kind) unit.divisionKind = c.kind;
    if (c.refId !== undefined) unit.refId = c.refId;
    if (runOn && c.kind === 'piece' && previousPiece) unit.runOn = true;
    previousPiece = c.kind === 'piece';
    return unit;
  };
  for (const d of doc.body) {
    if (d.type === 'part') {
      partNo += 1;
      previousPiece = false;
      units.push({ kind: 'part', id: d.id, title: d.title, blocks: d.blocks, label: label(d.title, `Part ${partNo}`), ...refIdOf(d) });
      for (const c of d.chapters) units.push(chapterUnit(c, d.id));
    } else {
      units.push(chapterUnit(d));
    }
  }
  for (const s of doc.back) {
    units.push({ kind: 'back', id: s.id, title: s.title, blocks: s.blocks, sectionKind: s.kind, label: label(s.title, kindLabel(s.kind)), ...refIdOf(s) });
  }
  return units;
}

/**
 * The title a chapter unit sets: its own, none when it has a label (the label is then set as the title), else the
 * navigation fallback (`Chapter 3`), so that an untitled chapter still has a heading.
 */
export function chapterTitleOrFallback(unit: Unit): Inline[] {
  if (inlineText(unit.title).trim() !== '' || unit.chapterLabel !== undefined) return unit.title;
  return [{ type: 'text', value: unit.label }];
}

/** SSV term / DPUB-ARIA role name (without `doc-`) of a unit. */
export function unitSemanticTerm(unit: Unit): string | undefined {
  if (unit.kind === 'chapter' || unit.kind === 'part') return unit.kind;
  return unit.sectionKind ? SECTION_SEMANTICS[unit.sectionKind] : undefined;
}

/**
 * Render one unit as `<section class="<kind>" id role [epub:type]>`: an `<h1>` title (chapters and parts always,
 * using the fallback label when the title is empty; sections only when titled), the blocks, then the notes first
 * referenced in the unit. A chapter's `<h1>` holds its number (`<span class="chapter-number">`, from
 * `chapterNumberStyle`) and its title (`<span class="chapter-title">`), and its first paragraph opens the
 * chapter (class `opening`: drop capital, small-caps lead-in). The first unit of the body also gets the class
 * `body-start` (the print style sheet starts arabic folios there).
 */
export function renderUnit(unit: Unit, state: HtmlState, bodyStart = false): string {
  const term = unitSemanticTerm(unit);
  const attrs = semantics(state, term, term ? `doc-${term}` : undefined);
  const cls = unit.kind === 'part' ? ' class="part-title"' : '';
  // Notes are numbered from 1 in every unit, as the PDF and the DOCX number them; a note on the title counts.
  state.unitNoteCount = 0;
  state.unitId = unit.id;
  state.sceneCount = 0;
  state.where = unit.label;
  // `# Results {#sec:results}`: the anchor `@sec:results` links to, on the unit's title.
  const fragments = [...(unit.refId === undefined ? [] : [unit.refId]), ...headingIdentifiers(unit.title)];
  const anchor = anchorAttr(state, unit.refId === undefined ? undefined : state.numbering.target(unit.refId)?.anchor, fragments);
  let title: string;
  if (unit.kind !== 'chapter') {
    // Each inline is rendered once: a note reference rendered twice would take a second id its note does not link to.
    title = inlineText(unit.title).trim() || unit.kind === 'front' || unit.kind === 'back' ? renderInlines(unit.title, state) : escapeXml(unit.label);
  } else {
    if (isNumberedChapter(unit.divisionKind)) state.chapterCount += 1;
    // Label and title as the layout sets them (`layout-text.ts` chapterHeading); the running head takes the title span.
    const parts = chapterHeading({ label: unit.chapterLabel, title: chapterTitleOrFallback(unit), kind: unit.divisionKind }, state.layout.chapterNumberStyle, state.chapterCount);
    title = renderInlines(parts.title, state);
    title = `${parts.number ? `<span class="chapter-number">${escapeXml(parts.number)}</span> ` : ''}<span class="chapter-title">${title}</span>`;
  }
  const heading = title ? `<h1${anchor}${cls}>${title}</h1>\n` : anchor ? `<span${anchor}></span>\n` : '';
  state.afterBreak = true;
  state.chapterOpening = unit.kind === 'chapter';
  const body = renderBlocks(unit.blocks, state);
  state.chapterOpening = false;
  const notes = renderPendingNotes(state);
  // A piece, an act or a scene is styled as a chapter, with its kind as a further class (`run-on`: no page break).
  const classes = [unit.kind, unit.divisionKind, unit.runOn ? 'run-on' : undefined, bodyStart ? 'body-start' : undefined].filter(Boolean).join(' ');
  return `<section class="${classes}" id="${xmlId(unit.id)}"${attrs}>\n${heading}${body}${notes}</section>\n`;
}
