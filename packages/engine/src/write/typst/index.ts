/**
 * Typst writer: BookDocument + Layout -> Typst markup for a print book (compiled to PDF by `pdf.ts`).
 *
 * Order of the book (Chicago Manual of Style 17th ed. 1.4, "order of parts"):
 * half title (recto), blank verso, title page (recto: title, subtitle, author, translator and editor, edition) and
 * its verso (copyright page: rights, source, publisher, ISBN, printing line; `imprint.ts`), dedication and epigraph, table of
 * contents, the other front sections (foreword, preface, introduction...), the body (parts and chapters,
 * page 1 on its first recto), the back matter. Every unit opens on a new page, a recto when
 * `layout.chapterOpensRecto` (KDP and Chicago 1.5); chapters after the first follow on the same page when
 * `layout.chapterBreak` is `line-break` or `decorative`.
 * Academic papers (`layout.academic`, `academic.ts`) open with their guide's title page (or MLA's heading
 * block), the abstract on its own page, then the text; contents only when the guide asks for them.
 * A chapter's first paragraph carries the layout's drop capital and small-caps lead-in (`opening.ts`).
 *
 * Capabilities:
 * - [X] paragraphs, sub-headings, scene breaks, verse, block quotes, lists, footnotes
 * - [X] drop caps, small-caps lead-ins, dialogue punctuation (`dialogue.ts`), hyphenation in the book's language
 * - [X] running heads, folios, table of contents with page numbers, PDF bookmarks
 * - [X] figures: the book's image (`BookDocument.assets`, read by the compiler from the files `pdf.ts` /
 *   `compile.ts` map in) at most the text block wide and 60 % of the page high, with its caption; a figure
 *   without an asset prints its caption (or alt text) only; numbered or sized figures never break from their
 *   caption (`figures.ts`)
 * - [X] tables (`tables.ts`): header repeated across pages, spans, APA or book styling, shrunk to 8 pt or turned
 *   on their side when too wide; equations from TeX (`math.ts`, `equations.ts`) in an OpenType math font, numbered
 *   `(4)`; code in the monospace face; cross-references linked to their labels; page breaks
 * - [X] diagnostics (`opts.diagnostics`): tables shrunk or turned, equations kept as TeX, unresolved references
 * - [-] links: text only (a printed page cannot be clicked)
 */
