/**
 * `npm run bench`: times the pipeline stages on the largest corpus book (War and Peace) and prints
 * the time and peak memory of each, and the PDF's page count. Each stage runs in its own process so
 * that its peak RSS (`process.resourceUsage().maxRSS`) is its own; the stages before it (read, clean,
 * parse) run untimed in that process first, so the peak includes holding the book in memory.
 *
 *   npm run bench                                   # War and Peace from ../shared/corpus, print-ready-kdp
 *   npm run bench -- path/to/book.txt               # another book
 *   npm run bench -- --layout apa-7 [path/to/book]  # another layout (any template or style-guide id)
 *
 * References: the PDF export against the same book as a plain Typst document (`plain-typst.ts`: same page, body
 * type, headings on rectos and folios, nothing of Quire's template), compiled the same way (a PDF child process of
 * the engine's pool, the same compiler and fonts); the `quire` command as a whole process (start-up included)
 * against pandoc (Debian package `pandoc`) on the same cleaned Markdown, for EPUB and DOCX; without pandoc those
 * ratios read n/a. Covers (`cover ebook`, `cover wrap`): one render in a warm child process for this book at its
 * page count and for a 24-page book. Topic extraction (`extract index`, `extract query`): building the passages and
 * their index once for the text (target under 2 s), and a warm query against it (target under 300 ms). Times are wall clock and CPU (user + system of the stage's process and the processes it
 * waited for, from `/proc/self/stat`), since a loaded machine stretches the first but hardly the second.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cleanText,
  compileTypstToPdf,
  getLayout,
  parseMarkdown,
  readText,
  writeDocx,
  writeEpub,
  writeHtml,
  writePdf,
  writeTypst,
  PdfProcessPool,
  defaultPalette,
  renderEbookCover,
  renderWrapCover,
  wrapGeometry,
  buildTopicIndex,
  searchTopic,
  type CoverDesign,
  type BookMeta,
} from '@quire/engine';
import { plainTypst } from './plain-typst.ts';

const STAGES = [
  'read+clean',
  'markdown parse',
  'pdf',
  'pdf one pass',
  'plain typst',
  'typst alone',
  'epub',
  'docx',
  'html',
  'cli pdf',
  'cli epub',
  'cli docx',
  'pandoc epub',
  'pandoc docx',
  'cover ebook',
  'cover wrap',
  'extract index',
  'extract query',
] as const;
type Stage = (typeof STAGES)[number];

const root = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg2600-war-and-peace.txt');
/** The `quire` command as a user runs it (the compiled CLI when it is built, else the sources). */
const QUIRE_BIN = path.join(root, 'packages/engine/bin/quire.mjs');

interface StageResult {
  stage: Stage;
  /** Wall-clock time of the stage, in milliseconds. */
  ms: number;
  /** CPU time (user + system) of the stage, children included, in milliseconds; absent where unknown. */
  cpuMs?: number;
  maxRssMiB: number;
  detail?: string;
}

/**
 * CPU time so far of this process and of the child processes it has waited for, in milliseconds (Linux
 * `/proc/self/stat`: utime, stime, cutime, cstime in clock ticks of 10 ms); undefined elsewhere.
 */
function cpuMsSoFar(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of proc(5), counted from the state field (3rd) here.
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
  } catch {
    return undefined;
  }
}

/** The page count of a PDF file (poppler's `pdfinfo`). */
function pdfPages(file: string): string | undefined {
  return /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
}

/** The layout the issue measures: the Print Ready KDP template. */
const DEFAULT_LAYOUT = 'print-ready-kdp';

async function runStage(stage: Stage, bookPath: string, layoutId: string): Promise<StageResult> {
  const layout = getLayout(layoutId);
  const bytes = new Uint8Array(readFileSync(bookPath));
  let cpuMs: number | undefined;
  const time = async <T>(fn: () => T | Promise<T>): Promise<[T, number]> => {
    const cpu0 = cpuMsSoFar();
    const t0 = performance.now();
    const value = await fn();
    const ms = performance.now() - t0;
    const cpu1 = cpuMsSoFar();
    cpuMs = cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0;
    return [value, ms];
  };
  const result = async (promise: Promise<Omit<StageResult, 'cpuMs'>>): Promise<StageResult> => ({ ...(await promise), cpuMs });
  return result(measureStage(stage, bookPath, layoutId, bytes, layout, time));
}

