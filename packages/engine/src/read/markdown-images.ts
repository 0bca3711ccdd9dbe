/**
 * The image files of a Markdown book's figures (`![caption](../graphs/cookies.pdf)`), read through the
 * {@link ResourceResolver} of the files beside the Markdown file and kept by an {@link ImageCollector}, so that
 * every figure points at `images/img-N.ext` in `doc.assets`.
 *
 * - PNG, JPEG, GIF, WebP are kept as they are (checked by their bytes, `read/images.ts`), unless their header says
 *   more than 50 megapixels (`MAX_IMAGE_PIXELS`): refused, the caption kept, the user told (issue 32);
 * - a PDF or SVG figure (LaTeX theses draw their plots as PDF) is rasterized to PNG by
 *   `read/vector-images.ts` when it can be; else only the caption is kept and the user is told;
 * - a file that is not there, or on the web (never fetched), keeps only the caption, reported as `image-missing`.
 */
import { chapterHeadingText, inlineText, referencedAssets, type Block, type BookDocument } from '../model/book-document.ts';
import type { Diagnostics } from '../model/diagnostics.ts';
import { imageDimensions, imagePixelProblem } from '../model/image-bytes.ts';
import type { ImageCollector } from './images.ts';
import type { ResourceResolver } from './resources.ts';
import { detectVectorKind, rasterizeVectorImage } from './vector-images.ts';

/** Every figure of the document with where it stands (`Chapter 3: Results`), in reading order. */
function figuresOf(doc: BookDocument): { figure: Extract<Block, { type: 'figure' }>; where: string | undefined }[] {
  const out: { figure: Extract<Block, { type: 'figure' }>; where: string | undefined }[] = [];
  const walk = (blocks: readonly Block[], where: string | undefined): void => {
    for (const b of blocks) {
      if (b.type === 'figure') out.push({ figure: b, where });
      else if (b.type === 'blockQuote' || b.type === 'speech') walk(b.children, where);
      else if (b.type === 'list') b.items.forEach((item) => walk(item, where));
    }
  };
  for (const s of doc.front) walk(s.blocks, inlineText(s.title).trim() || undefined);
  for (const d of doc.body) {
    if (d.type === 'part') {
      walk(d.blocks, inlineText(d.title).trim() || undefined);
      for (const c of d.chapters) walk(c.blocks, chapterHeadingText(c) || undefined);
    } else walk(d.blocks, chapterHeadingText(d) || undefined);
  }
  for (const s of doc.back) walk(s.blocks, inlineText(s.title).trim() || undefined);
  for (const blocks of Object.values(doc.footnotes)) walk(blocks, 'A footnote');
  return out;
}

/** `src` as a path to look up: URL-decoded where it is percent-encoded (`fig%201.png`). */
function decoded(src: string): string {
  try {
    return decodeURI(src);
  } catch {
    return src;
  }
}

/**
 * Resolves every figure's `src` through `resources` (see the module comment), in place: figures point at the
 * collector's asset paths and `doc.assets` holds them; a figure whose file cannot be kept loses its `src`
 * (writers print its caption alone). Without `resources`, figures keep their `src` and each is reported.
 */
export async function resolveFigureImages(
  doc: BookDocument,
  resources: ResourceResolver | undefined,
  collector: ImageCollector,
  diagnostics: Diagnostics,
): Promise<void> {
  // First the files, then the rasterizations (two at a time: each is a child process), then the collector in
  // reading order, so images are numbered as the figures stand.
  type Job = { figure: Extract<Block, { type: 'figure' }>; where: string | undefined; src: string; bytes: Uint8Array };
  const jobs: Job[] = [];
  for (const { figure, where } of figuresOf(doc)) {
    const src = figure.src;
    if (src === undefined || src === '') continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(src)) {
      diagnostics.add('image-missing', `The image "${src}" is not a file beside the Markdown (Quire never downloads images): only its caption is printed.`, where);
      delete figure.src;
      continue;
    }
    if (!resources) {
      diagnostics.add('image-missing', `The image "${src}" was not uploaded with the Markdown file: only its caption is printed. Upload the project as a .zip to keep its images.`, where);
      continue;
    }
    const bytes = resources.get(decoded(src)) ?? resources.get(src);
    if (!bytes) {
      diagnostics.add('image-missing', `The image "${src}" was not found beside the Markdown file: only its caption is printed.`, where);
      delete figure.src;
      continue;
    }
    jobs.push({ figure, where, src, bytes });
  }
  const vectors = jobs.filter((j) => detectVectorKind(j.bytes) !== undefined);
  const rasters = new Map<Job, Uint8Array | undefined>();
  const byFile = new Map<string, Promise<Uint8Array | undefined>>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < vectors.length) {
      const job = vectors[next++]!;
      const key = decoded(job.src);
      let pending = byFile.get(key);
      if (!pending) {
        pending = rasterizeVectorImage(job.bytes).then((r) => r?.png, () => undefined);
        byFile.set(key, pending);
      }
      rasters.set(job, await pending);
    }
  };
  await Promise.all([worker(), worker()]);
  for (const job of jobs) {
    const { figure, where, src } = job;
    let take = job.bytes;
    const vector = detectVectorKind(job.bytes);
    if (vector) {
      const png = rasters.get(job);
      if (!png) {
        diagnostics.add('image-refused', `The image "${src}" is ${vector === 'pdf' ? 'a PDF' : 'an SVG'} file that Quire could not turn into a picture: only its caption is printed. Export it as PNG to keep it.`, where);
        delete figure.src;
        continue;
      }
      take = png;
    }
    const path = collector.add(take, decoded(src));
    if (path) figure.src = path;
    else {
      const dims = imageDimensions(take);
      const tooLarge = dims ? imagePixelProblem(dims, src, collector.maxPixels) : undefined;
      if (tooLarge) diagnostics.add('image-refused', `${tooLarge} Only its caption is printed: scale it down and import the book again.`, where);
      else diagnostics.add('image-refused', `The image "${src}" is not a PNG, JPEG, GIF or WebP picture Quire can keep (or the book's images are over the limit): only its caption is printed.`, where);
      delete figure.src;
    }
  }
  doc.assets = referencedAssets(doc, collector.assets());
}
