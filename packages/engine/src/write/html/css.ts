/**
 * Style sheets of the HTML and EPUB outputs, computed from a {@link Layout}: the text rules both share
 * (`textRules`), the reflowable sheet of e-books (`reflowCss`) and the paged sheet of the print HTML
 * (`printCss`, page furniture in `page-css.ts`). Layout values are numbers and family names; strings that
 * reach `content:` (ornaments) pass through {@link cssString}.
 */
import { getShippedFont, shippedFonts } from '../../layout/fonts.ts';
import type { HeadingLevelStyle, Layout } from '../../layout/layout.ts';
import { lineHeightMultiple } from '../../layout/line-spacing.ts';
import { cssString } from './escape.ts';
import { sceneBreakMark } from '../layout-text.ts';
import { pageRules } from './page-css.ts';
import type { RunningHeads } from './running-heads.ts';

/**
 * Metric-compatible fonts: Quire ships the first name, readers' systems usually have the second
 * (Chrome OS core fonts: Tinos/Arimo/Cousine match Times New Roman/Arial/Courier New advance widths).
 */
const METRIC_FALLBACKS: Readonly<Record<string, string>> = {
  Tinos: 'Times New Roman',
  Arimo: 'Arial',
  Cousine: 'Courier New',
  'Liberation Serif': 'Times New Roman',
  'Liberation Sans': 'Arial',
};

/**
 * CSS `font-family` value for a family: `"<family>", "<metric fallback>", <generic>`, e.g.
 * `"Tinos", "Times New Roman", serif` for KDP 6x9. Characters other than ASCII letters, digits, space and
 * `-` are removed from family names so a name can never close the CSS string (test "font stack").
 * @param layout `fontFamily` and its generic `fontFallback` (the spec's settings `fontFamily`).
 */
export function cssFontStack(layout: Pick<Layout, 'fontFamily' | 'fontFallback'>): string {
  const clean = (name: string) => name.replace(/[^A-Za-z0-9 -]/g, '').trim();
  const family = clean(layout.fontFamily);
  const names = [family, METRIC_FALLBACKS[family]].filter((n): n is string => !!n);
  return [...names.map((n) => `"${n}"`), layout.fontFallback].join(', ');
}

/** Font stack of the heading family, with the generic family the fonts registry gives it. */
function headingFontStack(layout: Layout): string {
  const family = layout.headingFontFamily;
  const generic = Object.hasOwn(shippedFonts, family) ? getShippedFont(family).generic : layout.fontFallback;
  return cssFontStack({ fontFamily: family, fontFallback: generic });
}

/** A number as CSS text without float noise (`0.76`, not `0.7600000000000001`). */
export function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Points as em of the body size (relative units for reflowable text). */
function em(layout: Layout, pt: number): string {
  return `${num(pt / layout.fontSizePt)}em`;
}

/**
 * Rules of a heading level of an academic layout (APA 7th ed. 2.27 Table 2.3, MLA, Turabian A.2.2): body size,
 * bold/italic as the level says, centred, flush left or indented 0.5 in, run-in levels floated into the
 * paragraph that follows (`h4.run-in`, the heading's own text ending with a period as APA writes it).
 */
function academicHeadingRules(selector: string, level: HeadingLevelStyle, layout: Layout): string {
  const align = level.align === 'center' ? 'center' : 'left';
  const indent = level.align === 'indent' ? `text-indent: ${em(layout, 36)};` : 'text-indent: 0;';
  const transform = level.case === 'uppercase' ? ' text-transform: uppercase;' : '';
  const runIn = level.runIn ? ` ${selector} { float: left; margin: 0 0.3em 0 0; } ${selector}::after { content: "."; }` : '';
  return `${selector} { font-family: inherit; font-size: 1em; line-height: inherit; margin: 0; text-align: ${align}; ${indent} font-weight: ${
    level.bold ? 'bold' : 'normal'
  }; font-style: ${level.italic ? 'italic' : 'normal'};${transform} }${runIn}`;
}