async function measureStage(
  stage: Stage,
  bookPath: string,
  layoutId: string,
  bytes: Uint8Array,
  layout: ReturnType<typeof getLayout>,
  time: <T>(fn: () => T | Promise<T>) => Promise<[T, number]>,
): Promise<Omit<StageResult, 'cpuMs'>> {
  if (stage === 'read+clean') {
    const [cleaned, ms] = await time(() => cleanText(readText(bytes).text));
    return { stage, ms, maxRssMiB: 0, detail: `${cleaned.report.chaptersFound} chapters, ${cleaned.report.wordCount} words` };
  }
  const read = readText(bytes);
  const cleaned = cleanText(read.text);
  const meta: BookMeta = {
    title: cleaned.meta.title ?? read.meta.title ?? 'Untitled',
    author: cleaned.meta.author ?? read.meta.author ?? 'Unknown Author',
    language: cleaned.meta.language ?? read.meta.language ?? 'en',
  };
  if (stage === 'markdown parse') {
    const [, ms] = await time(() => parseMarkdown(cleaned.markdown, meta));
    return { stage, ms, maxRssMiB: 0 };
  }
  const doc = parseMarkdown(cleaned.markdown, meta);
  const out = mkdtempSync(path.join(tmpdir(), 'quire-bench-'));
  switch (stage) {
    case 'pdf':
    case 'pdf one pass': {
      // The whole export as the server runs it: Typst markup, then a compile in a child process, and for a two-sided
      // book a second compile that balances its spreads; "one pass": the first compile alone, what the template costs.
      const [pdf, ms] = await time(() => writePdf(doc, layout, { balanceSpreads: stage === 'pdf' }));
      const file = path.join(out, 'book.pdf');
      writeFileSync(file, pdf);
      return { stage, ms, maxRssMiB: 0, detail: `${pdfPages(file)} pages, ${(pdf.byteLength / 1e6).toFixed(1)} MB (the compile's memory is the child's: see typst alone)` };
    }
    case 'plain typst': {
      // The reference: the same book as a plain Typst document, compiled as writePdf compiles (a fresh child
      // process of the pool).
      const source = plainTypst(doc, layout);
      const [pdf, ms] = await time(async () => {
        const pool = new PdfProcessPool({ size: 1, maxJobsPerProcess: 1 });
        try {
          return await pool.compile(source);
        } finally {
          await pool.close();
        }
      });
      const file = path.join(out, 'plain.pdf');
      writeFileSync(file, pdf);
      return { stage, ms, maxRssMiB: 0, detail: `${pdfPages(file)} pages, ${(pdf.byteLength / 1e6).toFixed(1)} MB` };
    }
    case 'cli pdf':
    case 'cli epub':
    case 'cli docx': {
      // The command as a whole process, start-up included: the PDF from the book as given, EPUB and DOCX from
      // the cleaned Markdown that pandoc gets too.
      const format = stage.slice(4);
      const input = format === 'pdf' ? bookPath : path.join(out, 'book.md');
      if (format !== 'pdf') writeFileSync(input, cleaned.markdown);
      const [, ms] = await time(() =>
        execFileSync(process.execPath, [QUIRE_BIN, 'convert', input, '--to', format, '--template', layoutId, '-o', out], { encoding: 'utf8' }),
      );
      return { stage, ms, maxRssMiB: 0, detail: `quire convert --to ${format} (peak RSS is this process's, not the command's)` };
    }
    case 'typst alone': {
      // The bare compile of the markup Quire generated, in this process: the floor for the PDF export.
      const source = writeTypst(doc, layout);
      const [, ms] = await time(() => compileTypstToPdf(source));
      return { stage, ms, maxRssMiB: 0, detail: `${(source.length / 1e6).toFixed(1)} MB of Typst markup` };
    }
    case 'pandoc epub':
    case 'pandoc docx': {
      // The reference: pandoc (Debian package) from the same cleaned Markdown.
      const md = path.join(out, 'book.md');
      writeFileSync(md, cleaned.markdown);
      const target = path.join(out, stage === 'pandoc epub' ? 'book.epub' : 'book.docx');
      const [, ms] = await time(() => execFileSync('pandoc', [md, '-f', 'markdown', '-o', target, '--metadata', `title=${meta.title}`]));
      return { stage, ms, maxRssMiB: 0, detail: `${(statSync(target).size / 1e6).toFixed(1)} MB (peak RSS is this process's, not pandoc's)` };
    }
    case 'cover ebook':
    case 'cover wrap': {
      // A cover as the server renders it (a job of the pool's child process, warm), for a short book (the first
      // chapter alone) and for this book at its real page count; the time is the long book's, the short one's in detail.
      const pool = new PdfProcessPool({ size: 1 });
      try {
        const pages = (await pool.typeset(writeTypst(doc, layout))).pageCount;
        const design: CoverDesign = {
          template: 'classic',
          text: { title: meta.title, subtitle: '', author: meta.author ?? '', blurb: 'A back-cover text of a hundred words or so. '.repeat(12) },
          palette: defaultPalette('classic', null, 'literature'),
        };
        const render = (pageCount: number) =>
          stage === 'cover ebook'
            ? renderEbookCover(design, { pool }).then((r) => r.jpeg.byteLength)
            : renderWrapCover(design, wrapGeometry({ trimWidthIn: layout.trimWidthIn, trimHeightIn: layout.trimHeightIn, pageCount, paperType: 'white' }), { pool }).then((b) => b.byteLength);
        await render(24); // warm: the child and its fonts are loaded, as on a running server
        const [shortBytes, shortMs] = await time(() => render(24));
        const [bytes, ms] = await time(() => render(pages));
        return { stage, ms, maxRssMiB: 0, detail: `${pages} pages: ${(bytes / 1e3).toFixed(0)} kB; a 24-page book: ${shortMs.toFixed(0)} ms, ${(shortBytes / 1e3).toFixed(0)} kB` };
      } finally {
        await pool.close();
      }
    }
    case 'extract index': {
      // Once per text version: the passages (sections and windows) and their inverted index.
      const [index, ms] = await time(() => buildTopicIndex(doc));
      return { stage, ms, maxRssMiB: 0, detail: `${index.sectionCount} sections, ${index.passageCount} passages (target < 2000 ms)` };
    }
    case 'extract query': {
      // A query against a built index on a warm worker: the lexicon read and the code compiled by a first query.
      // The time is that of "love", the most frequent of the suggested topics; the others in detail.
      const index = buildTopicIndex(doc);
      searchTopic(index, 'Christmas');
      const others = ['Forgiveness', 'Christmas', 'Prayer', 'whaling'].map((topic) => {
        const t0 = performance.now();
        const found = searchTopic(index, topic).passages.length;
        return `${topic} ${(performance.now() - t0).toFixed(0)} ms (${found})`;
      });
      const [result, ms] = await time(() => searchTopic(index, 'Love'));
      return { stage, ms, maxRssMiB: 0, detail: `Love: ${result.passages.length} passages; ${others.join(', ')} (target < 300 ms)` };
    }
    case 'epub': {
      const [epub, ms] = await time(() => writeEpub(doc, layout));
      return { stage, ms, maxRssMiB: 0, detail: `${(epub.byteLength / 1e6).toFixed(1)} MB` };
    }
    case 'docx': {
      const [docx, ms] = await time(() => writeDocx(doc, layout));
      return { stage, ms, maxRssMiB: 0, detail: `${(docx.byteLength / 1e6).toFixed(1)} MB` };
    }
    case 'html': {
      const [html, ms] = await time(() => writeHtml(doc, layout, { variant: 'print' }));
      return { stage, ms, maxRssMiB: 0, detail: `${(Buffer.byteLength(html) / 1e6).toFixed(1)} MB` };
    }
  }
}

