/**
 * `quire` command line: convert a text file into book files without the server.
 *
 *   quire convert book.txt --to pdf,epub,docx,html -o out/
 *   quire convert thesis.docx --template apa-7 --trim letter --to pdf,docx -o out/
 *   quire convert thesis/*.md --template apa-7 -o out/      (a Markdown project: files joined in order)
 *
 * Inputs: every format `readBook` reads (txt, md, html/xhtml, docx, epub, pdf with a text layer).
 * Formats: pdf (print PDF through Typst), epub (EPUB 3), docx (Word), html (print-ready HTML),
 * epub-html (EPUB-ready HTML), md (the cleaned Markdown). The layout is `kdp-6x9` unless `--template`
 * (or its older name `--layout`) names another template or style guide; `--trim` sets another trim size
 * (`trim-sizes.ts`: letter, a4, 5x8 ... 8.5x11) on that layout.
 *
 * A PDF export sets the book with KDP's paperback rules as the server does (`layout/layout-report.ts`
 * `settleKdpLayout`: margins raised for the page count) and prints the same layout report: the page count, the
 * trim's KDP page limit with a warning past it, and each margin raised. Every format of the run then uses the
 * raised layout, so the EPUB and DOCX agree with the PDF.
 *
 * The files a Markdown or HTML input refers to (figures, a bibliography) are read beside it on disk
 * (`read/folder-resources.ts`); several Markdown files are one book, joined as `pandoc *.md` joins them
 * (`read/project.ts`). What Quire found in the book (parts, chapters, front and back matter ...) and where its
 * structure looks unreliable are printed first, as the Clean tab shows them (`structure/structure-summary.ts`).
 * Whatever the reader or a writer could not keep or had to change is printed after the files, one line each
 * (`model/diagnostics.ts`): nothing is lost silently.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cleanText, type CleanReport } from './clean/index.ts';
import { EngineError } from './errors.ts';
import { getLayout, layouts } from './layout/index.ts';
import type { Layout } from './layout/layout.ts';
import { isTrimSizeId, trimSizes } from './layout/trim-sizes.ts';
import { parseMarkdown } from './markdown/parse.ts';
import { inlineText, type BookDocument, type BookMeta } from './model/book-document.ts';
import { Diagnostics, diagnosticLine } from './model/diagnostics.ts';
import { folderResolver } from './read/folder-resources.ts';
import { readBook, readProject, type ReadOutput } from './read/index.ts';
import { summarizeStructure, type StructureSummary } from './structure/structure-summary.ts';

/** Output formats of `quire convert`, with the file name suffix each one writes. */
export const CLI_FORMATS = {
  pdf: '.pdf',
  epub: '.epub',
  docx: '.docx',
  html: '.html',
  'epub-html': '.epub.html',
  md: '.md',
} as const;
export type CliFormat = keyof typeof CLI_FORMATS;

const USAGE = `Usage: quire convert <file> [<file> ...] [--to pdf,epub,docx,html,epub-html,md] [-o <dir>] [--template <id>] [--trim <id>]

Converts a book (.txt, .md, .html, .xhtml, .docx, .epub, a PDF with a text layer, or a .zip of a Markdown
or HTML book with its images; Project Gutenberg texts included) into book files. Several Markdown files
are one book, joined in the order given; the images they name are read beside them.
  --to        comma-separated formats (default: pdf,epub,docx,html)
  -o, --out   output folder (default: the current folder)
  --template  template or style guide id (default: kdp-6x9): ${Object.keys(layouts).join(', ')}
  --trim      trim size id (default: the template's): ${Object.keys(trimSizes).filter((id) => id !== 'custom').join(', ')}`;

function isCliFormat(value: string): value is CliFormat {
  return Object.hasOwn(CLI_FORMATS, value);
}

/** A safe base file name from a title: letters, digits and `_` only (as the server's download names). */
function baseName(title: string, fallback: string): string {
  const base = title.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return base || fallback;
}

