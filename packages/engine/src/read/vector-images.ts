/**
 * Vector figures (PDF and SVG) turned into PNG images at import, because a Quire book keeps only raster images
 * (PNG, JPEG, GIF, WebP: `model/image-bytes.ts`). Theses written in Markdown point at their figures as
 * `graphs/cookies.pdf` (a matplotlib or TikZ export) or `pipeline.svg` (draw.io, Inkscape).
 *
 * The file comes from a stranger, so:
 * - the type is told by content (`%PDF-`, or an XML document whose root element is `svg`), never by name;
 * - an SVG is not rendered as given: it is parsed with `read/xml.ts` (no DTD is read, so no entity is ever
 *   expanded) and written out again from a list of drawing elements only: no `<script>`, no `<foreignObject>`,
 *   no `<image>` or `<feImage>` (the renderer loads no image anyway), no `<style>` (its simple rules are copied
 *   into the `style` attributes of the elements they select, at-rules such as `@import` dropped), no event
 *   attribute, no reference but a local `#id` (so no `file:` or `http:` address reaches the renderer), and
 *   every font family replaced by one of Quire's shipped fonts (`layout/fonts.ts`);
 * - an SVG over 5 MB, or one declaring entities (`<!ENTITY`, a DOCTYPE with an internal subset), is refused;
 * - the rendering runs in a child process of its own (`vector-images-child.ts`), with an empty environment, no
 *   system fonts (`DISABLE_SYSTEM_FONTS_LOAD`), a V8 heap cap, a resident-memory watchdog and a time budget
 *   (10 s plus 4 s per MiB of the file) after which it is killed: pdf.js has had remote-code bugs (CVE-2024-4367)
 *   and a crafted drawing can take very long; it dies with the thread that forked it (`setpriv --pdeathsig`), and
 *   is reaped before its answer is used, so no zombie is left when that thread ends (issue 32, point 9);
 * - a figure whose 300 dpi rendering would pass 40 million pixels (a "pixel bomb") is refused.
 *
 * Resolution: print needs 300 dpi (KDP's minimum for images: "Image resolution should be at least 300 DPI").
 * A PDF page is measured in points (1/72 in, ISO 32000-1 §8.3.2.3), an SVG in CSS pixels (1/96 in, CSS
 * Values 4 §6.2); the image is rendered at 300 dpi of that size, at most `maxWidthPx` wide (default 2400 px,
 * 8 in at 300 dpi: wider than any page's text block).
 *
 * SVG is drawn by `@napi-rs/canvas` (Skia's SVG module: no scripts, no CSS style sheets, no `<switch>`, which is
 * why a draw.io `<switch>` is written out as a group holding its first drawable child, the plain-text label).
 * `@resvg/resvg-js` is not installed in the repository.
 */
import { childEntryBeside, childRunner, residentBytes, stopChild } from '../child-entry.ts';
import { fork } from 'node:child_process';
import { EngineError } from '../errors.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_FAMILY_FOR_GENERIC, shippedFonts } from '../layout/fonts.ts';
import { localName, parseXml, type XmlElement, type XmlNode } from './xml.ts';