/** Heading rules: book headings (display sizes in the heading family) or the academic levels. */
function headingRules(layout: Layout, sinkEm: string): string {
  const titleAlign = layout.chapterTitleFormat === 'left' ? 'left' : 'center';
  const base = `h1, h2, h3, h4, h5, h6 { font-family: ${headingFontStack(layout)}; font-weight: normal; text-align: center; hyphens: manual; -webkit-hyphens: manual; page-break-after: avoid; break-after: avoid; }
h1 { font-size: 1.6em; margin: 2em 0 1.5em; }
section.chapter > h1, section.front > h1, section.back > h1 { text-align: ${titleAlign}; margin-top: ${sinkEm}; }
h2 { font-size: 1.25em; margin: 1.5em 0 0.75em; }
h3, h4, h5, h6 { font-size: 1.05em; font-style: italic; margin: 1.2em 0 0.6em; }
.chapter-number { display: block; font-size: 0.6em; letter-spacing: 0.1em; margin-bottom: 0.6em; }
.part-title { font-size: 2em; margin-top: 30%; }`;
  const ornament =
    layout.chapterTitleFormat === 'decorated'
      ? `\nsection.chapter > h1::after { content: ${cssString(layout.ornament)}; display: block; font-size: 0.7em; margin-top: 0.5em; }`
      : '';
  const levels = layout.academic?.headingLevels ?? [];
  if (levels.length === 0) return base + ornament;
  // Level 1 is the unit title (chapter, section); model heading level n is level n.
  const rules = levels.map((level, i) =>
    academicHeadingRules(i === 0 ? 'section > h1' : `h${i + 1}${level.runIn ? '.run-in' : ''}`, level, layout),
  );
  return `${base}${ornament}\n${rules.join('\n')}\n.chapter-number { font-size: 1em; letter-spacing: 0; margin: 0; }`;
}

/**
 * The drop capital of a chapter's first paragraph (`dropCapLines` lines high): CSS Inline Layout's
 * `initial-letter` where the reading system has it, else a floated `::first-letter` sized so that its cap
 * height spans from the first line's cap height to the last line's baseline (cap height taken as 0.66 em).
 * `::first-letter` would take an opening quotation mark with the letter: a paragraph that opens with one
 * (`p.opening-mark`, `opening.ts`) has no `::first-letter` style; its mark (`span.drop-cap-mark`) floats at the
 * body size on the first line and its capital (`span.drop-cap`) floats beside it at the capital's size, as the PDF
 * sets them (`initial-letter` takes only a paragraph's first letter, so that capital is always the floated one).
 * The block after the opening paragraph clears the floated letter: a first paragraph shorter than the capital
 * would otherwise let the next one wrap around it and lose its indent (the PDF sets the same gap).
 */
function dropCapRules(layout: Layout): string {
  const lines = layout.dropCapLines;
  if (lines <= 0) return '';
  const capRatio = 0.66;
  const sizeEm = ((lines - 1) * lineHeightMultiple(layout) + capRatio) / capRatio;
  const lineHeight = (lines * lineHeightMultiple(layout) * 0.94) / sizeEm;
  const letter = `float: left; font-size: ${num(sizeEm)}em; line-height: ${num(lineHeight)}; margin: 0.04em 0.08em 0 0; font-style: normal; font-weight: normal;`;
  return `p.opening::first-letter { ${letter} }
@supports (initial-letter: 2) { p.opening::first-letter { float: none; font-size: 1em; line-height: inherit; margin: 0 0.1em 0 0; initial-letter: ${lines}; } }
p.opening.opening-mark::first-letter { float: none; font-size: inherit; line-height: inherit; margin: 0; initial-letter: normal; }
p.opening-mark .drop-cap-mark { float: left; }
p.opening-mark .drop-cap { ${letter} }
p.opening + * { clear: left; }`;
}

/** How `emphasis` inlines look (`emphasisStyle`). */
function emphasisRule(layout: Layout): string {
  if (layout.emphasisStyle === 'bold') return 'em { font-style: normal; font-weight: bold; }';
  if (layout.emphasisStyle === 'underline') return 'em { font-style: normal; text-decoration: underline; }';
  return 'em { font-style: italic; }';
}

