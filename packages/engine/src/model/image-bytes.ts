/**
 * What Quire knows of an image file from its bytes: its type by magic bytes and its pixel size from its
 * header. Readers use it to accept an image (PNG, JPEG, GIF and WebP only: never SVG, which can carry
 * scripts), writers to size it on the page.
 *
 * Magic bytes: PNG (ISO/IEC 15948 §5.2, `89 50 4E 47 0D 0A 1A 0A`), JPEG (ITU T.81 SOI marker `FF D8`,
 * then a marker `FF xx`), GIF (`GIF87a` / `GIF89a`), WebP (RIFF container, `RIFF` .... `WEBP`, RFC 9649).
 * Pixel sizes are read by the `image-size` package, which reads headers only: an image is judged by its
 * header before anything decodes it (issue 32, point 3: a 1.1 MB PNG of 20000 x 20000 px, 400 megapixels, took a
 * Typst child to 6.25 GB once decoded).
 */
import { imageSize } from 'image-size';
import type { BookAssetMediaType } from './book-document.ts';

/** The file extension each accepted media type is stored under (`images/img-3.jpg`). */
export const IMAGE_EXTENSIONS: Readonly<Record<BookAssetMediaType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** `image-size`'s name of each accepted type. */
const SIZE_TYPES: Readonly<Record<BookAssetMediaType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/**
 * The media type of an image by its magic bytes, or undefined for anything else (SVG, BMP, TIFF, a file
 * renamed `.png`, text). Never throws.
 */
export function sniffImageType(bytes: Uint8Array): BookAssetMediaType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/**
 * Most pixels (width x height) Quire takes in one image, wherever it enters: an uploaded cover artwork, a picture
 * of an imported DOCX, EPUB, HTML page or Markdown project, a style guide's pictures (issue 32, point 3).
 *
 * Why 50 million: the largest thing Quire prints from one image is a paperback's full wrap at the largest trim
 * (8.5 x 11.69 in, `layout/trim-sizes.ts` CUSTOM_TRIM_BOUNDS) with KDP's thickest spine (828 pages x 0.0025 in)
 * and bleed, 19.3 x 11.9 in, which is 5,800 x 3,600 px = 21 megapixels at 300 dpi (KDP's print minimum). 50
 * megapixels is more than twice that, and takes the full frame of a 45-megapixel camera unchanged. Decoded, such
 * an image is 200 MB as 8-bit RGBA (4 bytes a pixel); Typst holds about 16 bytes a pixel (6.25 GB for 400
 * megapixels), which is why images are also scaled down to what 300 dpi needs before they are typeset.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Pixel size of an image. */
export interface ImageDimensions {
  /** Width in pixels, at least 1. */
  width: number;
  /** Height in pixels, at least 1. */
  height: number;
}

/**
 * The pixel size of a PNG, JPEG, GIF or WebP image from its header (EXIF orientation 5-8 swaps width and
 * height, as viewers show the photo).
 * @returns undefined when the bytes are not one of those types, the header is damaged, or a side is 0.
 *   Never throws.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const type = sniffImageType(bytes);
  if (!type) return undefined;
  try {
    const size = imageSize(bytes);
    if (size.type !== SIZE_TYPES[type]) return undefined;
    const rotated = size.orientation !== undefined && size.orientation >= 5;
    const width = rotated ? size.height : size.width;
    const height = rotated ? size.width : size.height;
    if (!(width >= 1 && height >= 1)) return undefined;
    return { width, height };
  } catch {
    return undefined;
  }
}

/**
 * The size an image is shown at, in inches: its natural size at 96 pixels per inch (the CSS reference
 * pixel, which e-readers and Word also use), scaled down, never up, to fit `maxWidthIn` x `maxHeightIn`
 * with its aspect ratio kept.
 * @param dims pixel size; @param maxWidthIn, maxHeightIn the box, inches (> 0).
 * @returns `{ widthIn, heightIn }`, both > 0.
 */
export function fitImage(dims: ImageDimensions, maxWidthIn: number, maxHeightIn: number): { widthIn: number; heightIn: number } {
  const natural = { w: dims.width / 96, h: dims.height / 96 };
  const scale = Math.min(1, maxWidthIn / natural.w, maxHeightIn / natural.h);
  return { widthIn: natural.w * scale, heightIn: natural.h * scale };
}

/** `50000000` -> `50`, `400000000` -> `400`, `1234567` -> `1.2` (megapixels, for messages). */
function megapixels(pixels: number): string {
  const mp = pixels / 1_000_000;
  return mp >= 10 ? String(Math.round(mp)) : String(Math.round(mp * 10) / 10);
}

/**
 * Whether an image of `dims` is over the pixel limit: undefined when it is not, else the sentence that says so,
 * naming the image, its pixels and the limit (`The picture "plate.png" is 20000 x 20000 px (400 megapixels);
 * Quire takes pictures of at most 50 megapixels.`). Callers add what happens to it (its caption kept, upload
 * again). Judge the header's size ({@link imageDimensions}) before any decoder sees the bytes.
 * @param dims the pixel size from the image's header.
 * @param name the image as the user knows it (a file name or an archive path); absent: "This picture".
 * @param maxPixels the limit, pixels (default {@link MAX_IMAGE_PIXELS}).
 * @returns undefined, or the sentence. Never throws.
 */
export function imagePixelProblem(dims: ImageDimensions, name?: string, maxPixels: number = MAX_IMAGE_PIXELS): string | undefined {
  const pixels = dims.width * dims.height;
  if (pixels <= maxPixels) return undefined;
  const shown = name === undefined || name === '' ? 'This picture' : `The picture "${name.length > 120 ? `${name.slice(0, 117)}...` : name}"`;
  return `${shown} is ${dims.width} x ${dims.height} px (${megapixels(pixels)} megapixels); Quire takes pictures of at most ${megapixels(maxPixels)} megapixels.`;
}
