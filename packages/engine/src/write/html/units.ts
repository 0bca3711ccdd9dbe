/**
 * Units of a book as the HTML and EPUB writers see them: front sections, parts, chapters and back sections in
 * reading order, each with its semantics (EPUB 3.2 Structural Semantics Vocabulary term and DPUB-ARIA 1.0 role).
 */
import {
  inlineText,
  type Block,
  type BookDocument,
  type Inline,
  type SectionKind,
} from '../../model/book-document.ts';
import { renderBlocks, renderPendingNotes } from './blocks.ts';
import { escapeXml, xmlId } from './escape.ts';
import { renderInlines } from './inlines.ts';
import { chapterNumberLabel } from '../layout-text.ts';
import { semantics, type HtmlState } from './state.ts';

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
  /** Non-empty plain-text title for navigation (`Chapter 3`, `Preface` when the title is empty). */
  label: string;
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

/** All units of `doc` in reading order: front, body (a part, then its chapters), back. */
export function bookUnits(doc: BookDocument): Unit[] {
  const units: Unit[] = [];
  const label = (title: Inline[], fallback: string) => inlineText(title).trim() || fallback;
  for (const s of doc.front) {
    units.push({ kind: 'front', id: s.id, title: s.title, blocks: s.blocks, sectionKind: s.kind, label: label(s.title, kindLabel(s.kind)) });
  }
  let chapterNo = 0;
  let partNo = 0;
  for (const d of doc.body) {
    if (d.type === 'part') {
      partNo += 1;
      units.push({ kind: 'part', id: d.id, title: d.title, blocks: d.blocks, label: label(d.title, `Part ${partNo}`) });
      for (const c of d.chapters) {
        chapterNo += 1;
        units.push({ kind: 'chapter', id: c.id, title: c.title, blocks: c.blocks, partId: d.id, label: label(c.title, `Chapter ${chapterNo}`) });
      }
    } else {
      chapterNo += 1;
      units.push({ kind: 'chapter', id: d.id, title: d.title, blocks: d.blocks, label: label(d.title, `Chapter ${chapterNo}`) });
    }
  }
  for (const s of doc.back) {
    units.push({ kind: 'back', id: s.id, title: s.title, blocks: s.blocks, sectionKind: s.kind, label: label(s.title, kindLabel(s.kind)) });
  }
  return units;
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
  let title = renderInlines(unit.title, state);
  if (!inlineText(unit.title).trim() && unit.kind !== 'front' && unit.kind !== 'back') title = escapeXml(unit.label);
  if (unit.kind === 'chapter') {
    state.chapterCount += 1;
    const number = chapterNumberLabel(state.layout.chapterNumberStyle, state.chapterCount, unit.label);
    title = `${number ? `<span class="chapter-number">${escapeXml(number)}</span> ` : ''}<span class="chapter-title">${title}</span>`;
  }
  const heading = title ? `<h1${cls}>${title}</h1>\n` : '';
  state.afterBreak = true;
  state.chapterOpening = unit.kind === 'chapter';
  const body = renderBlocks(unit.blocks, state);
  state.chapterOpening = false;
  const notes = renderPendingNotes(state);
  const classes = bodyStart ? `${unit.kind} body-start` : unit.kind;
  return `<section class="${classes}" id="${xmlId(unit.id)}"${attrs}>\n${heading}${body}${notes}</section>\n`;
}
