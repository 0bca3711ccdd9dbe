/**
 * Makes the landing page's pictures of a typeset book (committed under `public/landing/`) from a real book set by
 * our own engine: the opening of Pride and Prejudice (Project Gutenberg #1342) read, cleaned, parsed and typeset
 * in the Classic Literature template exactly as the server would for a user, then drawn by the engine's page
 * rasteriser (pdf.js in the Typst child process).
 *
 * Usage: node --import tsx apps/web/scripts/make-landing-images.ts [path/to/pg1342-pride-and-prejudice.txt]
 *
 * Files written (the landing components name them; sizes are printed, and each must stay under 60 KB so the
 * landing page keeps its mobile Lighthouse score):
 * - `hero-spread-640.avif`, `hero-spread-1120.avif`: the open book of the hero, two full pages of Chapter I (folios 2
 *   and 3, with their running heads), in two widths for `srcset`;
 * - `hero-spread-800.webp`: the same spread, 800 px wide, for a browser that cannot show AVIF (the hero's first
 *   fallback; WebP needs about twice AVIF's bytes for this text, hence the smaller width);
 * - `chapter-one-opening.webp`: the first page of Chapter I, the "after" of the before/after example.
 *
 * A build-time tool: the web app itself never imports the engine (it talks to the server over HTTP).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// eslint-disable-next-line no-restricted-imports -- build-time script, not shipped code: the pictures must be the engine's own output.
import { cleanText, getLayout, parseMarkdown, PdfProcessPool, readText, writeTypst, type BookMeta } from '@quire/engine';
// The engine's own canvas (a prebuilt binary, no system library) joins two pages into a spread and encodes it.
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(webRoot, 'public', 'landing');
// The corpus sits beside the repository (../shared/corpus), as it does for the engine's tests.
const DEFAULT_SOURCE = fileURLToPath(new URL('../../../../shared/corpus/gutenberg/pg1342-pride-and-prejudice.txt', import.meta.url));
const sourcePath = path.resolve(process.argv[2] ?? DEFAULT_SOURCE);

/** The landing page's budget per image, bytes. */
const MAX_BYTES = 60_000;
/** The template the pictures are set in: drop capitals, small-caps lead-ins and running heads, cream paper. */
const TEMPLATE_ID = 'classic-literature';
/**
 * Physical pages of the typeset opening (half title, blank, title, copyright, contents, blank, then the text):
 * Chapter I opens on page 7 and ends on page 10. The hero shows pages 8 and 9 (folios 2 and 3): full pages on both
 * sides, as an open book is seen (the end of a chapter would leave the verso mostly empty; the chapter opening is the
 * before/after example's picture).
 */
const CHAPTER_ONE_OPENING = 7;
const SPREAD = { verso: 8, recto: 9 } as const;
/**
 * The template prints on cream paper (`paper: 'cream'`) but pdf.js draws pages on white: multiplying by this tint
 * gives the pages the colour of the printed book (white becomes the tint, black stays black).
 */
const CREAM_PAPER = '#fcf7ec';
/** The gutter's shadow at its deepest, in the ink colour of the site. */
const PAGE_GUTTER_SHADOW = 'rgba(29, 26, 22, 0.10)';
/**
 * AVIF `quality` by width. In this encoder (rav1e through @napi-rs/canvas) the number behaves as a quantiser, lower
 * is finer (measured on the 640 px spread: 35 -> 15 KB with clean letters, 72 -> 8 KB with smeared ones); the small
 * image needs the finer setting to keep its 7 px text legible.
 */
const AVIF_QUALITY: Record<number, number> = { 640: 45, 1120: 60 };

/** The opening chapters of the book, typeset as the server typesets it, as a PDF. */
async function typesetOpening(pool: PdfProcessPool): Promise<Uint8Array> {
  const { text } = readText(new Uint8Array(readFileSync(sourcePath)), { fileName: path.basename(sourcePath) });
  const cleaned = cleanText(text);
  // Two chapters are enough for the spread; a shorter book typesets in a second instead of half a minute.
  const chapterThree = cleaned.markdown.indexOf('\n# Chapter 3');
  if (chapterThree < 0) throw new Error(`${sourcePath}: no "Chapter 3" heading after cleanup; is this Pride and Prejudice?`);
  const meta: BookMeta = { title: 'Pride and Prejudice', author: 'Jane Austen', language: 'en', ...cleaned.meta };
  const doc = parseMarkdown(cleaned.markdown.slice(0, chapterThree), meta);
  const { pdf } = await pool.typeset(writeTypst(doc, getLayout(TEMPLATE_ID)), doc.assets);
  return pdf;
}

