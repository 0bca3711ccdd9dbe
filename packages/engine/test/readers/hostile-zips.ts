/**
 * Hostile ZIP files built in memory (fflate) and patched byte by byte: bombs, lying headers, path
 * traversal, symbolic links, encrypted entries.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

/** Offsets of the central-directory and local headers of every entry named `name`. */
function headers(zip: Uint8Array, name: string): { central: number[]; local: number[] } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const central: number[] = [];
  const local: number[] = [];
  const target = strToU8(name);
  const matches = (at: number) => target.every((b, i) => zip[at + i] === b);
  for (let i = 0; i + 46 < zip.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === SIG_CENTRAL && view.getUint16(i + 28, true) === target.length && matches(i + 46)) central.push(i);
    if (sig === SIG_LOCAL && view.getUint16(i + 26, true) === target.length && matches(i + 30)) local.push(i);
  }
  return { central, local };
}

/** Rewrites the declared inflated size of `name` in both its headers (a lying header). */
export function patchDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const h = headers(out, name);
  for (const at of h.central) view.setUint32(at + 24, size, true);
  for (const at of h.local) view.setUint32(at + 22, size, true);
  return out;
}

/** Sets general-purpose flag bit 0 (encrypted) on `name`. */
export function patchEncrypted(zip: Uint8Array, name: string): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const h = headers(out, name);
  for (const at of h.central) view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
  for (const at of h.local) view.setUint16(at + 6, view.getUint16(at + 6, true) | 1, true);
  return out;
}

/** A minimal valid EPUB 3 with one chapter; `extra` files are added (e.g. META-INF/rights.xml). */
export function minimalEpub(extra: Zippable = {}, chapterBody = '<h1>Chapter 1</h1><p>It was a dark and stormy night.</p>'): Uint8Array {
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>A Small Book</dc:title><dc:creator>Ann Author</dc:creator><dc:language>en</dc:language></metadata><manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>',
    ),
    'OEBPS/c1.xhtml': strToU8(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>${chapterBody}</body></html>`),
    ...extra,
  });
}

/** A ZIP whose one entry is `megabytes` MB of zeros (compresses about 1000:1). */
export function zerosZip(name: string, megabytes: number): Uint8Array {
  return zipSync({ [name]: [new Uint8Array(megabytes * 1024 * 1024), { level: 9 }] });
}
