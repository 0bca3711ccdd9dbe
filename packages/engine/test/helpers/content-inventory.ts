/**
 * The content inventory of issue 31 ("Nothing a document holds is lost"): how many tables, display and inline
 * equations, figures with their image, captions, footnotes and code blocks a document holds, counted in Quire's
 * document model and again in each output (EPUB, DOCX, Markdown; the PDF through poppler), so a test can say that
 * every count was kept; and the raw markup (LaTeX, pandoc attributes, table rules) no output's text may show.
 *
 * The academic corpus (`../shared/corpus/academic`, SOURCES.md) gives each input and pandoc's own counts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import type { BookDocument } from '../../src/model/book-document.ts';
import { forEachBlock, forEachInline, ownInlines } from '../../src/model/walk.ts';
import type { Diagnostic } from '../../src/model/diagnostics.ts';
import { readBook, readProject } from '../../src/read/index.ts';

/** What a document holds, kind by kind. */
export interface ContentCounts {
  tables: number;
  displayMath: number;
  inlineMath: number;
  /** Figures whose image the book keeps (an asset), not a caption alone. */
  images: number;
  /** Figures and tables with a caption. */
  captions: number;
  footnotes: number;
  codeBlocks: number;
}

const ZERO: ContentCounts = { tables: 0, displayMath: 0, inlineMath: 0, images: 0, captions: 0, footnotes: 0, codeBlocks: 0 };

/** The counts of a document in Quire's model (footnote definitions counted once, with what they hold). */
export function documentCounts(doc: BookDocument): ContentCounts {
  const c = { ...ZERO };
  forEachBlock(doc, (b) => {
    if (b.type === 'table') c.tables++;
    else if (b.type === 'math') c.displayMath++;
    else if (b.type === 'code') c.codeBlocks++;
    else if (b.type === 'figure' && b.src !== undefined && Object.hasOwn(doc.assets, b.src)) c.images++;
    if ((b.type === 'table' || b.type === 'figure') && b.caption.length > 0) c.captions++;
    for (const run of ownInlines(b)) forEachInline(run, (x) => {
      if (x.type === 'math') c.inlineMath++;
    });
  });
  c.footnotes = Object.keys(doc.footnotes).length;
  return c;
}

const count = (text: string, re: RegExp): number => (text.match(re) ?? []).length;

/** The XHTML content documents of an EPUB, joined (nav document left out: it lists, it does not hold). */
export function epubText(epub: Uint8Array): string {
  const files = unzipSync(epub);
  return Object.entries(files)
    .filter(([name]) => name.endsWith('.xhtml') && !/nav\.xhtml$/.test(name))
    .map(([, bytes]) => new TextDecoder().decode(bytes))
    .join('\n');
}

/** The counts of an EPUB's (or an HTML file's) markup. */
export function htmlCounts(html: string): ContentCounts {
  const display = count(html, /<math\b[^>]*\bdisplay="block"/g);
  return {
    tables: count(html, /<table\b/g),
    displayMath: display,
    inlineMath: count(html, /<math\b/g) - display,
    images: count(html, /<img\b/g),
    // A caption whose picture the book does not have is a `p.caption` (`write/html/blocks.ts`).
    captions: count(html, /<caption\b/g) + count(html, /<figcaption\b/g) + count(html, /<p class="caption"/g),
    footnotes: count(html, /<aside\b[^>]*epub:type="footnote"/g),
    codeBlocks: count(html, /<pre\b/g),
  };
}

/** The counts of a DOCX's `word/document.xml` (footnotes: `word/footnotes.xml`'s real notes, ids above 0). */
export function docxCounts(docx: Uint8Array): ContentCounts {
  const files = unzipSync(docx);
  const xml = new TextDecoder().decode(files['word/document.xml']);
  const notes = files['word/footnotes.xml'] ? new TextDecoder().decode(files['word/footnotes.xml']) : '';
  // A numbered equation is an `m:oMath` between tab stops (so that its number stays on its line), not an
  // `m:oMathPara`: Word files are compared by all their equations, in the text and in the notes.
  const display = count(xml, /<m:oMathPara\b/g);
  const allMath = count(xml, /<m:oMath\b(?!Para)/g) + count(notes, /<m:oMath\b(?!Para)/g);
  return {
    tables: count(xml, /<w:tbl>/g) + count(xml, /<w:tbl\s/g),
    displayMath: display,
    inlineMath: allMath - display,
    images: count(xml, /<w:drawing\b/g),
    captions: count(xml, /<w:pStyle w:val="Caption"\/>/g),
    footnotes: count(notes, /<w:footnote\b(?![^>]*w:type=)/g),
    codeBlocks: -1,
  };
}

/**
 * Raw markup a reader should never pass into a book's text: LaTeX commands and environments, pandoc attributes,
 * math delimiters, table rules. Returns the distinct matches found (empty when clean).
 */
