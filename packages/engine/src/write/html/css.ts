/**
 * Style sheets of the HTML and EPUB outputs, computed from a {@link Layout}. Layout values are numbers and
 * family names (never user text); family names still pass through {@link cssFontStack}'s character filter.
 */
import type { Layout } from '../../layout/layout.ts';

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
 * CSS `font-family` value for the layout: `"<family>", "<metric fallback>", <generic>`,
 * e.g. `"Tinos", "Times New Roman", serif` for KDP 6x9. Characters other than ASCII letters, digits, space and
 * `-` are removed from family names so a name can never close the CSS string (test "font stack").
 */
export function cssFontStack(layout: Pick<Layout, 'fontFamily' | 'fontFallback'>): string {
  const clean = (name: string) => name.replace(/[^A-Za-z0-9 -]/g, '').trim();
  const family = clean(layout.fontFamily);
  const names = [family, METRIC_FALLBACKS[family]].filter((n): n is string => !!n);
  return [...names.map((n) => `"${n}"`), layout.fontFallback].join(', ');
}

/** A number as CSS text without float noise (`0.76`, not `0.7600000000000001`). */
function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Rules shared by every output: typography of the text block, verse, quotes, notes. */
function textRules(layout: Layout, fontSize: string): string {
  const indent = `${num(layout.paragraphIndentEm)}em`;
  return `
body { font-family: ${cssFontStack(layout)}; font-size: ${fontSize}; line-height: ${num(layout.lineHeight)};${
    layout.justify ? ' text-align: justify;' : ''
  } }
p { margin: 0 0 ${num(layout.paragraphSpacingPt)}pt 0; text-indent: ${indent}; orphans: 2; widows: 2; }
p.first, blockquote p, .footnote p, figure p, .titlepage p { text-indent: 0; }
h1, h2, h3, h4, h5, h6 { font-weight: normal; text-align: center; hyphens: manual; page-break-after: avoid; break-after: avoid; }
h1 { font-size: 1.6em; margin: 2em 0 1.5em; }
h2 { font-size: 1.25em; margin: 1.5em 0 0.75em; }
h3, h4, h5, h6 { font-size: 1.05em; font-style: italic; margin: 1.2em 0 0.6em; }
.part-title { font-size: 2em; margin-top: 30%; }
hr.scene-break { border: 0; height: auto; margin: 1em 0; text-align: center; }
hr.scene-break::after { content: "* * *"; }
.smallcaps { font-variant: small-caps; }
.verse { margin: 1em 0 1em 2em; text-align: left; }
.verse .stanza { text-indent: 0; margin: 0 0 1em 0; }
${[1, 2, 3, 4, 5, 6].map((i) => `.verse .indent-${i} { padding-left: ${i}em; }`).join('\n')}
blockquote { margin: 1em 2em; }
.speech { margin: 0.5em 0; }
.speech p { text-indent: 0; padding-left: 1em; }
.speech p:first-child { text-indent: -1em; }
.speaker { font-variant: small-caps; }
.speech p.speaker { text-align: center; padding-left: 0; text-indent: 0; margin-top: 1em; }
p.stage-direction { font-style: italic; text-indent: 0; margin-left: 2em; }
p.dateline, p.signature { text-align: right; text-indent: 0; }
p.salutation { text-indent: 0; }
figure.illustration { margin: 1em 0; text-align: center; page-break-inside: avoid; break-inside: avoid; }
figure.illustration img { max-width: 100%; }
figcaption { font-size: 0.9em; font-style: italic; }
.footnotes { margin-top: 2em; font-size: 0.9em; }
.note-number { text-decoration: none; }
sup { line-height: 0; font-size: 0.75em; }
.titlepage { text-align: center; }
.titlepage .title { font-size: 2em; margin: 25% 0 0.5em; }
.titlepage .author { font-size: 1.3em; margin: 0 0 2em; }
nav.toc ol { list-style: none; padding-left: 0; }
nav.toc ol ol { padding-left: 1.5em; }
`;
}