import { inlineText, type BookDocument, type Inline, type Chapter, type Division, type Section, type SectionKind } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import { EngineError } from '../../errors.ts';
import { isAbstract, renderPaperOpening } from './academic.ts';
import { renderBlocks } from './blocks.ts';
import { balancesSpreads, balanceTrailer } from './balance.ts';
import { contentsPlan } from '../contents-plan.ts';
import { chapterHeadTitle, chapterHeading, chapterNavigationTitle, isNumberedChapter } from '../layout-text.ts';
import { FILE_BREAK, PREAMBLE_END } from './files.ts';
import { headWords } from './furniture.ts';
import { escapeTypst, typstStringLiteral } from './escape.ts';
import { isShippedFamily, LAYOUT_FONT_FIELDS } from './fonts.ts';
import { renderInlines, renderTitleCopy } from './inlines.ts';
import { renderOpeningParagraph } from './opening.ts';
import { createState, nextLabel, type TypstState } from './state.ts';
import { contentsTitle, typstTemplate } from './template.ts';
import { copyrightPageLines, titlePageText } from '../imprint.ts';
import type { Diagnostics } from '../../model/diagnostics.ts';
import { numberingFor } from '../numbering.ts';

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
 * - `opts.balanceSpreads`: for a two-sided book, mark the paragraphs of running text so that `typesetTypst` makes
 *   facing pages end at the same depth (`balance.ts`; a second compile of the changed chapters, about 1.4 times the
 *   CPU time of one). Default true; false gives one compile (previews of a book's opening, measurements).
 * - `opts.diagnostics`: the collector to add to what the writer had to change or could not keep (a table shrunk
 *   or turned, an equation kept as its TeX, an unresolved cross-reference); a private one when absent.
 * Returns a self-contained Typst source (no imports, no files) for Typst 0.14, with comment lines where `compile.ts`
 * splits it into a file per chapter (`files.ts`).
 * @throws EngineError `WRITE_FAILED` when the layout names a font family that Quire does not ship.
 */
export function writeTypst(doc: BookDocument, layout: Layout, opts: { balanceSpreads?: boolean; diagnostics?: Diagnostics } = {}): string {
  for (const field of LAYOUT_FONT_FIELDS) {
    const family = layout[field];
    if (!isShippedFamily(family)) {
      throw new EngineError(
        'WRITE_FAILED',
        `The print layout "${layout.name}" uses the font "${family}" (${field}), which is not available for PDF export.`,
      );
    }
  }
  const state = createState(doc, layout, opts.balanceSpreads !== false && balancesSpreads(layout), opts.diagnostics);
  const toc: TocEntry[] = [];
  // The template's definitions end here: chapter files import them (`files.ts`).
  const out: string[] = [typstTemplate(doc.meta, layout), PREAMBLE_END];
  const templateParts = out.length;
  const { academic } = layout;
  const abstract = academic?.abstract ? doc.front.find(isAbstract) : undefined;

  if (academic) {
    out.push(renderPaperOpening(doc, academic));
    if (abstract) out.push(renderAbstract(abstract, state));
  } else {
    out.push(...bookOpening(doc, layout));
  }

  const display = doc.front.filter((s) => DISPLAY_KINDS.has(s.kind));
  const front = doc.front.filter((s) => !DISPLAY_KINDS.has(s.kind) && s !== abstract);
  for (const section of display) out.push(renderDisplay(section, state));

  // The contents are written after the units they list so that their labels are known; the markup
  // is assembled in reading order at the end.
  const frontMarkup = front.map((section) => renderSection(section, state, toc, true));
  const bodyMarkup: string[] = [];
  doc.body.forEach((division, i) => {
    bodyMarkup.push(renderDivision(division, state, toc, i > 0, doc.body[i - 1]));
  });
  const backMarkup = doc.back.map((section) => renderSection(section, state, toc, true));

  // Papers have contents only when their guide asks for them (Harvard theses; not APA, MLA or Chicago papers).
  if (toc.length > 0 && (!academic || academic.tableOfContents)) out.push(renderContents(doc, toc));
  out.push(...frontMarkup);
  if (bodyMarkup.length > 0) {
    // Arabic folios start at 1 on the first recto of the body (Chicago 1.6); without roman front
    // matter folios the arabic count runs on from the first page (APA 7th ed. 2.18: the title page is 1).
    // MLA's text follows its heading block on the first page (MLA Handbook 9th ed. 1.3).
    const mlaFirstPage = academic?.titlePage === 'none' && out.length === templateParts + 1 && frontMarkup.length === 0;
    if (layout.romanFrontMatterFolios) out.push('#quire-new-unit()\n#set page(numbering: "1")\n#counter(page).update(1)');
    else if (!mlaFirstPage) out.push('#quire-new-unit()');
    out.push(...bodyMarkup);
  }
  const endnotes = renderEndnotes(state);
  if (endnotes) out.push(endnotes);
  out.push(...backMarkup);
  // Last: the paragraph marks' positions, which the spread balancing of two-sided books reads (`balance.ts`).
  if (state.balanceSpreads) out.push(balanceTrailer(layout));
  return `${out.join('\n\n')}\n`;
}

/**
 * The Notes section of a paper whose notes are endnotes (MLA Handbook 9th ed. 1.8: on a new page after the text,
 * before the works-cited list, titled "Notes" and centred; each note's first line indented, its number
 * superscript). Empty when there are none.
 */
function renderEndnotes(state: TypstState): string {
  const notes = state.endnotes;
  if (!notes || notes.bodies.length === 0) return '';
  const entries = notes.bodies.map((body, i) => `#block(width: 100%)[#set par(first-line-indent: (amount: quire-indent, all: true)); #super[${i + 1}]#h(0.15em)${body}]`);
  // Centred and plain, like the works-cited title, whatever the guide's section-heading levels say.
  const title = '#block(width: 100%, below: quire-line, align(center, par(first-line-indent: 0pt, heading(level: 1, outlined: false, bookmarked: true, text(size: 1em, weight: "regular")[Notes]))))';
  return ['#quire-new-unit()', title, ...entries].join('\n\n');
}

/**
 * A book's opening pages (Chicago Manual of Style 17th ed. 1.4, 1.17-1.20): the half title (title alone) on
 * the first recto, a blank verso, the title page (title, subtitle, author, the translator's and editor's credits,
 * the edition: `imprint.ts`) on the next recto, and the copyright page on its verso.
 */
function bookOpening(doc: BookDocument, layout: Layout): string[] {
  const page = titlePageText(doc.meta);
  const optional = (text: string | undefined) => (text ? `[${escapeTypst(text)}]` : 'none');
  const credits = page.credits.map((c) => `[${escapeTypst(c)}]`);
  return [
    `#quire-half-title[${escapeTypst(doc.meta.title)}]`,
    layout.chapterOpensRecto ? '#pagebreak(to: "odd")' : '#pagebreak()',
    `#quire-title-page([${escapeTypst(doc.meta.title)}], [${escapeTypst(doc.meta.author)}], subtitle: ${optional(page.subtitle)}, ` +
      `credits: (${credits.join(', ')}${credits.length === 1 ? ',' : ''}), edition: ${optional(page.edition)})`,
    `#pagebreak()\n#quire-edition-notice[${editionNotice(doc)}]`,
  ];
}

/** A paper's abstract: its own page after the title page, its title a level-1 heading (APA 7th ed. 2.9). */
function renderAbstract(section: Section, state: TypstState): string {
  return [
    '#quire-new-unit()',
    `#quire-abstract([${renderInlines(section.title, state)}], [\n${renderBlocks(section.blocks, state)}\n])`,
    '#quire-unit-opened()',
  ].join('\n\n');
}

/**
 * The copyright page (Chicago 1.19-1.22, `imprint.ts`): the full title in italics and the author, the credits and
 * edition, the rights, the source of the text, publisher and ISBN, the printing line; a blank line between groups.
 */
function editionNotice(doc: BookDocument): string {
  return copyrightPageLines(doc.meta, { print: true })
    .map((group) => group.map((line) => (line.italic ? `#emph[${escapeTypst(line.text)}]` : escapeTypst(line.text))).join(' #linebreak() '))
    .join(' #linebreak() #linebreak() ');
}

/**
 * The contents page (Chicago 1.42): its title, then one `quire-toc-entry` per entry, after which its
 * continuation pages carry folios but no running heads. A long contents is set compactly (`contents-plan.ts`):
 * the parts only, or two columns.
 */
function renderContents(doc: BookDocument, toc: readonly TocEntry[]): string {
  const lines = [`#quire-new-unit()`, `#quire-section[${escapeTypst(contentsTitle(doc.meta.language))}]`, '#quire-unit-opened(heads: false)'];
  const plan = contentsPlan(toc);
  const listed = plan === 'parts' ? toc.filter((e) => e.level < 2) : toc;
  const entries = listed.map((entry) => `#quire-toc-entry(${entry.level}, <${entry.label}>, [${entry.title}])`);
  if (plan === 'columns') lines.push(`#quire-toc-columns[\n${entries.join('\n\n')}\n]`);
  else lines.push(...entries);
  return lines.join('\n\n');
}

/** A dedication or epigraph: its own page, text centred in italics, no printed title, not in the contents. */
function renderDisplay(section: Section, state: TypstState): string {
  return `#quire-new-unit()\n\n#quire-display[\n${renderBlocks(section.blocks, state)}\n]\n\n#quire-display-opened()`;
}

function renderSection(section: Section, state: TypstState, toc: TocEntry[], newUnit: boolean): string {
  const label = nextLabel(state, 'quire-d');
  // An untitled section (text before the first heading) is read in place, with no title (an empty title would
  // still get its sink and a decorated layout's ornament) and no entry in the contents.
  const titled = inlineText(section.title).trim() !== '';
  state.where.value = inlineText(section.title).trim();
  if (titled) toc.push({ level: 1, label, title: renderTitleCopy(section.title, state) });
  return [
    newUnit ? '#quire-new-unit()' : '',
    titled ? `#quire-section(longest: ${longestWord(section.title)})[${renderInlines(section.title, state)}]<${label}>` : '',
    refAnchor(section, state),
    unitOpened(section.title, state),
    renderBlocks(section.blocks, state, true),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A chapter's heading as set (`layout-text.ts` `chapterHeading`, spec `chapterNumberStyle`): the Typst argument
 * for the number line above the title (`[CHAPTER IV]`, `[Chapter 4]`, or `none`; the chapter's own label in
 * the layout's style when it has one) and the title's inlines. Chapters are counted in reading order through
 * the body.
 */
function chapterParts(chapter: Chapter, state: TypstState): { number: string; title: Inline[] } {
  if (isNumberedChapter(chapter.kind)) state.chapterCount.value += 1;
  const parts = chapterHeading(chapter, state.layout.chapterNumberStyle, state.chapterCount.value);
  return { number: parts.number === undefined ? 'none' : `[${escapeTypst(parts.number)}]`, title: parts.title };
}

/**
 * How a chapter begins: `page` on a new page (a recto when the layout says so), `continued` on the same page
 * after the layout's break (`chapterBreak` `line-break` or `decorative`), `run-on` on the same page after two
 * blank lines (a short piece of a collection, `piecesRunOn`), `none` where the page was already turned (the first
 * chapter of the body or of a part).
 */
type ChapterStart = 'page' | 'continued' | 'run-on' | 'none';

function renderChapter(chapter: Chapter, state: TypstState, toc: TocEntry[], inPart: boolean, start: ChapterStart): string {
  const label = nextLabel(state, 'quire-d');
  // The contents show label and title (`Chapter I: Down the Rabbit-Hole`), the running head the title alone.
  toc.push({ level: inPart ? 2 : 1, label, title: renderTitleCopy(chapterNavigationTitle(chapter), state) });
  const continued = start === 'continued' || start === 'run-on';
  const [first, ...rest] = chapter.blocks;
  const opening = first ? renderOpeningParagraph(first, state) : undefined;
  const startMarkup = { page: '#quire-new-unit()', continued: '#quire-chapter-break()', 'run-on': '#v(2 * quire-line, weak: true)', none: '' };
  // The paragraph after a drop-capped opening is indented as usual, even when the opening ended beside the
  // capital (template quire-indent-after-cap).
  const [second, ...others] = rest;
  const afterCap =
    opening?.startsWith('#quire-drop-cap') && second?.type === 'paragraph' && !second.role
      ? `#quire-indent-after-cap()${renderBlocks([second], state, true)}\n\n${renderBlocks(others, state, true)}`
      : undefined;
  const heading = chapterParts(chapter, state);
  state.where.value = inlineText(chapterNavigationTitle(chapter)).replace(/\s+/g, ' ').trim();
  return [
    FILE_BREAK,
    startMarkup[start],
    `#quire-chapter(${inPart ? 2 : 1}, ${heading.number}, longest: ${longestWord(heading.title)}${continued ? ', continued: true' : ''})[${renderInlines(heading.title, state)}]<${label}>`,
    refAnchor(chapter, state),
    unitOpened(heading.title, state, continued),
    opening ?? '',
    afterCap ?? renderBlocks(opening ? rest : chapter.blocks, state, true),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * How a chapter after the first of its run begins: a short piece after another piece runs on when the book's
 * pieces do (`piecesRunOn`), else the layout's `chapterBreak` decides.
 */
function laterChapterStart(state: TypstState, chapter?: Chapter, previous?: Division): ChapterStart {
  if (state.piecesRunOn && chapter?.kind === 'piece' && previous?.type === 'chapter' && previous.kind === 'piece') return 'run-on';
  return state.layout.chapterBreak === 'page-break' ? 'page' : 'continued';
}

/** The longest word of a title as a Typst string literal (the template sets a title smaller rather than let that word overflow). */
function longestWord(title: readonly Inline[]): string {
  const words = inlineText(title).split(/\s+/u);
  return typstStringLiteral(words.reduce((a, b) => ([...b].length > [...a].length ? b : a), ''));
}

/** Longest running head taken from a title, in characters; a longer title is cut at a word and ends in an ellipsis. */
const RUNNING_HEAD_MAX_CHARS = 40;

/**
 * The words a `chapter-title` running head shows, as a Typst array (`furniture.ts` `headWords`): the title
 * without its chapter label (`layout-text.ts` `chapterHeadTitle`: "Down the Rabbit-Hole", not "CHAPTER I. Down
 * the Rabbit-Hole"), plain text, cut at a word with an ellipsis when longer than {@link RUNNING_HEAD_MAX_CHARS}.
 */
function runningHeadCopy(title: readonly Inline[]): string {
  const plain = chapterHeadTitle(inlineText(title));
  if ([...plain].length <= RUNNING_HEAD_MAX_CHARS) return headWords(plain);
  const cut = plain.slice(0, RUNNING_HEAD_MAX_CHARS + 1);
  const space = cut.lastIndexOf(' ');
  return headWords(`${(space > 0 ? cut.slice(0, space) : cut.slice(0, RUNNING_HEAD_MAX_CHARS)).replace(/[\s,;:.-]+$/u, '')}…`);
}

/**
 * Markup after a unit's title: its pages now carry furniture, its title is what a `chapter-title` running
 * head shows (a copy without footnote marks), and its footnotes are numbered from 1. A chapter that continues
 * on the page of the one before does not make that page an opening page: it keeps its running head and folio.
 */
function unitOpened(title: readonly Inline[], state: TypstState, continued = false): string {
  return `${continued ? '' : '#quire-unit-opened() '}#quire-chapter-title.update(${runningHeadCopy(title)}) #counter(footnote).update(0)`;
}

/**
 * A landing place for cross-references to a chapter or section the author gave an id (`# Results {#sec:results}`)
 * or that a link names by its title (`[](#results)`): an invisible metadata element carrying the numbering's
 * anchor as its label, set just after the unit's title.
 */
function refAnchor(unit: { refId?: string }, state: TypstState): string {
  const numbering = numberingFor(state.doc, state.layout);
  const target = unit.refId !== undefined ? numbering.target(unit.refId) : numbering.headingTarget(unit);
  return target ? `#metadata("ref")<${target.anchor}>` : '';
}

/** A part: its own recto page (title and any introductory blocks), then its chapters. */
function renderDivision(division: Division, state: TypstState, toc: TocEntry[], newUnit: boolean, previous?: Division): string {
  if (division.type === 'chapter') return renderChapter(division, state, toc, false, newUnit ? laterChapterStart(state, division, previous) : 'none');
  const label = nextLabel(state, 'quire-d');
  toc.push({ level: 0, label, title: renderTitleCopy(division.title, state) });
  const parts = [
    FILE_BREAK,
    newUnit ? '#quire-new-unit()' : '',
    `#quire-part(longest: ${longestWord(division.title)})[${renderInlines(division.title, state)}]<${label}>`,
    refAnchor(division, state),
    unitOpened(division.title, state),
    renderBlocks(division.blocks, state),
    // The first chapter of a part opens on a new page after the part's title page.
    ...division.chapters.map((chapter, i) =>
      renderChapter(chapter, state, toc, true, i === 0 ? 'page' : laterChapterStart(state, chapter, division.chapters[i - 1])),
    ),
  ];
  return parts.filter(Boolean).join('\n\n');
}
