/**
 * `quire` command line: convert a text file into book files without the server.
 *
 *   quire convert book.txt --to pdf,epub,docx,html -o out/
 *
 * Formats: pdf (print PDF through Typst), epub (EPUB 3), docx (Word), html (print-ready HTML),
 * epub-html (EPUB-ready HTML), md (the cleaned Markdown). The layout is `kdp-6x9` unless
 * `--layout` names another one.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cleanText } from './clean/index.ts';
import { EngineError } from './errors.ts';
import { getLayout } from './layout/index.ts';
import { parseMarkdown } from './markdown/parse.ts';
import type { BookMeta } from './model/book-document.ts';
import { readText } from './read/index.ts';
import { writeDocx } from './write/docx/index.ts';
import { writeEpub } from './write/epub/index.ts';
import { writeHtml } from './write/html/index.ts';
import { writePdf } from './write/typst/pdf.ts';

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

const USAGE = `Usage: quire convert <file> [--to pdf,epub,docx,html,epub-html,md] [-o <dir>] [--layout kdp-6x9]

Converts a plain-text book (Project Gutenberg texts included) into book files.
  --to       comma-separated formats (default: pdf,epub,docx,html)
  -o, --out  output folder (default: the current folder)
  --layout   layout id (default: kdp-6x9)`;

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
        layout: { type: 'string', default: 'kdp-6x9' },
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

  try {
    const layout = getLayout(values.layout);
    const bytes = await readFile(input);
    const read = readText(new Uint8Array(bytes), { fileName: path.basename(input) });
    const cleaned = cleanText(read.text);
    const fallbackTitle = path.basename(input, path.extname(input));
    const meta: BookMeta = {
      title: cleaned.meta.title ?? read.meta.title ?? fallbackTitle,
      author: cleaned.meta.author ?? read.meta.author ?? 'Unknown Author',
      language: cleaned.meta.language ?? read.meta.language ?? 'en',
    };
    const doc = parseMarkdown(cleaned.markdown, meta);
    await mkdir(values.out, { recursive: true });
    const base = baseName(meta.title, baseName(fallbackTitle, 'book'));
    for (const format of formats as CliFormat[]) {
      const started = performance.now();
      const file = path.join(values.out, base + CLI_FORMATS[format]);
      await writeFile(file, await render(format));
      console.log(`${format.padEnd(9)} ${file} (${Math.round(performance.now() - started)} ms)`);
    }
    return 0;

    async function render(format: CliFormat): Promise<Uint8Array | string> {
      switch (format) {
        case 'pdf':
          return writePdf(doc, layout);
        case 'epub':
          return writeEpub(doc, layout, { modified: new Date() });
        case 'docx':
          return writeDocx(doc, layout);
        case 'html':
          return writeHtml(doc, layout, { variant: 'print' });
        case 'epub-html':
          return writeHtml(doc, layout, { variant: 'epub' });
        case 'md':
          return cleaned.markdown;
      }
    }
  } catch (error) {
    if (error instanceof EngineError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`quire: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}
