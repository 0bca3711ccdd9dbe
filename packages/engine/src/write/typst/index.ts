/**
 * Typst writer: BookDocument + Layout -> Typst markup for a print book (compiled to PDF by `pdf.ts`).
 *
 * Order of the book (Chicago Manual of Style 17th ed. 1.4, "order of parts"):
 * title page (recto, title and author) and its verso (edition notice: publisher, year, ISBN, when
 * known), dedication and epigraph, table of contents, the other front sections (foreword, preface,
 * introduction...), the body (parts and chapters, page 1 on its first recto), the back matter.
 * Every unit opens on a new page, a recto when `layout.chapterOpensRecto` (KDP and Chicago 1.5).
 *
 * Capabilities:
 * - [X] paragraphs, sub-headings, scene breaks, verse, block quotes, lists, footnotes
 * - [X] running heads, folios, table of contents with page numbers, PDF bookmarks
 * - [X] figures: the book's image (`BookDocument.assets`, read by the compiler from the files `pdf.ts` /
 *   `compile.ts` map in) at most the text block wide and 60 % of the page high, with its caption; a figure
 *   without an asset prints its caption (or alt text) only
 * - [-] links: text only (a printed page cannot be clicked)
 */
import { inlineText, type BookDocument, type Inline, type Chapter, type Division, type Section, type SectionKind } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import { EngineError } from '../../errors.ts';
import { renderBlocks } from './blocks.ts';
import { escapeTypst } from './escape.ts';
import { isShippedFamily, LAYOUT_FONT_FIELDS } from './fonts.ts';
import { renderInlines, renderTitleCopy } from './inlines.ts';
import { createState, nextLabel, type TypstState } from './state.ts';
import { contentsTitle, typstTemplate } from './template.ts';

/** Front sections set before the table of contents, without a printed title (Chicago 1.4: display pages). */
const DISPLAY_KINDS: ReadonlySet<SectionKind> = new Set(['dedication', 'epigraph']);

/** A line of the table of contents: level 0 part, 1 top-level unit, 2 chapter inside a part. */
interface TocEntry {
  level: 0 | 1 | 2;
  label: string;
  title: string;
}

/**
 * Typst markup for a whole print book.
 *
 * - `doc`: the book; every user string in it is escaped with {@link escapeTypst}.
 * - `layout`: trim size and margins (inches), font (pt), line height, indents; `layout.fontFamily`,
 *   `layout.headingFontFamily` and `layout.monoFontFamily` must be families of the fonts registry
 *   (`layout/fonts.ts`).
 * Returns a self-contained Typst source (no imports, no files) for Typst 0.14.
 * @throws EngineError `WRITE_FAILED` when the layout names a font family that Quire does not ship.
 */
export function writeTypst(doc: BookDocument, layout: Layout): string {
  for (const field of LAYOUT_FONT_FIELDS) {
    const family = layout[field];
    if (!isShippedFamily(family)) {
      throw new EngineError(
        'WRITE_FAILED',
        `The print layout "${layout.name}" uses the font "${family}" (${field}), which is not available for PDF export.`,
      );
    }
  }
  const state = createState(doc, layout);
  const toc: TocEntry[] = [];
  const out: string[] = [typstTemplate(doc.meta, layout)];

  out.push(`#quire-title-page([${escapeTypst(doc.meta.title)}], [${escapeTypst(doc.meta.author)}])`);
  const notice = editionNotice(doc);
  if (notice) out.push(`#pagebreak()\n#quire-edition-notice[${notice}]`);

  const display = doc.front.filter((s) => DISPLAY_KINDS.has(s.kind));
  const front = doc.front.filter((s) => !DISPLAY_KINDS.has(s.kind));
  for (const section of display) out.push(renderDisplay(section, state));

  // The contents are written after the units they list so that their labels are known; the markup
  // is assembled in reading order at the end.
  const frontMarkup = front.map((section) => renderSection(section, state, toc, true));
  const bodyMarkup: string[] = [];
  doc.body.forEach((division, i) => {
    bodyMarkup.push(renderDivision(division, state, toc, i > 0));
  });
  const backMarkup = doc.back.map((section) => renderSection(section, state, toc, true));

  if (toc.length > 0) out.push(renderContents(doc, toc));
  out.push(...frontMarkup);
  if (bodyMarkup.length > 0) {
    // Arabic folios start at 1 on the first recto of the body (Chicago 1.6); without roman front
    // matter folios the arabic count runs on from the first page (APA 7th ed. 2.18: the title page is 1).
    out.push(layout.romanFrontMatterFolios ? '#quire-new-unit()\n#set page(numbering: "1")\n#counter(page).update(1)' : '#quire-new-unit()');
    out.push(...bodyMarkup);
  }
  out.push(...backMarkup);
  return `${out.join('\n\n')}\n`;
}

