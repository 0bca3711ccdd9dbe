/**
 * The pages and headings of an academic paper (`layout.academic`), as Typst definitions and markup:
 * - title pages: APA student and professional (APA Publication Manual 7th ed. 2.3: three or four double-spaced
 *   lines down, title bold and centred, a blank line, then the author and the paper's other elements, centred),
 *   Chicago/Turabian (Turabian 9th ed. A.2.1: title a third of the way down, name and date lower down), Harvard
 *   (title, author and date centred on the page); MLA has none but a heading block (MLA Handbook 9th ed. 1.3:
 *   name, then the date, flush left on the first page, the title centred below it, the text following);
 * - the abstract on its own page after the title page, "Abstract" bold and centred, its paragraph not indented
 *   (APA 7th ed. 2.9);
 * - section headings by level from `academic.headingLevels` (APA 7th ed. 2.27, Table 2.3: levels 4 and 5 run
 *   in, ending with a period). Titles are set as typed: Title Case and sentence case are the author's to type;
 *   `uppercase` is applied.
 * The lines under the title come from `paperLines` (the book's author and `meta.paper`, in each guide's order);
 * elements the user left empty are left out.
 */
import { inlineText, type BookDocument, type Section } from '../../model/book-document.ts';
import type { AcademicLayout, HeadingLevelStyle, Layout } from '../../layout/layout.ts';
import { paperLines } from '../paper-lines.ts';
import { escapeTypst } from './escape.ts';

/** A heading level style as a Typst dictionary literal. */
function levelLiteral(level: HeadingLevelStyle): string {
  return `(align: "${level.align}", bold: ${level.bold}, italic: ${level.italic}, upper: ${level.case === 'uppercase'}, run-in: ${level.runIn})`;
}

/**
 * Typst definitions of the academic pages and headings: `quire-academic` (whether the layout is a paper),
 * `quire-academic-heading(level, body)`, `quire-academic-title-page`, `quire-heading-block`, `quire-abstract`.
 * For a book layout only `quire-academic = false` and an empty level list.
 */
export function academicDefinitions(layout: Layout): string {
  const academic = layout.academic;
  const levels = academic ? academic.headingLevels.map(levelLiteral) : [];
  return `#let quire-academic = ${academic ? 'true' : 'false'}
#let quire-academic-levels = (${levels.join(', ')}${levels.length === 1 ? ',' : ''})
// A section heading of a paper at level (1-based, clamped to the levels the style guide defines), in the body
// size: bold and/or italic, centred, flush left or indented like a paragraph; run-in levels are set by
// quire-run-in-heading at the start of their paragraph.
#let quire-academic-style(level, body) = {
  let s = quire-academic-levels.at(calc.min(level, quire-academic-levels.len()) - 1)
  let body = if s.upper { upper(body) } else { body }
  text(weight: if s.bold { "bold" } else { "regular" }, style: if s.italic { "italic" } else { "normal" }, hyphenate: false, body)
}
#let quire-academic-heading(level, body, outlined: false) = {
  let s = quire-academic-levels.at(calc.min(level, quire-academic-levels.len()) - 1)
  let title = heading(level: level, outlined: outlined, bookmarked: true, quire-academic-style(level, body))
  let side = if s.align == "center" { center } else { left }
  block(width: 100%, above: quire-line, below: quire-line, sticky: true,
    align(side, par(justify: false, first-line-indent: 0pt, if s.align == "indent" { h(quire-indent) + title } else { title })))
}
#let quire-academic-is-run-in(level) = quire-academic-levels.len() > 0 and quire-academic-levels.at(calc.min(level, quire-academic-levels.len()) - 1).run-in
// APA levels 4 and 5: the heading ends with a period and the paragraph goes on after it on the same line.
#let quire-run-in-heading(level, body) = box(heading(level: level, outlined: false, bookmarked: true, quire-academic-style(level, body + [.])))
#let quire-academic-title-page(kind, title, lines) = {
  set par(justify: false, first-line-indent: 0pt)
  if kind == "chicago" {
    v(30%)
    align(center, text(weight: "bold", hyphenate: false, title))
    v(1fr)
    align(center, lines.join(linebreak()))
    v(20%)
  } else if kind == "harvard" {
    v(1fr)
    align(center, text(weight: "bold", hyphenate: false, title))
    v(2 * quire-line)
    align(center, lines.join(linebreak()))
    v(1fr)
  } else {
    v(3 * quire-line)
    align(center, text(weight: "bold", hyphenate: false, title))
    v(quire-line)
    align(center, lines.join(linebreak()))
  }
}
// MLA's heading block and title on the first page (MLA Handbook 9th ed. 1.3): double-spaced like the text.
#let quire-heading-block(title, lines) = {
  set par(justify: false, first-line-indent: 0pt)
  for line in lines { par(line) }
  align(center, par(text(hyphenate: false, title)))
}
#let quire-abstract(title, body) = {
  quire-academic-heading(1, title)
  set par(first-line-indent: 0pt)
  body
}
`;
}

/** Whether a front section is a paper's abstract: its title is "Abstract" (APA 7th ed. 2.9). */
export function isAbstract(section: Section): boolean {
  return /^\s*abstract\s*$/i.test(inlineText(section.title));
}

/** The lines under the title as Typst content literals. */
function paperLineMarkup(doc: BookDocument, academic: AcademicLayout): string[] {
  return paperLines(doc.meta, academic.guide).map((line) => `[${escapeTypst(line)}]`);
}

/**
 * Markup of a paper's opening: its title page and the page break after it, or MLA's heading block (no page
 * break: the text follows on the first page). `academic.titlePage` chooses.
 */
export function renderPaperOpening(doc: BookDocument, academic: AcademicLayout): string {
  const title = `[${escapeTypst(doc.meta.title)}]`;
  const markup = paperLineMarkup(doc, academic);
  const lines = `(${markup.join(', ')}${markup.length === 1 ? ',' : ''})`;
  if (academic.titlePage === 'none') return `#quire-heading-block(${title}, ${lines})`;
  const kind = academic.titlePage === 'chicago' || academic.titlePage === 'harvard' ? academic.titlePage : 'apa';
  return `#quire-academic-title-page("${kind}", ${title}, ${lines})`;
}
