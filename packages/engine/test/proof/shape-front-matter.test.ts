/**
 * Proof, shape "a book with a source title page": the title page a Project Gutenberg text keeps at the top of its
 * body (title, subtitle, `by`, the author, translator, editor, edition lines) is not our book. Read and cleaned as an
 * upload is (`proof-books.ts`), each book of the table below:
 * - keeps none of its source title page's lines in the parsed document before its text (front sections and the
 *   opening of the first division), while a real epigraph stays (Leaves of Grass);
 * - has what the title page said in its metadata (Frankenstein's subtitle, the translator the source names,
 *   Gibbon's annotator, Alice's edition) and the source credit of its Project Gutenberg eBook number;
 * - in print (default book layout, poppler's `pdftotext`): prints the subtitle and credits on our title page, the
 *   source credit on our copyright page, and none of the source title page's lines after it;
 * - as an EPUB: passes EPUBCheck, names the contributors in the package document with their MARC roles, and its
 *   copyright page carries the source credit.
 * Moby-Dick's content before the first chapter (Etymology, Extracts) is two titled front sections.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLayout, inlineText, PdfProcessPool, writeEpub, writePdf, type Block, type BookDocument, type BookMeta } from '../../src/index.ts';
import { problems } from '../epub-docx-html/helpers.ts';
import { allPageTexts, pdfFile } from '../pdf/poppler.ts';
import { epubcheckMany } from './epub-check-batch.ts';
import { loadCorpusBook } from './proof-books.ts';

/** One book with a source title page: its lines as the source sets them, and the metadata they must give. */
interface TitlePageCase {
  path: string;
  lines: string[];
  meta: Partial<BookMeta>;
}

/** The source title pages of the corpus books, copied from the files (after the Gutenberg header and credits). */
const BOOKS: Record<string, TitlePageCase> = {
  frankenstein: {
    path: 'gutenberg/pg84-frankenstein.txt',
    lines: ['Frankenstein;', 'or, the Modern Prometheus', 'by', 'Mary Wollstonecraft (Godwin) Shelley'],
    meta: { title: 'Frankenstein', subtitle: 'or, the Modern Prometheus', sourceCredit: 'Text from Project Gutenberg eBook #84', publicDomain: true },
  },
  moby: {
    path: 'gutenberg/pg2701-moby-dick.txt',
    lines: ['MOBY-DICK;', 'or, THE WHALE.', 'By Herman Melville'],
    meta: { title: 'Moby-Dick', subtitle: 'or, The Whale', sourceCredit: 'Text from Project Gutenberg eBook #2701' },
  },
  gibbon: {
    path: 'gutenberg/pg731-decline-and-fall-roman-empire-vol1.txt',
    lines: ['HISTORY OF THE DECLINE AND FALL OF THE ROMAN EMPIRE', 'Edward Gibbon, Esq.', 'With notes by the Rev. H. H. Milman'],
    meta: { editor: 'Rev. H. H. Milman', editorRole: 'annotator', sourceCredit: 'Text from Project Gutenberg eBook #731' },
  },
  earnest: {
    path: 'gutenberg/pg844-importance-of-being-earnest.txt',
    lines: ['The Importance of Being Earnest', 'A Trivial Comedy for Serious People'],
    meta: { title: 'The Importance of Being Earnest', subtitle: 'A Trivial Comedy for Serious People' },
  },
  leaves: {
    path: 'gutenberg/pg1322-leaves-of-grass.txt',
    lines: ['LEAVES OF GRASS', 'By Walt Whitman'],
    meta: { title: 'Leaves of Grass', sourceCredit: 'Text from Project Gutenberg eBook #1322' },
  },
  pride: {
    path: 'gutenberg/pg1342-pride-and-prejudice.txt',
    lines: ['PRIDE AND PREJUDICE', 'By Jane Austen'],
    meta: { title: 'Pride and Prejudice', sourceCredit: 'Text from Project Gutenberg eBook #1342' },
  },
  alice: {
    path: 'gutenberg/pg11-alice-in-wonderland.txt',
    lines: ['ALICE’S ADVENTURES IN WONDERLAND', 'Lewis Carroll', 'THE MILLENNIUM FULCRUM EDITION 3.0'],
    meta: { edition: 'The Millennium Fulcrum Edition 3.0', sourceCredit: 'Text from Project Gutenberg eBook #11' },
  },
  warAndPeace: {
    path: 'gutenberg/pg2600-war-and-peace.txt',
    lines: ['WAR AND PEACE', 'By Leo Tolstoy/Tolstoi'],
    meta: { title: 'War and Peace', sourceCredit: 'Text from Project Gutenberg eBook #2600' },
  },
  confessions: {
    path: 'gutenberg/pg3296-confessions-of-st-augustine.txt',
    lines: ['THE CONFESSIONS OF SAINT AUGUSTINE', 'By Saint Augustine', 'Bishop of Hippo', 'Translated by E. B. Pusey (Edward Bouverie)', 'AD 401'],
    meta: { translator: 'E. B. Pusey (Edward Bouverie)' },
  },
  imitation: {
    path: 'gutenberg/pg1653-imitation-of-christ.txt',
    lines: ['Translated by Rev. William Benham'],
    meta: { translator: 'Rev. William Benham' },
  },
  luther: {
    path: 'gutenberg/pg28464-luther-epistle-sermons-vol2-epiphany-easter-pentecost.txt',
    lines: ['LUTHER’S', 'EPIPHANY, EASTER AND PENTECOST', 'TRANSLATED WITH THE HELP OF OTHERS', 'PROF. JOHN NICHOLAS LENKER, D.D.', 'THIRD THOUSAND', 'MINNEAPOLIS, MINN., U.S.A.'],
    meta: { subtitle: 'Epiphany, Easter and Pentecost', translator: 'John Nicholas Lenker', edition: 'Third Thousand' },
  },
};

