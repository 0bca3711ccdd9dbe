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
 * pandoc (Debian package `pandoc`) is the reference for EPUB and DOCX; without it those ratios read n/a.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
  type BookMeta,
} from '@quire/engine';

const STAGES = ['read+clean', 'markdown parse', 'pdf', 'typst alone', 'epub', 'docx', 'html', 'pandoc epub', 'pandoc docx'] as const;
type Stage = (typeof STAGES)[number];

const root = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg2600-war-and-peace.txt');

interface StageResult {
  stage: Stage;
  ms: number;
  maxRssMiB: number;
  detail?: string;
}

/** The layout the issue measures: the Print Ready KDP template. */
const DEFAULT_LAYOUT = 'print-ready-kdp';

async function runStage(stage: Stage, bookPath: string, layoutId: string): Promise<StageResult> {
  const layout = getLayout(layoutId);
  const bytes = new Uint8Array(readFileSync(bookPath));
  const time = async <T>(fn: () => T | Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const value = await fn();
    return [value, performance.now() - t0];
  };
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
    case 'pdf': {
      // The whole export as the server runs it: Typst markup, then a compile in a child process.
      const [pdf, ms] = await time(() => writePdf(doc, layout));
      const file = path.join(out, 'book.pdf');
      writeFileSync(file, pdf);
      const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
      return { stage, ms, maxRssMiB: 0, detail: `${pages} pages, ${(pdf.byteLength / 1e6).toFixed(1)} MB (the compile's memory is the child's: see typst alone)` };
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
  console.log(`${'stage'.padEnd(16)}${'time'.padStart(10)}${'peak RSS'.padStart(12)}  detail`);
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
    console.log(`${r.stage.padEnd(16)}${`${r.ms.toFixed(0)} ms`.padStart(10)}${`${r.maxRssMiB.toFixed(0)} MiB`.padStart(12)}  ${r.detail ?? ''}`);
  }
  const ratio = (a: Stage, b: Stage): string => {
    const x = results.get(a);
    const y = results.get(b);
    return x && y ? `${(x.ms / y.ms).toFixed(2)}x` : 'n/a';
  };
  console.log(`\nPDF export / bare Typst compile: ${ratio('pdf', 'typst alone')} (target <= 1.5x)`);
  console.log(`EPUB / pandoc EPUB: ${ratio('epub', 'pandoc epub')} (target < 0.2x)`);
  console.log(`DOCX / pandoc DOCX: ${ratio('docx', 'pandoc docx')} (target < 0.5x)`);
}
