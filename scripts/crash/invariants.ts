/**
 * The crash test's invariants, read from the database and the files directory once no job is active any more:
 * - every job row ended (completed or failed), within its tries, and a job seen ended keeps the same ending at every
 *   later check (it ended exactly once);
 * - each completed export job has exactly one `exports` row (its id is the job's), whose file is there, whole (a PDF
 *   starts with `%PDF-` and ends with `%%EOF`) and of the recorded size; no `exports` row without a completed job;
 * - no visible partial file: every file under `files/exports` is the file of an `exports` row, whole (a write a crash
 *   cut short may only be left under a `.quire-tmp-` name, which no key reaches; those are counted apart);
 * - every book is whole: its original text is one of the files imported cleanly before the crashes, with the same
 *   word count and the same cleaned text's word count (a book a crash cut off during its import is absent, not torn);
 *   where imports run as jobs, a completed import job's book is there and a failed one left none;
 * - an upload staged for an import job (`files/uploads/<jobId>`) is byte for byte one of the files sent; one whose job
 *   has ended is counted as left over.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CheckDb } from './check-db.ts';

/** The prefix of a file being written (apps/server/src/services/storage.ts TEMPORARY_FILE_PREFIX). */
const TEMPORARY_FILE_PREFIX = '.quire-tmp-';

/** The invariants, each in words for the report. */
export const INVARIANTS = {
  opens: 'The database opens after every restart (the server answers ready)',
  ended: 'Every accepted job ended completed or failed, within its tries',
  once: 'Each job ended exactly once (the same ending at every later check; completed once in the log; one job per request)',
  exported: 'Each completed export job has exactly one exports row, and its file is there and downloads whole',
  duplicate: 'No export duplicated',
  partial: 'No partial file visible',
  books: 'Every book whole or absent; every accepted import kept',
} as const;

/** One of {@link INVARIANTS}. */
export type InvariantId = keyof typeof INVARIANTS;

/** A broken invariant: which, and what was found. */
export interface Violation {
  invariant: InvariantId;
  text: string;
}

/** A book as a clean import made it: the corpus file and its counts. */
export interface BaselineBook {
  file: string;
  wordCount: number;
  cleanedWords: number;
}

/** Baseline books by the SHA-256 of their original text. */
export type Baseline = Map<string, BaselineBook>;

/** A job's ending as first seen: checked unchanged at every later check. */
export type Endings = Map<string, string>;

/** What one check is given besides the database. */
export interface CheckInput {
  /** `<QUIRE_DATA_DIR>/files`. */
  filesDir: string;
  baseline: Baseline;
  /** The endings seen at earlier checks; this check's new ones are added. */
  endings: Endings;
  /** Ids of the books whose import was answered 201 (each must be there). */
  accepted: ReadonlySet<string>;
  /** SHA-256 of each file the run uploads (a staged upload must be one of them). */
  uploads: ReadonlySet<string>;
}

/** What one check found. */
export interface Snapshot {
  jobs: {
    total: number;
    /** Jobs by kind (`export`, `import`). */
    byKind: Map<string, number>;
    completed: number;
    failed: number;
    active: number;
    retried: number;
    maxAttempts: number;
    failedReasons: Map<string, number>;
  };
  exportRows: number;
  duplicatedExports: number;
  partialFiles: number;
  /** Files under `.quire-tmp-` names: a write a kill cut short, swept at a start once an hour old. */
  temporaryFiles: number;
  /** Staged uploads still there after their import job ended (the job's clean-up was cut). */
  uploadsLeft: number;
  books: { whole: number; broken: number; ids: Set<string> };
  /** Every broken invariant, in a sentence each. */
  violations: Violation[];
}

/** A job row as the check reads it. */
interface JobRow {
  id: string;
  kind: string;
  book_id: string | null;
  state: string;
  attempts: number;
  max_attempts: number;
  result: { exportId?: string; key?: string; byteSize?: number } | null;
  error_code: string | null;
  last_failure: string | null;
  finished_at: Date | null;
}

/** An `exports` row as the check reads it. */
interface ExportRow {
  id: string;
  book_id: string;
  format: string;
  file_path: string;
  byte_size: number;
}

/** A book row's texts and counts. */
interface BookRow {
  id: string;
  title: string;
  original_text: string;
  cleaned_text: string | null;
  word_count: number;
}

/** Words of `text`: runs of characters between white space. */
export function countWords(text: string | null): number {
  if (!text) return 0;
  let words = 0;
  for (const _ of text.matchAll(/\S+/g)) words++;
  return words;
}

