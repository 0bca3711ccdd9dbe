/**
 * The Typst template of a print book: page geometry, type, page furniture (running heads, folios) and
 * the `quire-*` functions the block and inline handlers call. Everything is derived from the
 * {@link Layout}; user strings (title, author) arrive escaped.
 *
 * Type: the body in `layout.fontFamily`; chapter, part and section titles, sub-headings, running heads and
 * the title page in `layout.headingFontFamily` (both registry families, `layout/fonts.ts`), with
 * `fallback: false` so that no host font is ever used.
 *
 * Page furniture rules (Chicago Manual of Style 17th ed. 1.10-1.11):
 * - running heads: author on versos, book title on rectos, in italics, centred; none on the title page
 *   and its verso, on opening pages (chapters, parts, sections, contents) and on blank pages;
 * - folios: roman in the front matter, arabic from the first body page, which is page 1; none on the title
 *   page, its verso and on blank pages. Opening pages keep their folio at the foot of the page (a "drop
 *   folio"): with `top-outside` it moves to the bottom centre on those pages;
 * - blank versos left by a recto opening carry nothing at all.
 *
 * How furniture knows what page it is on: the state `quire-furniture` is `(mode: "break", page: p)`
 * from the end of a unit (set on its last page `p`, just before the recto page break) until the next
 * unit's title has been set, where it becomes `(mode: "body", opened: q)` (`q`: the opening page).
 * A header reads the state as it is at the top of its page and a footer as it is at the foot, so:
 * - header sees "break" -> blank page or opening page: no running head;
 * - footer sees "break" with `page < here` -> nothing was set on this page since the break: blank page;
 * - footer sees `opened == here` -> opening page.
 */