/** Turnover of a long verse line, in em: the hanging indent of its continuation (Chicago 13.24). */
const VERSE_TURNOVER_EM = 2;

/**
 * Each verse line a block of its own that turns over with a hanging indent (`padding-left` and a negative
 * `text-indent`, as Standard Ebooks sets poetry), its `<br/>` hidden then (kept for reading systems without CSS);
 * an indented line starts `indent` em in and turns over 2 em further; the first and the second-to-last line of a
 * stanza keep the page break after them away (CSS Fragmentation 3 `break-after: avoid`).
 */
function verseLineRules(): string {
  const hang = VERSE_TURNOVER_EM;
  return [
    `.verse .line { display: block; padding-left: ${hang}em; text-indent: -${hang}em; }`,
    '.verse .line + br { display: none; }',
    // A page break never leaves one line of a stanza alone (as the PDF: `write/typst/blocks.ts` stickyVerseLines).
    '.verse .line:first-of-type, .verse .line:nth-last-of-type(2) { break-after: avoid; page-break-after: avoid; }',
    ...[1, 2, 3, 4, 5, 6].map((i) => `.verse .indent-${i} { padding-left: ${i + hang}em; }`),
  ].join('\n');
}

/** Math faces: the reader's (Cambria Math on Windows, STIX Two Math on Apple systems), then free ones, then CSS's `math`. */
const MATH_FONTS = '"Cambria Math", "STIX Two Math", "Latin Modern Math", "DejaVu Math TeX Gyre", math';

/**
 * Tables, equations and code (issue 31), shared by every output:
 * - tables: academic layouts as APA 7 7.21 sets them (horizontal rules only: above and below the header and below
 *   the last row, no vertical rules, label bold and title italic above, the note below); book layouts a quiet
 *   table (a rule above and below, the header in small capitals' weight). Cells are never justified or
 *   hyphenated; long words in a cell wrap rather than widen the table past the text block.
 * - display equations centred with their number flush right (`math.ts`), the number on a line of its own under
 *   an equation too wide to leave room for it (a phone's screen); temml's array cell alignments.
 * - code in the monospace face, never justified, long lines wrapped (`pre-wrap`).
 */
function tableMathCodeRules(layout: Layout): string {
  const academic = layout.academic !== null;
  const rules = academic
    ? `.table-wrap { text-align: left; }
table.table { margin: 0; border-top: 1px solid; border-bottom: 1px solid; }
table.table thead { border-bottom: 1px solid; }
table.table thead th[colspan] { border-bottom: 0.5px solid; }
table.table th { font-weight: normal; }
table.table caption { text-align: left; font-style: normal; }
table.table caption .caption-label { font-weight: bold; }
table.table caption .caption-title { font-style: italic; }
figcaption.academic { text-align: left; font-style: normal; font-size: 1em; margin: 0 0 0.5em; }
figcaption.academic .caption-label { font-weight: bold; }
figcaption.academic .caption-title { font-style: italic; }`
    : `.table-wrap { width: fit-content; margin-left: auto; margin-right: auto; }
table.table { border-top: 1px solid; border-bottom: 1px solid; font-size: 0.9em; }
table.table thead { border-bottom: 0.5px solid; }
table.table thead th { font-weight: bold; }
table.table caption { font-style: italic; }
.caption-label { font-style: normal; font-variant: small-caps; }`;
  // Cells wrap a long word only when it cannot fit (`break-word`): `anywhere` also lowers a column's min-content
  // width to one letter, so a browser's automatic table layout cut "Longitude" into "Longitud" + "e".
  return `
.table-wrap { margin: 1em 0; max-width: 100%; }
table.table { border-collapse: collapse; margin: 0 auto; max-width: 100%; line-height: 1.25; text-indent: 0; }
table.table caption { caption-side: top; padding: 0 0 0.4em; text-align: center; }
table.table th, table.table td { padding: 0.25em 0.6em; text-align: left; vertical-align: top; hyphens: manual; -webkit-hyphens: manual; -epub-hyphens: manual; overflow-wrap: break-word; }
table.table thead { display: table-header-group; }
table.table thead th { vertical-align: bottom; }
table.table tr { page-break-inside: avoid; break-inside: avoid; }
p.table-note { text-indent: 0; text-align: left; font-size: 0.9em; margin: 0.4em 0 0; }
${rules}
math { font-family: ${MATH_FONTS}; font-style: normal; font-weight: normal; text-indent: 0; letter-spacing: normal; }
div.equation { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; margin: 0.8em 0; text-indent: 0; page-break-inside: avoid; break-inside: avoid; }
div.equation > math { flex: 1 0 auto; }
div.equation.numbered::before { content: ""; flex: 0 0 3em; }
.equation-number { flex: 0 0 3em; margin-left: auto; text-align: right; white-space: nowrap; }
mtd.tml-right { text-align: right; }
mtd.tml-left { text-align: left; }
mtable.tml-jot > mtr > mtd { padding-top: 0.7ex; padding-bottom: 0.7ex; }
pre.code { font-family: "Cousine", "Courier New", monospace; font-size: 0.85em; line-height: 1.35; text-align: left; text-indent: 0; white-space: pre-wrap; overflow-wrap: anywhere; hyphens: none; -webkit-hyphens: none; -epub-hyphens: none; margin: 0.8em 0; padding: 0.5em 0.8em; border-left: 2px solid #999; }
pre.code code, code { font-family: "Cousine", "Courier New", monospace; hyphens: none; -webkit-hyphens: none; }
code { font-size: 0.9em; }
pre.code code { font-size: 1em; }
`;
}