/** Letters and digits, lower case: a line compared whatever cleanup did to its quotes, dashes and case. */
function key(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The text of every block as lines (paragraphs whole, verse line by line), headings included. */
function blockLines(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b): string[] => {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
        return [inlineText(b.children)];
      case 'verse':
        return b.stanzas.flat().map((l) => inlineText(l.children));
      case 'blockQuote':
        return blockLines(b.children);
      case 'speech':
        return [inlineText(b.speaker), ...blockLines(b.children)];
      default:
        return [];
    }
  });
}

/** What a reader meets before the text: the front sections and the opening blocks of the first division. */
function openingLines(doc: BookDocument): string[] {
  const first = doc.body[0];
  const firstBlocks = first ? (first.type === 'part' ? [...first.blocks, ...(first.chapters[0]?.blocks ?? [])] : first.blocks) : [];
  return [
    ...doc.front.flatMap((s) => [inlineText(s.title), ...blockLines(s.blocks)]),
    ...(first ? [inlineText(first.title)] : []),
    ...blockLines(firstBlocks.slice(0, 3)),
  ].filter((l) => l.trim() !== '');
}

const docs = new Map<string, BookDocument>();
beforeAll(async () => {
  for (const [id, c] of Object.entries(BOOKS)) docs.set(id, await loadCorpusBook(c.path));
});

describe('proof: the source title page becomes book details', () => {
  for (const [id, c] of Object.entries(BOOKS)) {
    it(`${id}: none of its title-page lines before the text, and the metadata they give`, () => {
      const doc = docs.get(id)!;
      const opening = new Set(openingLines(doc).map(key));
      for (const line of c.lines) expect(opening.has(key(line)), `"${line}" is still in the text`).toBe(false);
      expect(doc.meta).toMatchObject(c.meta);
    });
  }

  it('leaves: the real epigraph stays, signed', () => {
    const epigraph = docs.get('leaves')!.front.find((s) => s.kind === 'epigraph');
    expect(blockLines(epigraph?.blocks ?? [])).toEqual(expect.arrayContaining(['Come, said my soul,', 'Walt Whitman']));
  });

  it('moby: Etymology and Extracts are two titled front sections', () => {
    const titles = docs.get('moby')!.front.map((s) => inlineText(s.title));
    expect(titles).toEqual(['ETYMOLOGY.', 'EXTRACTS. (Supplied by a Sub-Sub-Librarian).']);
  });
});

