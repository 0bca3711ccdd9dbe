/**
 * The page rules of the print HTML (CSS Paged Media Level 3 and GCPM): page size (the trim, with KDP's bleed
 * when the layout has it), margins mirrored on `:left` (verso) and `:right` (recto) pages for two-sided
 * layouts, folios and running heads in the margin boxes the layout names, nothing on opening pages but what
 * the layout allows there, lower-case roman folios in the front matter, and how chapters follow one another.
 * Browsers ignore margin boxes; WeasyPrint, Prince and Paged.js honour them.
 */
import type { FolioPosition, Layout } from '../../layout/layout.ts';
import { cssString } from './escape.ts';
import type { RunningHeads } from './running-heads.ts';

/** The six margin boxes furniture may use. */
type Box = '@top-left' | '@top-center' | '@top-right' | '@bottom-left' | '@bottom-center' | '@bottom-right';

const ALL_BOXES: readonly Box[] = ['@top-left', '@top-center', '@top-right', '@bottom-left', '@bottom-center', '@bottom-right'];

/** The margin box of a folio position on a verso and on a recto page (`*-outside` alternate). */
function folioBox(position: FolioPosition, side: 'verso' | 'recto'): Box | undefined {
  switch (position) {
    case 'bottom-center':
      return '@bottom-center';
    case 'bottom-right':
      return '@bottom-right';
    case 'bottom-outside':
      return side === 'verso' ? '@bottom-left' : '@bottom-right';
    case 'top-center':
      return '@top-center';
    case 'top-right':
      return '@top-right';
    case 'top-outside':
      return side === 'verso' ? '@top-left' : '@top-right';
    case 'none':
      return undefined;
  }
}

/**
 * The margin box of a running head: centred in books (Chicago Manual of Style 17th ed. 1.10-1.11), flush
 * left on APA papers (7th ed. 2.8, opposite the page number), just before the page number on MLA papers
 * (MLA Handbook 9th ed. 1.4: surname and page number flush right).
 */
function headBox(layout: Layout): Box {
  if (!layout.academic) return '@top-center';
  return layout.academic.guide === 'mla-9' ? '@top-right' : '@top-left';
}

/** CSS `content` of a running head: a string, or the `chapter-title` string set by the chapter titles. */
function headContent(text: string | undefined): string | undefined {
  if (text === undefined) return 'string(chapter-title)';
  return text === '' ? undefined : cssString(text);
}

/** Letter case and style of running heads: small caps, capitals letter-spaced, or italics as typed. */
function headStyle(layout: Layout): string {
  if (layout.academic) return '';
  if (layout.runningHeadCase === 'small-caps') return ' font-variant: small-caps; letter-spacing: 0.05em;';
  if (layout.runningHeadCase === 'uppercase') return ' text-transform: uppercase; letter-spacing: 0.08em; font-size: 0.8em;';
  return ' font-style: italic; font-size: 0.9em;';
}

/**
 * The margin boxes of one page side: `content` of each box in use.
 * @param folio `counter(page)` or `counter(page, lower-roman)`; `undefined` for no folio.
 * @param head the running head's content, or undefined for none.
 */
function sideBoxes(layout: Layout, side: 'verso' | 'recto', folio: string | undefined, head: string | undefined): string {
  const boxes = new Map<Box, string[]>();
  const put = (box: Box, content: string) => boxes.set(box, [...(boxes.get(box) ?? []), content]);
  const fBox = folio ? folioBox(layout.folioPosition, side) : undefined;
  if (head) put(headBox(layout), head);
  if (fBox && folio) put(fBox, folio);
  const style = headStyle(layout);
  return [...boxes]
    .map(([box, contents]) => `${box} { content: ${contents.join(' " " ')};${box.startsWith('@top') && head && box === headBox(layout) ? style : ''} }`)
    .join(' ');
}

/** Every margin box emptied (title page, blank pages). */
const BLANK = ALL_BOXES.map((b) => `${b} { content: none; }`).join(' ');

/**
 * The page rules of the print style sheet.
 * @param heads the running heads' texts (`running-heads.ts`).
 */
export function pageRules(layout: Layout, heads: RunningHeads): string {
  const inch = (n: number) => `${Math.round(n * 1000) / 1000}in`;
  const [t, b, i, o] = [layout.marginTopIn, layout.marginBottomIn, layout.marginInsideIn, layout.marginOutsideIn];
  // Without mirroring, "inside" is the left margin on every page (layout.ts).
  const verso = layout.mirrorMargins ? `${inch(t)} ${inch(i)} ${inch(b)} ${inch(o)}` : `${inch(t)} ${inch(o)} ${inch(b)} ${inch(i)}`;
  const recto = `${inch(t)} ${inch(o)} ${inch(b)} ${inch(i)}`;
  const bleed = layout.bleedIn > 0 ? ` bleed: ${inch(layout.bleedIn)}; marks: none;` : '';
  const headVerso = headContent(heads.verso);
  const headRecto = headContent(heads.recto);
  const arabic = 'counter(page)';
  const roman = layout.romanFrontMatterFolios ? 'counter(page, lower-roman)' : arabic;
  // Opening pages: no running head; a folio only where the layout keeps one there.
  const openingFolio = layout.folioOnOpeningPage ? arabic : undefined;
  const opening = `${BLANK} ${sideBoxes(layout, 'recto', openingFolio, undefined)}`;
  const breakBefore = layout.chapterOpensRecto ? 'right' : 'page';
  const chapterBreak =
    layout.chapterBreak === 'page-break'
      ? `section.chapter { page: opening; break-before: ${breakBefore}; page-break-before: ${breakBefore}; }`
      : layout.chapterBreak === 'decorative'
        ? `section.chapter { margin-top: 2em; }\nsection.chapter::before { content: ${cssString(layout.ornament)}; display: block; text-align: center; margin-bottom: 1em; }`
        : 'section.chapter { margin-top: 2em; }';
  // Short pieces of a collection run on (`piecesRunOn`): after the piece before, on the same page.
  const runOn = 'section.chapter.run-on { page: auto; break-before: auto; page-break-before: auto; margin-top: 3em; }';
  return `@page { size: ${inch(layout.trimWidthIn)} ${inch(layout.trimHeightIn)}; margin: ${recto};${bleed} }
@page :left { margin: ${verso}; ${sideBoxes(layout, 'verso', arabic, headVerso)} }
@page :right { margin: ${recto}; ${sideBoxes(layout, layout.mirrorMargins ? 'recto' : 'verso', arabic, layout.mirrorMargins ? headRecto : headVerso)} }
@page front:left { ${BLANK} ${sideBoxes(layout, 'verso', roman, undefined)} }
@page front:right { ${BLANK} ${sideBoxes(layout, 'recto', roman, undefined)} }
@page :blank { ${BLANK} }
@page titlepage { ${BLANK} }
@page opening:first { ${opening} }
.titlepage { page: titlepage; }
.copyright { page: titlepage; break-before: page; page-break-before: always; padding-top: 60%; }
section.front, nav.toc { page: front; break-before: ${breakBefore}; page-break-before: ${breakBefore}; }
section.part, section.back { page: opening; break-before: ${breakBefore}; page-break-before: ${breakBefore}; }
${chapterBreak}
${runOn}
section.body-start { counter-reset: page 1; }
section.chapter .chapter-title, section.front > h1, section.back > h1 { string-set: chapter-title content(); }
nav.toc a { color: inherit; text-decoration: none; }
nav.toc a::after { content: leader('.') target-counter(attr(href), page); }`;
}
