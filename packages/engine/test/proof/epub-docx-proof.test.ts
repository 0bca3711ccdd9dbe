/**
 * The proof matrix, EPUB and DOCX half (issue "Proof, in npm test"): for each of the three proof books and every
 * built-in layout,
 * - the EPUB passes EPUBCheck with no error and no warning;
 * - the DOCX converts with LibreOffice, its page size is the layout's trim, and its page count is within 15 % of
 *   the page count of the engine's own PDF of the same book and layout;
 * - the DOCX has its contents with PAGEREF fields (where the layout has a contents page), PAGE fields in its headers or footers
 *   (where the layout prints folios) and the heading styles an editor restyles.
 * The outside judges run in batches (one JVM for 40 EPUBs, two LibreOffice processes for 39 DOCX files),
 * alongside the PDF compiles, to keep the run short on two cores (about 105 s there, LibreOffice the longest).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLayout, PdfProcessPool, writeDocx, writeEpub, writePdf, type Layout } from '../../src/index.ts';
import { hasContentsPage } from '../../src/write/html/index.ts';
import { problems, type EpubcheckMessage } from '../epub-docx-html/helpers.ts';
import { pageCount, pageSizes } from '../pdf/poppler.ts';
import { docxToPdf } from './docx-libreoffice.ts';
import { epubcheckMany } from './epub-check-batch.ts';
import { ALL_LAYOUT_IDS, loadProofBook, PROOF_BOOKS } from './proof-books.ts';

/** One book x layout case. */
interface Case {
  name: string;
  bookId: string;
  layoutId: string;
}

/** What the judges said about one case. */
interface Outcome {
  layout: Layout;
  epubMessages: EpubcheckMessage[];
  pdfPages: number;
  docxPages: number;
  /** Size of every page of LibreOffice's PDF, points. */
  docxPageSizes: Array<[number, number]>;
  /** The DOCX's parts: main document, styles, and every header and footer, as text. */
  documentXml: string;
  stylesXml: string;
  furnitureXml: string[];
}

const CASES: Case[] = PROOF_BOOKS.flatMap((book) => ALL_LAYOUT_IDS.map((layoutId) => ({ name: `${book.id} x ${layoutId}`, bookId: book.id, layoutId })));

/** The largest relative difference allowed between the DOCX's and the PDF's page counts (the issue: 15 %). */
const PAGE_COUNT_TOLERANCE = 0.15;

/** LibreOffice stores page sizes in hundredths of a millimetre and may round them by up to 0.2 mm (0.57 pt). */
const PAGE_SIZE_TOLERANCE_PT = 1;

