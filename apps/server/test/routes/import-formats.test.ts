/**
 * Upload of every supported file type through POST /api/import (multipart `file`), on real files of the shared
 * corpus and small fixtures, and every refusal: unsupported type 415, archives over the unpacking limits 413,
 * encrypted and scanned PDFs 422, binary garbage 422, text over 5 MB after extraction 413. Nothing is stored on
 * a refusal. Cleanup at import time follows the user's `autoCleanImports` preference.
 */
import fc from 'fast-check';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS_PER_USER_PER_HOUR } from '../../src/services/import-limit.ts';
import {
  bearer,
  buildTestApp,
  corpusFile,
  countBooks,
  fixtureFile,
  multipartFile,
  registerUser,
  type TestApp,
} from '../helpers.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

/** Uploads `content` as `fileName`; answers the status and JSON body. */
async function upload(fileName: string, content: Uint8Array | string, contentType = 'application/octet-stream', as = token) {
  const { payload, headers } = multipartFile('file', fileName, content, contentType);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(as) } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** The stored book of an import answer. */
async function bookOf(id: unknown, as = token) {
  const res = await t.app.inject({ method: 'GET', url: `/api/books/${String(id)}`, headers: bearer(as) });
  return res.json() as {
    title: string;
    author: string;
    sourceType: string;
    originalText: string;
    cleanedText: string | null;
    cleanReport: { passes: { id: string; count: number }[]; chaptersFound: number; partsFound: number; wordCount: number } | null;
    metadata: { language: string };
    wordCount: number;
  };
}

/** Uploads a file that must be refused; checks that nothing was stored. */
async function refused(fileName: string, content: Uint8Array | string, contentType?: string) {
  const before = await countBooks(t.app);
  const r = await upload(fileName, content, contentType);
  expect(await countBooks(t.app)).toBe(before);
  return r;
}

/** Chapter headings (`# ` lines that are neither parts nor front/back sections) of Quire Markdown. */
function chapterHeadings(markdown: string): string[] {
  return markdown.split('\n').filter((l) => /^# /.test(l) && !/\{[^{}]*\.(part|front|back)\b[^{}]*\}\s*$/.test(l));
}

/** Licence lines of Project Gutenberg that must never reach the cleaned text. */
const LICENCE = /Project Gutenberg(-tm)? (License|eBook|EBook|Literary Archive)|START OF (THE|THIS) PROJECT GUTENBERG|www\.gutenberg\.org/;

describe('every supported type becomes a book (cleaned at import by default)', () => {
  it('Markdown: headings and emphasis kept', async () => {
    const md = '# Chapter One\n\nIt was a *dark* and stormy night.\n\n# Chapter Two\n\nThe rain fell in __torrents__.\n';
    const r = await upload('stormy-night.md', md, 'text/markdown');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const book = await bookOf(r.body.id);
    expect(book.title).toBe('stormy-night');
    expect(book.sourceType).toBe('upload');
    expect(chapterHeadings(book.cleanedText!)).toEqual(['# Chapter One', '# Chapter Two']);
    expect(book.cleanedText).toMatch(/[_*]dark[_*]/);
    expect(book.cleanReport).toMatchObject({ chaptersFound: 2, partsFound: 0 });
    expect(book.wordCount).toBe(16);
  });

  it("Project Gutenberg's HTML edition of Alice: 12 chapters, italics kept, no licence", async () => {
    const r = await upload('pg11-h.htm', corpusFile('gutenberg-html/pg11-alice-in-wonderland-h.htm'), 'text/html');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ title: expect.stringMatching(/Alice/), author: 'Lewis Carroll' });
    const book = await bookOf(r.body.id);
    expect(book.cleanReport!.chaptersFound).toBe(12);
    expect(book.cleanedText).toContain('Down the Rabbit-Hole');
    expect(book.cleanedText).toMatch(/_[^_\n]+_|\*[^*\n]+\*/);
    expect(book.cleanedText).not.toMatch(LICENCE);
    expect(book.cleanedText).not.toMatch(/<\/?(p|div|span|a)\b/i);
    expect(book.originalText).toBe(book.cleanedText);
  });

  it('DOCX (a Word excerpt of Alice): its heading and text', async () => {
    const r = await upload('alice-ch1-excerpt.docx', corpusFile('other/alice-ch1-excerpt.docx'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const book = await bookOf(r.body.id);
    expect(book.cleanedText).toContain('a White Rabbit with pink eyes ran close by her');
    expect(book.cleanReport!.chaptersFound).toBeGreaterThanOrEqual(1);
  });

  it("EPUB 2 (Project Gutenberg's Alice): title and author from the OPF, 12 chapters in spine order", async () => {
    const r = await upload('pg11.epub', corpusFile('other/pg11-alice-in-wonderland-pg-epub2-2021.epub'), 'application/epub+zip');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ title: expect.stringMatching(/Alice/), author: 'Lewis Carroll' });
    const book = await bookOf(r.body.id);
    expect(book.cleanReport!.chaptersFound).toBe(12);
    const text = book.cleanedText!;
    expect(text.indexOf('Down the Rabbit-Hole')).toBeLessThan(text.indexOf('The Pool of Tears'));
    expect(text).not.toMatch(LICENCE);
  });

  it('PDF with a text layer (Word export of the Alice excerpt)', async () => {
    const r = await upload('alice.pdf', corpusFile('other/alice-ch1-excerpt-word-export.pdf'), 'application/pdf');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const book = await bookOf(r.body.id);
    expect(book.cleanedText).toContain('a White Rabbit with pink eyes ran close by her');
  });

  it('plain text in Windows-1252 (a real upload of Pride and Prejudice): curly quotes decoded', async () => {
    const r = await upload('pg1342.txt', corpusFile('gutenberg/pg1342-pride-and-prejudice-2020s-cp1252.txt'), 'text/plain');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ title: 'Pride and Prejudice', author: 'Jane Austen' });
    const book = await bookOf(r.body.id);
    expect(book.originalText).toContain('\u201c');
    expect(book.originalText).toMatch(LICENCE); // the original keeps what cleanup removed
    expect(book.cleanedText).not.toMatch(LICENCE);
    expect(book.cleanReport!.chaptersFound).toBeGreaterThan(50);
  });
});

