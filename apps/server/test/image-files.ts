/**
 * Small, valid files with images for the tests of book images: a PNG encoder (truecolour, no filtering) and a
 * minimal Word document (OOXML parts built with fflate) whose paragraphs hold inline pictures, as Word writes them
 * (`w:drawing` / `wp:inline` / `a:blip r:embed`, ECMA-376 Part 1 section 20.4).
 */
import { deflateSync, crc32 } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';

/** A PNG file: the IHDR of an 8-bit truecolour image of `width` x `height` pixels, then one IDAT of `raw` deflated. */
function pngFile(width: number, height: number, raw: Buffer): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}

/** A PNG of `width` x `height` pixels, all of colour `rgb` (0-255 each). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return pngFile(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/**
 * An image bomb: a PNG whose header declares `width` x `height` pixels while its one IDAT holds four bytes, so that
 * nothing could decode it to its declared size and any answer about its pixels can only come from the header.
 */
export function pngDeclaring(width: number, height: number): Uint8Array {
  return pngFile(width, height, Buffer.from([0, 1, 2, 3]));
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WP = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** One paragraph of {@link docxWithImages}: a heading, text, or a picture (PNG bytes) with its alt text. */
export type DocxParagraph = { heading: string } | { text: string } | { png: Uint8Array; alt: string };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A .docx holding `paragraphs` in order; headings use Word's built-in "heading 1" style. */
export function docxWithImages(paragraphs: readonly DocxParagraph[]): Uint8Array {
  const media: Record<string, Uint8Array> = {};
  const rels: string[] = [`<Relationship Id="rIdStyles" Type="${R}/styles" Target="styles.xml"/>`];
  const body = paragraphs.map((p, i) => {
    if ('heading' in p) {
      return `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${escapeXml(p.heading)}</w:t></w:r></w:p>`;
    }
    if ('text' in p) return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p.text)}</w:t></w:r></w:p>`;
    const n = Object.keys(media).length + 1;
    media[`word/media/image${n}.png`] = p.png;
    rels.push(`<Relationship Id="rIdImg${n}" Type="${R}/image" Target="media/image${n}.png"/>`);
    const alt = escapeXml(p.alt);
    const size = 'cx="914400" cy="914400"';
    return (
      `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent ${size}/>` +
      `<wp:docPr id="${i + 1}" name="Picture ${n}" descr="${alt}"/>` +
      `<a:graphic xmlns:a="${A}"><a:graphicData uri="${PIC}"><pic:pic xmlns:pic="${PIC}">` +
      `<pic:nvPicPr><pic:cNvPr id="${i + 1}" name="image${n}.png" descr="${alt}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="rIdImg${n}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${size}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
      `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
    );
  });
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(`${xml}<Relationships xmlns="${REL}">${rels.join('')}</Relationships>`),
    'word/styles.xml': strToU8(
      `${xml}<w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`,
    ),
    'word/document.xml': strToU8(
      `${xml}<w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="${WP}"><w:body>${body.join('')}</w:body></w:document>`,
    ),
    ...media,
  });
}