/**
 * Rules shared by every output: typography of the text block (font, size, leading, justification and
 * hyphenation in the book's language — the `lang` attribute of the document), paragraph indents and spacing,
 * chapter openings (number, title format, sink, drop capital, small-caps lead-in), scene breaks, emphasis,
 * verse, quotations, speeches and notes.
 * @param fontSize body size: `11pt` in print, relative (`0.917em`) in e-books.
 * @param inch how an inch is written: `in` in print, em of the body size in e-books.
 */
function textRules(layout: Layout, fontSize: string, inch: (n: number) => string): string {
  const indent = `${num(layout.paragraphIndentEm)}em`;
  const firstIndent = layout.indentFirstParagraph ? indent : '0';
  const hyphens = layout.hyphenate ? 'auto' : 'manual';
  const mark = sceneBreakMark(layout);
  const sceneBreak = mark
    ? `hr.scene-break { border: 0; height: auto; margin: 1em 0; text-align: center; }\nhr.scene-break::after { content: ${cssString(mark)}; }`
    : `hr.scene-break { border: 0; height: ${num(lineHeightMultiple(layout))}em; margin: 0; }`;
  return `
body { font-family: ${cssFontStack(layout)}; font-size: ${fontSize}; line-height: ${num(lineHeightMultiple(layout))}; text-align: ${layout.justify ? 'justify' : 'left'}; hyphens: ${hyphens}; -webkit-hyphens: ${hyphens}; -epub-hyphens: ${hyphens}; }
p { margin: 0 0 ${em(layout, layout.paragraphSpacingPt)} 0; text-indent: ${indent}; orphans: 2; widows: 2; }
p.first { text-indent: ${firstIndent}; }
blockquote p, .footnote p, figure p, .titlepage p, .academic-block p { text-indent: 0; }
${headingRules(layout, inch(layout.chapterSinkIn))}
${dropCapRules(layout)}
.lead-in { font-variant: small-caps; letter-spacing: 0.05em; }
${sceneBreak}
${emphasisRule(layout)}
.smallcaps { font-variant: small-caps; }
.verse { margin: 1em 0 1em 2em; text-align: left; }
.verse .stanza { text-indent: 0; margin: 0 0 1em 0; }
${verseLineRules()}
blockquote { margin: 1em ${inch(layout.quoteIndentIn)}; }
.speech { margin: 0.5em 0; }
.speech p { text-indent: 0; padding-left: 1em; }
.speech p:first-child { text-indent: -1em; }
.speaker { font-variant: small-caps; }
.speech p.speaker { text-align: center; padding-left: 0; text-indent: 0; margin-top: 1em; }
p.stage-direction { font-style: italic; text-indent: 0; margin-left: 2em; }
p.dateline, p.signature { text-align: right; text-indent: 0; }
p.persona { text-align: center; text-indent: 0; margin: 0 0 0.3em 0; hyphens: manual; -webkit-hyphens: manual; -epub-hyphens: manual; }
p.salutation { text-indent: 0; }
p.ending { text-align: center; text-indent: 0; margin-top: 2em; letter-spacing: 0.1em; }
figure.illustration { margin: 1em 0; text-align: center; page-break-inside: avoid; break-inside: avoid; }
figure.illustration img { max-width: 100%; }
figcaption { font-size: 0.9em; font-style: italic; }
/* The caption of a picture the text does not include: set as a caption, with no figure around it. */
p.caption { text-align: center; text-indent: 0; font-size: 0.9em; font-style: italic; margin: 1em 0; hyphens: manual; -webkit-hyphens: manual; -epub-hyphens: manual; page-break-inside: avoid; break-inside: avoid; }
.footnotes { margin-top: 2em; font-size: 0.9em; }
.note-number { text-decoration: none; }
sup { line-height: 0; font-size: 0.75em; }
.titlepage { text-align: center; }
.titlepage .title { font-size: 2em; margin: 25% 0 0.5em; }
.titlepage .subtitle { font-size: 1.2em; font-style: italic; margin: 0 0 1.5em; }
.titlepage .author { font-size: 1.3em; margin: 0 0 2em; }
.titlepage .credit { margin: 0 0 0.3em; }
.titlepage .edition { font-variant: small-caps; margin: 1.5em 0 0; }
.copyright { font-size: 0.85em; text-align: left; }
.copyright p { text-indent: 0; margin: 0 0 1em; }
.academic-block { text-align: left; }
.academic-title { text-align: center; font-weight: bold; }
nav.toc ol, nav#toc ol { list-style: none; padding-left: 0; }
nav.toc ol ol, nav#toc ol ol { padding-left: 1.5em; }
${tableMathCodeRules(layout)}`;
}