let dir = '';
const outcomes = new Map<string, Outcome>();
let controlMessages: EpubcheckMessage[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-proof-epub-docx-'));
  const pool = new PdfProcessPool({ size: 2 });
  try {
    const books = new Map(await Promise.all(PROOF_BOOKS.map(async (b) => [b.id, await loadProofBook(b.id)] as const)));
    const base = (c: Case) => join(dir, `${c.bookId}-${c.layoutId}`);
    // The engine's PDFs compile in child processes while this process writes the DOCX files.
    const pdfPages = Promise.all(
      CASES.map(async (c) => {
        const pdf = await writePdf(books.get(c.bookId)!, getLayout(c.layoutId), { pool });
        await writeFile(`${base(c)}.engine.pdf`, pdf);
        return pageCount(`${base(c)}.engine.pdf`);
      }),
    );
    const parts = new Map<string, Pick<Outcome, 'documentXml' | 'stylesXml' | 'furnitureXml'>>();
    const docxFiles: string[] = [];
    for (const c of CASES) {
      const docx = await writeDocx(books.get(c.bookId)!, getLayout(c.layoutId));
      await writeFile(`${base(c)}.docx`, docx);
      docxFiles.push(`${base(c)}.docx`);
      const zip = unzipSync(docx, { filter: (f) => /^word\/(document|styles|header\d+|footer\d+)\.xml$/.test(f.name) });
      parts.set(c.name, {
        documentXml: strFromU8(zip['word/document.xml'] as Uint8Array),
        stylesXml: strFromU8(zip['word/styles.xml'] as Uint8Array),
        furnitureXml: Object.keys(zip).filter((p) => /(header|footer)\d+\.xml$/.test(p)).map((p) => strFromU8(zip[p] as Uint8Array)),
      });
    }
    // LibreOffice is the longest step: it starts as soon as the DOCX files are written.
    const converted = docxToPdf(docxFiles, join(dir, 'libreoffice'));
    const epubFiles: string[] = [];
    for (const c of CASES) {
      await writeFile(`${base(c)}.epub`, await writeEpub(books.get(c.bookId)!, getLayout(c.layoutId)));
      epubFiles.push(`${base(c)}.epub`);
    }
    // Control: the first EPUB with its `mimetype` deflated must fail, so that a clean report means something.
    const files = unzipSync(await writeEpub(books.get(CASES[0]!.bookId)!, getLayout(CASES[0]!.layoutId)));
    const control = join(dir, 'control-deflated-mimetype.epub');
    await writeFile(control, zipSync({ ...files, mimetype: [files.mimetype as Uint8Array, { level: 9 }] }));
    const checks = epubcheckMany([...epubFiles, control], 1);

    const [checked, pdfs, counts] = await Promise.all([checks, converted, pdfPages]);
    controlMessages = checked.get(control) ?? [];
    CASES.forEach((c, i) => {
      const docxPdf = pdfs.get(docxFiles[i] as string) as string;
      const pages = pageCount(docxPdf);
      outcomes.set(c.name, {
        layout: getLayout(c.layoutId),
        epubMessages: checked.get(epubFiles[i] as string) ?? [],
        pdfPages: counts[i] as number,
        docxPages: pages,
        docxPageSizes: pageSizes(docxPdf, pages),
        ...(parts.get(c.name) as Pick<Outcome, 'documentXml' | 'stylesXml' | 'furnitureXml'>),
      });
    });
  } finally {
    await pool.close();
  }
}, 900_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const outcome = (c: Case): Outcome => {
  const o = outcomes.get(c.name);
  if (!o) throw new Error(`No outcome for ${c.name}`);
  return o;
};

describe('EPUB: EPUBCheck, every proof book x every layout', () => {
  it('control: EPUBCheck in the batch reports a deflated mimetype', () => {
    expect(problems(controlMessages).some((m) => m.includes('PKG-00'))).toBe(true);
  });

  it.each(CASES)('$name: no errors, no warnings', (c) => {
    expect(problems(outcome(c).epubMessages)).toEqual([]);
  });
});

describe('DOCX: LibreOffice, every proof book x every layout', () => {
  it.each(CASES)('$name: page size is the trim, page count within 15 % of the PDF', (c) => {
    const o = outcome(c);
    const trim: [number, number] = [o.layout.trimWidthIn * 72, o.layout.trimHeightIn * 72];
    for (const [w, h] of o.docxPageSizes) {
      expect(Math.abs(w - trim[0]), `width ${w} pt vs trim ${trim[0]} pt`).toBeLessThanOrEqual(PAGE_SIZE_TOLERANCE_PT);
      expect(Math.abs(h - trim[1]), `height ${h} pt vs trim ${trim[1]} pt`).toBeLessThanOrEqual(PAGE_SIZE_TOLERANCE_PT);
    }
    const ratio = o.docxPages / o.pdfPages;
    expect(Math.abs(ratio - 1), `DOCX ${o.docxPages} pages, PDF ${o.pdfPages} pages (ratio ${ratio.toFixed(2)})`).toBeLessThanOrEqual(PAGE_COUNT_TOLERANCE);
  });

  it.each(CASES)('$name: contents with page references, PAGE fields and heading styles', (c) => {
    const o = outcome(c);
    const contents = /<w:instrText[^>]*>\s*PAGEREF\b/.test(o.documentXml);
    expect(contents, 'contents with PAGEREF fields').toBe(hasContentsPage(o.layout));
    const pageFields = o.furnitureXml.filter((x) => /<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>|w:instr="\s*PAGE\s*"/.test(x)).length;
    if (o.layout.folioPosition === 'none') expect(pageFields).toBe(0);
    else expect(pageFields).toBeGreaterThan(0);
    for (const level of [1, 2, 3, 4, 5]) {
      expect(o.stylesXml, `Heading ${level}`).toMatch(new RegExp(`<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="Heading ${level}"/>`));
    }
    expect(o.documentXml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(o.documentXml).toContain('<w:pStyle w:val="BodyText"/>');
  });
});
