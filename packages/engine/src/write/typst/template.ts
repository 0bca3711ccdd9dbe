/**
 * The Typst template of a print book: page geometry, type, page furniture (running heads, folios) and
 * the `quire-*` functions the block and inline handlers call. Everything is derived from the
 * {@link Layout}; user strings (title, author) arrive escaped.
 *
 * Type: the body in `layout.fontFamily`; chapter, part and section titles, sub-headings, running heads and
 * the title page in `layout.headingFontFamily` (both registry families, `layout/fonts.ts`), with
 * `fallback: false` so that no host font is ever used.
 *
 * Page furniture rules (Chicago Manual of Style 17th ed. 1.10-1.11), with the contents and positions of
 * the layout (`furniture.ts`: `runningHeadVerso`/`Recto`/`Case`, `folioPosition`, `folioOnOpeningPage`):
 * - running heads: none on the title page and its verso, on opening pages (chapters, parts, sections,
 *   contents) and on blank pages; academic papers repeat theirs beside the page number on every page;
 * - folios: roman in the front matter when `romanFrontMatterFolios` (arabic from 1 at the first body page),
 *   else arabic from the title page; none on the title page, its verso and blank pages (academic papers
 *   that number the title page excepted); on opening pages only with `folioOnOpeningPage`, where a book's
 *   top folio drops to the bottom centre;
 * - blank versos left by a recto opening carry nothing at all.
 *
 * How furniture knows what page it is on: the text carries marks (`<quire-mark>` metadata) where a unit ends
 * ("break", on its last page, just before the recto page break), where a unit's title has been set ("open") and
 * where a display page begins ("off"). Header and footer classify their page p by the marks up to and including
 * p's (`quire-page-kind`): the last "open" on p -> opening page; a "break" after it on an earlier page ->
 * blank page; "off" (and everything before the first unit) -> title page, its verso or a display page;
 * otherwise a body page. Marks are read where the layout put them, so the furniture settles in Typst's
 * second layout pass; the page kinds are computed once per pass, not once per page.
 */
import type { BookMeta } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import { lineHeightMultiple } from '../../layout/line-spacing.ts';
import { pageSizeWithBleed } from '../../layout/trim-sizes.ts';
import { escapeTypst, typstStringLiteral } from './escape.ts';
import { academicDefinitions } from './academic.ts';
import { blockContentDefinitions } from './block-content.ts';
import { furnitureDefinitions } from './furniture.ts';
import { typographyDefinitions } from './typography.ts';

/** A length in inches as Typst source, e.g. `0.76in`. */
function inches(value: number): string {
  return `${round(value)}in`;
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}

/**
 * Typst `lang`/`region` arguments from a BCP 47 tag (`en`, `en-GB`, `de-1901`). Typst takes an ISO 639
 * code of two or three letters and an ISO 3166 region of two; anything else falls back to Typst's
 * default (`en`) rather than failing the whole book. The language drives hyphenation patterns.
 */
export function typstLanguage(tag: string): { lang: string; region?: string } {
  const [lang = '', ...rest] = tag.trim().split(/[-_]/);
  if (!/^[a-z]{2,3}$/i.test(lang)) return { lang: 'en' };
  const region = rest.find((sub) => /^[a-z]{2}$/i.test(sub));
  return region ? { lang: lang.toLowerCase(), region: region.toUpperCase() } : { lang: lang.toLowerCase() };
}

/** Heading of the table of contents in the book's language (default English). */
export function contentsTitle(tag: string): string {
  const titles: Record<string, string> = {
    en: 'Contents',
    de: 'Inhalt',
    fr: 'Table des matières',
    es: 'Índice',
    it: 'Indice',
    pt: 'Sumário',
    nl: 'Inhoud',
  };
  return titles[typstLanguage(tag).lang] ?? 'Contents';
}

/**
 * The preamble of the Typst source: set rules and helper functions for one book.
 * Units: the layout's inches and points are written as Typst `in` and `pt`; vertical rhythm is in
 * multiples of the line height (`quire-line`).
 */