/** The title page's verso: publisher, year and ISBN when the book has them; otherwise it stays blank. */
function editionNotice(doc: BookDocument): string {
  const { meta } = doc;
  const lines: string[] = [];
  if (meta.publisher?.trim()) lines.push(escapeTypst(meta.publisher.trim()));
  if (meta.publicationYear) lines.push(escapeTypst(String(meta.publicationYear)));
  if (meta.isbn?.trim()) lines.push(`ISBN ${escapeTypst(meta.isbn.trim())}`);
  return lines.join(' #linebreak() ');
}

function renderContents(doc: BookDocument, toc: readonly TocEntry[]): string {
  const lines = [`#quire-new-unit()`, `#quire-section[${escapeTypst(contentsTitle(doc.meta.language))}]`, '#quire-unit-opened()'];
  for (const entry of toc) lines.push(`#quire-toc-entry(${entry.level}, <${entry.label}>, [${entry.title}])`);
  return lines.join('\n\n');
}

/** A dedication or epigraph: its own page, text centred in italics, no printed title, not in the contents. */
function renderDisplay(section: Section, state: TypstState): string {
  return `#quire-new-unit()\n\n#quire-display[\n${renderBlocks(section.blocks, state)}\n]\n\n#quire-display-opened()`;
}

function renderSection(section: Section, state: TypstState, toc: TocEntry[], newUnit: boolean): string {
  const label = nextLabel(state, 'quire-d');
  // An untitled section (text before the first heading) is read in place but has no entry in the contents.
  if (inlineText(section.title).trim() !== '') toc.push({ level: 1, label, title: renderTitleCopy(section.title, state) });
  return [
    newUnit ? '#quire-new-unit()' : '',
    `#quire-section[${renderInlines(section.title, state)}]<${label}>`,
    unitOpened(section.title, state),
    renderBlocks(section.blocks, state),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A title that already says its number: `Chapter 4`, `CHAPTER IV.`, `IV. The Storm`, `12`. */
const NUMBERED_TITLE = /^\s*(?:chapter|chap\.|book|part|letter|[IVXLCDM]+(?:[.:]|\s*$)|\d+\b)/i;

/** Lower-case roman numeral of 1-3999, e.g. 14 -> `xiv`. */
function roman(n: number): string {
  const table: Array<[number, string]> = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let rest = n;
  let out = '';
  for (const [value, letters] of table) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

/**
 * Typst argument for the number printed above a chapter's title (spec `chapterNumberStyle`): `[CHAPTER IV]`,
 * `[Chapter 4]`, or `none` when the style is `none` or the title already carries its number (Gutenberg's
 * `CHAPTER IV.` titles would otherwise say it twice). Chapters are counted in reading order through the body.
 */
function chapterNumber(chapter: Chapter, state: TypstState): string {
  state.chapterCount.value += 1;
  const style = state.layout.chapterNumberStyle;
  if (style === 'none' || NUMBERED_TITLE.test(inlineText(chapter.title))) return 'none';
  const n = state.chapterCount.value;
  return style === 'roman' ? `[CHAPTER ${roman(n).toUpperCase()}]` : `[Chapter ${n}]`;
}

function renderChapter(chapter: Chapter, state: TypstState, toc: TocEntry[], inPart: boolean, newUnit: boolean): string {
  const label = nextLabel(state, 'quire-d');
  toc.push({ level: inPart ? 2 : 1, label, title: renderTitleCopy(chapter.title, state) });
  return [
    newUnit ? '#quire-new-unit()' : '',
    `#quire-chapter(${inPart ? 2 : 1}, ${chapterNumber(chapter, state)})[${renderInlines(chapter.title, state)}]<${label}>`,
    unitOpened(chapter.title, state),
    renderBlocks(chapter.blocks, state),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Markup after a unit's title: its pages now carry furniture, its title is what a `chapter-title` running
 * head shows (a copy without footnote marks), and its footnotes are numbered from 1.
 */
function unitOpened(title: readonly Inline[], state: TypstState): string {
  return `#quire-unit-opened() #quire-chapter-title.update([${renderTitleCopy(title, state)}]) #counter(footnote).update(0)`;
}

/** A part: its own recto page (title and any introductory blocks), then its chapters. */
function renderDivision(division: Division, state: TypstState, toc: TocEntry[], newUnit: boolean): string {
  if (division.type === 'chapter') return renderChapter(division, state, toc, false, newUnit);
  const label = nextLabel(state, 'quire-d');
  toc.push({ level: 0, label, title: renderTitleCopy(division.title, state) });
  const parts = [
    newUnit ? '#quire-new-unit()' : '',
    `#quire-part[${renderInlines(division.title, state)}]<${label}>`,
    unitOpened(division.title, state),
    renderBlocks(division.blocks, state),
    ...division.chapters.map((chapter) => renderChapter(chapter, state, toc, true, true)),
  ];
  return parts.filter(Boolean).join('\n\n');
}