/** The SHA-256 of `text` (UTF-8), in hex. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Why `bytes` is not a whole file of `format`, or null when it is (only PDFs have markers to check). */
export function wholeFileProblem(bytes: Uint8Array, format: string, byteSize: number): string | null {
  if (bytes.byteLength !== byteSize) return `${bytes.byteLength} bytes where ${byteSize} were recorded`;
  if (format !== 'pdf') return null;
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 64))).toString('latin1').trimEnd();
  if (head !== '%PDF-') return 'does not start with %PDF-';
  if (!tail.endsWith('%%EOF')) return 'does not end with %%EOF';
  return null;
}

/** Every file under `dir` (recursively), as paths relative to it with `/`; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Checks the invariants on `db` and the files of `input`. */
export async function checkInvariants(db: CheckDb, input: CheckInput): Promise<Snapshot> {
  const { filesDir, baseline, endings, accepted } = input;
  const violations: Violation[] = [];
  const broke = (invariant: InvariantId, text: string) => violations.push({ invariant, text });
  const jobs = await db.query<JobRow>(
    'select id, kind, book_id, state, attempts, max_attempts, result, error_code, last_failure, finished_at from jobs order by created_at',
  );
  const exportRows = await db.query<ExportRow>('select id, book_id, format, file_path, byte_size from exports');

  // Jobs: ended, within their tries, and ended once.
  const failedReasons = new Map<string, number>();
  let completed = 0;
  let failed = 0;
  let active = 0;
  for (const job of jobs) {
    if (job.attempts > job.max_attempts) broke('ended', `job ${job.id} was tried ${job.attempts} times, more than its ${job.max_attempts}`);
    if (job.state === 'completed') completed++;
    else if (job.state === 'failed') {
      failed++;
      const reason = `${job.error_code ?? '?'}: ${job.last_failure ?? 'no failure recorded'}`;
      failedReasons.set(reason, (failedReasons.get(reason) ?? 0) + 1);
    } else {
      active++;
      broke('ended', `job ${job.id} has not ended: still ${job.state} after ${job.attempts} tries`);
      continue;
    }
    if (!job.finished_at) broke('ended', `job ${job.id} is ${job.state} without a finishing time`);
    const ending = `${job.state} at ${job.finished_at?.toISOString() ?? '?'} ${JSON.stringify(job.result)}`;
    const before = endings.get(job.id);
    if (before === undefined) endings.set(job.id, ending);
    else if (before !== ending) broke('once', `job ${job.id} ended twice: first ${before}, now ${ending}`);
  }
  const seen = new Set(jobs.map((j) => j.id));
  for (const id of endings.keys()) if (!seen.has(id)) broke('once', `job ${id}, seen ended at an earlier check, is gone`);

  // Exports: one row per completed export job, none otherwise.
  const rowsById = new Map<string, ExportRow[]>();
  for (const row of exportRows) rowsById.set(row.id, [...(rowsById.get(row.id) ?? []), row]);
  const rowsByKey = new Map<string, ExportRow[]>();
  for (const row of exportRows) rowsByKey.set(row.file_path, [...(rowsByKey.get(row.file_path) ?? []), row]);
  let duplicatedExports = 0;
  for (const [key, rows] of rowsByKey) {
    if (rows.length > 1) {
      duplicatedExports += rows.length - 1;
      broke('duplicate', `${rows.length} exports rows share the file ${key}`);
    }
  }
  const jobsById = new Map(jobs.map((j) => [j.id, j]));
  for (const job of jobs) {
    if (job.kind !== 'export') continue;
    const rows = rowsById.get(job.id) ?? [];
    if (job.state === 'completed') {
      if (rows.length !== 1) {
        if (rows.length > 1) duplicatedExports += rows.length - 1;
        broke(rows.length > 1 ? 'duplicate' : 'exported', `completed export job ${job.id} has ${rows.length} exports rows, not one`);
      } else if (job.result?.key !== rows[0]!.file_path || job.result?.byteSize !== rows[0]!.byte_size) {
        broke('exported', `completed export job ${job.id}'s result (${JSON.stringify(job.result)}) is not its exports row (${rows[0]!.file_path}, ${rows[0]!.byte_size} bytes)`);
      }
    } else if (rows.length > 0) {
      broke('exported', `export job ${job.id} is ${job.state} but has ${rows.length} exports rows`);
    }
  }
  for (const row of exportRows) {
    const job = jobsById.get(row.id);
    if (!job || job.state !== 'completed') broke('exported', `exports row ${row.id} (${row.file_path}) has no completed job`);
  }

  // Files: each export the whole file of an exports row; each staged upload a file sent; temporary names counted apart.
  let partialFiles = 0;
  let temporaryFiles = 0;
  let uploadsLeft = 0;
  const onDisk = new Set<string>();
  for (const relative of await filesUnder(filesDir)) {
    const name = path.posix.basename(relative);
    if (name.startsWith(TEMPORARY_FILE_PREFIX)) {
      temporaryFiles++;
      continue;
    }
    const file = path.join(filesDir, relative);
    if (relative.startsWith('uploads/')) {
      const job = jobsById.get(name);
      if (job && (job.state === 'completed' || job.state === 'failed')) uploadsLeft++;
      if (!input.uploads.has(createHash('sha256').update(await readFile(file)).digest('hex'))) {
        partialFiles++;
        broke('partial', `the staged upload ${relative} (${(await stat(file)).size} bytes) is none of the files sent`);
      }
      continue;
    }
    if (!relative.startsWith('exports/')) continue;
    onDisk.add(relative);
    const rows = rowsByKey.get(relative);
    if (!rows) {
      partialFiles++;
      const job = jobsById.get(name.replace(/\.[^.]+$/, ''));
      broke('partial', `${relative} (${(await stat(file)).size} bytes) is the file of no exports row (its job is ${job ? job.state : 'unknown'})`);
      continue;
    }
    const problem = wholeFileProblem(new Uint8Array(await readFile(file)), rows[0]!.format, rows[0]!.byte_size);
    if (problem) {
      partialFiles++;
      broke('partial', `${relative} is not whole: ${problem}`);
    }
  }
  for (const row of exportRows) if (!onDisk.has(row.file_path)) broke('exported', `the file ${row.file_path} of exports row ${row.id} is missing`);

  // Books: whole or absent.
  const books = await db.query<BookRow>('select id, title, original_text, cleaned_text, word_count from books');
  let whole = 0;
  let broken = 0;
  for (const book of books) {
    const base = baseline.get(sha256(book.original_text));
    const cleanedWords = countWords(book.cleaned_text);
    const problem = !base
      ? `its original text (${countWords(book.original_text)} words) is no corpus file's`
      : book.word_count !== base.wordCount
        ? `it counts ${book.word_count} words where a clean import of ${base.file} counts ${base.wordCount}`
        : cleanedWords !== base.cleanedWords
          ? `its cleaned text has ${cleanedWords} words where a clean import of ${base.file} has ${base.cleanedWords}`
          : null;
    if (problem) {
      broken++;
      broke('books', `book ${book.id} ("${book.title}") is broken: ${problem}`);
    } else whole++;
  }
  const ids = new Set(books.map((b) => b.id));
  for (const id of accepted) if (!ids.has(id)) broke('books', `book ${id}, whose import was answered 201, is gone`);
  // Imports run as jobs: the book's id is the job's (result.bookId).
  for (const job of jobs) {
    if (job.kind !== 'import') continue;
    const bookId = (job.result as { bookId?: string } | null)?.bookId ?? job.id;
    if (job.state === 'completed' && !ids.has(bookId)) broke('books', `completed import job ${job.id} has no book ${bookId}`);
    if (job.state === 'failed' && ids.has(job.id)) broke('books', `failed import job ${job.id} left a book`);
  }

  return {
    jobs: {
      total: jobs.length,
      byKind: jobs.reduce((m, j) => m.set(j.kind, (m.get(j.kind) ?? 0) + 1), new Map<string, number>()),
      completed, failed, active, retried: jobs.filter((j) => j.attempts > 1).length, maxAttempts: Math.max(0, ...jobs.map((j) => j.attempts)), failedReasons },
    exportRows: exportRows.length,
    duplicatedExports,
    partialFiles,
    temporaryFiles,
    uploadsLeft,
    books: { whole, broken, ids },
    violations,
  };
}

/** The baseline of books `ids` (each imported cleanly from `files[id]`), read from `db`. */
export async function readBaseline(db: CheckDb, files: ReadonlyMap<string, string>): Promise<Baseline> {
  const baseline: Baseline = new Map();
  const rows = await db.query<BookRow>('select id, title, original_text, cleaned_text, word_count from books where id = any($1::uuid[])', [[...files.keys()]]);
  for (const row of rows) {
    baseline.set(sha256(row.original_text), { file: files.get(row.id)!, wordCount: row.word_count, cleanedWords: countWords(row.cleaned_text) });
  }
  if (baseline.size !== files.size) throw new Error(`the baseline found ${baseline.size} distinct books of the ${files.size} imported`);
  return baseline;
}