/**
 * Style sheet of the print HTML (CSS Paged Media Level 3 and GCPM): page size and mirrored margins from the
 * layout (`:left` = verso, `:right` = recto), folios and running heads in margin boxes (running-head strings
 * come from `string-set` on the title page), chapters opening on a recto (`break-before: right`).
 * Browsers ignore margin boxes; WeasyPrint, Prince and Paged.js honour them.
 */
export function printCss(layout: Layout): string {
  const inch = (n: number) => `${num(n)}in`;
  const [t, b, i, o] = [layout.marginTopIn, layout.marginBottomIn, layout.marginInsideIn, layout.marginOutsideIn];
  // Without mirroring, "inside" is the left margin on every page (layout.ts).
  const verso = layout.mirrorMargins ? `${inch(t)} ${inch(i)} ${inch(b)} ${inch(o)}` : `${inch(t)} ${inch(o)} ${inch(b)} ${inch(i)}`;
  const recto = `${inch(t)} ${inch(o)} ${inch(b)} ${inch(i)}`;
  const folio = 'content: counter(page);';
  const folioRules: Record<Layout['folioPosition'], [string, string]> = {
    'bottom-center': [`@bottom-center { ${folio} }`, `@bottom-center { ${folio} }`],
    'bottom-outside': [`@bottom-left { ${folio} }`, `@bottom-right { ${folio} }`],
    'top-outside': [`@top-left { ${folio} }`, `@top-right { ${folio} }`],
    'top-center': [`@top-center { ${folio} }`, `@top-center { ${folio} }`],
    'top-right': [`@top-right { ${folio} }`, `@top-right { ${folio} }`],
    'bottom-right': [`@bottom-right { ${folio} }`, `@bottom-right { ${folio} }`],
    none: ['', ''],
  };
  const [folioVerso, folioRecto] = folioRules[layout.folioPosition];
  const heads = layout.runningHeads;
  const headVerso = heads ? '@top-center { content: string(book-author); font-size: 0.85em; font-variant: small-caps; }' : '';
  const headRecto = heads ? '@top-center { content: string(book-title); font-size: 0.85em; font-style: italic; }' : '';
  const blank = '@top-left { content: none; } @top-center { content: none; } @top-right { content: none; } ' +
    '@bottom-left { content: none; } @bottom-center { content: none; } @bottom-right { content: none; }';
  const opening = layout.chapterOpensRecto ? 'right' : 'page';
  return `@page { size: ${inch(layout.trimWidthIn)} ${inch(layout.trimHeightIn)}; margin: ${recto}; }
@page :left { margin: ${verso}; ${headVerso} ${folioVerso} }
@page :right { margin: ${recto}; ${headRecto} ${folioRecto} }
@page :blank { ${blank} }
@page titlepage { ${blank} }
@page opening:first { @top-center { content: none; } ${layout.folioPosition === 'top-outside' ? '@top-left { content: none; } @top-right { content: none; }' : ''} }
.titlepage { page: titlepage; }
.titlepage .title { string-set: book-title content(); }
.titlepage .author { string-set: book-author content(); }
section.chapter, section.part, section.front, section.back, nav.toc { page: opening; break-before: ${opening}; page-break-before: ${opening}; }
nav.toc a { color: inherit; text-decoration: none; }
nav.toc a::after { content: leader('.') target-counter(attr(href), page); }
a { color: inherit; }
img { max-height: ${inch(layout.trimHeightIn - t - b)}; }
${textRules(layout, `${num(layout.fontSizePt)}pt`)}`;
}

/**
 * Reflowable style sheet for e-books (EPUB and the `epub` HTML variant): no page size, no absolute font size
 * (the reader's setting wins), relative units only; chapters start on a new screen.
 */
export function reflowCss(layout: Layout): string {
  return `section.chapter, section.part, section.front, section.back { page-break-before: always; break-before: page; }
${textRules(layout, '1em')}`;
}
