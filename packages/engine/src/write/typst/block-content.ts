/**
 * Template definitions for the block content of theses and papers (issue 31): tables (`tables.ts`), numbered
 * figures (`figures.ts`), equations and code (`equations.ts`), cross-reference links. Part of the preamble that
 * `template.ts` writes; every value is derived from the {@link Layout}, none from user text.
 */
import type { Layout } from '../../layout/layout.ts';
import { typstStringLiteral } from './escape.ts';
import { MATH_FONT_FAMILY } from './fonts.ts';

/** Size of code (blocks and inline) relative to the text: monospace faces look a size larger than a serif's. */
const CODE_EM = 0.85;

/**
 * The definitions (Typst source). `quire-academic` (academic.ts) chooses APA's table and figure style.
 * - Math in {@link MATH_FONT_FAMILY}; a display equation centred, its number `(4)` at the right margin.
 * - Code in the layout's monospace face at {@link CODE_EM} of the text, never justified or hyphenated; a
 *   listing in a light frame that may break across pages. Typst's `raw` sets 0.8 em by default, which the rule
 *   scales. The face's programming ligatures (JetBrains Mono's `calt`: `-->` as an arrow, `<!--` as a glyph) are
 *   off: the reader sees, and copies, the characters the author typed.
 * - `quire-ref`: a link only when the target's label is in the document exactly once (else the text alone), so
 *   a reference never fails the compile.
 */
export function blockContentDefinitions(layout: Layout): string {
  const mono = typstStringLiteral(layout.monoFontFamily);
  return `#let quire-margin-top = ${layout.marginTopIn + layout.bleedIn}in
#let quire-margin-bottom = ${layout.marginBottomIn + layout.bleedIn}in
#show math.equation: set text(font: ${typstStringLiteral(MATH_FONT_FAMILY)}, fallback: false)
#show raw: set text(font: ${mono}, size: ${CODE_EM / 0.8}em, hyphenate: false, ligatures: false, features: (calt: 0))
#let quire-ref(target, body) = context if query(target).len() == 1 { link(target, body) } else { body }
// A display equation: centred, its number (when it has one) at the right margin, never split from its number.
#let quire-equation(number: none, body) = block(width: 100%, above: quire-skip, below: quire-skip, breakable: false, {
  set par(first-line-indent: 0pt, justify: false)
  if number == none { align(center, body) } else {
    context {
      let w = measure(number).width + 0.5em
      grid(columns: (w, 1fr, w), [], align(center + horizon, body), align(right + horizon, number))
    }
  }
})
// An equation Quire could not convert: its TeX source in the monospace face, where the equation stood.
#let quire-equation-source(number: none, source) = quire-equation(number: number,
  block(width: 100%, { set par(justify: false); set align(left); raw(source, block: true) }))
// A code listing: a light frame, ragged, unhyphenated; lines longer than the block wrap inside it.
#let quire-code(source) = block(width: 100%, above: quire-skip, below: quire-skip, breakable: true,
  inset: (x: 0.6em, y: 0.55em), stroke: 0.4pt + luma(150), {
  set par(justify: false, first-line-indent: 0pt, leading: 0.5em)
  set align(left)
  raw(source, block: true)
})
// A table (tables.ts): the caption above, kept with the table's first rows; the table in its own size; a note below.
#let quire-table-number(body) = block(below: 0.5em, sticky: true, strong(body))
#let quire-table-title(body) = block(below: 0.6em, sticky: true, emph(body))
#let quire-table-note(body) = [#emph[Note.] #body]
#let quire-table-caption(caption) = if quire-academic {
  block(width: 100%, sticky: true, below: 0.4em, { set par(justify: false, first-line-indent: 0pt); set align(left); caption })
} else {
  block(width: 100%, sticky: true, below: 0.6em, { set par(justify: false, first-line-indent: 0pt); align(center, caption) })
}
#let quire-table(size: 10pt, caption: none, note: none, body) = block(width: 100%, above: quire-skip, below: quire-skip, breakable: true, {
  if caption != none { quire-table-caption(caption) }
  {
    set par(justify: false, first-line-indent: 0pt, leading: 0.35em, spacing: 0.35em)
    set text(size: size)
    if quire-academic { align(left, body) } else { align(center, body) }
  }
  if note != none {
    block(width: 100%, above: 0.6em, { set par(justify: false, first-line-indent: 0pt); set text(size: if quire-academic { 1em } else { 0.9em }); note })
  }
})
// A table turned on its side (tables.ts): one page of its rows, the text block's height as its width, its top at
// the left of the page (Chicago 3.86); every page keeps the trim size.
#let quire-table-turned(size: 10pt, caption: none, note: none, body) = {
  pagebreak(weak: true)
  context {
    let page-height = page.height - quire-margin-top - quire-margin-bottom
    align(center + horizon, rotate(-90deg, reflow: true, block(width: page-height, breakable: false,
      quire-table(size: size, caption: caption, note: note, body))))
  }
  pagebreak(weak: true)
}
// A numbered or sized figure (figures.ts): never broken, so its caption stays on its picture's page; APA sets the
// number (bold) and title (italic) above, a book the caption below, centred, after the number in italics.
#let quire-numbered-figure(picture, number: none, caption: none) = block(width: 100%, above: quire-skip, below: quire-skip, breakable: false, {
  set par(justify: false, first-line-indent: 0pt)
  if quire-academic {
    if number != none { block(below: 0.5em, sticky: true, strong(number)) }
    if caption != none { block(below: 0.8em, sticky: true, emph(caption)) }
    if picture != none { align(center, picture) }
  } else {
    if picture != none { align(center, picture) }
    if number != none or caption != none {
      v(0.6em)
      align(center, text(size: 0.9em, {
        if number != none { emph(number + [.]) }
        if number != none and caption != none { [ ] }
        if caption != none { caption }
      }))
    }
  }
})`;
}