import type { BookMeta } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import { escapeTypst, typstStringLiteral } from './escape.ts';

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
  const margin = layout.mirrorMargins
    ? `(inside: ${inches(layout.marginInsideIn)}, outside: ${inches(layout.marginOutsideIn)}, top: ${inches(layout.marginTopIn)}, bottom: ${inches(layout.marginBottomIn)})`
    : `(left: ${inches(layout.marginInsideIn)}, right: ${inches(layout.marginOutsideIn)}, top: ${inches(layout.marginTopIn)}, bottom: ${inches(layout.marginBottomIn)})`;
  // Line height: the layout gives the baseline-to-baseline distance as a multiple of the font size
  // (1.15 x 11 pt = 12.65 pt). Typst measures `leading` from the bottom edge of one line to the top
  // edge of the next, so each line box is made exactly 1 em tall (top edge 0.8 em above the baseline,
  // bottom edge 0.2 em below) and the leading is the rest: (lineHeight - 1) em. Every line of body
  // text then sits exactly `lineHeight` em below the previous one, whatever glyphs it holds.
  const leadingEm = round(Math.max(0, layout.lineHeight - 1));
  const title = escapeTypst(meta.title);
  const author = escapeTypst(meta.author);
  const recto = layout.chapterOpensRecto ? 'true' : 'false';
  return `// Quire print template: ${escapeComment(layout.name)} (${escapeComment(layout.id)})
#set document(title: [${title}]${meta.author.trim() ? `, author: ${typstStringLiteral(meta.author)}` : ''})
#set text(font: ${typstStringLiteral(layout.fontFamily)}, fallback: false, size: ${layout.fontSizePt}pt, lang: "${lang}"${region ? `, region: "${region}"` : ''},
  top-edge: 0.8em, bottom-edge: -0.2em, overhang: false, costs: (widow: 100%, orphan: 100%))
#set par(justify: ${layout.justify ? 'true' : 'false'}, leading: ${leadingEm}em, spacing: ${leadingEm}em + ${layout.paragraphSpacingPt}pt,
  first-line-indent: (amount: ${layout.paragraphIndentEm}em, all: false))
#let quire-line = ${round(1 + leadingEm)}em
#let quire-heading-font = ${typstStringLiteral(layout.headingFontFamily)}
#let quire-recto-opening = ${recto}
#let quire-running-heads = ${layout.runningHeads ? 'true' : 'false'}
#let quire-folio-position = "${layout.folioPosition}"
#let quire-head-verso = [${author || title}]
#let quire-head-recto = [${title}]
#show heading: it => it.body
#show heading: set text(font: quire-heading-font, weight: "regular")
#show footnote.entry: set text(size: 0.82em)
#set footnote.entry(gap: 0.4em, clearance: 1em)
#set list(indent: 1em, body-indent: 0.6em)
#set enum(indent: 1em, body-indent: 0.6em)

#let quire-furniture = state("quire-furniture", (mode: "off", page: 0, opened: 0))
#let quire-folio() = counter(page).display()
#let quire-header() = context {
  let s = quire-furniture.get()
  if s.mode != "body" { return }
  let recto = calc.odd(here().page())
  let head = if quire-running-heads {
    text(font: quire-heading-font, style: "italic", size: 0.9em, if recto { quire-head-recto } else { quire-head-verso })
  }
  if quire-folio-position == "top-outside" {
    grid(columns: (1fr, auto, 1fr),
      if recto { [] } else { align(left, quire-folio()) },
      head,
      if recto { align(right, quire-folio()) } else { [] })
  } else if head != none { align(center, head) }
}
#let quire-footer() = context {
  let s = quire-furniture.get()
  let p = here().page()
  if s.mode == "off" or (s.mode == "break" and s.page < p) { return }
  if quire-folio-position == "bottom-outside" {
    align(if calc.odd(p) { right } else { left }, quire-folio())
  } else if quire-folio-position == "bottom-center" or (quire-folio-position == "top-outside" and s.opened == p) {
    align(center, quire-folio())
  }
}
#set page(width: ${inches(layout.trimWidthIn)}, height: ${inches(layout.trimHeightIn)}, margin: ${margin},
  numbering: "i", header: quire-header(), footer: quire-footer())

// A unit (chapter, part, section) begins: mark the end of the previous one, then go to a new page,
// a recto when the layout says so (Typst inserts a blank verso when needed).
#let quire-new-unit() = {
  // Pages that carry no furniture (title page, its verso, display pages) stay "off" through the break.
  context { let p = here().page(); quire-furniture.update(s => if s.mode == "off" { s } else { (..s, mode: "break", page: p) }) }
  if quire-recto-opening { pagebreak(weak: true, to: "odd") } else { pagebreak(weak: true) }
}
// The title of the unit has been set: the rest of its pages carry running heads.
// A display page (dedication, epigraph) carries neither running head nor folio (Chicago 1.10).
#let quire-display-opened() = quire-furniture.update(s => (..s, mode: "off"))
#let quire-unit-opened() = context {
  let p = here().page()
  quire-furniture.update(s => (..s, mode: "body", opened: p))
}

#let quire-title-page(title, author) = {
  v(1.4in)
  set text(font: quire-heading-font)
  align(center, {
    par(justify: false, text(size: 2.2em, hyphenate: false, title))
    v(2 * quire-line)
    par(justify: false, text(size: 1.3em, hyphenate: false, author))
  })
}
#let quire-edition-notice(body) = {
  v(1fr)
  set par(justify: false, first-line-indent: 0pt)
  set text(size: 0.9em)
  body
}
#let quire-unit-title(level, size, sink, body) = block(width: 100%, above: 0pt, below: 3 * quire-line, {
  v(sink)
  align(center, par(justify: false, text(size: size, hyphenate: false,
    heading(level: level, outlined: false, bookmarked: true, body))))
})
#let quire-part(body) = quire-unit-title(1, 1.8em, 2.2in, body)
#let quire-chapter(level, body) = quire-unit-title(level, 1.55em, 1.2in, body)
#let quire-section(body) = quire-unit-title(1, 1.55em, 1.2in, body)
#let quire-display(body) = block(width: 100%, above: 0pt, {
  v(2in)
  align(center, { set par(justify: false, first-line-indent: 0pt); text(style: "italic", body) })
})
#let quire-subhead(level, body) = block(width: 100%, sticky: true, above: 2 * quire-line, below: quire-line, {
  let styled = if level == 2 { text(weight: "bold", body) } else { text(style: "italic", body) }
  let h = heading(level: level + 1, outlined: false, bookmarked: false, styled)
  if level <= 3 { align(center, par(justify: false, h)) } else { par(justify: false, h) }
})
#let quire-scene-break() = block(width: 100%, sticky: true, above: quire-line, below: quire-line,
  align(center)[\\*#h(1.5em)\\*#h(1.5em)\\*])
#let quire-stanza(..lines) = block(width: 100%, inset: (left: 2em), above: quire-line, below: quire-line, {
  set par(justify: false, first-line-indent: 0pt, hanging-indent: 2em)
  for (indent, body) in lines.pos() { par(h(indent * 1em) + body) }
})
#let quire-quote(body) = block(width: 100%, inset: (left: 1.5em, right: 1.5em), above: quire-line, below: quire-line, body)
#let quire-list(ordered, ..items) = block(width: 100%, above: quire-line, below: quire-line, {
  set par(first-line-indent: 0pt)
  if ordered { enum(..items) } else { list(..items) }
})
#let quire-figure(caption) = block(width: 100%, above: quire-line, below: quire-line,
  align(center, par(justify: false, text(style: "italic", caption))))
#let quire-sc(body) = {
  show regex("\\\\p{Ll}+"): it => text(size: 0.8em, upper(it))
  body
}
// A play's speech (Chicago 13.45: speakers' names in small capitals): hanging indent, no first-line indent.
#let quire-speech(body) = block(width: 100%, above: quire-line * 0.6, below: quire-line * 0.6, {
  set par(first-line-indent: 0pt, hanging-indent: 1em)
  body
})
#let quire-speaker(name) = [#quire-sc(name).#h(0.5em)]
#let quire-speaker-line(name) = block(sticky: true, below: quire-line * 0.4, align(center, quire-sc(name)))
// Paragraph roles: stage directions in italics and indented; a letter's dateline and signature set
// flush right, its salutation flush left (Chicago 13.40 on letters set as extracts).
#let quire-role(role, body) = {
  if role == "stage" {
    block(width: 100%, inset: (left: 2em), { set par(first-line-indent: 0pt); text(style: "italic", body) })
  } else if role == "dateline" or role == "signature" {
    block(width: 100%, align(right, { set par(justify: false, first-line-indent: 0pt); body }))
  } else {
    block(width: 100%, { set par(first-line-indent: 0pt); body })
  }
}
#let quire-toc-entry(level, target, body) = {
  let indent = if level > 1 { 1.5em } else { 0em }
  let styled = if level == 0 { text(weight: "bold", body) } else { body }
  block(above: if level == 0 { 1.5 * quire-line } else { quire-line * 0.5 }, below: 0pt, sticky: level == 0,
    par(justify: false, first-line-indent: 0pt, hanging-indent: indent + 1.5em, {
      h(indent)
      link(target, styled)
      h(0.3em)
      box(width: 1fr, repeat(gap: 0.25em)[.])
      h(0.3em)
      context {
        let loc = locate(target)
        let fmt = loc.page-numbering()
        link(target, numbering(if fmt == none { "1" } else { fmt }, ..counter(page).at(loc)))
      }
    }))
}
`;
}

/** A string safe inside a Typst `//` comment (no line breaks). */
function escapeComment(value: string): string {
  return value.replace(/[\r\n\u0085\u2028\u2029]/g, ' ');
}
