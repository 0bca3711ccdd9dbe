/**
 * In-process Typst compilation (`@myriaddreamin/typst-ts-node-compiler`, Typst 0.14).
 *
 * The compiler is synchronous and blocks the event loop for the whole compile (about 1.5 s for 700
 * pages), and its memo cache only grows, so the server compiles in child processes (`pool.ts`); this
 * module is what runs inside them, and what a CLI or a test may call directly.
 */
import { NodeCompiler, type NodeTypstDocument } from '@myriaddreamin/typst-ts-node-compiler';
import { EngineError } from '../../errors.ts';
import type { BookAsset } from '../../model/book-document.ts';
import { splitPlainSvg, type SvgPage } from '../preview/svg-pages.ts';
import { shippedFontPaths } from './fonts.ts';
import { splitTypstSource } from './files.ts';
import { endMarks, lastWordLengths, loosenedSource, lowestBaselines, withoutTrailer, type BalanceGrid, type MarkPosition } from './balance.ts';
import { chooseLoosenings, pagesToRecheck, retryLoosenings } from './loosenings.ts';

let compiler: NodeCompiler | undefined;

/** The chapter files (`files.ts`) mapped into the workspace by the last compile, by path. */
const unitFiles = new Map<string, string>();

/**
 * The compiler's workspace root: a folder that does not exist, so a document reads no file of the
 * machine's; the book's images are mapped in under it (`/quire-typst-book/images/img-1.png`) for one
 * compile at a time.
 */
const WORKSPACE = '/quire-typst-book';

/**
 * One compiler per process, created on first use with every registry family (`fonts.ts`; system fonts are
 * also visible). A face's file is read the first time a document uses it.
 */
function getCompiler(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontPaths: shippedFontPaths() }] });
  return compiler;
}

/** The images a compile may read: a book's `assets` record, or a list of assets. */
export type TypstAssets = Readonly<Record<string, BookAsset>> | readonly BookAsset[];

/** A file a standalone document reads (`image("cover/artwork.svg")`): its path under the workspace and its bytes. */
export interface TypstFile {
  path: string;
  bytes: Uint8Array;
}

/** The assets as a list. */
export function assetList(assets: TypstAssets | undefined): BookAsset[] {
  if (!assets) return [];
  return Array.isArray(assets) ? [...(assets as readonly BookAsset[])] : Object.values(assets as Readonly<Record<string, BookAsset>>);
}

/** A diagnostic as the compiler reports it (`shortDiagnostics` entries). */
interface TypstDiagnostic {
  message?: string;
  hints?: string[];
  range?: string | null;
}

function describe(diagnostics: unknown): string {
  if (!Array.isArray(diagnostics) || diagnostics.length === 0) return 'unknown error';
  return (diagnostics as TypstDiagnostic[])
    .slice(0, 5)
    .map((d) => [d.message ?? String(d), d.range ? `at ${d.range}` : '', ...(d.hints ?? []).map((h) => `hint: ${h}`)].filter(Boolean).join(' '))
    .join('; ');
}

/**
 * Compiles a Typst source and hands the laid-out document to `use`, synchronously, on the calling thread. A
 * `writeTypst` source is compiled as a file per chapter (`files.ts`, {@link mapUnitFiles}), the same pages as one file.
 * A standalone source (`opts.standalone`, a cover) is compiled as it is and leaves the chapter files alone.
 * The `files` it reads (a book's images, a cover's artwork) are mapped into the compiler's virtual workspace for this compile and unmapped
 * afterwards, so the process does not keep them; old entries of Typst's memo cache are evicted after each
 * compile (`evictCache(10)`, the value typst.ts suggests for one-shot tools), which slows but does not stop
 * the growth of the process's memory.
 * @throws EngineError `WRITE_FAILED` with Typst's diagnostics in the message when the source has errors.
 */
function withDocument<T>(
  source: string,
  files: readonly TypstFile[],
  use: (typst: NodeCompiler, document: NodeTypstDocument) => T,
  opts: { standalone?: boolean } = {},
): T {
  const typst = getCompiler();
  const mapped: string[] = [];
  try {
    for (const asset of files) {
      const path = `${WORKSPACE}/${asset.path}`;
      typst.mapShadow(path, Buffer.from(asset.bytes.buffer, asset.bytes.byteOffset, asset.bytes.byteLength));
      mapped.push(path);
    }
    let main = source;
    // A standalone document (a cover) leaves the chapter files of the last book mapped, for that book's next compile.
    if (!opts.standalone) {
      const split = splitTypstSource(source);
      main = split.main;
      mapUnitFiles(typst, split.files);
    }
    const result = typst.compile({ mainFileContent: main });
    const document = result.result;
    if (result.hasError() || !document) {
      const error = result.takeError();
      const diagnostics = error ? error.shortDiagnostics : [];
      throw new EngineError('WRITE_FAILED', `The PDF could not be typeset: ${describe(diagnostics)}`, {
        cause: diagnostics,
      });
    }
    return use(typst, document);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError('WRITE_FAILED', `The PDF could not be typeset: ${String(error)}`, { cause: error });
  } finally {
    for (const path of mapped) typst.unmapShadow(path);
    typst.evictCache(10);
  }
}

/**
 * Maps a split source's chapter files into the workspace: a file whose text is unchanged since the last compile is
 * left as it is, a changed one replaced, one the source no longer has removed. They stay mapped after the compile,
 * so that the next compile of the same book (the spread balancing's second one, a preview after an edit) finds
 * its unchanged chapters in Typst's cache.
 */
