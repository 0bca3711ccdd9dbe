/**
 * Typst definitions of the book typography a layout chooses beyond the page: the drop capital and the
 * small-caps lead-in that open a chapter, the break between chapters that follow on the same page, and the
 * fitting of lines that must stay on one line (running heads, long one-word titles).
 * `template.ts` places the result in the preamble; `opening.ts` and `index.ts` call the functions.
 */
import { getShippedFont } from '../../layout/fonts.ts';
import type { Layout } from '../../layout/layout.ts';

/**
 * Typst source defining `quire-lead`, `quire-drop-cap` (and `quire-indent-after-cap`), `quire-chapter-break` and `quire-fit-head` for a
 * layout. Units: the drop cap is `layout.dropCapLines` lines tall; all other lengths are in body em or lines.
 */
export function typographyDefinitions(layout: Layout): string {
  const textWidthIn = layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn;
  // Real small capitals (OpenType smcp) where the body font has them (EB Garamond); Tinos, Crimson Pro and
  // Inter have none (Typst's smallcaps would change nothing), so there the words are set in capitals at 80 %,
  // initials included: one size throughout keeps each word whole for text extraction (pdftotext splits a
  // word where the size changes).
  const realSmallCaps = getShippedFont(layout.fontFamily).smallCaps;
  return `// Small-caps lead-in (layout smallCapsLeadIn): the first words of a chapter, slightly letter-spaced
// (Bringhurst, The Elements of Typographic Style, 3.2.2 and 4.3.2).
#let quire-lead(body) = ${realSmallCaps ? 'text(tracking: 0.04em, smallcaps(body))' : 'text(size: 0.8em, tracking: 0.05em, upper(body))'}
#let quire-text-width = ${Math.round(textWidthIn * 10000) / 10000}in
#let quire-drop-lines = ${Math.max(0, Math.trunc(layout.dropCapLines))}
// Drop capital (layout dropCapLines = n): the letter's cap height reaches from the cap height of the first
// line down to the n-th baseline (Bringhurst 4.3.3), and the words beside it are the most that fit in n lines
// of the narrower measure, the last of those lines justified; the paragraph goes on at full width below.
// Measured, not guessed: the letter's size comes from the font's own cap height.
// An opening quotation mark (prefix) is not a drop capital: it is set at the body size on the first line's
// baseline, before the letter in the capital's column (inside the text block, which KDP's margins require).
// The measure is the layout's text width, not a measured region: a layout() box would make the paragraph a
// block of its own, after which the next paragraph loses its first-line indent.
// A first paragraph short enough to end beside the letter leaves a block, not a paragraph, before the next
// one: quire-cap-alone tells the next paragraph to take its indent itself (quire-indent-after-cap).
#let quire-cap-alone = state("quire-cap-alone", false)
#let quire-indent-after-cap() = context if quire-cap-alone.get() { h(quire-indent) }
// fit: a number of words that surely does not fit beside the letter, and chars: the characters (a space after each)
// up to the end of each of those words, both counted by the writer. The search for the most words that fit starts at
// the count whose characters fill the n lines at the font's average width (measured on a sample) and steps out from
// there, so that it sets a few short paragraphs, never the whole of a long first one; when the fit words do fit after
// all, it runs on over every word.
#let quire-drop-cap(prefix, cap, words, fit: none, chars: none) = context {
  let n = quire-drop-lines
  let size = text.size
  let leading = par.leading.to-absolute()
  let line = size + leading
  let cap-height = measure(text(top-edge: "cap-height", bottom-edge: "baseline", [H])).height
  let letter = text(size: size * (((n - 1) * line + cap-height) / cap-height), top-edge: "cap-height", bottom-edge: "baseline", hyphenate: false, cap)
  let mark = if prefix == none { 0pt } else { measure(prefix).width }
  let column = mark + measure(letter).width + 0.2 * size
  let width = quire-text-width - column
  let beside(k, end: []) = par(first-line-indent: 0pt, words.slice(0, k).join([ ]) + end)
  let fits(k) = measure(block(width: width, beside(k))).height <= n * line - leading + 0.5pt
  // Invariant of the search: lo words fit; hi words do not when failed is true.
  let lo = 0
  let hi = if fit == none { words.len() } else { calc.min(fit, words.len()) }
  let failed = false
  if chars != none and hi > 1 {
    let sample = "the quick brown fox jumps over the lazy dog while five boxing wizards jump quickly"
    let capacity = n * width / (measure(sample).width / sample.len())
    let guess = calc.max(1, calc.min(hi - 1, chars.filter(c => c <= capacity).len()))
    let step = 1
    if fits(guess) {
      lo = guess
      while lo + step < hi {
        if fits(lo + step) { lo += step; step *= 2 } else { hi = lo + step; failed = true; break }
      }
    } else {
      hi = guess
      failed = true
      while hi - step > 0 {
        if fits(hi - step) { lo = hi - step; break } else { hi -= step; step *= 2 }
      }
    }
  }
  if not failed and fits(hi) {
    lo = hi
    hi = words.len()
    if lo < hi and fits(hi) { lo = hi }
  }
  while hi - lo > 1 {
    let mid = calc.quo(lo + hi, 2)
    if fits(mid) { lo = mid } else { hi = mid }
  }
  let rest = words.slice(lo)
  // The first line box is 1 em tall with its top 0.8 em above the baseline (template text edges): the
  // letter's top (its cap height) goes where the first line's capitals reach; a prefix set at the body size
  // from the cell's top stands on the first line's baseline.
  let first = if rest.len() > 0 and par.justify { beside(lo, end: linebreak(justify: true)) } else { beside(lo) }
  // Spacing of exactly one leading between the grid and the paragraph's rest keeps the baseline grid.
  let cell = { if prefix != none { place(top + left, prefix) }; pad(left: mark, top: 0.8 * size - cap-height, letter) }
  block(grid(columns: (column, width), cell, first), below: leading)
  if rest.len() > 0 { par(first-line-indent: 0pt, spacing: leading, rest.join([ ])) }
  quire-cap-alone.update(rest.len() == 0)
}
// Chapters that follow on the same page (layout chapterBreak): two blank lines, or the ornament centred
// between blank lines; the title that follows keeps with its first lines (sticky title block).
#let quire-chapter-break() = {
  ${
    layout.chapterBreak === 'decorative'
      ? 'block(width: 100%, above: 2 * quire-line, below: 2 * quire-line, sticky: true, align(center, text(hyphenate: false, quire-ornament)))'
      : 'v(2 * quire-line, weak: true)'
  }
}
// A running head (an array of words, styled by style): all of it when it fits the line at its size, else the most
// words that fit followed by an ellipsis; the type is never set smaller (Chicago 1.10: a long title is shortened).
// width: the room it has (the header passes it: a layout() callback on every page cost more than the measuring).
#let quire-fit-head(words, style, width) = {
  let set-words(k) = style(words.slice(0, k).join([ ]) + if k < words.len() { […] } else { [] })
  if measure(set-words(words.len())).width <= width { return set-words(words.len()) }
  let k = words.len() - 1
  while k > 1 and measure(set-words(k)).width > width { k -= 1 }
  set-words(k)
}
`;
}
