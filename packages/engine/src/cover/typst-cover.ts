/**
 * The Typst source of a cover: the e-book front (a 6 x 9.6 in page, rendered to 1600 x 2560 px) or the paperback's
 * full wrap (`geometry.ts`: back, spine and front with bleed, one page). Each template places its words in bands
 * of the trim box, fractions of its height, well inside the 0.125 in safe margin; every text is fitted by Typst
 * itself (`measure` in a loop: the largest size from the template's range at which the text fits its band, never
 * below the range's floor, which is 7 pt or more), so no title runs out of its band or off the trim.
 *
 * Design rules that hold for every template (KDP help "Create a Paperback Cover"; a test reads the PDF back):
 * - the background and full-bleed artwork run 0.125 in past the trim; no text stands within 0.125 in of it;
 * - the barcode area (2 x 1.2 in, back cover lower right) holds nothing: the back's text ends above it;
 * - the spine carries the title and author only when `geometry.spineText` says it may, set across the spine at a
 *   size whose ascender-to-descender body fits 0.0625 in from each fold, reading top to bottom (the US and UK
 *   convention: the title reads when the book lies face up);
 * - a raster artwork is never printed below 300 dpi: in the wrap its box is shrunk to its pixels / 300 when the
 *   design's box is larger (an image model's 1024 x 1536 picture becomes a framed plate), while the e-book uses
 *   the design's box as it is.
 * Fonts: only shipped families (`layout/fonts.ts`), `fallback: false`, so `pdffonts` shows every face embedded.
 */
import { typstStringLiteral } from '../write/typst/escape.ts';
import type { TypstFile } from '../write/typst/compile.ts';
import type { CoverDesign, CoverTemplateName } from './design.ts';
import { generativeArtworkSvg } from './generative-art.ts';
import { MIN_COVER_TYPE_PT, PRINT_DPI, SPINE_LINE_EM, type WrapGeometry, type WrapRect } from './geometry.ts';

/** The e-book cover's page, inches: KDP's 1:1.6 at the width of a 6 in trim (1600 x 2560 px at 266.67 px/in). */
export const EBOOK_PAGE_IN = { widthIn: 6, heightIn: 9.6 } as const;

/** What to draw: the e-book front alone, or the paperback's full wrap. */
export type CoverTarget = { kind: 'ebook' } | { kind: 'wrap'; geometry: WrapGeometry };

/** A cover's Typst document and the files it reads (its artwork). */
export interface CoverSource {
  source: string;
  files: TypstFile[];
  widthIn: number;
  heightIn: number;
}

/** Smallest title on a front, points: the size a title of the most characters the API takes (200) fits its band at. */
const TITLE_FLOOR_PT = 16;

/** Largest spine type, points. */
const SPINE_MAX_PT = 16;