/**
 * Style sheet of the print HTML (CSS Paged Media Level 3 and GCPM): page size and margins, folios and running
 * heads in margin boxes (`page-css.ts`), then the text rules at the layout's point size.
 * @param heads what the running heads say (`running-heads.ts`).
 */
export function printCss(layout: Layout, heads: RunningHeads): string {
  const inch = (n: number) => `${num(n)}in`;
  return `${pageRules(layout, heads)}
a { color: inherit; }
a.xref { text-decoration: none; }
img { max-height: ${inch(layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn)}; }
${textRules(layout, `${num(layout.fontSizePt)}pt`, inch)}
div.page-break { page-break-after: always; break-after: page; height: 0; }
`;
}

/**
 * Reflowable style sheet for e-books (EPUB and the `epub` HTML variant): no page size, body size relative to
 * the reader's setting (12 pt = 1em, so an 11 pt layout is 0.917em), lengths in em; chapters start on a new
 * screen when the layout breaks pages between chapters.
 */
export function reflowCss(layout: Layout): string {
  const inch = (n: number) => em(layout, n * 72);
  const breaks =
    layout.chapterBreak === 'page-break'
      ? 'section.chapter, section.part, section.front, section.back { page-break-before: always; break-before: page; }'
      : `section.part, section.front, section.back { page-break-before: always; break-before: page; }\nsection.chapter { margin-top: 2em; }${
          layout.chapterBreak === 'decorative' ? `\nsection.chapter::before { content: ${cssString(layout.ornament)}; display: block; text-align: center; margin-bottom: 1em; }` : ''
        }`;
  // A table or an equation wider than the screen scrolls sideways in its box instead of running off the screen.
  return `${breaks}
${textRules(layout, `${num(layout.fontSizePt / 12)}em`, inch)}
.table-wrap, div.equation { overflow-x: auto; }
`;
}
