/**
 * Images through the readers: the bytes of EPUB, DOCX and HTML (`data:` URI) images become the book's
 * assets, referenced from the Markdown; hostile or fake images and images past the limits keep their
 * captions only, and the report counts them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { readBook, type ReadOutput } from '../../src/read/index.ts';
import { ImageCollector } from '../../src/read/images.ts';
import { imageDimensions, sniffImageType } from '../../src/model/image-bytes.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { dataUri, docxWithPicture, epubWith, HOSTILE_SVG, htmlPage, png } from './fixtures.ts';

function documentOf(out: ReadOutput): Extract<ReadOutput, { kind: 'document' }> {
  if (out.kind !== 'document') throw new Error('expected a document');
  return out;
}

const figureLines = (markdown: string): string[] => markdown.split('\n').filter((l) => l.startsWith('!['));
const count = (out: Extract<ReadOutput, { kind: 'document' }>, id: string): number => out.report.find((l) => l.id === id)?.count ?? 0;

describe('EPUB images', () => {
  it('futurepress Alice: every illustration of the chapters is imported, named images/img-N.jpg, and referenced', async () => {
    const file = path.join(corpusDir(), 'other/alice-in-wonderland-epub3-futurepress-fixture.epub');
    const out = documentOf(await readBook(new Uint8Array(readFileSync(file)), { fileName: 'alice.epub' }));
    // 22 chapter illustrations and 2 plates are shown in the chapters (the cover and title pages are skipped).
    expect(out.assets.length).toBe(24);
    expect(count(out, 'imagesImported')).toBe(24);
    for (const [i, asset] of out.assets.entries()) {
      expect(asset.path).toBe(`images/img-${i + 1}.jpg`);
      expect(asset.mediaType).toBe('image/jpeg');
      expect(sniffImageType(asset.bytes)).toBe('image/jpeg');
      expect(out.markdown).toContain(`](${asset.path})`);
    }
    // The first illustration is the file the first chapter shows (OPS/images/i001_th.jpg), byte for byte.
    const { unzipSync } = await import('fflate');
    const original = unzipSync(new Uint8Array(readFileSync(file)), { filter: (f) => f.name === 'OPS/images/i001_th.jpg' })['OPS/images/i001_th.jpg']!;
    expect(Buffer.from(out.assets[0]!.bytes).equals(Buffer.from(original))).toBe(true);
  });

  it('cleanup run again over the imported Markdown keeps every image reference', async () => {
    const file = path.join(corpusDir(), 'other/alice-in-wonderland-epub3-futurepress-fixture.epub');
    const out = documentOf(await readBook(new Uint8Array(readFileSync(file)), { fileName: 'alice.epub' }));
    const cleaned = cleanText(out.markdown).markdown;
    // Captions may gain curly quotes; the image each figure shows stays.
    const targets = (md: string): string[] => figureLines(md).map((l) => /\]\(([^)]*)\)$/.exec(l)?.[1] ?? '');
    expect(targets(cleaned)).toEqual(targets(out.markdown));
    expect(targets(cleaned).filter(Boolean)).toHaveLength(25);
  });

  it('refuses an SVG and a fake PNG (text named .png), keeping the real PNG', async () => {
    const epub = epubWith(
      '<p><img src="images/real.png" alt="A real picture"/></p><p><img src="images/evil.svg" alt="An evil picture"/></p><p><img src="images/fake.png" alt="A fake picture"/></p><p><img src="images/missing.png" alt="A missing picture"/></p><p><img src="https://example.org/remote.png" alt="A remote picture"/></p>',
      { 'images/real.png': png(40, 20), 'images/evil.svg': HOSTILE_SVG, 'images/fake.png': 'this is not a PNG at all, just text' },
      [
        '<item id="i1" href="images/real.png" media-type="image/png"/>',
        '<item id="i2" href="images/evil.svg" media-type="image/svg+xml"/>',
        '<item id="i3" href="images/fake.png" media-type="image/png"/>',
        '<item id="i4" href="images/missing.png" media-type="image/png"/>',
      ],
    );
    const out = documentOf(await readBook(epub, { fileName: 'pictures.epub' }));
    expect(out.assets.map((a) => [a.path, a.mediaType])).toEqual([['images/img-1.png', 'image/png']]);
    expect(figureLines(out.markdown)).toEqual([
      '![A real picture](images/img-1.png)',
      '![An evil picture]()',
      '![A fake picture]()',
      '![A missing picture]()',
      '![A remote picture]()',
    ]);
    expect(count(out, 'imagesRefused')).toBe(3);
    expect(out.markdown).not.toMatch(/svg|script/i);
  });

  it('an image inside a paragraph of text (a drop cap) is left out, the text kept', async () => {
    const epub = epubWith('<p><img src="images/drop-w.png" alt="W"/>hen the day was done, they slept.</p>', { 'images/drop-w.png': png(30, 30) }, [
      '<item id="d" href="images/drop-w.png" media-type="image/png"/>',
    ]);
    const out = documentOf(await readBook(epub, { fileName: 'dropcap.epub' }));
    expect(out.assets).toEqual([]);
    expect(figureLines(out.markdown)).toEqual([]);
    expect(out.markdown).toContain('hen the day was done, they slept.');
  });

  it('an image not listed in the manifest is not read', async () => {
    const epub = epubWith('<p><img src="images/unlisted.png" alt="Unlisted"/></p>', { 'images/unlisted.png': png(8, 8) }, []);
    const out = documentOf(await readBook(epub, { fileName: 'pictures.epub' }));
    expect(out.assets).toEqual([]);
    expect(figureLines(out.markdown)).toEqual(['![Unlisted]()']);
  });
});

describe('DOCX images', () => {
  it("a Word picture becomes an asset with mammoth's alt text, between the paragraphs around it", async () => {
    const picture = png(300, 150, 3);
    const docx = await docxWithPicture(picture, { width: 300, height: 150 });
    const out = documentOf(await readBook(docx, { fileName: 'garden.docx' }));
    expect(out.assets).toHaveLength(1);
    expect(out.assets[0]!.path).toBe('images/img-1.png');
    expect(Buffer.from(out.assets[0]!.bytes).equals(Buffer.from(picture))).toBe(true);
    expect(imageDimensions(out.assets[0]!.bytes)).toEqual({ width: 300, height: 150 });
    const lines = out.markdown.split('\n').filter(Boolean);
    const at = lines.indexOf('![A walled garden](images/img-1.png)');
    expect(at).toBeGreaterThan(0);
    expect(lines[at - 1]).toContain('nobody came');
    expect(lines[at + 1]).toContain('the gate opened');
  });
});

describe('DOCX images, continued', () => {
  it('a picture anchored in a paragraph of text follows that paragraph as a figure', async () => {
    const docx = await docxWithPicture(png(120, 80), { width: 120, height: 80 }, true);
    const out = documentOf(await readBook(docx, { fileName: 'garden.docx' }));
    expect(out.assets.map((a) => a.path)).toEqual(['images/img-1.png']);
    const lines = out.markdown.split('\n').filter(Boolean);
    const at = lines.indexOf('![A walled garden](images/img-1.png)');
    expect(lines[at - 1]).toBe('The garden lay quiet under the morning sun, and nobody came.');
  });
});

describe('HTML images', () => {
  it('data: URI images are imported; SVG, fake PNG and remote images keep their captions; nothing is fetched', async () => {
    const html = htmlPage(`
<figure><img src="${dataUri('image/png', png(64, 32))}" alt="x"/><figcaption>The <i>old</i> mill</figcaption></figure>
<p><img src="${dataUri('image/svg+xml', HOSTILE_SVG)}" alt="A scripted drawing"/></p>
<p><img src="${dataUri('image/png', 'plain text that calls itself a PNG')}" alt="A lying picture"/></p>
<p><img src="http://127.0.0.1:9/never-fetched.png" alt="A remote picture"/></p>`);
    const out = documentOf(await readBook(html, { fileName: 'mill.html' }));
    expect(out.assets.map((a) => a.path)).toEqual(['images/img-1.png']);
    expect(figureLines(out.markdown)).toEqual(['![The _old_ mill](images/img-1.png)', '![A scripted drawing]()', '![A lying picture]()', '![A remote picture]()']);
    expect(count(out, 'imagesRefused')).toBe(2);
    expect(out.markdown).not.toContain('data:');
  });

  it('keeps at most 500 images per book and reports the ones dropped', async () => {
    // Each picture differs (its size), so that none is the same `data:` URI as another.
    const imgs = Array.from({ length: 503 }, (_, i) => `<p><img src="${dataUri('image/png', png(1 + (i % 50), 1 + Math.floor(i / 50)))}" alt="Picture ${i + 1}"/></p>`).join('\n');
    const out = documentOf(await readBook(htmlPage(imgs), { fileName: 'many.html' }));
    expect(out.assets).toHaveLength(500);
    expect(count(out, 'imagesDropped')).toBe(3);
    const lines = figureLines(out.markdown);
    expect(lines[499]).toBe('![Picture 500](images/img-500.png)');
    expect(lines.slice(500)).toEqual(['![Picture 501]()', '![Picture 502]()', '![Picture 503]()']);
  });
});

describe('ImageCollector limits', () => {
  it('drops images once the bytes in all would pass the limit, then keeps taking smaller ones that fit', () => {
    const big = png(200, 200, 1);
    const small = png(2, 2, 2);
    const collector = new ImageCollector({ maxImages: 500, maxTotalBytes: big.length + small.length });
    expect(collector.add(big)).toBe('images/img-1.png');
    expect(collector.add(big.slice())).toBeUndefined();
    expect(collector.add(small)).toBe('images/img-2.png');
    expect(collector.assets().reduce((n, a) => n + a.bytes.length, 0)).toBe(big.length + small.length);
  });

  it('the same archive entry is one asset however often it is shown', () => {
    const collector = new ImageCollector();
    const bytes = png(4, 4);
    expect(collector.add(bytes, 'OPS/a.png')).toBe('images/img-1.png');
    expect(collector.add(bytes, 'OPS/a.png')).toBe('images/img-1.png');
    expect(collector.assets()).toHaveLength(1);
  });
});