describe('proof: our title and copyright pages print them', () => {
  const pool = new PdfProcessPool({ size: 1 });
  afterAll(() => pool.close());
  const layout = getLayout('kdp-6x9');

  for (const id of ['frankenstein', 'earnest', 'alice']) {
    it(`${id}: the title page and copyright page say it, and no page after them repeats the source's title page`, async () => {
      const doc = docs.get(id)!;
      const file = pdfFile(await writePdf(doc, layout, { pool }));
      try {
        const pages = allPageTexts(file.path).map((p) => p.split('\n').map((l) => l.trim()).filter(Boolean));
        // Half title, its blank verso, the title page (3), the copyright page (4).
        const titlePage = pages[2]!.map(key);
        if (doc.meta.subtitle) expect(titlePage).toContain(key(doc.meta.subtitle));
        if (doc.meta.edition) expect(titlePage).toContain(key(doc.meta.edition));
        expect(pages[3]).toContain(`${doc.meta.sourceCredit}.`);
        expect(pages[3]).toContain('The text of this book is in the public domain in the United States.');
        const sourceLines = new Set(BOOKS[id]!.lines.map(key).filter((k) => k !== key(doc.meta.title) && k !== key(doc.meta.author)));
        const after = pages.slice(4).flatMap((lines, i) => lines.filter((l) => sourceLines.has(key(l))).map((l) => `page ${i + 5}: ${l}`));
        expect(after).toEqual([]);
      } finally {
        file.dispose();
      }
    }, 120_000);
  }
});

describe('proof: the EPUB package names the contributors and passes EPUBCheck', () => {
  const ids = ['frankenstein', 'gibbon', 'confessions', 'alice'];
  const epubs = new Map<string, Uint8Array>();
  let dir = '';
  let reports = new Map<string, string[]>();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-front-proof-'));
    const layout = getLayout('kdp-6x9');
    const files: string[] = [];
    for (const id of ids) {
      const bytes = await writeEpub(docs.get(id)!, layout);
      epubs.set(id, bytes);
      const file = join(dir, `${id}.epub`);
      await writeFile(file, bytes);
      files.push(file);
    }
    const checked = await epubcheckMany(files);
    reports = new Map(ids.map((id, i) => [id, problems(checked.get(files[i]!) ?? [])]));
  }, 300_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const id of ['frankenstein', 'gibbon', 'confessions', 'alice']) {
    it(`${id}: EPUBCheck finds nothing; the copyright page carries the source credit`, () => {
      expect(reports.get(id)).toEqual([]);
      const files = unzipSync(epubs.get(id)!);
      expect(strFromU8(files['EPUB/copyright.xhtml']!)).toContain(`${docs.get(id)!.meta.sourceCredit}.`);
    });
  }

  it('the package document: subtitle as a title-type refinement, translator trl, annotator ann, edition', () => {
    const opf = (id: string) => strFromU8(unzipSync(epubs.get(id)!)['EPUB/package.opf']!);
    expect(opf('frankenstein')).toContain('<dc:title id="subtitle">or, the Modern Prometheus</dc:title>');
    expect(opf('frankenstein')).toContain('<meta refines="#subtitle" property="title-type">subtitle</meta>');
    expect(opf('gibbon')).toContain('<dc:contributor id="editor">Rev. H. H. Milman</dc:contributor>');
    expect(opf('gibbon')).toContain('<meta refines="#editor" property="role" scheme="marc:relators">ann</meta>');
    expect(opf('confessions')).toContain('<meta refines="#translator" property="role" scheme="marc:relators">trl</meta>');
    expect(opf('alice')).toContain('<meta refines="#edition" property="title-type">edition</meta>');
  });
});
