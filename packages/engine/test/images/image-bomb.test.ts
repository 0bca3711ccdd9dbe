/**
 * Issue 32, point 3, "An image bomb exhausts memory": a 1.1 MB PNG that declares 20000 x 20000 px (400 megapixels)
 * took a Typst child to 6.25 GB. Every image that enters is judged by its header before anything decodes it,
 * refused over 50 megapixels with a message naming it, and scaled down to what 300 dpi needs.
 *
 * The bomb here is a valid PNG header (IHDR 20000 x 20000) with one tiny IDAT: nothing could decode it to its
 * declared size, and the canvas decoder is watched to prove nothing tries.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readBook, readProject, type ReadOutput } from '../../src/read/index.ts';
import { ImageCollector, MAX_BOOK_PIXELS } from '../../src/read/images.ts';
import { Report } from '../../src/read/html/dom.ts';
import { imageDimensions, imagePixelProblem, MAX_IMAGE_PIXELS } from '../../src/model/image-bytes.ts';
import { BOOK_IMAGE_MAX_PX, COVER_ARTWORK_MAX_PX, scaleImageDown } from '../../src/model/image-scale.ts';
import { docxWithPicture, epubWith, png, pngDeclaring } from './fixtures.ts';
import type * as NapiCanvas from '@napi-rs/canvas';

const canvas = vi.hoisted(() => ({ loads: [] as number[] }));
vi.mock('@napi-rs/canvas', async (importOriginal) => {
  const real = await importOriginal<typeof NapiCanvas>();
  return {
    ...real,
    loadImage: async (...args: Parameters<typeof real.loadImage>) => {
      const src = args[0];
      canvas.loads.push(Buffer.isBuffer(src) ? src.byteLength : -1);
      return real.loadImage(...args);
    },
  };
});

beforeEach(() => {
  canvas.loads.length = 0;
});

const BOMB = pngDeclaring(20_000, 20_000);

function documentOf(out: ReadOutput): Extract<ReadOutput, { kind: 'document' }> {
  if (out.kind !== 'document') throw new Error('expected a document');
  return out;
}

describe('the pixel limit', () => {
  it('reads 20000 x 20000 from the bomb header alone, and names it with its size and the limit', () => {
    expect(BOMB.byteLength).toBeLessThan(200);
    expect(imageDimensions(BOMB)).toEqual({ width: 20_000, height: 20_000 });
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(imagePixelProblem({ width: 20_000, height: 20_000 }, 'plates/garden.png')).toBe(
      'The picture "plates/garden.png" is 20000 x 20000 px (400 megapixels); Quire takes pictures of at most 50 megapixels.',
    );
    // 300 dpi of the largest full wrap (about 21 megapixels) passes; one pixel over the limit does not.
    expect(imagePixelProblem({ width: 5_800, height: 3_600 })).toBeUndefined();
    expect(imagePixelProblem({ width: 10_000, height: 5_000 })).toBeUndefined();
    expect(imagePixelProblem({ width: 10_000, height: 5_001 })).toMatch(/^This picture is 10000 x 5001 px/);
  });

  it("bounds a book's pictures together: past 400 megapixels in all, a picture keeps only its caption", () => {
    // Ten pictures just under the limit of one (49 MP each, a few hundred bytes each): eight fit in 400 MP.
    const collector = new ImageCollector();
    const kept = Array.from({ length: 10 }, (_, i) => collector.add(pngDeclaring(7_000, 7_000), `plates/${i}.png`));
    expect(MAX_BOOK_PIXELS).toBe(400_000_000);
    expect(kept.filter(Boolean)).toHaveLength(8);
    expect(kept.slice(8)).toEqual([undefined, undefined]);
    // A small picture still fits after them.
    expect(collector.add(png(40, 30), 'small.png')).toBe('images/img-9.png');
    const report = new Report();
    collector.reportTo(report);
    expect(report.toArray().find((l) => l.id === 'imagesDropped')).toMatchObject({ count: 2, label: expect.stringContaining('400 megapixels') });
  });
});

describe('an image bomb inside an imported book', () => {
  it('EPUB: the bomb is dropped with an image-refused diagnostic naming it; the text and the other picture are kept', async () => {
    const epub = epubWith(
      '<p>Before the plates.</p><figure><img src="images/bomb.png" alt="A huge plate"/><figcaption>The huge plate</figcaption></figure><p><img src="images/small.png" alt="A small plate"/></p><p>After the plates.</p>',
      { 'images/bomb.png': BOMB, 'images/small.png': png(40, 20) },
      ['<item id="i1" href="images/bomb.png" media-type="image/png"/>', '<item id="i2" href="images/small.png" media-type="image/png"/>'],
    );
    const out = documentOf(await readBook(epub, { fileName: 'plates.epub' }));
    expect(out.assets.map((a) => a.path)).toEqual(['images/img-1.png']);
    expect(imageDimensions(out.assets[0]!.bytes)).toEqual({ width: 40, height: 20 });
    expect(out.markdown).toContain('It was a bright cold day in April');
    expect(out.markdown).toContain('After the plates.');
    expect(out.markdown).toContain('The huge plate');
    const refused = out.diagnostics.filter((d) => d.code === 'image-refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toContain('"OPS/images/bomb.png" is 20000 x 20000 px (400 megapixels)');
    expect(refused[0]!.message).toContain('at most 50 megapixels');
    expect(out.report.find((l) => l.id === 'imagesTooLarge')?.count).toBe(1);
    expect(canvas.loads).toEqual([]);
  });

  it('DOCX: a Word picture over the limit is dropped with a diagnostic, the document imported', async () => {
    const docx = await docxWithPicture(BOMB, { width: 300, height: 300 });
    const out = documentOf(await readBook(docx, { fileName: 'garden.docx' }));
    expect(out.assets).toEqual([]);
    expect(out.markdown).toContain('nobody came');
    expect(out.markdown).toContain('the gate opened');
    expect(out.markdown).not.toContain('quire-refused');
    const refused = out.diagnostics.filter((d) => d.code === 'image-refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toMatch(/^The picture "A walled garden" is 20000 x 20000 px \(400 megapixels\); Quire takes pictures of at most 50 megapixels\./);
    expect(out.diagnostics.filter((d) => d.code === 'image-missing')).toEqual([]);
    expect(canvas.loads).toEqual([]);
  });

  it('DOCX: one anchored in a line of text is said too', async () => {
    const docx = await docxWithPicture(BOMB, { width: 300, height: 300 }, true);
    const out = documentOf(await readBook(docx, { fileName: 'garden.docx' }));
    expect(out.assets).toEqual([]);
    expect(out.markdown).toContain('nobody came');
    expect(out.diagnostics.filter((d) => d.code === 'image-refused').map((d) => d.message)).toEqual([
      expect.stringContaining('is 20000 x 20000 px (400 megapixels)'),
    ]);
  });

  it('a Markdown project (zip): the figure keeps its caption and the user is told', async () => {
    const files = new Map<string, Uint8Array>([
      ['book/book.md', new TextEncoder().encode('# One\n\nSome words of the first chapter, enough to be a book.\n\n![The huge plate](figures/bomb.png)\n\nMore words.\n')],
      ['book/figures/bomb.png', BOMB],
    ]);
    const out = documentOf(await readProject(files));
    expect(out.assets).toEqual([]);
    expect(out.markdown).toContain('More words.');
    expect(out.diagnostics.filter((d) => d.code === 'image-refused').map((d) => d.message)).toEqual([
      expect.stringContaining('"figures/bomb.png" is 20000 x 20000 px (400 megapixels)'),
    ]);
  });
});

describe('scaling down to 300 dpi', () => {
  it('an imported picture wider than the largest page at 300 dpi is made smaller, in its own type, its figure kept', async () => {
    const epub = epubWith('<p><img src="images/wide.png" alt="A wide plate"/></p>', { 'images/wide.png': png(6000, 300) }, [
      '<item id="i1" href="images/wide.png" media-type="image/png"/>',
    ]);
    const out = documentOf(await readBook(epub, { fileName: 'wide.epub' }));
    expect(out.assets.map((a) => [a.path, a.mediaType])).toEqual([['images/img-1.png', 'image/png']]);
    expect(BOOK_IMAGE_MAX_PX).toEqual({ widthPx: 2550, heightPx: 3507 });
    expect(imageDimensions(out.assets[0]!.bytes)).toEqual({ width: 2550, height: 128 });
    expect(out.markdown).toContain('](images/img-1.png)');
    expect(canvas.loads).toHaveLength(1);
  });

  it('a picture already within 300 dpi of the page is kept byte for byte, never decoded', async () => {
    const picture = png(300, 150, 3);
    const out = documentOf(await readBook(await docxWithPicture(picture, { width: 300, height: 150 }), { fileName: 'garden.docx' }));
    expect(Buffer.from(out.assets[0]!.bytes).equals(Buffer.from(picture))).toBe(true);
    expect(canvas.loads).toEqual([]);
  });

  it("a cover artwork still fills the largest front at 300 dpi: 'cover' fit keeps the shorter side at the front's need", async () => {
    expect(COVER_ARTWORK_MAX_PX).toEqual({ widthPx: 2588, heightPx: 3582 });
    const scaled = await scaleImageDown(png(4000, 4000), 'image/png', COVER_ARTWORK_MAX_PX, 'cover');
    expect(scaled && { widthPx: scaled.widthPx, heightPx: scaled.heightPx }).toEqual({ widthPx: 3582, heightPx: 3582 });
    expect(imageDimensions(scaled!.bytes)).toEqual({ width: 3582, height: 3582 });
    // Under the need on one side: left as it is.
    expect(await scaleImageDown(png(2000, 4000), 'image/png', COVER_ARTWORK_MAX_PX, 'cover')).toBeUndefined();
    // Over the pixel limit: never decoded.
    canvas.loads.length = 0;
    expect(await scaleImageDown(BOMB, 'image/png', COVER_ARTWORK_MAX_PX, 'cover')).toBeUndefined();
    expect(canvas.loads).toEqual([]);
  });
});
