/**
 * Answers of the covers API for component tests, in the contracts' shapes: covers of each kind, the Covers tab's
 * options (with and without an image model), and a 6 x 9 in paperback wrap's geometry (KDP's rules: 0.125 in bleed,
 * white paper 0.002252 in a page, the barcode box 2 x 1.2 in, 0.25 in from the trim and the spine fold).
 */
import type { Cover, CoverOptions, WrapGeometry } from '@quire/contracts';

let counter = 0;

/** A cover of book `b1`, text-only Elegant unless told otherwise; ids `c1`, `c2`, ... */
export function makeCover(overrides: Partial<Cover> = {}): Cover {
  counter += 1;
  const id = overrides.id ?? `c${counter}`;
  const bookId = overrides.bookId ?? 'b1';
  return {
    id,
    bookId,
    coverType: 'text-only',
    template: 'elegant',
    style: null,
    prompt: null,
    imageUrl: `/api/books/${bookId}/covers/${id}/ebook.jpg`,
    wrapUrl: `/api/books/${bookId}/covers/${id}/wrap.pdf`,
    chosen: false,
    text: { title: 'Pride and Prejudice', subtitle: '', author: 'Jane Austen', blurb: 'A novel of manners.' },
    palette: { background: '#f6f0e1', text: '#1d1a16', accent: '#8a6d3b' },
    artwork: { source: 'none', aiGenerated: false, model: null, widthPx: null, heightPx: null },
    createdAt: '2025-03-05T10:00:00.000Z',
    updatedAt: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An AI-style cover drawn by Quire's pattern renderer (no image model configured). */
export function patternCover(overrides: Partial<Cover> = {}): Cover {
  return makeCover({
    coverType: 'ai',
    template: 'academic',
    style: 'vintage',
    palette: { background: '#ede3cc', text: '#2a1f14', accent: '#7a2e1f' },
    artwork: { source: 'generated', aiGenerated: false, model: null, widthPx: null, heightPx: null },
    ...overrides,
  });
}

/** An AI-style cover whose artwork an image model made. */
export function aiModelCover(overrides: Partial<Cover> = {}): Cover {
  return makeCover({
    coverType: 'ai',
    template: 'classic',
    style: 'classic',
    prompt: 'An engraved medallion',
    artwork: { source: 'ai-model', aiGenerated: true, model: 'gpt-image-1', widthPx: 1024, heightPx: 1536 },
    ...overrides,
  });
}

const BLEED = 0.125;
const TRIM_W = 6;
const TRIM_H = 9;

/** The wrap of a 6 x 9 in paperback of `pageCount` pages on white paper. */
export function wrapGeometry(pageCount = 154): WrapGeometry {
  const spine = Math.round(pageCount * 0.002252 * 10000) / 10000;
  const panel = TRIM_W + BLEED;
  const height = TRIM_H + 2 * BLEED;
  const width = 2 * panel + spine;
  return {
    trimWidthIn: TRIM_W,
    trimHeightIn: TRIM_H,
    bleedIn: BLEED,
    pageCount,
    paperType: 'white',
    spineWidthIn: spine,
    widthIn: width,
    heightIn: height,
    spineText: pageCount >= 79,
    back: { xIn: 0, yIn: 0, widthIn: panel, heightIn: height },
    spine: { xIn: panel, yIn: 0, widthIn: spine, heightIn: height },
    front: { xIn: panel + spine, yIn: 0, widthIn: panel, heightIn: height },
    safe: {
      back: { xIn: 0.25, yIn: 0.25, widthIn: TRIM_W - 0.25, heightIn: TRIM_H - 0.25 },
      spine: { xIn: panel + 0.0625, yIn: 0.25, widthIn: Math.max(spine - 0.125, 0), heightIn: TRIM_H - 0.25 },
      front: { xIn: panel + spine + 0.125, yIn: 0.25, widthIn: TRIM_W - 0.25, heightIn: TRIM_H - 0.25 },
    },
    barcode: { xIn: panel - 0.25 - 2, yIn: BLEED + TRIM_H - 0.25 - 1.2, widthIn: 2, heightIn: 1.2 },
  };
}

/** The Covers tab's options: no image model unless `aiModel` is given. */
export function coverOptions({ aiModel = null, geometry = wrapGeometry() }: { aiModel?: string | null; geometry?: WrapGeometry | null } = {}): CoverOptions {
  return {
    aiConfigured: aiModel !== null,
    aiModel,
    palettes: [
      { name: 'Oxblood and gold', palette: { background: '#5a1620', text: '#f7eedb', accent: '#d4af5a' } },
      { name: 'Ivory and ink', palette: { background: '#f6f0e1', text: '#1d1a16', accent: '#8a6d3b' } },
      { name: 'Forest cloth', palette: { background: '#1f3a2e', text: '#f3ecd9', accent: '#c9a44c' } },
    ],
    geometry,
    artworkMinPx: { widthPx: 1875, heightPx: 2775 },
  };
}

/** A small JPEG-looking answer for the image routes (the bytes start with JPEG's magic). */
export function jpegResponse(): Response {
  return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } });
}