const args = process.argv.slice(2);
const layoutFlag = args.indexOf('--layout');
const layoutId = layoutFlag >= 0 ? (args.splice(layoutFlag, 2)[1] ?? DEFAULT_LAYOUT) : DEFAULT_LAYOUT;
if (args[0] === '--stage') {
  const result = await runStage(args[1] as Stage, args[2] ?? DEFAULT_BOOK, layoutId);
  result.maxRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
} else {
  const book = args[0] ?? DEFAULT_BOOK;
  const sizeMB = readFileSync(book).byteLength / 1e6;
  console.log(`Book: ${path.basename(book)} (${sizeMB.toFixed(1)} MB), layout ${layoutId}\n`);
  const hasPandoc = spawnSync('pandoc', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasPandoc) console.log('pandoc is not installed (Debian: apt-get install pandoc): its stages are skipped.\n');
  console.log(`${'stage'.padEnd(16)}${'wall'.padStart(10)}${'CPU'.padStart(10)}${'peak RSS'.padStart(12)}  detail`);
  const results = new Map<Stage, StageResult>();
  for (const stage of STAGES) {
    if (stage.startsWith('pandoc') && !hasPandoc) continue;
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--layout', layoutId, '--stage', stage, book], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) {
      console.log(`${stage.padEnd(16)} failed: ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      continue;
    }
    const r = JSON.parse(line.slice(7)) as StageResult;
    results.set(r.stage, r);
    const cpu = r.cpuMs === undefined ? 'n/a' : `${r.cpuMs.toFixed(0)} ms`;
    console.log(`${r.stage.padEnd(16)}${`${r.ms.toFixed(0)} ms`.padStart(10)}${cpu.padStart(10)}${`${r.maxRssMiB.toFixed(0)} MiB`.padStart(12)}  ${r.detail ?? ''}`);
  }
  const ratio = (a: Stage, b: Stage): string => {
    const x = results.get(a);
    const y = results.get(b);
    if (!x || !y) return 'n/a';
    const cpu = x.cpuMs !== undefined && y.cpuMs ? `, CPU ${(x.cpuMs / y.cpuMs).toFixed(2)}x` : '';
    return `wall ${(x.ms / y.ms).toFixed(2)}x${cpu}`;
  };
  const clean = results.get('read+clean');
  console.log(`\nPDF export / plain Typst document: ${ratio('pdf', 'plain typst')} (target <= 1.3x)`);
  console.log(`PDF export in one pass (spreads not balanced) / plain Typst document: ${ratio('pdf one pass', 'plain typst')}`);
  console.log(`PDF export / bare compile of its own markup: ${ratio('pdf', 'typst alone')}`);
  console.log(`quire convert EPUB / pandoc EPUB: ${ratio('cli epub', 'pandoc epub')} (target <= 0.1x)`);
  console.log(`quire convert DOCX / pandoc DOCX: ${ratio('cli docx', 'pandoc docx')} (target <= 0.3x)`);
  console.log(`EPUB writer / pandoc EPUB: ${ratio('epub', 'pandoc epub')}; DOCX writer / pandoc DOCX: ${ratio('docx', 'pandoc docx')}`);
  console.log(`Read + clean: ${clean ? `${clean.ms.toFixed(0)} ms` : 'n/a'} (target <= 500 ms)`);
  const extractIndex = results.get('extract index');
  const extractQuery = results.get('extract query');
  console.log(`Topic extraction: index ${extractIndex ? `${extractIndex.ms.toFixed(0)} ms` : 'n/a'} (target < 2000 ms), warm query ${extractQuery ? `${extractQuery.ms.toFixed(0)} ms` : 'n/a'} (target < 300 ms)`);
  if (!existsSync(path.join(root, 'packages/engine/dist/cli.js'))) console.log('(the CLI ran from its sources: build it with `npm run build -w @quire/engine`)');
}