export function typstTemplate(meta: BookMeta, layout: Layout): string {
  const { lang, region } = typstLanguage(meta.language);
  // Bleed (KDP "Set Trim Size, Bleed, and Margins"): the page grows by the bleed on the top, bottom and
  // outside edges, never the binding edge, and the margins grow with it so that the text block keeps
  // its place on the trimmed page.
  const bleed = layout.bleedIn;
  const page = pageSizeWithBleed(layout);
  const margin = layout.mirrorMargins
    ? `(inside: ${inches(layout.marginInsideIn)}, outside: ${inches(layout.marginOutsideIn + bleed)}, top: ${inches(layout.marginTopIn + bleed)}, bottom: ${inches(layout.marginBottomIn + bleed)})`
    : `(left: ${inches(layout.marginInsideIn)}, right: ${inches(layout.marginOutsideIn + bleed)}, top: ${inches(layout.marginTopIn + bleed)}, bottom: ${inches(layout.marginBottomIn + bleed)})`;
  // Header and footer lines are one body em tall (the text edges below); their outer edges sit
  // `headerDistanceIn` / `footerDistanceIn` from the trim edge, which Typst takes as the distance
  // between the furniture line and the text block (`header-ascent`, `footer-descent`).
  const lineIn = layout.fontSizePt / 72;
  const headerAscent = Math.max(0, layout.marginTopIn - layout.headerDistanceIn - lineIn);
  const footerDescent = Math.max(0, layout.marginBottomIn - layout.footerDistanceIn - lineIn);
  // Line height: the layout gives the baseline-to-baseline distance as a multiple of the font size
  // (1.15 x 11 pt = 12.65 pt). Typst measures `leading` from the bottom edge of one line to the top
  // edge of the next, so each line box is made exactly 1 em tall (top edge 0.8 em above the baseline,
  // bottom edge 0.2 em below) and the leading is the rest: (lineHeight - 1) em. Every line of body
  // text then sits exactly `lineHeight` em below the previous one, whatever glyphs it holds. Academic
  // layouts multiply the font's own single line instead, as a word processor does (`line-spacing.ts`).
  const leadingEm = round(Math.max(0, lineHeightMultiple(layout) - 1));
  // Widows, orphans and facing pages: both are refused (Bringhurst, The Elements of Typographic Style 2.4.8), and
  // Typst's cure, a page run a line short, leaves uneven spreads. Every gap between blocks (quotations, verse,
  // lists, scene breaks, sub-headings, a letter's lines) is a whole number of lines (quire-skip, quire-par-gap), so
  // that the text keeps one baseline grid and facing pages differ by whole lines only (Pride and Prejudice in
  // Classic Literature: 66 -> 57 uneven spreads of 148). Typst costs are on or off, and turning either one off lets
  // widows through as well, so a single pass has no better setting: a second compile makes a paragraph of each
  // short page a line longer (`balance.ts`: 57 -> 3), for about 1.4 times the CPU time of one (`files.ts`). Measured and
  // left aside: shortening the full page instead (a one-line bottom float) moves the problem down the chapter (66 ->
  // 58 after three more compiles); extra tracking is absorbed by justification (3 of 52 fixed); stretching the gaps
  // between paragraphs (`v(1fr)`) loses the grid and opens visible gaps.
  const title = escapeTypst(meta.title);
  // Hyphenation with the patterns of the book's language (Typst's \`lang\`), on for justified text when the
  // layout asks for it; ragged text (APA 2.23, MLA 1.2) is never hyphenated.
  const hyphenate = layout.hyphenate && layout.justify;
  const recto = layout.chapterOpensRecto ? 'true' : 'false';
  return `// Quire print template: ${escapeComment(layout.name)} (${escapeComment(layout.id)})
#set document(title: [${title}]${meta.author.trim() ? `, author: ${typstStringLiteral(meta.author)}` : ''})
#set text(font: ${typstStringLiteral(layout.fontFamily)}, fallback: false, size: ${layout.fontSizePt}pt, lang: "${lang}"${region ? `, region: "${region}"` : ''},
  hyphenate: ${hyphenate ? 'true' : 'false'}, top-edge: 0.8em, bottom-edge: -0.2em, overhang: false, costs: (widow: 100%, orphan: 100%))
#set par(justify: ${layout.justify ? 'true' : 'false'}, leading: ${leadingEm}em, spacing: ${leadingEm}em + ${layout.paragraphSpacingPt}pt,
  first-line-indent: (amount: ${layout.paragraphIndentEm}em, all: ${layout.indentFirstParagraph ? 'true' : 'false'}))
#let quire-line = ${round(1 + leadingEm)}em
#let quire-indent = ${layout.paragraphIndentEm}em
// Space between blocks that keeps the baseline grid (facing pages back up line for line): the baseline after
// a gap of quire-skip stands two lines below the one before it (one blank line), as 1em of line box plus the
// gap; quire-par-gap is the gap between two lines of running text (the leading).
#let quire-par-gap = quire-line - 1em
#let quire-skip = 2 * quire-line - 1em
#let quire-heading-font = ${typstStringLiteral(layout.headingFontFamily)}
#let quire-recto-opening = ${recto}
// Book opening pages drop a top folio to the foot (Chicago 1.10); papers keep it in the head (APA 2.18).
#let quire-title-format = "${layout.chapterTitleFormat}"
#let quire-sink = ${inches(layout.chapterSinkIn)}
#let quire-ornament = ${typstStringLiteral(layout.ornament)}
#let quire-scene-style = "${layout.sceneBreak}"
#let quire-quote-indent = ${inches(layout.quoteIndentIn)}
// Emphasis as the layout says (spec emphasisStyle): italic (Typst's own), bold or underlined.
${emphasisRule(layout)}
#let quire-drop-folio = ${layout.academic ? 'false' : 'true'}
#let quire-sc(body) = {
  show regex("\\\\p{Ll}+"): it => text(size: 0.8em, upper(it))
  body
}
${furnitureDefinitions(meta, layout)}
${typographyDefinitions(layout)}
${academicDefinitions(layout)}
${blockContentDefinitions(layout)}
#show heading: it => it.body
#show heading: set text(font: quire-heading-font, weight: "regular")
#show footnote.entry: set text(size: 0.82em)
#set footnote.entry(gap: 0.4em, clearance: 1em)
#set list(indent: 1em, body-indent: 0.6em)
#set enum(indent: 1em, body-indent: 0.6em)

#let quire-folio() = counter(page).display()
// Where units begin and end, as marks in the text (never as state: a state update that depends on its own
// page makes every header that reads the state wait one more layout pass, and Typst lays out the whole
// book again for it). A mark's page comes from the layout itself, so the furniture is right after the
// second pass. "break": a unit ends here (its last page); "open": a unit's title is set here; "off": a
// display page (dedication, epigraph) begins, which carries no furniture.
#let quire-mark(kind) = [#metadata(kind)<quire-mark>]
// What page p is, from the marks up to it: "off" (title page, its verso, display pages: before the first
// unit opens, or after an "off" mark; a break while "off" changes nothing), "opening" (the last unit opened
// on p), "blank" (the last unit ended on an earlier page: a verso left empty by a recto opening), "plain" (a page
// of a unit opened "open-bare": a folio, no running head; the contents' continuation pages) or "body".
// A binary search over the marks, so that each page costs a few steps however long the book is.
#let quire-page-kind(p) = {
  let marks = query(<quire-mark>)
  // The index of the last mark on or before page p (-1 when there is none).
  let lo = -1
  let hi = marks.len()
  while hi - lo > 1 {
    let mid = calc.quo(lo + hi, 2)
    if marks.at(mid).location().page() <= p { lo = mid } else { hi = mid }
  }
  // The mark before the run of breaks that ends there says the mode: "open" (a unit's pages), else "off".
  let i = lo
  while i >= 0 and marks.at(i).value == "break" { i -= 1 }
  if i < 0 or marks.at(i).value == "off" { return "off" }
  let opened = marks.at(i).location().page()
  if opened == p { "opening" } else if i < lo and marks.at(lo).location().page() < p { "blank" } else if marks.at(i).value == "open-bare" { "plain" } else { "body" }
}
// Whether a page of this kind carries a folio; opening pages of books drop it to the foot (Chicago 1.10).
#let quire-has-folio(kind) = (kind == "body" or kind == "plain" or (kind == "opening" and quire-folio-on-opening)
  or (kind == "off" and quire-folio-on-display))
// The cell of the furniture line a folio position names on page p: left, center or right.
#let quire-folio-cell(p) = {
  if quire-folio-position.ends-with("center") { "center" } else if quire-folio-position.ends-with("right") { "right" } else if quire-two-sided and calc.even(p) { "left" } else { "right" }
}
// One line of furniture: three cells, the running head and the folio in theirs; a head placed
// "before-folio" (MLA) shares the folio's cell, separated by a space.
#let quire-furniture-line(folio, folio-cell, head) = {
  let cells = (left: none, center: none, right: none)
  let head-cell = if quire-head-placement == "left" { "left" } else if quire-head-placement == "before-folio" { "right" } else { "center" }
  if head != none { cells.insert(head-cell, head) }
  if folio != none {
    let there = cells.at(folio-cell)
    cells.insert(folio-cell, if there == none { folio } else [#there #folio])
  }
  let used = cells.pairs().filter(((_, c)) => c != none)
  if used.len() == 0 { return }
  // One cell (a folio alone, or a running head alone): aligned on the measure, where the grid would put it,
  // without the cost of a grid on every page.
  if used.len() == 1 {
    let (cell, body) = used.first()
    return align(if cell == "left" { left } else if cell == "right" { right } else { center }, body)
  }
  grid(columns: (1fr, auto, 1fr), align(left, cells.left), align(center, cells.center), align(right, cells.right))
}
#let quire-header() = context {
  let p = here().page()
  let kind = quire-page-kind(p)
  let recto = not quire-two-sided or calc.odd(p)
  // Papers repeat their running head with the page number on every numbered page (APA 2.18, MLA 1.4); a
  // book's contents carry none on their continuation pages (Chicago 1.10: heads name the text's parts).
  let headed = kind == "body" or (not quire-drop-folio and quire-has-folio(kind))
  let head = if headed {
    let content = if recto { quire-head-recto() } else { quire-head-verso() }
    // A book's head stays on one line at the layout's size, centred between room for a four-digit folio and
    // an em on each side: words that do not fit give way to an ellipsis (quire-fit-head), the type never shrinks.
    if content != none and quire-academic { text(font: quire-heading-font, quire-head-style(content.join([ ]))) }
    else if content != none {
      let room = (quire-text-width - 2 * (measure([8888]).width + 1em)).to-absolute()
      box(width: room, align(center, quire-fit-head(content, words => text(font: quire-heading-font, quire-head-style(words)), room)))
    }
  }
  // Book opening pages carry a top folio at the foot instead; papers keep it in the head (APA 2.18).
  let folio = if quire-folio-position.starts-with("top") and quire-has-folio(kind) and not (kind == "opening" and quire-drop-folio) { quire-folio() }
  quire-furniture-line(folio, quire-folio-cell(p), head)
}
#let quire-footer() = context {
  let p = here().page()
  let kind = quire-page-kind(p)
  if quire-has-folio(kind) {
    if quire-folio-position.starts-with("bottom") { quire-furniture-line(quire-folio(), quire-folio-cell(p), none) }
    else if quire-folio-position.starts-with("top") and kind == "opening" and quire-drop-folio { align(center, quire-folio()) }
  }
}
#set page(width: ${inches(page.widthIn)}, height: ${inches(page.heightIn)}, margin: ${margin},
  numbering: "${layout.romanFrontMatterFolios ? 'i' : '1'}", header: quire-header(), footer: quire-footer(),
  header-ascent: ${inches(headerAscent)}, footer-descent: ${inches(footerDescent)})

// A unit (chapter, part, section) begins: mark the end of the previous one, then go to a new page,
// a recto when the layout says so (Typst inserts a blank verso when needed).
#let quire-new-unit() = {
  quire-mark("break")
  if quire-recto-opening { pagebreak(weak: true, to: "odd") } else { pagebreak(weak: true) }
}
// The title of the unit has been set: the rest of its pages carry running heads.
// A display page (dedication, epigraph) carries neither running head nor folio (Chicago 1.10).
#let quire-display-opened() = quire-mark("off")
// heads: false for a unit whose pages carry folios but no running heads (the contents): an "open-bare" mark.
#let quire-unit-opened(heads: true) = quire-mark(if heads { "open" } else { "open-bare" })

// The title page (Chicago 1.18): title and subtitle, author, the contributors' credits, the edition.
#let quire-title-page(title, author, subtitle: none, credits: (), edition: none) = {
  v(1.4in)
  set text(font: quire-heading-font)
  align(center, {
    par(justify: false, text(size: 2.2em, hyphenate: false, title))
    if subtitle != none { v(0.6 * quire-line); par(justify: false, text(size: 1.3em, style: "italic", hyphenate: false, subtitle)) }
    v(2 * quire-line)
    par(justify: false, text(size: 1.3em, hyphenate: false, author))
    if credits.len() > 0 { v(1.5 * quire-line); for c in credits { par(justify: false, text(size: 1em, hyphenate: false, c)) } }
    if edition != none { v(1.5 * quire-line); par(justify: false, text(size: 0.9em, hyphenate: false, smallcaps(edition))) }
  })
}
// The half title (Chicago 1.4, 1.17): the title alone, on the first recto.
#let quire-half-title(title) = {
  v(2in)
  set text(font: quire-heading-font)
  align(center, par(justify: false, first-line-indent: 0pt, text(size: 1.4em, hyphenate: false, title)))
}
// The copyright page (Chicago 1.19-1.20): the edition notice at the foot of the title page's verso.
#let quire-edition-notice(body) = {
  v(1fr)
  set par(justify: false, first-line-indent: 0pt)
  set text(size: 0.9em)
  body
}
// A unit's title (spec chapterTitleFormat): centred, flush left, or centred with the ornament under it;
// a chapter's number (spec chapterNumberStyle) above it in small letter-spaced capitals. A title whose longest
// word is wider than the measure at the title size is set smaller rather than overflow. Papers set their
// titles as level-1 headings (quire-academic-heading). Sticky: a title never ends a page.
#let quire-unit-title(level, size, sink, body, number: none, longest: "") = {
  if quire-academic { return quire-academic-heading(1, body) }
  block(width: 100%, above: 0pt, below: 3 * quire-line, sticky: true, layout(region => {
    v(sink)
    // Measured as set: the heading show rules give the font and, by level, a further size.
    let natural = measure(text(size: size, hyphenate: false, heading(level: level, outlined: false, bookmarked: false, longest))).width
    let size = if natural > region.width { size * (region.width / natural) * 0.97 } else { size }
    let side = if quire-title-format == "left" { left } else { center }
    set par(justify: false, first-line-indent: 0pt)
    if number != none { align(side, text(size: 0.9em, tracking: 0.05em, hyphenate: false, number)); v(0.5 * quire-line) }
    align(side, par(text(size: size, hyphenate: false,
      heading(level: level, outlined: false, bookmarked: true, body))))
    if quire-title-format == "decorated" { v(0.5 * quire-line); align(center, text(size: 1.2em, quire-ornament)) }
  }))
}
#let quire-part(body, longest: "") = quire-unit-title(1, 1.8em, 2.2in, body, longest: longest)
#let quire-chapter(level, number, body, longest: "", continued: false) = quire-unit-title(level, 1.55em, if continued { 0pt } else { quire-sink }, body, number: number, longest: longest)
#let quire-section(body, longest: "") = quire-unit-title(1, 1.55em, quire-sink, body, longest: longest)
#let quire-display(body) = block(width: 100%, above: 0pt, {
  v(2in)
  align(center, { set par(justify: false, first-line-indent: 0pt); text(style: "italic", body) })
})
#let quire-subhead(level, body, bookmarked: false) = if quire-academic { quire-academic-heading(level, body) } else { block(width: 100%, sticky: true, above: quire-skip + quire-line, below: quire-skip, {
  let styled = if level == 2 { text(weight: "bold", body) } else { text(style: "italic", body) }
  let h = heading(level: level + 1, outlined: false, bookmarked: bookmarked, styled)
  if level <= 3 { align(center, par(justify: false, h)) } else { par(justify: false, h) }
}) }
// A scene break (spec sceneBreak): the layout's ornament, a blank line, or three spaced asterisks.
#let quire-scene-break() = block(width: 100%, sticky: true, above: quire-skip, below: quire-skip, {
  if quire-scene-style == "ornament" { align(center, quire-ornament) }
  else if quire-scene-style == "blank-line" { v(0pt) }
  else { align(center)[\\*#h(1.5em)\\*#h(1.5em)\\*] }
})
// Each verse line is a paragraph of its own (so a long line hangs), spaced by the leading alone: the layout's
// paragraph spacing separates paragraphs of prose, not the lines of a stanza.
#let quire-stanza(..lines) = block(width: 100%, inset: (left: 2em), above: quire-skip, below: quire-skip, {
  set par(justify: false, first-line-indent: 0pt, hanging-indent: 2em, spacing: quire-line - 1em)
  set text(hyphenate: false)
  // An indented line turns over 2 em beyond its own indent, not beyond the stanza's margin.
  // A sticky line is a block of its own, spaced as the lines are, that the page break keeps with the next line.
  for (indent, body, sticky) in lines.pos() {
    let line = par(hanging-indent: (indent + 2) * 1em, h(indent * 1em) + body)
    if sticky { block(sticky: true, above: quire-line - 1em, below: quire-line - 1em, line) } else { line }
  }
})
#let quire-quote(body) = block(width: 100%, inset: (left: quire-quote-indent, right: quire-quote-indent), above: quire-skip, below: quire-skip, body)
#let quire-list(ordered, ..items) = block(width: 100%, above: quire-skip, below: quire-skip, {
  set par(first-line-indent: 0pt)
  if ordered { enum(..items) } else { list(..items) }
})
#let quire-figure(caption) = block(width: 100%, above: quire-skip, below: quire-skip,
  align(center, par(justify: false, text(style: "italic", caption))))
// A play's speech (Chicago 13.45: speakers' names in small capitals): hanging indent, no first-line indent.
#let quire-speech(body) = block(width: 100%, above: quire-line * 0.6, below: quire-line * 0.6, {
  set par(first-line-indent: 0pt, hanging-indent: 1em)
  body
})
#let quire-speaker(name) = [#quire-sc(name).#h(0.5em)]
#let quire-speaker-line(name) = block(sticky: true, below: quire-line * 0.4, align(center, quire-sc(name)))
// Paragraph roles: stage directions in italics and indented; a letter's dateline and signature set
// flush right, its salutation flush left (Chicago 13.40 on letters set as extracts); the book's closing
// THE END centred after a space.
#let quire-role(role, body) = {
  if role == "stage" {
    block(width: 100%, spacing: quire-par-gap, inset: (left: 2em), { set par(first-line-indent: 0pt); text(style: "italic", body) })
  } else if role == "persona" {
    // A person of a play's list of persons: centred, one to a line, as printed plays set their dramatis personae.
    block(width: 100%, above: 0.5 * quire-line, below: 0.5 * quire-line, align(center, { set par(justify: false, first-line-indent: 0pt); set text(hyphenate: false); body }))
  } else if role == "ending" {
    block(width: 100%, above: quire-skip + quire-line, sticky: false, align(center, { set par(justify: false, first-line-indent: 0pt); body }))
  } else if role == "dateline" or role == "signature" {
    block(width: 100%, spacing: quire-par-gap, align(right, { set par(justify: false, first-line-indent: 0pt); body }))
  } else {
    block(width: 100%, spacing: quire-par-gap, { set par(first-line-indent: 0pt); body })
  }
}
// A line of the contents (Chicago 1.42): the title unhyphenated and ragged, dot leaders on the baseline, the
// page number in a column of its own at the right, bottom-aligned with the title's last line, so that it is
// never wrapped or pushed off the line; a title too long for one line turns over with a hanging indent before
// the number column. Parts bold, chapters inside parts indented.
#let quire-toc-entry(level, target, body) = {
  let indent = if level > 1 { 1.5em } else { 0em }
  let styled = if level == 0 { text(weight: "bold", body) } else { body }
  let number = context {
    let loc = locate(target)
    let fmt = loc.page-numbering()
    link(target, numbering(if fmt == none { "1" } else { fmt }, ..counter(page).at(loc)))
  }
  // The leader box's frame has no baseline of its own: lowered by the descent (0.2 em, the template's
  // bottom edge), its dots stand on the line's baseline.
  let title = par(justify: false, first-line-indent: 0pt, hanging-indent: indent + 1.5em, {
    h(indent)
    text(hyphenate: false, link(target, styled))
    h(0.3em)
    box(width: 1fr, baseline: 0.2em, repeat(gap: 0.25em)[.])
  })
  block(above: if level == 0 { 1.5 * quire-line } else { quire-line * 0.5 }, below: 0pt, sticky: level == 0, breakable: false,
    grid(columns: (1fr, auto), column-gutter: 0.3em, align: (left + bottom, right + bottom), title, number))
}
// A long contents (many short pieces: a collection of poems) in two columns, a size smaller.
#let quire-toc-columns(body) = {
  set text(size: 0.9em)
  columns(2, gutter: 1.5em, body)
}
`;
}

/** The show rule of `emph` for the layout's emphasis style; none for italics, Typst's default. */
function emphasisRule(layout: Layout): string {
  if (layout.emphasisStyle === 'bold') return '#show emph: it => text(weight: "bold", style: "normal", it.body)';
  if (layout.emphasisStyle === 'underline') return '#show emph: it => underline(text(style: "normal", it.body))';
  return '';
}

/** A string safe inside a Typst `//` comment (no line breaks). */
function escapeComment(value: string): string {
  return value.replace(/[\r\n\u0085\u2028\u2029]/g, ' ');
}