/** A rasterised figure: PNG bytes and the image's size in pixels. */
export interface RasterizedVectorImage {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** Options of {@link rasterizeVectorImage}. */
export interface RasterizeVectorOptions {
  /** Widest image made, in pixels (default 2400, 8 in at 300 dpi). */
  maxWidthPx?: number;
  /**
   * Time limit of the rendering, from the request to the answer of its process, in milliseconds. Default: sized
   * from the file, {@link vectorBudgetMs} (10 s plus 4 s per MiB).
   */
  timeoutMs?: number;
  /**
   * Cancels the rendering (waiting for its turn, or running: its child is killed) and rejects with EngineError
   * `TIME_LIMIT`; an already aborted signal rejects at once.
   */
  signal?: AbortSignal;
}

/** Limits of the rasteriser (see the module comment for their sources). */
export const VECTOR_IMAGE_LIMITS = {
  /** Print resolution, dots per inch. */
  dpi: 300,
  /** Default widest image, pixels (8 in at 300 dpi). */
  maxWidthPx: 2400,
  /** Largest rendering, pixels (width x height), at 300 dpi of the figure's own size and as rendered. */
  maxPixels: 40_000_000,
  /** Largest SVG file, bytes. */
  maxSvgBytes: 5 * 1024 * 1024,
  /**
   * Time limit of one rendering, milliseconds, before {@link VECTOR_IMAGE_LIMITS.timeoutMsPerMb}. A matplotlib or
   * draw.io figure renders in well under a second once the child has started (start-up is not counted), so ten
   * seconds is more than ten times what a real figure needs (issue 32, point 1).
   */
  timeoutMs: 10_000,
  /** Time added per MiB of the file, milliseconds: a 5 MB SVG (the largest accepted) gets 30 s. */
  timeoutMsPerMb: 4_000,
  /** Memory cap of the rendering process, MiB (V8 heap; the resident set may reach twice this). */
  maxMemoryMb: 512,
} as const;

/** Message to the rendering child. Sizes are in pixels; font files are absolute paths. */
export type VectorRenderRequest =
  | { type: 'pdf'; bytes: Uint8Array; maxWidthPx: number; maxPixels: number; dpi: number; pdfjsData: PdfJsDataDirs }
  | { type: 'svg'; svg: string; widthPx: number; heightPx: number; fonts: string[] };

/** Folders of pdf.js's own data files (URLs ending in `/`): standard fonts, CMaps, WebAssembly decoders. */
export interface PdfJsDataDirs {
  standardFontDataUrl: string;
  cMapUrl: string;
  wasmUrl: string;
}

/** Answer of the rendering child: the PNG and its size, or why not. */
export type VectorRenderReply = { type: 'done'; png: Uint8Array; widthPx: number; heightPx: number } | { type: 'failed'; message: string };

/** What kind of vector file the bytes are, by content. */
export type VectorKind = 'pdf' | 'svg';

const PDF_MAGIC = '%PDF-';

/**
 * Whether bytes are a PDF (`%PDF-` in the first 1,024 bytes, where readers look for the header: ISO 32000-2
 * Annex H note 1) or an SVG (text whose first element, after an XML declaration, comments and a DOCTYPE, is
 * `<svg` or `<prefix:svg`), or neither. Never throws.
 */
export function detectVectorKind(bytes: Uint8Array): VectorKind | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.startsWith(PDF_MAGIC)) return 'pdf';
  const text = decodeSvgText(bytes.subarray(0, 4096));
  if (text !== undefined) {
    // Skip the prolog: XML declaration, processing instructions, comments, DOCTYPE (with or without `[...]`).
    const prolog = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>\s*)*/i.exec(text);
    const rest = text.slice(prolog ? prolog[0].length : 0);
    if (/^<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/.test(rest)) return 'svg';
  }
  // A header after some junk (a mail header, a BOM) is still a PDF to every reader.
  return head.includes(PDF_MAGIC) ? 'pdf' : undefined;
}

