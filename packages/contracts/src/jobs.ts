/**
 * Long work as jobs (issue 14, "Scale on existing engines"): an export, an import (a URL, an upload, a collection) or a
 * cleanup runs as a job in the queue, taken by whichever
 * process runs workers (the API process on PGlite, `npm run worker` processes on PostgreSQL), and reports its stage
 * and percentage as it goes, so that the web can show a progress bar that survives a page reload.
 *
 * GET /api/books/{id}/jobs: the book's jobs still running and those that ended in the last day, newest first.
 * GET /api/import-jobs: the caller's imports (single, batch and collections) running and those ended in the last hour.
 * GET /api/jobs/{id}: one job of the caller.
 * GET /api/books/{id}/exports/{exportId}/file: the file of a finished export job (its `export.downloadUrl`).
 */
import { z } from 'zod';
import { DiagnosticSchema } from './diagnostics.ts';
import { ExportFormatSchema } from './exports.ts';
import { ID_MAX_CHARS } from './limits.ts';

/**
 * The kinds of job: `export` (POST /api/books/{id}/export/{format}), `import` (POST /api/import, one URL or upload;
 * also each URL of POST /api/import-batch), `clean` (POST /api/books/{id}/clean), `collection`
 * (POST /api/books/import-multiple), `extract` (POST /api/books/{id}/extract: a topic searched in the text's index),
 * `cover-wrap` (GET /api/books/{id}/covers/{coverId}/wrap.pdf and wrap.jpg: the book set to count its pages, the wrap
 * drawn), `format` (POST /api/books/{id}/format and its variants: the whole book set to measure its layout report),
 * `typeset` (POST /api/books/{id}/preview of the whole book, and a cover's page count: the book set whole, in the
 * preview's layout or its own, when no process has it set already).
 */
export const JOB_KINDS = ['export', 'import', 'clean', 'collection', 'extract', 'cover-wrap', 'format', 'typeset'] as const;
export const JobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKindSchema>;

/**
 * A job's state: `queued` (waiting for a worker, also between tries), `running`, `completed` (its result is ready),
 * `failed` (it will not be tried again: `error` says why, in words for the user).
 */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

/** What a finished export job made: the format, the download name, and where to fetch the file. */
export const JobExportSchema = z.object({
  exportId: z.uuid(),
  format: ExportFormatSchema,
  fileName: z.string(),
  /** Bytes. */
  byteSize: z.number().int().nonnegative(),
  /** GET it (with the bearer header) for the file: `/api/books/{bookId}/exports/{exportId}/file`. */
  downloadUrl: z.string(),
  /** What the writer could not keep or had to change in this file (a table shrunk, an image left out); absent: nothing. */
  diagnostics: z.array(DiagnosticSchema).optional(),
});
export type JobExport = z.infer<typeof JobExportSchema>;

/** One job as the API answers it. */
export const JobSchema = z.object({
  id: z.uuid(),
  kind: JobKindSchema,
  /** The book it works on; for an import or a collection, the book it made once completed (null before). */
  bookId: z.uuid().nullable(),
  /** What an import works on, in words: its URL, its file's name, or the collection's title; null for other kinds. */
  subject: z.string().nullable(),
  /** For an export job, the format it makes (known from the start, so the web can show the bar on the right card). */
  format: ExportFormatSchema.nullable(),
  state: JobStateSchema,
  /** What it is doing now, in words ('Typesetting pages'); null while queued. */
  stage: z.string().nullable(),
  /** Progress, 0 to 100 (100 once completed). */
  percent: z.number().int().min(0).max(100),
  /** Tries started so far (a try that a stopped worker left is tried again), and the most it gets. */
  attempts: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive(),
  /** Why it failed, for the user; null unless `failed`. */
  error: z.string().nullable(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The export a completed export job made; null otherwise. */
  export: JobExportSchema.nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** GET /api/books/{id}/jobs answer. */
export const BookJobsResponseSchema = z.object({ jobs: z.array(JobSchema) });
export type BookJobsResponse = z.infer<typeof BookJobsResponseSchema>;

/** GET /api/import-jobs answer: the caller's imports running and those that ended in the last hour, newest first. */
export const ImportJobsResponseSchema = z.object({ jobs: z.array(JobSchema) });
export type ImportJobsResponse = z.infer<typeof ImportJobsResponseSchema>;

/** Params of GET /api/jobs/{id}. */
export const JobParamsSchema = z.object({ id: z.string().min(1).max(ID_MAX_CHARS) });

/** Params of GET /api/books/{id}/exports/{exportId}/file. */
export const ExportFileParamsSchema = z.object({
  id: z.string().min(1).max(ID_MAX_CHARS),
  exportId: z.string().min(1).max(ID_MAX_CHARS),
});

/** Whether a job has not ended yet (the web keeps asking while any has not). */
export function isJobActive(job: Pick<Job, 'state'>): boolean {
  return job.state === 'queued' || job.state === 'running';
}