/** A band of the trim box: fractions of its width and height. */
interface Band {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** A template's fonts and where its words and artwork stand on the front, with and without artwork. */
interface TemplateSpec {
  titleFont: string;
  bodyFont: string;
  accentFont: string;
  /** Title size range, points. */
  titlePt: [number, number];
  /** The title's letter case and tracking. */
  titleCase: 'as-is' | 'upper';
  titleWeight: 'regular' | 'bold';
  titleTrackingEm: number;
  align: 'center' | 'left';
  bands: (art: boolean) => { title: Band; subtitle: Band; author: Band; art?: Band; ornament?: Band; rule?: Band };
  /** Whether the artwork runs to the trim's outer edges (and bleed): else it is a framed plate. */
  artBleeds: boolean;
}

const full = (y0: number, y1: number, inset = 0.09): Band => ({ x0: inset, x1: 1 - inset, y0, y1 });

const TEMPLATES: Readonly<Record<CoverTemplateName, TemplateSpec>> = {
  // Light ground, a double rule frame, the title in Garamond centred over a fleuron, the author in spaced small capitals.
  elegant: {
    titleFont: 'EB Garamond',
    bodyFont: 'EB Garamond',
    accentFont: 'EB Garamond',
    titlePt: [62, 28],
    titleCase: 'as-is',
    titleWeight: 'regular',
    titleTrackingEm: 0.005,
    align: 'center',
    artBleeds: false,
    bands: (art) =>
      art
        ? { title: full(0.1, 0.33, 0.13), ornament: full(0.34, 0.385), subtitle: full(0.405, 0.465, 0.14), art: full(0.48, 0.82, 0.16), author: full(0.84, 0.91, 0.12) }
        : { title: full(0.13, 0.43, 0.13), ornament: full(0.445, 0.5), subtitle: full(0.525, 0.63, 0.14), author: full(0.8, 0.88, 0.12) },
  },
  // Dark ground, a heavy sans title set flush left in capitals, an accent bar, the author in the accent.
  bold: {
    titleFont: 'Inter',
    bodyFont: 'Inter',
    accentFont: 'Inter',
    titlePt: [76, 30],
    titleCase: 'upper',
    titleWeight: 'bold',
    titleTrackingEm: -0.01,
    align: 'left',
    artBleeds: true,
    bands: (art) =>
      art
        ? { rule: { x0: 0.09, x1: 0.3, y0: 0.605, y1: 0.615 }, title: full(0.63, 0.82), subtitle: full(0.835, 0.875), author: full(0.885, 0.935), art: { x0: 0, x1: 1, y0: 0, y1: 0.58 } }
        : { rule: { x0: 0.09, x1: 0.3, y0: 0.1, y1: 0.112 }, title: full(0.14, 0.62), subtitle: full(0.64, 0.74), author: full(0.84, 0.91) },
  },
  // Light ground, a scholarly serif title flush left with an accent rule, the author in spaced sans capitals.
  academic: {
    titleFont: 'Crimson Pro',
    bodyFont: 'Crimson Pro',
    accentFont: 'Inter',
    titlePt: [68, 26],
    titleCase: 'as-is',
    titleWeight: 'bold',
    titleTrackingEm: 0,
    align: 'left',
    artBleeds: true,
    bands: (art) =>
      art
        ? { title: full(0.08, 0.3, 0.1), rule: { x0: 0.1, x1: 0.36, y0: 0.315, y1: 0.32 }, subtitle: full(0.335, 0.41, 0.1), author: full(0.42, 0.47, 0.1), art: { x0: 0, x1: 1, y0: 0.5, y1: 1 } }
        : { title: full(0.14, 0.46, 0.1), rule: { x0: 0.1, x1: 0.36, y0: 0.48, y1: 0.486 }, subtitle: full(0.5, 0.6, 0.1), author: full(0.84, 0.9, 0.1) },
  },
  // Dark cloth, a gilt double frame, the title in spaced Garamond capitals between rules, fleurons.
  classic: {
    titleFont: 'EB Garamond',
    bodyFont: 'EB Garamond',
    accentFont: 'EB Garamond',
    titlePt: [58, 24],
    titleCase: 'upper',
    titleWeight: 'regular',
    titleTrackingEm: 0.06,
    align: 'center',
    artBleeds: false,
    bands: (art) =>
      art
        ? { ornament: full(0.085, 0.125), title: full(0.13, 0.3, 0.14), rule: full(0.31, 0.32, 0.3), subtitle: full(0.33, 0.4, 0.15), art: full(0.42, 0.81, 0.17), author: full(0.83, 0.89, 0.14) }
        : { ornament: full(0.13, 0.18), title: full(0.19, 0.46, 0.14), rule: full(0.475, 0.485, 0.3), subtitle: full(0.5, 0.6, 0.15), author: full(0.78, 0.86, 0.14) },
  },
};

const inch = (n: number) => `${n.toFixed(4)}in`;
const str = typstStringLiteral;

/** The longest few words of a text (the fit loop checks that each fits the band's width). */
function longestWords(text: string, n = 3): string[] {
  return [...new Set(text.split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length).slice(0, n);
}

/** Typst helpers every cover uses: the fit loop, and the palette. */
function preamble(design: CoverDesign, widthIn: number, heightIn: number): string {
  const { background, text, accent } = design.palette;
  return `#set page(width: ${inch(widthIn)}, height: ${inch(heightIn)}, margin: 0pt, fill: rgb(${str(background)}))
#set document(title: ${str(design.text.title)}, author: ${str(design.text.author)})
#set text(fallback: false, hyphenate: false, lang: "en")
#set par(justify: false)
#let bg = rgb(${str(background)})
#let fg = rgb(${str(text)})
#let ac = rgb(${str(accent)})
// The largest size from max down to min (1 pt steps) at which make(size) fits w x h and no word is wider than w.
#let fit(w, h, max, min, words, make) = context {
  let size = max
  while size > min and (measure(block(width: w, make(size))).height > h or words.any(word => measure(make(size, word: word)).width > w)) {
    size -= 1pt
  }
  block(width: w, height: h, make(size))
}
`;
}

/** Typst code of a text maker `(size, word: none) => content` for one of a template's texts. */
function maker(opts: { text: string; font: string; weight?: 'regular' | 'bold'; style?: 'italic'; fill: string; trackingEm?: number; leadingEm?: number; upper?: boolean; smallcaps?: boolean; align: 'center' | 'left' }): string {
  const t = str(opts.upper ? opts.text.toLocaleUpperCase('en') : opts.text);
  const weight = opts.weight === 'bold' ? ', weight: "bold"' : '';
  const style = opts.style ? ', style: "italic"' : '';
  const tracking = opts.trackingEm ? `, tracking: ${opts.trackingEm}em` : '';
  const body = opts.smallcaps ? 'smallcaps(t)' : 't';
  return `(size, word: none) => { let t = if word == none { ${t} } else { word }; set text(font: ${str(opts.font)}, size: size, fill: ${opts.fill}${weight}${style}${tracking}); set par(leading: ${opts.leadingEm ?? 0.3}em); if word == none { align(${opts.align}, ${body}) } else { ${body} } }`;
}

/** `place` of a band of a box at (xIn, yIn) of size wIn x hIn, holding `content`. */
function placeBand(box: WrapRect, band: Band, content: (wIn: number, hIn: number) => string): string {
  const x = box.xIn + band.x0 * box.widthIn;
  const y = box.yIn + band.y0 * box.heightIn;
  const w = (band.x1 - band.x0) * box.widthIn;
  const h = (band.y1 - band.y0) * box.heightIn;
  return `#place(top + left, dx: ${inch(x)}, dy: ${inch(y)}, ${content(w, h)})\n`;
}

/** A fitted text in a band, aligned to the band's bottom (titles), middle or top. */
function fitted(text: string, make: string, sizePt: [number, number], valign: 'bottom' | 'horizon' | 'top'): (w: number, h: number) => string {
  const longest = longestWords(text);
  // A Typst array literal; one element needs a trailing comma to be an array.
  const words = `(${longest.map(str).join(', ')}${longest.length === 1 ? ',' : ''})`;
  return (w, h) =>
    `block(width: ${inch(w)}, height: ${inch(h)}, align(${valign}, fit(${inch(w)}, ${inch(h)}, ${sizePt[0]}pt, ${Math.max(sizePt[1], MIN_COVER_TYPE_PT)}pt, ${words}, ${make})))`;
}

/** The front: its words in the template's bands over the artwork (drawn first). `trim`: the front's trim box. */
function front(design: CoverDesign, spec: TemplateSpec, trim: WrapRect, art: string | null, bleedsOut: WrapRect): string {
  const hasArt = art !== null;
  const bands = spec.bands(hasArt);
  const { title, subtitle, author } = design.text;
  let out = '';
  if (design.template === 'elegant' || design.template === 'classic') out += frame(design.template, trim);
  if (art !== null) out += art;
  if (design.template === 'bold' && hasArt) {
    // The words stand on a band of the ground below the artwork, to the trim's outer edges and their bleed.
    const y = trim.yIn + bands.art!.y1 * trim.heightIn;
    out += `#place(top + left, dx: ${inch(trim.xIn)}, dy: ${inch(y)}, rect(width: ${inch(bleedsOut.xIn + bleedsOut.widthIn - trim.xIn)}, height: ${inch(bleedsOut.yIn + bleedsOut.heightIn - y)}, fill: bg))\n`;
  }
  const titleMake = maker({ text: title, font: spec.titleFont, weight: spec.titleWeight, fill: 'fg', trackingEm: spec.titleTrackingEm, leadingEm: spec.titleFont === 'Inter' ? 0.22 : spec.titleCase === 'upper' ? 0.34 : 0.28, upper: spec.titleCase === 'upper', align: spec.align });
  // A title too long for its band at the template's smallest size goes on down to TITLE_FLOOR_PT rather than out of it.
  out += placeBand(trim, bands.title, fitted(spec.titleCase === 'upper' ? title.toLocaleUpperCase('en') : title, titleMake, [spec.titlePt[0], TITLE_FLOOR_PT], 'bottom'));
  if (bands.ornament) {
    out += placeBand(trim, bands.ornament, (w, h) => `block(width: ${inch(w)}, height: ${inch(h)}, align(center + horizon, text(font: "EB Garamond", size: ${Math.min(30, Math.max(16, h * 72 * 0.95)).toFixed(1)}pt, fill: ac, "❦")))`);
  }
  if (bands.rule) {
    out += placeBand(trim, bands.rule, (w, h) =>
      design.template === 'classic'
        ? `block(width: ${inch(w)}, height: ${inch(h)}, align(center + horizon, stack(dir: ltr, spacing: 4pt, line(length: ${inch(w / 2 - 0.06)}, stroke: 0.6pt + ac), rotate(45deg, square(size: 4pt, fill: ac)), line(length: ${inch(w / 2 - 0.06)}, stroke: 0.6pt + ac))))`
        : `rect(width: ${inch(w)}, height: ${inch(h)}, fill: ac)`,
    );
  }
  if (subtitle) {
    const italic = spec.titleFont !== 'Inter';
    const make = maker({ text: subtitle, font: spec.bodyFont, ...(italic ? { style: 'italic' as const } : {}), fill: 'fg', leadingEm: 0.35, align: spec.align });
    out += placeBand(trim, bands.subtitle, fitted(subtitle, make, spec.titleFont === 'Inter' ? [17, 10] : [20, 11], 'top'));
  }
  if (author) {
    const make =
      design.template === 'bold' || design.template === 'academic'
        ? maker({ text: author, font: spec.accentFont, weight: 'bold', fill: design.template === 'bold' ? 'ac' : 'fg', trackingEm: 0.14, upper: true, align: spec.align })
        : maker({ text: author, font: spec.accentFont, fill: design.template === 'classic' ? 'ac' : 'fg', trackingEm: 0.12, smallcaps: true, align: spec.align });
    out += placeBand(trim, bands.author, fitted(author, make, [design.template === 'bold' || design.template === 'academic' ? 18 : 24, 12], 'horizon'));
  }
  return out;
}

/** The elegant template's hairline double frame, or the classic one's gilt double frame, inside a trim box. */
function frame(template: 'elegant' | 'classic', trim: WrapRect): string {
  const inset = template === 'classic' ? 0.05 : 0.045;
  const outer = { xIn: trim.xIn + inset * trim.widthIn, yIn: trim.yIn + inset * trim.widthIn, widthIn: trim.widthIn * (1 - 2 * inset), heightIn: trim.heightIn - 2 * inset * trim.widthIn };
  const [heavy, light] = template === 'classic' ? ['1.4pt', '0.5pt'] : ['0.7pt', '0.35pt'];
  const gap = 0.06;
  return (
    `#place(top + left, dx: ${inch(outer.xIn)}, dy: ${inch(outer.yIn)}, rect(width: ${inch(outer.widthIn)}, height: ${inch(outer.heightIn)}, stroke: ${heavy} + ac))\n` +
    `#place(top + left, dx: ${inch(outer.xIn + gap)}, dy: ${inch(outer.yIn + gap)}, rect(width: ${inch(outer.widthIn - 2 * gap)}, height: ${inch(outer.heightIn - 2 * gap)}, stroke: ${light} + ac))\n`
  );
}

/** The back cover: the title in small capitals over a rule, then the blurb; all above the barcode area. */
function back(design: CoverDesign, spec: TemplateSpec, trim: WrapRect, barcode: WrapRect): string {
  const m = Math.max(0.09 * trim.widthIn, 0.4);
  const x = trim.xIn + m;
  const w = trim.widthIn - 2 * m;
  let y = trim.yIn + Math.max(0.08 * trim.heightIn, 0.5);
  // The back's words end 0.3 in above the barcode area, which spans most of the back's lower edge.
  const bottom = barcode.yIn - 0.3;
  let out = design.template === 'classic' ? frame('classic', trim) : '';
  out += `#place(top + left, dx: ${inch(x)}, dy: ${inch(y)}, block(width: ${inch(w)}, text(font: ${str(spec.accentFont)}, size: 14pt, fill: ac, tracking: 0.1em, smallcaps(${str(design.text.title.slice(0, 90))}))))\n`;
  y += 0.45;
  out += `#place(top + left, dx: ${inch(x)}, dy: ${inch(y)}, line(length: ${inch(Math.min(1.2, w))}, stroke: 0.6pt + ac))\n`;
  y += 0.3;
  const blurb = design.text.blurb;
  if (blurb && bottom - y > 0.5) {
    const make = maker({ text: blurb, font: spec.bodyFont, fill: 'fg', leadingEm: 0.55, align: 'left' });
    out += `#place(top + left, dx: ${inch(x)}, dy: ${inch(y)}, ${fitted(blurb, make, [spec.bodyFont === 'Inter' ? 12 : 13.5, 8], 'top')(w, bottom - y)})\n`;
  }
  return out;
}

/** The spine's title and author, across the spine reading top to bottom, fitted between the folds' margins. */
function spine(design: CoverDesign, spec: TemplateSpec, geometry: WrapGeometry): string {
  if (!geometry.spineText) return '';
  const safe = geometry.safe.spine;
  const maxPt = Math.min(SPINE_MAX_PT, (safe.widthIn * 72) / SPINE_LINE_EM);
  const lengthIn = geometry.spine.heightIn - 2 * Math.max(0.35, 0.05 * geometry.spine.heightIn);
  // Cut at the last space before n characters (or at n - 1 when there is none), with an ellipsis.
  const cut = (s: string, n: number) => {
    if (s.length <= n) return s;
    const space = s.lastIndexOf(' ', n - 1);
    return `${s.slice(0, space > 0 ? space : n - 1)}…`;
  };
  const title = str(cut(design.text.title, 110));
  const author = str(cut(design.text.author, 60));
  const font = str(spec.titleFont === 'Inter' ? 'Inter' : spec.titleFont);
  const titleWeight = `weight: "${spec.titleWeight}"`;
  // Largest size at which title and author fit the spine's length; at the floor the author is left off, then the
  // title is cut further (a 7 pt spine holds about 180 characters, so only the longest titles get there).
  return `#let spine-line(size, with-author) = {
  set text(font: ${font}, size: size, fill: fg, top-edge: "ascender", bottom-edge: "descender")
  if with-author and ${author} != "" { box[#text(${titleWeight}, ${title})#h(1.2em)#text(fill: ac, ${author})] } else { box(text(${titleWeight}, ${title})) }
}
#place(top + left, dx: ${inch(geometry.spine.xIn)}, dy: ${inch(geometry.spine.yIn)}, block(width: ${inch(geometry.spine.widthIn)}, height: ${inch(geometry.spine.heightIn)}, place(center + horizon, context {
  let size = ${maxPt.toFixed(2)}pt
  let with-author = true
  while size > ${MIN_COVER_TYPE_PT}pt and measure(spine-line(size, true)).width > ${inch(lengthIn)} { size -= 0.5pt }
  if measure(spine-line(size, true)).width > ${inch(lengthIn)} { with-author = false }
  rotate(90deg, reflow: true, spine-line(size, with-author))
})))
`;
}

/** The artwork's file and its `place` on the page in `box` (page inches), or nothing without artwork. */
function artwork(design: CoverDesign, box: WrapRect, trim: WrapRect, minDpi: number | null, framed: boolean): { code: string; files: TypstFile[] } {
  const art = design.artwork;
  if (!art) return { code: '', files: [] };
  let rect = box;
  let file: TypstFile;
  if (art.kind === 'generated') {
    file = { path: 'cover/artwork.svg', bytes: new TextEncoder().encode(generativeArtworkSvg(art.style, art.seed, design.palette, box.widthIn, box.heightIn)) };
  } else {
    file = { path: `cover/artwork.${art.mediaType === 'image/png' ? 'png' : 'jpg'}`, bytes: art.bytes };
    if (minDpi !== null && (art.widthPx / minDpi < box.widthIn - 1e-6 || art.heightPx / minDpi < box.heightIn - 1e-6)) {
      // Under `minDpi` at the box's size: the picture becomes a plate of its pixels / dpi (or less), centred in the
      // part of the box that lies PLATE_INSET_IN inside the trim, so that it never touches a trimmed edge.
      const room = insetWithin(box, trim, PLATE_INSET_IN);
      const widthIn = Math.min(room.widthIn, art.widthPx / minDpi);
      const heightIn = Math.min(room.heightIn, art.heightPx / minDpi);
      rect = { xIn: room.xIn + (room.widthIn - widthIn) / 2, yIn: room.yIn + (room.heightIn - heightIn) / 2, widthIn, heightIn };
    }
  }
  const shrunk = rect !== box && (rect.widthIn < box.widthIn - 1e-6 || rect.heightIn < box.heightIn - 1e-6);
  let code = `#place(top + left, dx: ${inch(rect.xIn)}, dy: ${inch(rect.yIn)}, image(${str(file.path)}, width: ${inch(rect.widthIn)}, height: ${inch(rect.heightIn)}, fit: "cover"))\n`;
  if (framed || shrunk) {
    code += `#place(top + left, dx: ${inch(rect.xIn)}, dy: ${inch(rect.yIn)}, rect(width: ${inch(rect.widthIn)}, height: ${inch(rect.heightIn)}, stroke: 0.8pt + ac))\n`;
  }
  return { code, files: [file] };
}

/** Room kept between a plate (a picture shrunk to 300 dpi) and the trim, inches. */
const PLATE_INSET_IN = 0.4;

/** The part of `box` that lies `insetIn` inside `trim`. */
function insetWithin(box: WrapRect, trim: WrapRect, insetIn: number): WrapRect {
  const x0 = Math.max(box.xIn, trim.xIn + insetIn);
  const y0 = Math.max(box.yIn, trim.yIn + insetIn);
  const x1 = Math.min(box.xIn + box.widthIn, trim.xIn + trim.widthIn - insetIn);
  const y1 = Math.min(box.yIn + box.heightIn, trim.yIn + trim.heightIn - insetIn);
  return { xIn: x0, yIn: y0, widthIn: Math.max(0, x1 - x0), heightIn: Math.max(0, y1 - y0) };
}

/** The artwork's box on the page: the template's band of the trim box, run out to the bleed where it touches the trim's outer edges. */
function artBox(band: Band, trim: WrapRect, page: WrapRect, bleeds: boolean): WrapRect {
  let x0 = trim.xIn + band.x0 * trim.widthIn;
  let y0 = trim.yIn + band.y0 * trim.heightIn;
  let x1 = trim.xIn + band.x1 * trim.widthIn;
  let y1 = trim.yIn + band.y1 * trim.heightIn;
  if (bleeds) {
    if (band.y0 === 0) y0 = page.yIn;
    if (band.y1 === 1) y1 = page.yIn + page.heightIn;
    if (band.x1 === 1) x1 = page.xIn + page.widthIn;
    if (band.x0 === 0) x0 = Math.max(page.xIn, x0);
  }
  return { xIn: x0, yIn: y0, widthIn: x1 - x0, heightIn: y1 - y0 };
}

/**
 * The Typst document of `design` for `target`, with the files it reads. Pure: the same design and target always
 * give the same source and files.
 */
export function coverTypst(design: CoverDesign, target: CoverTarget): CoverSource {
  const spec = TEMPLATES[design.template];
  const artBand = design.artwork ? spec.bands(true).art : undefined;
  if (target.kind === 'ebook') {
    const page: WrapRect = { xIn: 0, yIn: 0, widthIn: EBOOK_PAGE_IN.widthIn, heightIn: EBOOK_PAGE_IN.heightIn };
    const art = artBand ? artwork(design, artBox(artBand, page, page, spec.artBleeds), page, null, !spec.artBleeds) : { code: '', files: [] };
    const body = front(design, spec, page, artBand ? art.code : null, page);
    return { source: preamble(design, page.widthIn, page.heightIn) + body, files: art.files, widthIn: page.widthIn, heightIn: page.heightIn };
  }
  const g = target.geometry;
  // The front's outer edges are the page's: the bleed beyond its top, right and bottom trim.
  const frontOut: WrapRect = { xIn: g.front.xIn, yIn: 0, widthIn: g.widthIn - g.front.xIn, heightIn: g.heightIn };
  const art = artBand ? artwork(design, artBox(artBand, g.front, frontOut, spec.artBleeds), g.front, PRINT_DPI, !spec.artBleeds) : { code: '', files: [] };
  const body = back(design, spec, g.back, g.barcode) + spine(design, spec, g) + front(design, spec, g.front, artBand ? art.code : null, frontOut);
  return { source: preamble(design, g.widthIn, g.heightIn) + body, files: art.files, widthIn: g.widthIn, heightIn: g.heightIn };
}
