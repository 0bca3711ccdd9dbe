/**
 * Images scaled down to what print needs (issue 32, point 3: an image bomb). Typst holds about 16 bytes a pixel of
 * every image it sets, so a picture keeps no more pixels than 300 dpi (KDP's print minimum, "Image resolution should
 * be at least 300 DPI") at the largest size Quire can print it:
 * - a book's picture: the largest page, 8.5 x 11.69 in (`layout/trim-sizes.ts` CUSTOM_TRIM_BOUNDS, US Letter's
 *   width and A4's height), so 2550 x 3507 px. The trim is not known at import and may change later, and every
 *   writer fits a figure inside the text block, which is smaller than the page, so this is 300 dpi or more at
 *   every trim;
 * - a cover's front artwork: the largest front with its bleed, 8.625 x 11.94 in, so 2588 x 3582 px, kept large
 *   enough to fill it (the artwork is cropped to the front, `cover/typst-cover.ts`).
 *
 * Decoding is done by `@napi-rs/canvas` (already the engine's canvas for previews and vector figures, prebuilt, no
 * system library), loaded only when an image is over its size. It applies a JPEG's EXIF orientation when it decodes,
 * so the re-encoded file stands as viewers showed it. Nothing is decoded whose header says more than
 * {@link MAX_IMAGE_PIXELS}: such an image is refused before it gets here.
 *
 * - [X] PNG (stays PNG, transparency kept), JPEG (JPEG, quality 90), WebP (WebP, quality 90)
 * - [ ] GIF is kept as it is (the canvas writes no GIF, and a new type would rename the book's image); it is still
 *       bound by the pixel limit
 */
import type { BookAsset, BookAssetMediaType } from './book-document.ts';
import { CUSTOM_TRIM_BOUNDS } from '../layout/trim-sizes.ts';
import { MAX_IMAGE_PIXELS, imageDimensions } from './image-bytes.ts';

/** Print resolution images are kept at, dots per inch (KDP's minimum). */
const PRINT_DPI = 300;

/** Bleed of a cover's front on its outer edge and top and bottom, inches (KDP help "Create a Paperback Cover"). */
const COVER_BLEED_IN = 0.125;

/** Quality of a re-encoded JPEG or WebP: no visible loss at 300 dpi. */
const LOSSY_QUALITY = 90;

/** A pixel box, pixels. */
export interface PixelBox {
  widthPx: number;
  heightPx: number;
}

/** The most a book's picture keeps: the largest page (8.5 x 11.69 in) at 300 dpi, 2550 x 3507 px. */
export const BOOK_IMAGE_MAX_PX: Readonly<PixelBox> = {
  widthPx: Math.ceil(CUSTOM_TRIM_BOUNDS.maxWidthIn * PRINT_DPI - 1e-9),
  heightPx: Math.ceil(CUSTOM_TRIM_BOUNDS.maxHeightIn * PRINT_DPI - 1e-9),
};

/**
 * What a cover's front artwork must still fill after scaling: the largest front with its bleed (trim width + 0.125
 * in, trim height + 0.25 in) at 300 dpi, 2588 x 3582 px (the same rule as `cover/geometry.ts` artworkMinPx).
 */
export const COVER_ARTWORK_MAX_PX: Readonly<PixelBox> = {
  widthPx: Math.ceil((CUSTOM_TRIM_BOUNDS.maxWidthIn + COVER_BLEED_IN) * PRINT_DPI - 1e-9),
  heightPx: Math.ceil((CUSTOM_TRIM_BOUNDS.maxHeightIn + 2 * COVER_BLEED_IN) * PRINT_DPI - 1e-9),
};

/** An image made smaller: its new bytes (same media type) and pixel size. */
export interface ScaledImage {
  bytes: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/**
 * The factor an image of `widthPx` x `heightPx` is scaled by to `box`: `contain` fits inside the box (a book's
 * picture), `cover` still fills it (a cover's artwork, cropped to the front). Never above 1: nothing is scaled up.
 */
export function scaleFactor(widthPx: number, heightPx: number, box: Readonly<PixelBox>, fit: 'contain' | 'cover'): number {
  const w = box.widthPx / widthPx;
  const h = box.heightPx / heightPx;
  return Math.min(1, fit === 'contain' ? Math.min(w, h) : Math.max(w, h));
}

/**
 * Scales an image down to `box` (see {@link scaleFactor} for `fit`), re-encoded in its own type.
 * @param bytes a PNG, JPEG or WebP file (a GIF is left as it is, see the module comment).
 * @param mediaType its type (by magic bytes, `sniffImageType`).
 * @returns the smaller image, or undefined when it needs no scaling, is a GIF, is over {@link MAX_IMAGE_PIXELS}
 *   (never decoded), or cannot be decoded (the caller keeps the file as it was). Never throws.
 */
export async function scaleImageDown(bytes: Uint8Array, mediaType: BookAssetMediaType, box: Readonly<PixelBox>, fit: 'contain' | 'cover'): Promise<ScaledImage | undefined> {
  if (mediaType === 'image/gif') return undefined;
  const dims = imageDimensions(bytes);
  if (!dims || dims.width * dims.height > MAX_IMAGE_PIXELS || scaleFactor(dims.width, dims.height, box, fit) >= 1) return undefined;
  try {
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    // The decoded size, EXIF orientation applied (as `imageDimensions` reports it).
    const scale = scaleFactor(image.width, image.height, box, fit);
    if (scale >= 1) return undefined;
    const widthPx = Math.max(1, Math.round(image.width * scale));
    const heightPx = Math.max(1, Math.round(image.height * scale));
    const canvas = createCanvas(widthPx, heightPx);
    const context = canvas.getContext('2d');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, widthPx, heightPx);
    const encoded =
      mediaType === 'image/png' ? await canvas.encode('png') : mediaType === 'image/jpeg' ? await canvas.encode('jpeg', LOSSY_QUALITY) : await canvas.encode('webp', LOSSY_QUALITY);
    return { bytes: new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength), widthPx, heightPx };
  } catch {
    return undefined;
  }
}

/**
 * A book's imported pictures, each scaled down to fit {@link BOOK_IMAGE_MAX_PX} when it is larger (one at a time,
 * so that one decoded picture at most is in memory). Paths and media types stay, so figures keep pointing at them.
 * @param assets the reader's images.
 * @returns the images, the scaled ones replaced by new assets (the others are the same objects). Never throws.
 */
export async function scaleBookImagesDown(assets: readonly BookAsset[], box: Readonly<PixelBox> = BOOK_IMAGE_MAX_PX): Promise<BookAsset[]> {
  const out: BookAsset[] = [];
  for (const asset of assets) {
    const scaled = await scaleImageDown(asset.bytes, asset.mediaType, box, 'contain');
    out.push(scaled ? { ...asset, bytes: scaled.bytes } : asset);
  }
  return out;
}
