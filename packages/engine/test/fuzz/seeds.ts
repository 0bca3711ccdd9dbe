/**
 * Seed files of the reader fuzz tests: one small, valid file per input format, made here and
 * deterministically (no corpus file, no clock). DOCX, EPUB and HTML come from the engine's own writers on
 * a small book with parts, footnotes, links, verse, a list, hostile text and one PNG figure (the DOCX without
 * its embedded fonts); the PDF is a typeset book from Typst (a second or two: build it once); Markdown is the
 * book's own serialisation; plain text is a Project Gutenberg-style file.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import type { BookDocument, Chapter } from '../../src/model/book-document.ts';
import type { InputFormat } from '../../src/read/index.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { compileTypstToPdf } from '../../src/write/typst/compile.ts';
import { p, sampleBook, t } from '../epub-docx-html/fixtures.ts';
import { png } from '../images/fixtures.ts';

/** One seed: the format it must be read as, the name it is uploaded under, its bytes. */
export interface Seed {
  format: InputFormat;
  fileName: string;
  bytes: Uint8Array;
}

/** The writer tests' sample book (parts, footnotes, links, verse, lists, hostile text) with one PNG figure. */
export function seedBook(): BookDocument {
  const book = sampleBook();
  const figure: Chapter = {
    type: 'chapter',
    id: 'ch-fig',
    title: [t('A Picture')],
    blocks: [
      p(t('Before the picture.')),
      { type: 'figure', src: 'images/img-1.png', alt: 'A small square', caption: [t('A small square')] },
      p(t('After the picture.')),
    ],
  };
  book.body.push(figure);
  book.assets = { 'images/img-1.png': { path: 'images/img-1.png', mediaType: 'image/png', bytes: png(12, 8, 3) } };
  return book;
}

const WORDS = 'the ship sailed on and the sea was grey while the captain watched the long horizon for any sign of land'.split(' ');

/** Deterministic prose: `count` words from a small vocabulary, as sentences. */
function prose(seed: number, count: number): string {
  let x = seed >>> 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const word = WORDS[(x >>> 8) % WORDS.length]!;
    out.push(i === 0 || out[i - 1]!.endsWith('.') ? word[0]!.toUpperCase() + word.slice(1) : word);
    if (i % 12 === 11) out[i] += '.';
  }
  return `${out.join(' ').replace(/\.$/, '')}.`;
}

/** A plain-text book with a Project Gutenberg header and licence markers. */
export function seedText(): string {
  const chapters = [1, 2, 3].map((n) => `CHAPTER ${'I'.repeat(n)}.\n\n${prose(n * 10, 60)}\n\n${prose(n * 10 + 1, 48)}\n`);
  return [
    'The Project Gutenberg eBook of The Grey Sea',
    '',
    'Title: The Grey Sea',
    '',
    'Author: Ann Author',
    '',
    'Language: English',
    '',
    '*** START OF THE PROJECT GUTENBERG EBOOK THE GREY SEA ***',
    '',
    ...chapters,
    '*** END OF THE PROJECT GUTENBERG EBOOK THE GREY SEA ***',
    '',
  ].join('\n');
}

/**
 * A typeset PDF of two short chapters: running heads, folios, justified and hyphenated paragraphs, chapter
 * headings in larger type (as `typesetBookPdf` of the PDF reader tests), and no date (Typst otherwise
 * writes the time of the compile, and the bytes would change from run to run). A second or two of Typst.
 */
export function seedPdf(): Uint8Array {
  const chapters = [
    { title: 'Chapter One', paragraphs: [prose(1, 90), prose(2, 70), prose(3, 80)] },
    { title: 'Chapter Two', paragraphs: [prose(4, 60), prose(5, 90)] },
  ];
  return compileTypstToPdf(
    [
      '#set document(title: "The Grey Sea", author: "Ann Author", date: none)',
      '#set page(width: 300pt, height: 420pt, margin: (x: 36pt, y: 48pt),',
      '  header: align(center, text(size: 8pt)[The Grey Sea]), numbering: "1", number-align: center + bottom)',
      '#set text(size: 10pt, lang: "en", hyphenate: true)',
      '#set par(justify: true, first-line-indent: 1.2em, leading: 0.6em, spacing: 0.6em)',
      ...chapters.map(
        (c) => `#pagebreak(weak: true)\n#block(above: 4em, below: 2em, text(size: 16pt, weight: "bold")[${c.title}])\n\n${c.paragraphs.join('\n\n')}`,
      ),
    ].join('\n'),
  );
}

/**
 * The writer's DOCX without its embedded fonts (2 MB of `word/fonts/*.odttf` that no reader looks at and
 * that would make every case slow): the parts, their relationship and the font table's `w:embed*`
 * elements go; what is left is a valid DOCX, as Word saves it with embedding off. Drawing ids
 * (`wp:docPr id`) are numbered from 1: the `docx` package counts them across the whole process.
 */
export function withoutEmbeddedFonts(docx: Uint8Array): Uint8Array {
  const files: Zippable = {};
  for (const [name, body] of Object.entries(unzipSync(docx))) {
    if (name.startsWith('word/fonts/') || name === 'word/_rels/fontTable.xml.rels') continue;
    if (name === 'word/fontTable.xml') files[name] = strToU8(strFromU8(body).replace(/<w:embed(?:Regular|Bold|Italic|BoldItalic)\b[^>]*\/>/g, ''));
    else if (name === 'word/document.xml') {
      let id = 0;
      files[name] = strToU8(strFromU8(body).replace(/<wp:docPr id="\d+"/g, () => `<wp:docPr id="${++id}"`));
    } else files[name] = body;
  }
  return zipSync(files, { mtime: new Date(Date.UTC(2000, 0, 1)), level: 6 });
}

/** Every seed, in a fixed order (txt, markdown, html, docx, epub, pdf). */
export async function makeSeeds(): Promise<Seed[]> {
  const book = seedBook();
  const enc = new TextEncoder();
  return [
    { format: 'txt', fileName: 'seed.txt', bytes: enc.encode(seedText()) },
    // The sample book's hostile text holds C0 controls, NUL among them, which no text file may hold.
    // eslint-disable-next-line no-control-regex
    { format: 'markdown', fileName: 'seed.md', bytes: enc.encode(serializeMarkdown(book).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')) },
    { format: 'html', fileName: 'seed.html', bytes: enc.encode(writeHtml(book, kdp6x9Layout, { variant: 'print', embedFonts: false })) },
    { format: 'docx', fileName: 'seed.docx', bytes: withoutEmbeddedFonts(await writeDocx(book, kdp6x9Layout)) },
    { format: 'epub', fileName: 'seed.epub', bytes: await writeEpub(book, kdp6x9Layout) },
    { format: 'pdf', fileName: 'seed.pdf', bytes: seedPdf() },
  ];
}