/**
 * Runs the CLI with `argv` (without node and script). Writes progress to stdout and errors to stderr.
 * @returns the process exit code: 0 on success, 1 on a conversion error, 2 on a usage error.
 */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        to: { type: 'string', default: 'pdf,epub,docx,html' },
        out: { type: 'string', short: 'o', default: '.' },
        template: { type: 'string' },
        layout: { type: 'string' },
        trim: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, input, ...moreInputs] = positionals;
  if (command !== 'convert' || !input) {
    console.error(USAGE);
    return 2;
  }
  const formats = values.to.split(',').map((f) => f.trim()).filter(Boolean);
  const unknown = formats.filter((f) => !isCliFormat(f));
  if (unknown.length > 0 || formats.length === 0) {
    console.error(`Unknown format: ${unknown.join(', ') || '(none)'}. Choose from ${Object.keys(CLI_FORMATS).join(', ')}.`);
    return 2;
  }

  if (values.trim !== undefined && (!isTrimSizeId(values.trim) || values.trim === 'custom')) {
    console.error(`Unknown trim size: ${values.trim}. Choose from ${Object.keys(trimSizes).filter((id) => id !== 'custom').join(', ')}.`);
    return 2;
  }

  try {
    const baseLayout = withTrim(getLayout(values.template ?? values.layout ?? 'kdp-6x9'), values.trim);
    const read = await readInputs([input, ...moreInputs]);
    const diagnostics = new Diagnostics();
    diagnostics.addAll(read.diagnostics);
    const cleaned: { markdown: string; meta: Partial<BookMeta>; report?: CleanReport } =
      read.kind === 'raw' ? cleanText(read.text) : { markdown: read.markdown, meta: {} };
    const fallbackTitle = path.basename(input, path.extname(input));
    // Everything the reader and cleanup found (the edition details of the source's title page too), then the defaults.
    const meta: BookMeta = {
      ...read.meta,
      ...cleaned.meta,
      title: cleaned.meta.title ?? read.meta.title ?? fallbackTitle,
      author: cleaned.meta.author ?? read.meta.author ?? 'Unknown Author',
      language: cleaned.meta.language ?? read.meta.language ?? 'en',
    };
    const doc =
      read.kind === 'document' && read.doc && titleUnused(read.doc, meta.title)
        ? { ...read.doc, meta }
        : parseMarkdown(cleaned.markdown, meta, { assets: read.kind === 'document' ? read.assets : [], diagnostics });
    printStructure(summarizeStructure(doc, cleaned.report?.sourceContents ? { sourceContents: cleaned.report.sourceContents } : {}));
    await mkdir(values.out, { recursive: true });
    const base = baseName(meta.title, baseName(fallbackTitle, 'book'));
    let layout = baseLayout;
    let print: { pdf: Uint8Array; report: string[] } | undefined;
    if (formats.includes('pdf')) {
      const started = performance.now();
      // Each writer is loaded when its format is asked for: the command starts without the others' code
      // (the Typst compiler's native module, the DOCX library).
      const [{ layoutReportLines, settleKdpLayout }, { writeTypst }, { PdfProcessPool }] = await Promise.all([
        import('./layout/layout-report.ts'),
        import('./write/typst/index.ts'),
        import('./write/typst/pdf.ts'),
      ]);
      const pool = new PdfProcessPool({ size: 1 });
      try {
        // Each settling round writes the source again: keep the notes of the last one only.
        let typstNotes = new Diagnostics();
        const settled = await settleKdpLayout(
          baseLayout,
          cleaned.markdown.length,
          (l) => {
            typstNotes = new Diagnostics();
            return pool.typeset(writeTypst(doc, l, { diagnostics: typstNotes }), doc.assets);
          },
          { now: new Date() },
        );
        diagnostics.addAll(typstNotes.toArray().map((d) => ({ ...d, message: `PDF: ${d.message}` })));
        layout = settled.layout;
        print = { pdf: settled.set.pdf, report: layoutReportLines(settled.report) };
      } finally {
        await pool.close();
      }
      const file = path.join(values.out, base + CLI_FORMATS.pdf);
      await writeFile(file, print.pdf);
      console.log(`${'pdf'.padEnd(9)} ${file} (${Math.round(performance.now() - started)} ms)`);
      for (const line of print.report) console.log(`          ${line}`);
    }
    for (const format of formats as CliFormat[]) {
      if (format === 'pdf') continue;
      const started = performance.now();
      const file = path.join(values.out, base + CLI_FORMATS[format]);
      const notes = new Diagnostics();
      await writeFile(file, await render(format, notes));
      console.log(`${format.padEnd(9)} ${file} (${Math.round(performance.now() - started)} ms)`);
      diagnostics.addAll(notes.toArray().map((d) => ({ ...d, message: `${FORMAT_NAMES[format]}: ${d.message}` })));
    }
    printDiagnostics(diagnostics);
    return 0;

    async function render(format: CliFormat, notes: Diagnostics): Promise<Uint8Array | string> {
      switch (format) {
        case 'pdf':
          return print!.pdf;
        case 'epub':
          return (await import('./write/epub/index.ts')).writeEpub(doc, layout, { modified: new Date(), diagnostics: notes });
        case 'docx':
          return (await import('./write/docx/index.ts')).writeDocx(doc, layout, { diagnostics: notes });
        case 'html':
          return (await import('./write/html/index.ts')).writeHtml(doc, layout, { variant: 'print', diagnostics: notes });
        case 'epub-html':
          return (await import('./write/html/index.ts')).writeHtml(doc, layout, { variant: 'epub', diagnostics: notes });
        case 'md':
          return cleaned.markdown;
      }
    }
  } catch (error) {
    if (error instanceof EngineError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      // A missing file, an unreadable one or an unknown template: a sentence for the user, no stack.
      console.error(`quire: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

/** How the notes name each output format. */
const FORMAT_NAMES: Readonly<Record<CliFormat, string>> = {
  pdf: 'PDF',
  epub: 'EPUB',
  docx: 'Word',
  html: 'HTML',
  'epub-html': 'EPUB-ready HTML',
  md: 'Markdown',
};

/**
 * Reads the input: one file with the files beside it as its resources, or several Markdown files as one book
 * (`readProject`, their folder's files as resources).
 */
async function readInputs(inputs: readonly string[]): Promise<ReadOutput> {
  const first = inputs[0]!;
  if (inputs.length === 1) {
    const bytes = await readFile(first);
    return readBook(new Uint8Array(bytes), { fileName: path.basename(first), resources: folderResolver(path.dirname(path.resolve(first))) });
  }
  // Paths relative to the first file's folder, so that the project's own relative links resolve.
  const base = path.dirname(path.resolve(first));
  const files = new Map<string, Uint8Array>();
  for (const input of inputs) files.set(path.relative(base, path.resolve(input)).split(path.sep).join('/'), new Uint8Array(await readFile(input)));
  return readProject(files, { beside: (mainFolder) => folderResolver(path.resolve(base, mainFolder)) });
}

/**
 * Prints what Quire found in the book, as the Clean tab shows it (`Found: 2 parts · 61 chapters · Preface · Notes`),
 * then each warning where the structure looks unreliable, one line each, before the files are written.
 */
function printStructure(summary: StructureSummary): void {
  console.log(`Found: ${summary.found.length > 0 ? summary.found.join(' · ') : 'no chapters or sections'}`);
  if (summary.warnings.length === 0) return;
  console.log(`${summary.warnings.length === 1 ? 'One warning' : `${summary.warnings.length} warnings`} on the structure found (check the headings):`);
  for (const w of summary.warnings) console.log(`  - ${w.message}`);
}

/** Prints what could not be kept or was changed, one line each, under a heading; nothing when there is nothing. */
function printDiagnostics(diagnostics: Diagnostics): void {
  const list = diagnostics.toArray();
  if (list.length === 0) return;
  console.log(`\n${list.length === 1 ? 'One note' : `${list.length} notes`} on what could not be kept as it was:`);
  for (const d of list) console.log(`  - ${diagnosticLine(d)}`);
}

/** The layout set on another trim size (same margins and type); the layout itself when `trimId` is absent. */
function withTrim(layout: Layout, trimId: string | undefined): Layout {
  if (trimId === undefined || !isTrimSizeId(trimId)) return layout;
  const trim = trimSizes[trimId];
  return { ...layout, trimSizeId: trim.id, trimWidthIn: trim.widthIn, trimHeightIn: trim.heightIn };
}

/**
 * Whether the Markdown reader's document (the parse of its Markdown with the reader's metadata, `ReadOutput.doc`)
 * is also the parse with `title`, so that the command skips a second parse of the book: the title is the one
 * metadata field a parse uses, and only for a text without a `#` heading (one chapter named after the book). A
 * document of that shape under another title is parsed again.
 */
function titleUnused(doc: BookDocument, title: string): boolean {
  if (doc.meta.title === title) return true;
  const [only, ...rest] = doc.body;
  const titledAfterBook = only?.type === 'chapter' && inlineText(only.title) === doc.meta.title;
  return !(rest.length === 0 && doc.front.length === 0 && doc.back.length === 0 && titledAfterBook);
}