function mapUnitFiles(typst: NodeCompiler, files: ReadonlyMap<string, string>): void {
  for (const path of [...unitFiles.keys()]) {
    if (files.has(path)) continue;
    typst.unmapShadow(`${WORKSPACE}${path}`);
    unitFiles.delete(path);
  }
  for (const [path, text] of files) {
    if (unitFiles.get(path) === text) continue;
    typst.mapShadow(`${WORKSPACE}${path}`, Buffer.from(text));
    unitFiles.set(path, text);
  }
}

/** A typeset book: the PDF and its number of pages. */
export interface TypesetPdf {
  pdf: Uint8Array;
  pageCount: number;
}

/**
 * Compiles a Typst source to PDF bytes and counts its pages, synchronously, on the calling thread.
 *
 * - `source`: a self-contained Typst document (no imports), as made by `writeTypst`;
 * - `assets`: the book's images (`doc.assets`), which the source reads as `image("images/img-1.png")`.
 * A two-sided book's source (one that ends with `balance.ts`'s trailer) is compiled twice: the second time with a
 * paragraph of each short page of an uneven spread made a line longer, so that facing pages end at the same depth;
 * a third time when a spread is still uneven, its short page no shorter, with other paragraphs for the lines still missing.
 * @throws EngineError `WRITE_FAILED` with Typst's diagnostics in the message when the source has errors.
 */
export function typesetTypst(source: string, assets?: TypstAssets): TypesetPdf {
  const files = assetList(assets);
  const first = withDocument(source, files, (typst, document) => ({ ...exportPdf(typst, document), balance: balanceInput(typst, document) }));
  if (!first.balance) return { pdf: first.pdf, pageCount: first.pageCount };
  // A two-sided book: a second compile makes a paragraph of each short page of an uneven spread a line longer.
  const { grid, starts, ends } = first.balance;
  const marks = endMarks(source);
  const depths = lowestBaselines(first.pdf, grid);
  const wordChars = lastWordLengths(source, marks);
  const loosenings = chooseLoosenings(depths, starts, ends, grid, wordChars);
  if (loosenings.length === 0) return { pdf: first.pdf, pageCount: first.pageCount };
  const second = withDocument(withoutTrailer(loosenedSource(source, loosenings, marks)), files, exportPdf);
  // A spread the second compile left short (the line breaking took a box back) is tried again with other paragraphs:
  // a third compile, only of the books that have such a spread, its chapters the only ones to change.
  const recheck = pagesToRecheck(loosenings, ends);
  const retry = retryLoosenings(depths, lowestBaselines(second.pdf, grid, recheck), starts, ends, grid, loosenings, wordChars);
  if (retry.length === 0) return second;
  return withDocument(withoutTrailer(loosenedSource(source, [...loosenings, ...retry], marks)), files, exportPdf);
}

/** The PDF of a laid-out document and its number of pages. */
function exportPdf(typst: NodeCompiler, document: NodeTypstDocument): TypesetPdf {
  // No tagged-PDF structure: a print file for a printer needs none, it makes the file about 40 %
  // larger, and poppler 22 reports its structure tree as malformed.
  const pdf = typst.pdf(document, { pdfTags: false });
  return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), pageCount: document.numOfPages };
}

/** The grid and paragraph marks a balanced book's source ends with (`balance.ts` `balanceTrailer`); none for other sources. */
function balanceInput(typst: NodeCompiler, document: NodeTypstDocument): { grid: BalanceGrid; starts: MarkPosition[]; ends: MarkPosition[] } | undefined {
  const grid = (typst.query(document, { selector: '<quire-balance>' }) as Array<{ value: BalanceGrid }>)[0]?.value;
  if (!grid) return undefined;
  const marks = (typst.query(document, { selector: '<quire-marks>' }) as Array<{ value: [MarkPosition[], MarkPosition[]] }>)[0]?.value;
  return marks ? { grid, starts: marks[0], ends: marks[1] } : undefined;
}

/**
 * Compiles a Typst source to PDF bytes (`%PDF-...`), synchronously, on the calling thread
 * ({@link typesetTypst} without the page count).
 * @throws EngineError `WRITE_FAILED` with Typst's diagnostics in the message when the source has errors.
 */
export function compileTypstToPdf(source: string, assets?: TypstAssets): Uint8Array {
  return typesetTypst(source, assets).pdf;
}

/**
 * Compiles a Typst source and returns its first `maxPages` pages as standalone SVG documents
 * (`preview/svg-pages.ts`), with the document's page count. Meant for short documents (a book's opening):
 * the compiler writes every page into one SVG string first, about 160-220 kB a page.
 * @throws EngineError `WRITE_FAILED` when the source has errors or the SVG cannot be split.
 */
export function typesetTypstToSvgPages(source: string, assets: TypstAssets | undefined, maxPages: number): { pages: SvgPage[]; pageCount: number } {
  return withDocument(source, assetList(assets), (typst, document) => ({
    pages: splitPlainSvg(typst.plainSvg(document), maxPages),
    pageCount: document.numOfPages,
  }));
}

/**
 * Compiles a one-page document that is not a book (a cover, `cover/typst-cover.ts`) to PDF, synchronously, with
 * `files` (its artwork) mapped into the workspace for this compile only. The chapter files of the last book stay
 * mapped, so a cover rendered between two compiles of a book does not cost that book its cache.
 * @throws EngineError `WRITE_FAILED` with Typst's diagnostics in the message when the source has errors.
 */
export function typesetStandalone(source: string, files: readonly TypstFile[]): TypesetPdf {
  return withDocument(source, files, exportPdf, { standalone: true });
}