export function rawMarkupLeft(text: string): string[] {
  const patterns = [
    /\\(?:begin|end)\{[a-z*]+\}/g,
    /\\(?:newpage|clearpage|maketitle|tableofcontents|listoffigures|listoftables|vspace|hspace|noindent|textbf|emph|cite|ref|label)\b/g,
    /\{#(?:fig|tbl|eq|sec):[^}]*\}/g,
    /\$\$/g,
    /^\s*\|?\s*:?-{3,}:?\s*\|/gm,
    /^\s*\+(?:-{3,}\+)+\s*$/gm,
  ];
  const out = new Set<string>();
  for (const re of patterns) for (const m of text.matchAll(re)) out.add(m[0].trim());
  return [...out];
}

/** One input of the academic corpus and pandoc's counts of it (SOURCES.md). */
export interface AcademicInput {
  id: string;
  /** How it is read: one file (`file`) or the whole folder as a project (`project`). */
  read: { kind: 'file'; path: string } | { kind: 'project' };
  /** pandoc's counts (SOURCES.md), where it gives them. */
  pandoc: Partial<ContentCounts>;
}

/** The academic corpus's inputs (SOURCES.md "Contains" lines; pandoc 2.17 as the neutral reader). */
export const ACADEMIC_INPUTS: readonly AcademicInput[] = [
  { id: 'md-altpeter-consent-dialogs-msc', read: { kind: 'project' }, pandoc: { tables: 7, displayMath: 0, images: 7, codeBlocks: 24, footnotes: 43 } },
  { id: 'md-jones-quadcopter-senior-thesis', read: { kind: 'project' }, pandoc: { tables: 5, displayMath: 42, inlineMath: 502, codeBlocks: 31, footnotes: 1 } },
  { id: 'md-neeson-renewable-ml-senior-thesis', read: { kind: 'project' }, pandoc: { tables: 8, displayMath: 12, inlineMath: 64, images: 12, footnotes: 0 } },
  { id: 'md-dupak-rust-gcc-diploma-thesis', read: { kind: 'project' }, pandoc: { tables: 1, displayMath: 0, images: 4, codeBlocks: 61, footnotes: 19 } },
  { id: 'md-banville-probabilistic-networks-article', read: { kind: 'project' }, pandoc: { tables: 1, displayMath: 54, inlineMath: 634, footnotes: 0 } },
  { id: 'md-kirby-fuzzy-forests-msc-dissertation', read: { kind: 'project' }, pandoc: { tables: 1, displayMath: 0, inlineMath: 18, images: 20, codeBlocks: 22, footnotes: 0 } },
  { id: 'docx-matejak-phd-dissertation', read: { kind: 'file', path: 'thesis.docx' }, pandoc: { tables: 56, footnotes: 2 } },
  { id: 'docx-fitzgerald-honors-thesis', read: { kind: 'file', path: 'thesis-final.docx' }, pandoc: { tables: 0, displayMath: 12, inlineMath: 88, footnotes: 0 } },
  { id: 'docx-maldonado-honors-thesis', read: { kind: 'file', path: 'thesis.docx' }, pandoc: { tables: 14, displayMath: 16, inlineMath: 40, images: 25, footnotes: 4 } },
  { id: 'docx-stuart-nrs-thesis-draft-zotero', read: { kind: 'file', path: 'source/CurrentWorkingDoc_Oct6.docx' }, pandoc: { tables: 3, images: 4, footnotes: 0 } },
  { id: 'docx-privacy-calculus-apa-article', read: { kind: 'file', path: 'manuscript.docx' }, pandoc: { tables: 1, inlineMath: 30, images: 6, footnotes: 2 } },
  { id: 'novel-steeves-priceless-treasures-md', read: { kind: 'project' }, pandoc: { tables: 1, footnotes: 0 } },
  { id: 'novel-dicker-midnight-librarian-docx', read: { kind: 'file', path: '!Combined.docx' }, pandoc: { tables: 0, footnotes: 0 } },
  { id: 'html-poisot-ecological-networks', read: { kind: 'project' }, pandoc: { tables: 1, displayMath: 1, inlineMath: 12, images: 1, codeBlocks: 33 } },
];

/** Every file of a folder, by path relative to it (forward slashes), for `readProject`. */
export function folderFiles(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const walk = (sub: string): void => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      const full = path.join(dir, rel);
      if (statSync(full).isDirectory()) walk(rel);
      else out.set(rel, new Uint8Array(readFileSync(full)));
    }
  };
  walk('');
  return out;
}

/** One input read as the server reads it, with the document Quire's writers get and the reader's notes. */
export interface ReadAcademicInput {
  doc: BookDocument;
  markdown: string;
  diagnostics: Diagnostic[];
}

/**
 * Reads one input of the academic corpus as an upload would be read: a Word file alone, a Markdown or HTML project
 * as the zip of its folder (`readProject`), then the Markdown the user edits parsed into the document.
 */
export async function readAcademicInput(corpus: string, input: AcademicInput): Promise<ReadAcademicInput> {
  const dir = path.join(corpus, 'academic', input.id);
  const read =
    input.read.kind === 'file'
      ? await readBook(new Uint8Array(readFileSync(path.join(dir, input.read.path))), { fileName: path.basename(input.read.path) })
      : await readProject(folderFiles(dir));
  if (read.kind !== 'document') throw new Error(`${input.id} read as plain text`);
  const meta = { title: 'Untitled', author: '', language: 'en', ...read.meta };
  const doc = parseMarkdown(read.markdown, meta, { assets: read.assets });
  return { doc, markdown: read.markdown, diagnostics: read.diagnostics };
}

/** The visible text of XHTML/HTML (tags dropped, entities of `<` `>` `&` decoded), for the raw-markup check. */
export function markupText(html: string): string {
  return html
    .replace(/<math\b[\s\S]*?<\/math>/g, ' ')
    .replace(/<(?:script|style)\b[\s\S]*?<\/(?:script|style)>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The text of a DOCX's body (`w:t` runs, one paragraph a line), for the raw-markup check. */
export function docxText(docx: Uint8Array): string {
  const xml = new TextDecoder().decode(unzipSync(docx)['word/document.xml']);
  return xml
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
