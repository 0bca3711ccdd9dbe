/**
 * `quire` command line: convert a text file into book files without the server.
 *
 *   quire convert book.txt --to pdf,epub,docx,html -o out/
 *   quire convert thesis.docx --template apa-7 --trim letter --to pdf,docx -o out/
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
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cleanText } from './clean/index.ts';
import { EngineError } from './errors.ts';
import { getLayout, layouts } from './layout/index.ts';
import type { Layout } from './layout/layout.ts';
import { isTrimSizeId, trimSizes } from './layout/trim-sizes.ts';
import { parseMarkdown } from './markdown/parse.ts';
import { inlineText, type BookDocument, type BookMeta } from './model/book-document.ts';
import { readBook } from './read/index.ts';

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

const USAGE = `Usage: quire convert <file> [--to pdf,epub,docx,html,epub-html,md] [-o <dir>] [--template <id>] [--trim <id>]

Converts a book (.txt, .md, .html, .xhtml, .docx, .epub or a PDF with a text layer; Project Gutenberg
texts included) into book files.
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
  const [command, input] = positionals;
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
    const bytes = await readFile(input);
    const read = await readBook(new Uint8Array(bytes), { fileName: path.basename(input) });
    const cleaned: { markdown: string; meta: Partial<BookMeta> } =
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
        : parseMarkdown(cleaned.markdown, meta, { assets: read.kind === 'document' ? read.assets : [] });
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
        const settled = await settleKdpLayout(baseLayout, cleaned.markdown.length, (l) => pool.typeset(writeTypst(doc, l), doc.assets), { now: new Date() });
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
      await writeFile(file, await render(format));
      console.log(`${format.padEnd(9)} ${file} (${Math.round(performance.now() - started)} ms)`);
    }
    return 0;

    async function render(format: CliFormat): Promise<Uint8Array | string> {
      switch (format) {
        case 'pdf':
          return print!.pdf;
        case 'epub':
          return (await import('./write/epub/index.ts')).writeEpub(doc, layout, { modified: new Date() });
        case 'docx':
          return (await import('./write/docx/index.ts')).writeDocx(doc, layout);
        case 'html':
          return (await import('./write/html/index.ts')).writeHtml(doc, layout, { variant: 'print' });
        case 'epub-html':
          return (await import('./write/html/index.ts')).writeHtml(doc, layout, { variant: 'epub' });
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
