/**
 * Image fixtures made in the test: real PNG files of any size (zlib + CRC-32 by hand, ISO/IEC 15948),
 * a Word file with a picture (made with the `docx` package, read back by mammoth), EPUBs with chosen
 * entries, and HTML with `data:` URIs.
 */
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { deflateSync } from 'node:zlib';

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A PNG file: the IHDR of an 8-bit RGB image of `width` x `height` pixels, then one IDAT of `raw` deflated. */
function pngFile(width: number, height: number, raw: Uint8Array): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]),
  );
}

/** A valid RGB PNG of `width` x `height` pixels, filled with one colour (`seed` varies the colour). */
export function png(width: number, height: number, seed = 0): Uint8Array {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([(seed * 37) & 0xff, (x * 7 + seed) & 0xff, 200], 1 + x * 3);
  return pngFile(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/**
 * An image bomb: a PNG whose header declares `width` x `height` pixels while its one IDAT holds four bytes, so that
 * nothing could decode it to its declared size and any answer about its pixels can only come from the header.
 */
export function pngDeclaring(width: number, height: number): Uint8Array {
  return pngFile(width, height, new Uint8Array([0, 1, 2, 3]));
}

/** An SVG that runs a script when opened: never to be imported. */
export const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

/** `data:` URI of bytes. */
export function dataUri(type: string, bytes: Uint8Array | string): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

/**
 * A Word file: a heading, a paragraph, a picture with alt text in a paragraph of its own (or, with
 * `inText`, anchored at the end of the paragraph before), more text.
 */
export async function docxWithPicture(picture: Uint8Array, size: { width: number; height: number }, inText = false): Promise<Uint8Array> {
  const image = new ImageRun({ type: 'png', data: picture, transformation: size, altText: { name: 'garden', description: 'A walled garden', title: 'A walled garden' } });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Chapter One')] }),
          new Paragraph({ children: [new TextRun('The garden lay quiet under the morning sun, and nobody came.'), ...(inText ? [image] : [])] }),
          ...(inText ? [] : [new Paragraph({ children: [image] })]),
          new Paragraph({ children: [new TextRun('Later that day the gate opened.')] }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A minimal EPUB 3 with one chapter (`body` is the chapter's `<body>` content) and extra entries under `OPS/`. */
export function epubWith(body: string, files: Record<string, Uint8Array | string>, manifest: string[]): Uint8Array {
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>Pictures</dc:title><dc:language>en</dc:language></metadata>
<manifest>
<item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml"/>
${manifest.join('\n')}
</manifest>
<spine><itemref idref="ch1"/></spine>
</package>`;
  const chapter = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body>
<h1>Chapter One</h1>
<p>It was a bright cold day in April, and the clocks were striking thirteen.</p>
${body}
</body></html>`;
  const entries: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OPS/package.opf': strToU8(opf),
    'OPS/ch1.xhtml': strToU8(chapter),
  };
  for (const [name, data] of Object.entries(files)) entries[`OPS/${name}`] = typeof data === 'string' ? strToU8(data) : data;
  return zipSync(entries);
}

/** An HTML page: a heading, a paragraph, then `body`. */
export function htmlPage(body: string): Uint8Array {
  return strToU8(`<!DOCTYPE html>
<html lang="en"><head><title>Pictures</title></head><body>
<h1>Chapter One</h1>
<p>It was a bright cold day in April, and the clocks were striking thirteen.</p>
${body}
</body></html>`);
}
