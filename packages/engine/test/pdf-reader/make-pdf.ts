/**
 * PDFs made for the reader tests: an encrypted one (built by hand, PDF 1.7 §7.6.3, standard security
 * handler revision 2 with a user password) and image-only and typeset ones (through Typst).
 */
import { createHash } from 'node:crypto';
import { compileTypstToPdf } from '../../src/write/typst/compile.ts';

/** The padding string of the standard security handler (PDF 1.7, 7.6.3.3, Algorithm 2). */
const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]): Buffer => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string): Buffer => Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);

/** A one-page PDF protected by the user password `userPassword` (RC4 40-bit, revision 2). */
export function encryptedPdf(userPassword = 'secret', ownerPassword = 'owner'): Uint8Array {
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = -4;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const o = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  const key = md5(padded(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(key, PAD);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${permissions} >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** A PDF of `pages` pages holding only shapes, as a scan holds only images: no text layer. */
export function imageOnlyPdf(pages = 3): Uint8Array {
  const page = '#rect(width: 100%, height: 60%, fill: luma(120))\n#circle(radius: 20pt, fill: luma(40))';
  return compileTypstToPdf(`#set page(width: 300pt, height: 400pt)\n${Array.from({ length: pages }, () => page).join('\n#pagebreak()\n')}`);
}

/**
 * A typeset book: a running head with the book's title on every page, folios at the foot, justified
 * and hyphenated paragraphs with first-line indents, and chapter headings in larger type.
 * `chapters` holds each chapter's title and paragraphs (plain words, no markup).
 */
export function typesetBookPdf(title: string, chapters: readonly { title: string; paragraphs: readonly string[] }[]): Uint8Array {
  const escape = (s: string): string => s.replace(/[\\#*_`$<>@[\]=-]/g, (c) => `\\${c}`);
  const body = chapters
    .map(
      (c) =>
        `#pagebreak(weak: true)\n#block(above: 4em, below: 2em, text(size: 16pt, weight: "bold")[${escape(c.title)}])\n\n` +
        c.paragraphs.map(escape).join('\n\n'),
    )
    .join('\n\n');
  return compileTypstToPdf(
    [
      '#set page(width: 300pt, height: 420pt, margin: (x: 36pt, y: 48pt),',
      `  header: align(center, text(size: 8pt)[${escape(title)}]), numbering: "1", number-align: center + bottom)`,
      '#set text(size: 10pt, lang: "en", hyphenate: true)',
      '#set par(justify: true, first-line-indent: 1.2em, leading: 0.6em, spacing: 0.6em)',
      body,
    ].join('\n'),
  );
}