describe('autoCleanImports off: the text is stored as read, and cleaned on demand', () => {
  it('keeps cleanedText null for plain text and documents; the Clean step still works', async () => {
    const user = await registerUser(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user/preferences',
      headers: bearer(user.token),
      payload: { defaultGenre: 'general', preferredCoverStyle: 'skip', defaultExportFormat: 'pdf', autoCleanImports: false },
    });
    expect(saved.statusCode).toBe(200);

    const txt = await upload('pg11.txt', corpusFile('gutenberg/pg11-alice-in-wonderland.txt'), 'text/plain', user.token);
    expect(txt.status).toBe(201);
    const raw = await bookOf(txt.body.id, user.token);
    expect(raw).toMatchObject({ cleanedText: null, cleanReport: null });
    expect(raw.originalText).toMatch(LICENCE);

    const cleaned = await t.app.inject({ method: 'POST', url: `/api/books/${String(txt.body.id)}/clean`, headers: bearer(user.token) });
    expect(cleaned.statusCode).toBe(200);
    expect(cleaned.json().cleanReport.chaptersFound).toBe(12);

    const html = await upload('pg11-h.htm', corpusFile('gutenberg-html/pg11-alice-in-wonderland-h.htm'), 'text/html', user.token);
    expect(html.status).toBe(201);
    const doc = await bookOf(html.body.id, user.token);
    expect(doc.cleanedText).toBeNull();
    expect(doc.originalText).toContain('Down the Rabbit-Hole');
    expect(doc.originalText).not.toMatch(LICENCE);
    // Cleaning the reader's Markdown later keeps its structure (cleanup reads Quire's Markdown back unchanged).
    const later = await t.app.inject({ method: 'POST', url: `/api/books/${String(html.body.id)}/clean`, headers: bearer(user.token) });
    expect(later.statusCode).toBe(200);
    expect(later.json().cleanReport.chaptersFound).toBe(12);
    expect(chapterHeadings(later.json().cleanedText)).toEqual(chapterHeadings(doc.originalText));
  });
});

/** A zip whose entries declare `declaredSize` bytes once inflated (patched in both headers), a zip bomb's lie. */
function withDeclaredSize(zip: Uint8Array, entryName: string, declaredSize: number): Uint8Array {
  const out = Uint8Array.from(zip);
  const view = new DataView(out.buffer);
  const name = strToU8(entryName);
  const matches = (at: number) => name.every((b, i) => out[at + i] === b);
  for (let i = 0; i + 46 < out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50 && view.getUint16(i + 26, true) === name.length && matches(i + 30)) {
      view.setUint32(i + 22, declaredSize, true);
    } else if (sig === 0x02014b50 && view.getUint16(i + 28, true) === name.length && matches(i + 46)) {
      view.setUint32(i + 24, declaredSize, true);
    }
  }
  return out;
}

/** The smallest DOCX Word opens: content types, the package relationship and the document. */
function docxEntries(documentXml: string): Record<string, Uint8Array> {
  return {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(documentXml),
  };
}

const DOCUMENT_XML =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>A small document.</w:t></w:r></w:p></w:body></w:document>';

/** The smallest EPUB 3: mimetype (stored, first), container, package document, one chapter. */
function epubEntries(chapter: string): Parameters<typeof zipSync>[0] {
  return {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>Bomb</dc:title><dc:language>en</dc:language></metadata><manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>',
    ),
    'OEBPS/c1.xhtml': strToU8(chapter),
  };
}

