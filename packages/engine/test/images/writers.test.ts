/**
 * Images from an imported book into every export: the futurepress Alice EPUB (24 illustrations) read,
 * parsed with its assets, and written as EPUB (manifest, EPUBCheck clean), PDF (`pdfimages -list`),
 * DOCX (`word/media`) and HTML (`data:` URIs); sizes fitted to the text block; only asset paths embedded.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLayout } from '../../src/layout/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import type { BookAsset, BookDocument } from '../../src/model/book-document.ts';
import { readBook } from '../../src/read/index.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf, writePdf } from '../../src/write/typst/pdf.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { epubcheck, problems } from '../epub-docx-html/helpers.ts';
import { pdfFile } from '../pdf/poppler.ts';
import { png } from './fixtures.ts';

const layout = getLayout('kdp-6x9');

/** Rows of `pdfimages -list`: page, width and height in pixels of each image drawn. */
function pdfImages(pdf: Uint8Array): { page: number; width: number; height: number }[] {
  const file = pdfFile(pdf);
  try {
    const out = execFileSync('pdfimages', ['-list', file.path], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c[2] === 'image')
      .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
  } finally {
    file.dispose();
  }
}

describe('futurepress Alice: imported illustrations in every export', () => {
  let doc: BookDocument;
  let assets: BookAsset[];

  beforeAll(async () => {
    const file = path.join(corpusDir(), 'other/alice-in-wonderland-epub3-futurepress-fixture.epub');
    const out = await readBook(new Uint8Array(readFileSync(file)), { fileName: 'alice.epub' });
    if (out.kind !== 'document') throw new Error('expected a document');
    assets = out.assets;
    doc = parseMarkdown(out.markdown, { title: 'Alice', author: 'Lewis Carroll', language: 'en', ...out.meta }, { assets });
  });

  it('the document holds every asset its figures show', () => {
    expect(Object.keys(doc.assets).sort()).toEqual(assets.map((a) => a.path).sort());
  });

  it('EPUB: each image in the manifest with its media type, shown by an <img> in a <figure>, EPUBCheck clean', async () => {
    const epub = await writeEpub(doc, layout);
    const files = unzipSync(epub);
    const opf = strFromU8(files['EPUB/package.opf']!);
    for (const asset of assets) {
      expect(files[`EPUB/${asset.path}`]).toBeDefined();
      expect(Buffer.from(files[`EPUB/${asset.path}`]!).equals(Buffer.from(asset.bytes))).toBe(true);
      expect(opf).toMatch(new RegExp(`<item id="image-\\d+" href="${asset.path}" media-type="image/jpeg"/>`));
    }
    const chapter1 = strFromU8(files['EPUB/chapter-001.xhtml']!);
    expect(chapter1).toContain('<figure class="illustration"><img src="images/img-1.jpg" alt=""/></figure>');
    expect(problems(await epubcheck(epub))).toEqual([]);
  }, 120_000);

  it('PDF: the images are drawn (pdfimages -list)', async () => {
    const images = pdfImages(await writePdf(doc, layout));
    expect(images.length).toBeGreaterThanOrEqual(assets.length);
    // i001_th.jpg is 160 x 193 pixels.
    expect(images[0]).toMatchObject({ width: 160, height: 193 });
  }, 240_000);

  it('DOCX: the images are in word/media and drawn in the document', async () => {
    const files = unzipSync(await writeDocx(doc, layout));
    const media = Object.keys(files).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBe(assets.length);
    const documentXml = strFromU8(files['word/document.xml']!);
    expect((documentXml.match(/<w:drawing>/g) ?? []).length).toBeGreaterThanOrEqual(assets.length);
  });

  it('HTML (print and epub variants): the images are data: URIs, so the file stands alone', () => {
    for (const variant of ['print', 'epub'] as const) {
      const html = writeHtml(doc, layout, { variant });
      const uris = html.match(/<img src="data:image\/jpeg;base64,[A-Za-z0-9+/=]+"/g) ?? [];
      expect(uris.length).toBeGreaterThanOrEqual(assets.length);
      expect(html).toContain(`data:image/jpeg;base64,${Buffer.from(assets[0]!.bytes).toString('base64')}`);
      expect(html).not.toContain('src="images/');
    }
  });
});

