/**
 * The crash test's setup, before any kill: the owner of War and Peace signs up, imports it and formats it, and imports
 * each corpus file the rounds will import once, cleanly (the books every later import of the same file must equal);
 * then, on a freshly started server (no typeset PDF kept in memory, none left in the storage), one War and Peace PDF
 * export is timed, to spread the kills over an export's duration.
 */
import path from 'node:path';
import { bookJobs, formatBook, importFile, register, requestExport, timed, type User } from '../load/api.ts';
import { wholeFileProblem } from './invariants.ts';
import { typstChildrenOf } from './processes.ts';

/** The run's owner and its books. */
export interface Cast {
  /** Owns War and Peace and the clean imports. */
  owner: User;
  warAndPeaceId: string;
  /** The clean imports: book id to corpus file (relative to the corpus folder), War and Peace included. */
  baselineFiles: Map<string, string>;
  importMs: number;
  formatMs: number;
}

/** How long a War and Peace PDF export took on a fresh server, and when its Typst compile started, ms from the request. */
export interface ExportTiming {
  exportMs: number;
  typesetStartMs: number;
  byteSize: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs up the owner, imports and formats War and Peace, and imports each of `files` once. */
export async function setUp(base: string, corpus: string, warAndPeace: string, files: readonly string[]): Promise<Cast> {
  const owner = await register(base, 0);
  const baselineFiles = new Map<string, string>();
  const imported = await timed(() => importFile(base, owner, path.join(corpus, warAndPeace)));
  baselineFiles.set(imported.value, warAndPeace);
  const formatted = await timed(() => formatBook(base, owner, imported.value));
  for (const file of files) baselineFiles.set(await importFile(base, owner, path.join(corpus, file)), file);
  return { owner, warAndPeaceId: imported.value, baselineFiles, importMs: imported.ms, formatMs: formatted.ms };
}

/**
 * Exports War and Peace as PDF on the server `serverPid` at `base` and times it, watching its job for the moment the
 * Typst compile starts (stage "Typesetting pages" with a Typst child running).
 * @throws when the export is not answered with a whole PDF.
 */
export async function timeExport(base: string, serverPid: number, owner: User, bookId: string): Promise<ExportTiming> {
  const known = new Set((await bookJobs(base, owner, bookId)).map((j) => j.id));
  const start = performance.now();
  let typesetStartMs = 0;
  let settled = false;
  const answer = requestExport(base, owner, bookId, 'pdf').finally(() => (settled = true));
  while (!settled && typesetStartMs === 0) {
    const job = (await bookJobs(base, owner, bookId)).find((j) => !known.has(j.id));
    if (job?.stage === 'Typesetting pages' && typstChildrenOf(serverPid).length > 0) typesetStartMs = performance.now() - start;
    await sleep(200);
  }
  const { status, body } = await answer;
  const exportMs = performance.now() - start;
  if (status !== 200) throw new Error(`the timed export answered ${status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  const problem = wholeFileProblem(body, 'pdf', body.byteLength);
  if (problem) throw new Error(`the timed export's PDF is not whole: ${problem}`);
  return { exportMs, typesetStartMs: typesetStartMs || exportMs * 0.3, byteSize: body.byteLength };
}
