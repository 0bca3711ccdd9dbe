/**
 * What the artwork upload accepts before any byte is sent: a JPEG or PNG under 20 MB (the server answers 415 and
 * 413 for the same cases, and 422 when the image has too few pixels for 300 dpi, which only the server checks).
 */

/** Most bytes of an uploaded artwork (the server's `MAX_ARTWORK_BYTES`). */
export const COVER_ARTWORK_MAX_BYTES = 20 * 1024 * 1024;

/** The `accept` attribute of the file input. */
export const COVER_ARTWORK_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

const TYPES = new Set(['image/jpeg', 'image/png']);
const EXTENSIONS = /\.(jpe?g|png)$/i;

/**
 * Why a chosen file cannot be uploaded as cover artwork, or null when it can. A dropped file skips the picker's
 * `accept` filter, so the type is checked here too (by media type, else by name).
 */
export function coverArtworkProblem(file: { name: string; size: number; type: string }): string | null {
  const known = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  if (!known) return 'Please choose a JPEG or PNG image.';
  if (file.size > COVER_ARTWORK_MAX_BYTES) return 'The image is too large. Cover artwork must be smaller than 20MB.';
  return null;
}

/** `at least 1875 x 2775 px for 300 dpi at this trim`, or null when the server did not say. */
export function artworkSizeHint(minPx: { widthPx: number; heightPx: number } | null | undefined): string | null {
  if (!minPx) return null;
  return `at least ${minPx.widthPx.toLocaleString('en-US')} x ${minPx.heightPx.toLocaleString('en-US')} px for 300 dpi at this trim`;
}