describe('refusals (nothing is stored)', () => {
  const TYPES = '.txt, .md, .html, .xhtml, .docx, .epub, .pdf, and .zip';

  it('answers 415 naming the supported types for an image', async () => {
    // A 1x1 PNG: signature, IHDR, IDAT, IEND.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const r = await refused('cover.png', png, 'image/png');
    expect(r.status).toBe(415);
    expect(r.body.message).toContain(TYPES);
  });

  it('answers 415 for a zip that is neither a DOCX nor an EPUB', async () => {
    const zip = zipSync({ 'notes/readme.txt': strToU8('Just some notes in a zip.') });
    const r = await refused('notes.zip', zip, 'application/zip');
    expect(r.status).toBe(415);
    expect(r.body.message).toContain(TYPES);
  });

  it('answers 413 for a DOCX whose document declares 300 MiB once inflated (a zip bomb), before inflating it', async () => {
    const docx = withDeclaredSize(zipSync(docxEntries(DOCUMENT_XML)), 'word/document.xml', 300 * 1024 * 1024);
    const r = await refused('bomb.docx', docx);
    expect(r.status, JSON.stringify(r.body)).toBe(413);
    expect(r.body.message).toEqual(expect.any(String));
  });

  it('answers 413 for an EPUB with more than 5,000 entries', async () => {
    const entries = epubEntries('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Hi.</p></body></html>');
    for (let i = 0; i < 5001; i++) entries[`OEBPS/junk/${i}.txt`] = strToU8('x');
    const r = await refused('many.epub', zipSync(entries), 'application/epub+zip');
    expect(r.status, JSON.stringify(r.body)).toBe(413);
  });

  it('answers 422 for an encrypted PDF, saying so', async () => {
    const r = await refused('locked.pdf', fixtureFile('encrypted.pdf'), 'application/pdf');
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(String(r.body.message)).toMatch(/encrypt|password/i);
  });

  it('answers 422 for a scanned PDF without a text layer, saying so', async () => {
    const r = await refused('scan.pdf', fixtureFile('scanned.pdf'), 'application/pdf');
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(String(r.body.message)).toMatch(/scan|text layer|no text|image/i);
  });

  it('answers 422 for a DOCX that is a broken zip', async () => {
    const zip = zipSync(docxEntries(DOCUMENT_XML));
    const r = await refused('broken.docx', zip.subarray(0, Math.floor(zip.length / 2)));
    expect([415, 422]).toContain(r.status);
  });

  it('answers 422 for binary garbage named .txt', async () => {
    const garbage = new Uint8Array(8192);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    const r = await refused('garbage.txt', garbage, 'text/plain');
    expect(r.status).toBe(422);
    expect(String(r.body.message).length).toBeGreaterThan(10);
  });

  it('answers 413 with the spec sentence for an HTML file under 10 MB whose text is over 5 MB', async () => {
    const paragraph = `<p>${'All work and no play makes a dull book. '.repeat(20)}</p>\n`;
    const html = `<!DOCTYPE html><html><head><title>Long</title></head><body><h1>Chapter 1</h1>\n${paragraph.repeat(7000)}</body></html>`;
    expect(html.length).toBeLessThan(10 * 1024 * 1024);
    const r = await refused('long.html', html, 'text/html');
    expect(r).toEqual({ status: 413, body: { message: 'The text is too large. Text must be less than 5MB.' } });
  });
});

describe('hostile input', () => {
  it('random bytes under any supported name answer 201, 413, 415 or 422 with a message, never a 500', async () => {
    const names = ['a.txt', 'a.md', 'a.html', 'a.xhtml', 'a.docx', 'a.epub', 'a.pdf', 'a.bin', 'noextension'];
    // Starts that steer the bytes into each reader: a zip, a PDF, HTML markup, a UTF-16 byte-order mark.
    const starts = [[], [0x50, 0x4b, 0x03, 0x04], [...strToU8('%PDF-1.7\n')], [...strToU8('<!DOCTYPE html><html>')], [0xff, 0xfe]];
    // Every run is an import: a fresh user every IMPORTS_PER_USER_PER_HOUR runs keeps them (and any shrinking) under the
    // per-user import limit, whose own test is in imports.test.ts.
    let as = '';
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.constantFrom(...starts),
        fc.uint8Array({ minLength: 0, maxLength: 2048 }),
        async (name, start, rest) => {
          if (runs++ % IMPORTS_PER_USER_PER_HOUR === 0) as = (await registerUser(t.app)).token;
          const r = await upload(name, Uint8Array.from([...start, ...rest]), undefined, as);
          expect([201, 413, 415, 422], JSON.stringify(r.body)).toContain(r.status);
          expect(typeof r.body.message === 'string' || r.status === 201).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
