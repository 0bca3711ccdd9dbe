/**
 * Splits Typst's plain SVG (`NodeCompiler.plainSvg`, typst.ts 0.7 / Typst 0.14) into one small SVG per page.
 *
 * The compiler has no per-page SVG export (STACK-NOTES section 2, "Previews"): it writes every page into one tall
 * SVG, each page as a white background `<path>` followed by a `<g>` translated down by the height of the pages
 * above it, and every glyph outline once, as a `<symbol>` in a `<defs>` at the end. A page's SVG here is its
 * background, its group (untranslated) and only the glyphs it uses, with short glyph ids, no default attributes
 * and coordinates rounded to 1/100 pt (1/7200 in, far below what a screen shows): about a fifth of the bytes.
 */

/** One page as a standalone SVG document; sizes in PostScript points (1/72 in). */
export interface SvgPage {
  svg: string;
  widthPt: number;
  heightPt: number;
}

/** A top-level element of the SVG root: its tag name and where it sits in the source. */
interface TopElement {
  name: string;
  start: number;
  end: number;
}

const TAG = /<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g;

/** The direct children of the root `<svg>` element, in order. */
function topElements(svg: string): TopElement[] {
  const out: TopElement[] = [];
  let depth = 0;
  let current: { name: string; start: number } | null = null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(svg); m; m = TAG.exec(svg)) {
    const [whole, closing, name, selfClosing] = m;
    if (closing) {
      depth -= 1;
      if (depth === 1 && current) {
        out.push({ name: current.name, start: current.start, end: m.index + whole.length });
        current = null;
      }
      continue;
    }
    if (depth === 1 && !current) {
      if (selfClosing) {
        out.push({ name: name!, start: m.index, end: m.index + whole.length });
        continue;
      }
      current = { name: name!, start: m.index };
    }
    if (!selfClosing) depth += 1;
  }
  return out;
}

/** Numbers with more than two decimals, rounded to two (trailing zeros dropped). */
function roundNumbers(text: string): string {
  return text.replace(/-?\d+\.\d{3,}/g, (n) => String(Number(Number(n).toFixed(2))));
}

/**
 * Path data with the separators SVG does not need (SVG 1.1 section 8.3.9, path grammar): none around command
 * letters or before a minus sign, and no zero before a decimal point (`q -0.08 0` becomes `q-.08 0`).
 */
function compactPath(d: string): string {
  return d
    .replace(/\s*([A-Za-z])\s*/g, '$1')
    .replace(/\s+-/g, '-')
    .replace(/(^|[\sA-Za-z-])0\./g, '$1.')
    .trim();
}

/** The background path's size: `d="M 0 0v 648 h 432 v -648 Z "` gives 432 x 648. */
function pathSize(element: string): { widthPt: number; heightPt: number } | null {
  const m = /d="M 0 0v (-?[\d.]+) h (-?[\d.]+) v/.exec(element);
  return m ? { widthPt: Number(m[2]), heightPt: Number(m[1]) } : null;
}

/**
 * The pages of a plain SVG, at most `maxPages` of them (from the first), each a standalone SVG document.
 * `svg` must be the output of `plainSvg` for a paged document; pages without a background path take the size
 * `fallbackPage` (points).
 * @throws Error when the text is not a plain SVG with pages (no root `<svg>` or no page group).
 */
export function splitPlainSvg(svg: string, maxPages = Infinity, fallbackPage?: { widthPt: number; heightPt: number }): SvgPage[] {
  if (!svg.startsWith('<svg')) throw new Error('not an SVG document');
  const elements = topElements(svg);
  const defs = elements.find((e) => e.name === 'defs');
  const symbols = new Map<string, string>();
  if (defs) {
    const body = svg.slice(defs.start, defs.end);
    for (const m of body.matchAll(/<symbol id="([^"]+)"[^>]*>[\s\S]*?<\/symbol>/g)) symbols.set(m[1]!, m[0]);
  }
  const pages: SvgPage[] = [];
  let background: string | null = null;
  for (const element of elements) {
    if (pages.length >= maxPages) break;
    const text = svg.slice(element.start, element.end);
    if (element.name === 'path') {
      background = text;
      continue;
    }
    if (element.name !== 'g') continue;
    const size = (background && pathSize(background)) ?? fallbackPage;
    if (!size) throw new Error('a page of the SVG has no size');
    pages.push(pageSvg(text, background ?? '', size, symbols));
    background = null;
  }
  if (pages.length === 0) throw new Error('the SVG has no pages');
  return pages;
}

/** One page's standalone SVG: its group without the page offset, and the glyphs it uses under short ids. */
function pageSvg(group: string, background: string, size: { widthPt: number; heightPt: number }, symbols: Map<string, string>): SvgPage {
  const ids = new Map<string, string>();
  const shortId = (id: string) => {
    let s = ids.get(id);
    if (!s) {
      s = `g${ids.size.toString(36)}`;
      ids.set(id, s);
    }
    return s;
  };
  const body = group
    .replace(/^<g transform="matrix\(1 0 0 1 0 -?[\d.]+\)">/, '<g>')
    .replace(/xlink:href="#([^"]+)"/g, (_, id: string) => (symbols.has(id) ? `href="#${shortId(id)}"` : `href="#${id}"`))
    .replace(/ fill="#000000"/g, '')
    .replace(/ fill-rule="nonzero"/g, '')
    .replace(/ class="typst-(?:group|text|shape)"/g, '')
    .replace(/(<use [^>]*?) y="0"/g, '$1')
    .replace(/(<use [^>]*?) x="0"/g, '$1')
    .replace(/\n\s+/g, '\n');
  const glyphs = [...ids].map(([id, short]) =>
    symbols
      .get(id)!
      .replace(`id="${id}"`, `id="${short}"`)
      .replace(/ d="([^"]*)"/g, (_, d: string) => ` d="${compactPath(roundNumbers(d))}"`)
      .replace(/\n\s+/g, '\n'),
  );
  const { widthPt, heightPt } = size;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${widthPt} ${heightPt}" width="${widthPt}pt" height="${heightPt}pt">` +
    `${background}\n${roundNumbers(body)}\n<defs>${roundNumbers(glyphs.join(''))}</defs></svg>`;
  return { svg, widthPt, heightPt };
}