/** Page `pageNumber` of the PDF drawn `widthPx` wide (WebP bytes from the engine's rasteriser). */
async function drawPage(pool: PdfProcessPool, pdf: Uint8Array, pageNumber: number, widthPx: number): Promise<Uint8Array> {
  const { pages } = await pool.rasterPages({ key: `landing-${widthPx}`, pdf, fromPage: pageNumber, toPage: pageNumber, widthPx });
  const page = pages[0];
  if (!page) throw new Error(`The typeset opening has no page ${pageNumber}.`);
  return page.bytes;
}

/**
 * An open book: the verso and recto side by side, with a soft shadow into the gutter on each page so that it reads
 * as a bound spread rather than two sheets. Pages are drawn at twice the size and scaled down once, which keeps the
 * text sharp through the one lossy encode.
 */
async function spreadCanvas(verso: Uint8Array, recto: Uint8Array, widthPx: number) {
  const [left, right] = await Promise.all([loadImage(Buffer.from(verso)), loadImage(Buffer.from(recto))]);
  const pageWidth = widthPx / 2;
  const pageHeight = Math.round((left.height / left.width) * pageWidth);
  const canvas = createCanvas(widthPx, pageHeight);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(left, 0, 0, pageWidth, pageHeight);
  ctx.drawImage(right, pageWidth, 0, pageWidth, pageHeight);
  tintAsCream(ctx, widthPx, pageHeight);
  gutterShadow(ctx, pageWidth, pageHeight, widthPx * 0.06);
  return canvas;
}

function tintAsCream(ctx: SKRSContext2D, width: number, height: number) {
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = CREAM_PAPER;
  ctx.fillRect(0, 0, width, height);
  ctx.globalCompositeOperation = 'source-over';
}

function gutterShadow(ctx: SKRSContext2D, gutterX: number, height: number, depth: number) {
  const toLeft = ctx.createLinearGradient(gutterX, 0, gutterX - depth, 0);
  toLeft.addColorStop(0, PAGE_GUTTER_SHADOW);
  toLeft.addColorStop(1, 'rgba(29, 26, 22, 0)');
  ctx.fillStyle = toLeft;
  ctx.fillRect(gutterX - depth, 0, depth, height);
  const toRight = ctx.createLinearGradient(gutterX, 0, gutterX + depth, 0);
  toRight.addColorStop(0, PAGE_GUTTER_SHADOW);
  toRight.addColorStop(1, 'rgba(29, 26, 22, 0)');
  ctx.fillStyle = toRight;
  ctx.fillRect(gutterX, 0, depth, height);
}

function write(name: string, bytes: Uint8Array, size: { width: number; height: number }) {
  const file = path.join(outDir, name);
  writeFileSync(file, bytes);
  const { size: byteCount } = statSync(file);
  console.log(`${name.padEnd(26)} ${size.width} x ${size.height}  ${byteCount} bytes`);
  if (byteCount > MAX_BYTES) throw new Error(`${name} is ${byteCount} bytes, over the landing page's ${MAX_BYTES}-byte budget.`);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const pool = new PdfProcessPool({ size: 1 });
  try {
    const pdf = await typesetOpening(pool);
    const [verso, recto] = await Promise.all([drawPage(pool, pdf, SPREAD.verso, 1120), drawPage(pool, pdf, SPREAD.recto, 1120)]);
    for (const width of [640, 1120]) {
      const canvas = await spreadCanvas(verso, recto, width);
      write(`hero-spread-${width}.avif`, canvas.toBuffer('image/avif', { quality: AVIF_QUALITY[width] }), canvas);
    }
    const fallback = await spreadCanvas(verso, recto, 800);
    write('hero-spread-800.webp', fallback.toBuffer('image/webp', 45), fallback);
    const opening = await loadImage(Buffer.from(await drawPage(pool, pdf, CHAPTER_ONE_OPENING, 1280)));
    const width = 800;
    const height = Math.round((opening.height / opening.width) * width);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(opening, 0, 0, width, height);
    tintAsCream(ctx, width, height);
    write('chapter-one-opening.webp', canvas.toBuffer('image/webp', 75), canvas);
  } finally {
    await pool.close();
  }
}

await main();