/** Text of an SVG file: UTF-8 (BOM dropped) or UTF-16 with a BOM (XML 1.0 §4.3.3); undefined for binary. */
function decodeSvgText(bytes: Uint8Array): string | undefined {
  try {
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
    const text = new TextDecoder('utf-8').decode(bytes);
    return text.includes('\u0000') ? undefined : text.replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// SVG: sanitising and sizing

/**
 * SVG 1.1 elements that draw or define drawing, and that Skia's SVG module reads (and `switch` / `a`, written
 * as `g`). Everything else is dropped with what it holds: `script`, `foreignObject` (HTML), `image` and
 * `feImage` (references to files), `style` (CSS may `@import`), animation, fonts, metadata.
 */
const KEPT_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'a', 'title', 'desc',
  'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB',
  'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);

/** Namespaces the output declares; Skia reads references only as `xlink:href` (XLink 1.0). */
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** A sanitised SVG ready for the renderer, and the size to render it at. */
export interface SanitizedSvg {
  /** The SVG text written out again (see the module comment), its root sized `widthPx` x `heightPx`. */
  svg: string;
  /** The figure's own size in CSS pixels (1/96 in). */
  cssWidth: number;
  cssHeight: number;
  /** The size to render at: 300 dpi of the own size, at most `maxWidthPx` wide. */
  widthPx: number;
  heightPx: number;
}

/** CSS pixels per unit (CSS Values 4 §6.2; `em` and `ex` at the 16 px initial font size). */
const CSS_PX_PER_UNIT: Readonly<Record<string, number>> = { '': 1, px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, em: 16, ex: 8 };

/** A length attribute in CSS pixels; undefined for a percentage, `auto`, a bad value or one not above 0. */
function cssLength(value: string | undefined): number | undefined {
  const m = /^\s*([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value ?? '');
  if (!m) return undefined;
  const factor = CSS_PX_PER_UNIT[m[2]!.toLowerCase()];
  const n = Number(m[1]) * (factor ?? NaN);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The `viewBox` (min-x, min-y, width, height) when well formed with a positive width and height. */
function viewBox(value: string | undefined): [number, number, number, number] | undefined {
  const parts = (value ?? '').trim().split(/[\s,]+/).map(Number);
  if (parts.length !== 4 || !parts.every(Number.isFinite) || !(parts[2]! > 0) || !(parts[3]! > 0)) return undefined;
  return parts as [number, number, number, number];
}

/**
 * The figure's own size in CSS pixels: `width`/`height` (SVG 2 §8.2, units of CSS), the missing one from the
 * `viewBox`'s aspect ratio; both from the `viewBox` when neither is given (or they are percentages).
 */
function ownSize(root: XmlElement): { width: number; height: number } | undefined {
  const w = cssLength(root.attrs['width']);
  const h = cssLength(root.attrs['height']);
  const box = viewBox(root.attrs['viewBox']);
  if (w && h) return { width: w, height: h };
  if (box && w) return { width: w, height: (w * box[3]) / box[2] };
  if (box && h) return { width: (h * box[2]) / box[3], height: h };
  if (box) return { width: box[2], height: box[3] };
  return undefined;
}

/** Shipped family for a CSS font-family list: a shipped family named in it, else by its generic or its look. */
function shippedFamily(list: string): string {
  const names = list.split(',').map((n) => n.trim().replace(/^["']|["']$/g, '').trim()).filter(Boolean);
  const shipped = new Map(Object.keys(shippedFonts).map((f) => [f.toLowerCase(), f]));
  for (const name of names) {
    const known = shipped.get(name.toLowerCase());
    if (known) return known;
  }
  for (const name of names) {
    if (/mono|courier|consol|menlo|monaco|typewriter|code|fixed/i.test(name)) return DEFAULT_FAMILY_FOR_GENERIC.monospace;
    if (/sans|arial|helvet|verdana|tahoma|calibri|segoe|roboto|lato|ubuntu|trebuchet|futura|gill|frutiger|myriad|inter/i.test(name)) return DEFAULT_FAMILY_FOR_GENERIC['sans-serif'];
    if (/serif|times|roman|georgia|garamond|cambria|palatino|minion|charter|libertin|baskerville|bookman|caslon|computer modern|latin modern|^cmr|tex gyre/i.test(name)) return DEFAULT_FAMILY_FOR_GENERIC.serif;
  }
  // Diagrams are mostly labelled in a sans-serif: the default family.
  return DEFAULT_FAMILY_FOR_GENERIC['sans-serif'];
}

/** A reference kept: a local fragment (`#id`) only. */
function localReference(value: string): string | undefined {
  const v = value.trim();
  return /^#[^\s"'<>()]+$/.test(v) ? v : undefined;
}

/** `url(...)` values other than `url(#id)` (a file or a web address) become `none`. */
function withoutExternalUrls(value: string): string {
  return value.replace(/url\(\s*(['"]?)([^)]*?)\1\s*\)/gi, (whole, _q: string, target: string) => (target.trim().startsWith('#') ? whole : 'none'));
}

/** Style attribute with its font families replaced and non-local `url()`s removed. */
function cleanStyle(style: string): string {
  return withoutExternalUrls(style)
    .replace(/(^|;)\s*font-family\s*:\s*([^;]*)/gi, (_w, sep: string, list: string) => `${sep}font-family:${shippedFamily(list)}`)
    .replace(/@import|expression\s*\(/gi, '');
}

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** One rule of an SVG's `<style>` sheet, for a simple selector (`tag`, `.class`, `#id`, `tag.class`). */
interface StyleRule {
  tag?: string;
  classes: string[];
  id?: string;
  declarations: string;
}

/**
 * The simple rules of every `<style>` element (the style sheet of SVG 1.1 §6.3, which Skia does not read), so
 * that they can be written into the `style` attribute of the elements they select. At-rules (`@import`,
 * `@font-face`, `@media`) and selectors with combinators or pseudo-classes are left out.
 */
function styleRules(root: XmlElement): StyleRule[] {
  const rules: StyleRule[] = [];
  const walk = (el: XmlElement): void => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (localName(c.name) === 'style') {
        const css = c.children.map((t) => (t.type === 'text' ? t.value : '')).join('').replace(/\/\*[\s\S]*?\*\//g, '');
        // Blocks of at-rules are dropped whole (one level of nesting is enough for `@media { a { } }`).
        const flat = css.replace(/@[^{;]*\{(?:[^{}]|\{[^{}]*\})*\}|@[^;{]*;/g, '');
        for (const m of flat.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
          for (const selector of m[1]!.split(',')) {
            const sm = /^\s*([A-Za-z][\w-]*)?((?:\.[\w-]+)*)(?:#([\w-]+))?((?:\.[\w-]+)*)\s*$/.exec(selector);
            if (!sm || !(sm[1] || sm[2] || sm[3] || sm[4])) continue;
            const classes = `${sm[2] ?? ''}${sm[4] ?? ''}`.split('.').filter(Boolean);
            rules.push({ tag: sm[1], classes, id: sm[3], declarations: m[2]!.trim() });
          }
        }
      } else {
        walk(c);
      }
    }
  };
  walk(root);
  return rules;
}

/** Declarations of the rules selecting an element, in sheet order (specificity is not weighed). */
function ruleDeclarations(el: XmlElement, name: string, rules: readonly StyleRule[]): string {
  if (rules.length === 0) return '';
  const classes = (el.attrs['class'] ?? '').split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const r of rules) {
    if (r.tag !== undefined && r.tag !== name) continue;
    if (r.id !== undefined && r.id !== el.attrs['id']) continue;
    if (!r.classes.every((c) => classes.includes(c))) continue;
    if (r.declarations) out.push(r.declarations.replace(/;\s*$/, ''));
  }
  return out.join(';');
}

/** Attributes of an element as written out: see the module comment. */
function cleanAttributes(el: XmlElement, name: string, rules: readonly StyleRule[] = []): [string, string][] {
  const out: [string, string][] = [];
  let href: string | undefined;
  for (const [key, value] of Object.entries(el.attrs)) {
    const local = localName(key);
    const prefix = key.includes(':') ? key.slice(0, key.indexOf(':')) : '';
    if (local === 'href' && (prefix === '' || prefix === 'xlink')) {
      // A link (`<a href>`) goes nowhere in a picture; other references may only point inside the file.
      if (name !== 'a') href ??= localReference(value);
      continue;
    }
    if (prefix === 'xml' && local === 'space') {
      out.push(['xml:space', value]);
      continue;
    }
    // Namespace declarations are written by the root; other namespaced attributes (inkscape:, sodipodi:) and
    // event handlers (`onload`, SVG 1.1 §18.4) are dropped.
    if (prefix !== '' || key === 'xmlns' || /^on/i.test(key)) continue;
    if (name === 'a' && (key === 'target' || key === 'download' || key === 'ping')) continue;
    if (key === 'style') out.push([key, cleanStyle(value)]);
    else if (key === 'font-family') out.push([key, shippedFamily(value)]);
    else out.push([key, withoutExternalUrls(value)]);
  }
  // The style sheet's rules go before the element's own declarations, which win (CSS 2.2 §6.4.3: a style
  // attribute is more specific than any selector).
  const sheet = ruleDeclarations(el, name, rules);
  if (sheet) {
    const own = out.find(([k]) => k === 'style');
    if (own) own[1] = `${cleanStyle(sheet)};${own[1]}`;
    else out.push(['style', cleanStyle(sheet)]);
  }
  if (href !== undefined) out.push(['xlink:href', href]);
  return out;
}

/** Local element name of the output, or undefined when the element is dropped. */
function keptName(el: XmlElement): string | undefined {
  const i = el.name.indexOf(':');
  if (i >= 0 && el.name.slice(0, i) !== 'svg') return undefined;
  const local = i >= 0 ? el.name.slice(i + 1) : el.name;
  if (el.attrs['xmlns'] !== undefined && el.attrs['xmlns'] !== SVG_NS) return undefined;
  return KEPT_ELEMENTS.has(local) ? local : undefined;
}

/** Writes an element and what it holds; `switch` and `a` become `g` (a `switch` keeps its first drawable child). */
function writeElement(el: XmlElement, out: string[], depth: number, rules: readonly StyleRule[]): void {
  const name = keptName(el);
  if (!name || depth > 200) return;
  const tag = name === 'switch' || name === 'a' ? 'g' : name;
  out.push(`<${tag}`);
  for (const [k, v] of cleanAttributes(el, name, rules)) out.push(` ${k}="${escapeAttr(v)}"`);
  out.push('>');
  let children: XmlNode[] = el.children;
  if (name === 'switch') {
    // SVG 1.1 §5.8.2: the first child whose conditions hold is drawn. Skia draws none; the HTML label of a
    // draw.io figure (`foreignObject`) cannot be drawn, so the first child kept here is its plain `<text>`.
    const first = el.children.find((c): c is XmlElement => c.type === 'element' && keptName(c) !== undefined);
    children = first ? [first] : [];
  }
  writeChildren(children, out, depth + 1, rules);
  out.push(`</${tag}>`);
}

function writeChildren(children: readonly XmlNode[], out: string[], depth: number, rules: readonly StyleRule[]): void {
  for (const c of children) {
    if (c.type === 'text') out.push(escapeText(c.value));
    else writeElement(c, out, depth, rules);
  }
}

/**
 * Parses an SVG file and writes it out again with drawing elements only (see the module comment), its root
 * sized for rendering at 300 dpi of its own size (`1px` = 1/96 in) capped at `maxWidthPx`.
 * @returns undefined when the text is over 5 MB, declares entities, has no `svg` root, has no usable size, or
 *   would render past 40 million pixels. Never throws.
 */
export function sanitizeSvg(bytes: Uint8Array, maxWidthPx: number = VECTOR_IMAGE_LIMITS.maxWidthPx): SanitizedSvg | undefined {
  try {
    if (bytes.length > VECTOR_IMAGE_LIMITS.maxSvgBytes || detectVectorKind(bytes) !== 'svg') return undefined;
    const text = decodeSvgText(bytes);
    if (text === undefined) return undefined;
    // The parser never expands entities, but a file that declares them is not a figure: refuse it. The
    // SVG 1.1 DOCTYPE (`<!DOCTYPE svg PUBLIC ... "svg11.dtd">`, without an internal subset) is common and harmless.
    if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>[]*\[/i.test(text)) return undefined;
    const doc = parseXml(text);
    const root = doc.children.find((c): c is XmlElement => c.type === 'element');
    if (!root || localName(root.name) !== 'svg') return undefined;
    const size = ownSize(root);
    if (!size) return undefined;
    const scale = VECTOR_IMAGE_LIMITS.dpi / 96;
    if (size.width * scale * size.height * scale > VECTOR_IMAGE_LIMITS.maxPixels) return undefined;
    const widthPx = Math.max(1, Math.min(Math.round(size.width * scale), Math.floor(maxWidthPx)));
    const heightPx = Math.max(1, Math.round((widthPx * size.height) / size.width));
    if (widthPx * heightPx > VECTOR_IMAGE_LIMITS.maxPixels) return undefined;
    const box = viewBox(root.attrs['viewBox']) ?? [0, 0, size.width, size.height];
    const rules = styleRules(root);
    const attrs = cleanAttributes(root, 'svg', rules).filter(([k]) => k !== 'width' && k !== 'height' && k !== 'viewBox' && k !== 'x' && k !== 'y');
    const hasFamily = attrs.some(([k, v]) => k === 'font-family' || (k === 'style' && /font-family/i.test(v)));
    const out: string[] = [`<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" width="${widthPx}" height="${heightPx}" viewBox="${box.join(' ')}"`];
    if (!hasFamily) out.push(` font-family="${DEFAULT_FAMILY_FOR_GENERIC['sans-serif']}"`);
    for (const [k, v] of attrs) out.push(` ${k}="${escapeAttr(v)}"`);
    out.push('>');
    writeChildren(root.children, out, 1, rules);
    out.push('</svg>');
    return { svg: out.join(''), cssWidth: size.width, cssHeight: size.height, widthPx, heightPx };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The rendering child

const requireHere = createRequire(import.meta.url);

/** Absolute paths of every shipped font file (all families, all styles), for the SVG renderer. */
function shippedFontFiles(): string[] {
  const files: string[] = [];
  for (const font of Object.values(shippedFonts)) {
    for (const file of Object.values(font.files)) {
      try {
        files.push(requireHere.resolve(`${font.package}/${file}`));
      } catch {
        // A missing font package leaves its families to the fallback; the others still draw text.
      }
    }
  }
  return files;
}

/** pdf.js's data folders, as `file:` URLs ending in `/` (pdf.js reads them with `fs` under Node). */
function pdfJsDataDirs(): PdfJsDataDirs {
  const root = path.dirname(requireHere.resolve('pdfjs-dist/package.json'));
  const dir = (name: string): string => `${pathToFileURL(path.join(root, name)).href}/`;
  return { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm') };
}

/** The child's entry beside this module (`child-entry.ts`), with its heap capped. */
function childEntry(): { path: string; execArgv: string[] } {
  return childEntryBeside(import.meta.url, 'vector-images-child', VECTOR_IMAGE_LIMITS.maxMemoryMb);
}

/** The default time budget of rendering a file of `byteLength` bytes, ms ({@link VECTOR_IMAGE_LIMITS}). */
export function vectorBudgetMs(byteLength: number): number {
  return VECTOR_IMAGE_LIMITS.timeoutMs + (VECTOR_IMAGE_LIMITS.timeoutMsPerMb * byteLength) / 2 ** 20;
}

/** The rejection of a rendering cancelled by its caller's signal. */
function cancelled(signal: AbortSignal): EngineError {
  return new EngineError('TIME_LIMIT', 'Converting a vector figure took too long and was stopped.', { cause: signal.reason });
}

/** Time a child may take to start (load its loader, the canvas and pdf.js) before it is given up, ms. */
const STARTUP_TIMEOUT_MS = 30_000;

/** Renderings run at once: more would only share the same cores (a thesis has dozens of figures). */
const MAX_CONCURRENT_CHILDREN = 2;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `task` when fewer than {@link MAX_CONCURRENT_CHILDREN} renderings run.
 * @throws EngineError `TIME_LIMIT` when `signal` aborts while the task waits for its turn.
 */
async function limited<T>(task: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (running >= MAX_CONCURRENT_CHILDREN) {
    await new Promise<void>((resolve, reject) => {
      const turn = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        reject(cancelled(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(turn);
    });
  }
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Runs one rendering in a fresh child process and answers its reply, or undefined when the child fails, does
 * not start within 30 s, takes more than `timeoutMs` from the request to the answer, or grows past twice the
 * heap cap in resident memory (canvas pixels live outside the heap). The child is killed in every case, and the
 * call settles only once it has been reaped (`stopChild`).
 * The child says `ready` once its modules are loaded (pdf.js too, for a PDF), so the time limit measures the
 * rendering, not the start-up of Node and its TypeScript loader on a busy machine.
 * @throws EngineError `TIME_LIMIT` (rejection) when `signal` aborts; never rejects otherwise.
 */
function runChild(request: VectorRenderRequest, timeoutMs: number, signal: AbortSignal | undefined): Promise<VectorRenderReply | undefined> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(signal));
    let child: ReturnType<typeof fork>;
    try {
      const { path: entry, execArgv } = childEntry();
      const runner = childRunner();
      child = fork(entry, [request.type], {
        execPath: runner.execPath,
        execArgv: [...runner.before, ...execArgv],
        // Nothing of the parent's environment; system fonts are not loaded (`@napi-rs/canvas` reads this).
        env: { DISABLE_SYSTEM_FONTS_LOAD: '1' },
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
    } catch {
      resolve(undefined);
      return;
    }
    let settled = false;
    let timer: NodeJS.Timeout;
    const finish = (outcome: VectorRenderReply | undefined | EngineError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      signal?.removeEventListener('abort', onAbort);
      void stopChild(child).then(() => (outcome instanceof EngineError ? reject(outcome) : resolve(outcome)));
    };
    const onAbort = (): void => finish(cancelled(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => finish(undefined), STARTUP_TIMEOUT_MS);
    const watchdog = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss !== undefined && rss > 2 * VECTOR_IMAGE_LIMITS.maxMemoryMb * 2 ** 20) finish(undefined);
    }, 100);
    child.on('message', (message: VectorRenderReply | { type: 'ready' }) => {
      if (message.type !== 'ready') return finish(message);
      clearTimeout(timer);
      timer = setTimeout(() => finish(undefined), timeoutMs);
      child.send(request, (error) => {
        if (error) finish(undefined);
      });
    });
    child.on('error', () => finish(undefined));
    child.on('exit', () => finish(undefined));
  });
}

/**
 * Rasterises a vector figure (PDF: its first page; SVG) to a PNG at 300 dpi of its own size, at most
 * `maxWidthPx` wide (default 2400), on a white ground. The type is told by content; see the module comment for
 * what is refused and why.
 * @param bytes the file as found beside the document.
 * @returns the PNG and its pixel size, or undefined when the bytes are neither PDF nor SVG, are refused (too
 *   big, entities, a pixel bomb), cannot be read, or take longer than `timeoutMs` (default sized from the file:
 *   {@link vectorBudgetMs}): a figure that cannot be converted is the caller's diagnostic, not a failed import.
 * @throws EngineError `TIME_LIMIT` (rejection) when `opts.signal` aborts, the caller having given up on the whole
 *   job; never otherwise.
 */
export async function rasterizeVectorImage(bytes: Uint8Array, opts: RasterizeVectorOptions = {}): Promise<RasterizedVectorImage | undefined> {
  try {
    const maxWidthPx = opts.maxWidthPx !== undefined && opts.maxWidthPx >= 1 ? Math.floor(opts.maxWidthPx) : VECTOR_IMAGE_LIMITS.maxWidthPx;
    const timeoutMs = opts.timeoutMs !== undefined && opts.timeoutMs > 0 ? opts.timeoutMs : vectorBudgetMs(bytes.byteLength);
    const kind = detectVectorKind(bytes);
    let request: VectorRenderRequest;
    if (kind === 'pdf') {
      request = { type: 'pdf', bytes: bytes.slice(), maxWidthPx, maxPixels: VECTOR_IMAGE_LIMITS.maxPixels, dpi: VECTOR_IMAGE_LIMITS.dpi, pdfjsData: pdfJsDataDirs() };
    } else if (kind === 'svg') {
      const svg = sanitizeSvg(bytes, maxWidthPx);
      if (!svg) return undefined;
      request = { type: 'svg', svg: svg.svg, widthPx: svg.widthPx, heightPx: svg.heightPx, fonts: shippedFontFiles() };
    } else {
      return undefined;
    }
    const reply = await limited(() => runChild(request, timeoutMs, opts.signal), opts.signal);
    if (reply?.type !== 'done') return undefined;
    const png = new Uint8Array(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
    return { png, widthPx: reply.widthPx, heightPx: reply.heightPx };
  } catch (error) {
    if (error instanceof EngineError && error.code === 'TIME_LIMIT') throw error;
    return undefined;
  }
}
