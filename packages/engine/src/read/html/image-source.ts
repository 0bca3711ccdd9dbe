/**
 * Where the pictures of an HTML document come from, and what the user is told when one cannot be kept.
 *
 * An {@link ImageSource} answers, for each `<img src>` met, the asset path of the imported picture, or an
 * {@link ImageProblem} saying why it is not kept (missing, remote, SVG, not an image, over the limits), or
 * undefined when it cannot tell (the converter then says the file is not in the upload). The bytes themselves
 * are judged by `../images.ts` (`ImageCollector`): PNG, JPEG, GIF and WebP only, never SVG.
 */
import { imageDimensions, imagePixelProblem, sniffImageType } from '../../model/image-bytes.ts';
import { decodeDataUri, type ImageCollector } from '../images.ts';
import { normalizeRelativePath, type ResourceResolver } from '../resources.ts';

/** Why a picture is not kept, in words the user reads (a `Diagnostic`'s code and message). */
export interface ImageProblem {
  code: 'image-missing' | 'image-refused';
  message: string;
}

/**
 * Finds the file of an image met in a document: `src` as written (`<img src>`, `<image href>`), `base` the
 * document's path (EPUB) or `''`. Returns the asset path of the imported image (`images/img-1.png`), an
 * {@link ImageProblem}, or undefined when the file is not available for a reason the source does not know.
 */
export type ImageSource = (src: string, base: string) => string | ImageProblem | undefined;

/** Shortens a `data:` URI for a message. */
function shown(src: string): string {
  return /^data:/i.test(src) ? 'embedded in the page' : src.length > 120 ? `${src.slice(0, 117)}...` : src;
}

/** The problem of a remote image (never fetched: only what was uploaded is read). */
export function remoteImage(src: string): ImageProblem {
  return { code: 'image-missing', message: `The image "${shown(src)}" is on the web; Quire does not download pictures, so only its caption is kept.` };
}

/** The problem of an SVG picture (refused: SVG can carry scripts). */
export function svgImage(src: string): ImageProblem {
  return {
    code: 'image-refused',
    message: `The picture "${shown(src)}" is an SVG drawing; Quire keeps PNG, JPEG, GIF and WebP pictures only, so only its caption is kept.`,
  };
}

/**
 * Hands `bytes` to the collector: the asset path, or the problem (not an image, a PDF, over 50 megapixels, over the
 * book's limits).
 * @param name the file as the user knows it (`images/plate1.jpg`), for the message.
 */
export function takeImage(collector: ImageCollector, bytes: Uint8Array, key: string, name: string): string | ImageProblem {
  const path = collector.add(bytes, key);
  if (path) return path;
  if (/^\s*<(?:\?xml|svg)/i.test(new TextDecoder().decode(bytes.subarray(0, 200))) || /\.svgz?$/i.test(name)) return svgImage(name);
  const dims = sniffImageType(bytes) ? imageDimensions(bytes) : undefined;
  if (!dims) {
    const what = /^%PDF-/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 5))) ? 'is a PDF' : 'is not a picture Quire can read';
    return { code: 'image-refused', message: `The file "${shown(name)}" ${what}; Quire keeps PNG, JPEG, GIF and WebP pictures, so only its caption is kept.` };
  }
  const tooLarge = imagePixelProblem(dims, /^data:/i.test(name) ? undefined : name, collector.maxPixels);
  if (tooLarge) return { code: 'image-refused', message: `${tooLarge} It was left out and its caption kept: scale it down and import the file again.` };
  return {
    code: 'image-refused',
    message: `The picture "${shown(name)}" was left out: a book keeps at most 500 pictures and 64 MiB of them. Its caption is kept.`,
  };
}

/** `images/fig%201.png?v=2#x` -> `images/fig 1.png`; undefined for an absolute or escaping path. */
export function relativeImagePath(src: string): string | undefined {
  let path = src.replace(/[?#].*$/s, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    /* keep as written */
  }
  return normalizeRelativePath(path);
}

/**
 * The image source of one HTML file: `data:` URIs, and relative paths looked up in `resources` (the folder beside
 * the file on the command line, the rest of an uploaded zip on the server). Without resources a relative image
 * is reported as not uploaded; remote images are never fetched.
 */
export function htmlImageSource(collector: ImageCollector, resources?: ResourceResolver): ImageSource {
  return (src) => {
    if (/^data:/i.test(src)) {
      const bytes = decodeDataUri(src);
      if (!bytes) {
        collector.refuse(src);
        return { code: 'image-refused', message: 'A picture embedded in the page could not be read, so only its caption is kept.' };
      }
      return takeImage(collector, bytes, src, src);
    }
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return remoteImage(src);
    const path = relativeImagePath(src);
    if (/\.svgz?(?:[?#]|$)/i.test(src)) return svgImage(src);
    const bytes = path && resources ? resources.get(path) : undefined;
    if (!bytes) {
      return {
        code: 'image-missing',
        message: resources
          ? `The picture "${src}" is not among the files beside the book, so only its caption is kept.`
          : // One message for all of them (the collector counts): naming each of a picture book's 200 files says nothing more.
            "A picture is a separate file that was not uploaded with the page; upload the book's folder as a .zip to keep its pictures. Only the caption is kept.",
      };
    }
    return takeImage(collector, bytes, path!, src);
  };
}