/** A one-chapter book showing `figures` (Markdown lines) with the given assets. */
function bookWith(figures: string[], assets: BookAsset[]): BookDocument {
  return parseMarkdown(`# Chapter One\n\nSome words before.\n\n${figures.join('\n\n')}\n\nSome words after.\n`, { title: 'Pictures', author: 'A. Author', language: 'en' }, { assets });
}

describe('sizes and safety', () => {
  const wide: BookAsset = { path: 'images/img-1.png', mediaType: 'image/png', bytes: png(1200, 600) };
  const tall: BookAsset = { path: 'images/img-2.png', mediaType: 'image/png', bytes: png(100, 2000) };
  const small: BookAsset = { path: 'images/img-3.png', mediaType: 'image/png', bytes: png(96, 48) };
  const blockWidthIn = layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn;
  const maxHeightIn = Math.min(layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn, layout.trimHeightIn * 0.6);

  it('parseMarkdown keeps only the assets a figure references; a figure naming no asset keeps its caption', () => {
    const doc = bookWith(['![Wide](images/img-1.png)', '![Not imported](images/img-9.png)'], [wide, tall]);
    expect(Object.keys(doc.assets)).toEqual(['images/img-1.png']);
    const blocks = doc.body[0]!.type === 'chapter' ? doc.body[0]!.blocks : [];
    expect(blocks.filter((b) => b.type === 'figure')).toEqual([
      { type: 'figure', src: 'images/img-1.png', alt: 'Wide', caption: [{ type: 'text', value: 'Wide' }] },
      { type: 'figure', src: 'images/img-9.png', alt: 'Not imported', caption: [{ type: 'text', value: 'Not imported' }] },
    ]);
  });

  it('Typst: a wide image fills the text block width, a tall one stops at 60% of the page height, a small one keeps its size', () => {
    const source = writeTypst(bookWith(['![Wide](images/img-1.png)', '![Tall](images/img-2.png)', '![Small](images/img-3.png)'], [wide, tall, small]), layout);
    const widths = [...source.matchAll(/image\("images\/img-(\d)\.png", width: ([\d.]+)in/g)].map((m) => [m[1], Number(m[2])]);
    expect(widths).toEqual([
      ['1', Number(blockWidthIn.toFixed(3))],
      ['2', Number(((maxHeightIn * 100) / 2000).toFixed(3))],
      ['3', 1],
    ]);
    expect(source).toContain('caption: text(style: "italic")[Wide], numbering: none)');
  });

  it('DOCX: pictures are sized in EMUs to the same box (914400 EMU to the inch)', async () => {
    const files = unzipSync(await writeDocx(bookWith(['![Wide](images/img-1.png)', '![Tall](images/img-2.png)'], [wide, tall]), layout));
    const extents = [...strFromU8(files['word/document.xml']!).matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(extents).toHaveLength(2);
    expect(extents[0]![0] / 914400).toBeCloseTo(blockWidthIn, 1);
    expect(extents[0]![1] / 914400).toBeCloseTo(blockWidthIn / 2, 1);
    expect(extents[1]![1] / 914400).toBeCloseTo(maxHeightIn, 1);
  });

  it('writers embed asset paths only: a src that climbs out of images/ is never read or linked', async () => {
    const sneaky = { path: 'images/../../package.json', mediaType: 'image/png', bytes: png(4, 4) } as BookAsset;
    const doc = bookWith(['![Sneaky](images/../../package.json)'], [sneaky]);
    expect(doc.assets).toEqual({});
    const forged: BookDocument = { ...doc, assets: { 'images/../../package.json': sneaky } };
    expect(writeTypst(forged, layout)).not.toContain('image(');
    expect(writeHtml(forged, layout, { variant: 'print' })).not.toContain('package.json"');
    const files = unzipSync(await writeEpub(forged, layout));
    expect(Object.keys(files).filter((n) => n.includes('package.json'))).toEqual([]);
  });

  it('compileTypstToPdf reads the images given for one compile and forgets them afterwards', () => {
    const source = '#image("images/img-3.png", width: 1in)';
    const pdf = compileTypstToPdf(source, [small]);
    expect(pdfImages(pdf)).toEqual([{ page: 1, width: 96, height: 48 }]);
    expect(() => compileTypstToPdf(source)).toThrow(/file not found/);
  });
});
