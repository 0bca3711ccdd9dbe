import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BATCH_IMPORT_MAX_URLS,
  BatchImportBodySchema,
  BatchImportResponseSchema,
  type BatchImportBody,
  type BatchImportResponse,
} from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { IMPORT_REQUEST_KEY } from './import-jobs.ts';

/** One address of the Batch form, with the line of the text it is on (1-based, blank lines counted). */
export type BatchLine = { url: string; line: number };

/**
 * The addresses of the Batch form's text: one per line, trimmed, blank lines skipped, and an address listed twice
 * kept once (at its first line), since importing it again would only make a second copy of the same book.
 */
export function batchLines(text: string): BatchLine[] {
  const seen = new Set<string>();
  const lines: BatchLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const url = raw.trim();
    if (!url || seen.has(url)) return;
    seen.add(url);
    lines.push({ url, line: index + 1 });
  });
  return lines;
}

/** The contract's rule for one URL of a batch (http or https). */
const batchUrl = BatchImportBodySchema.shape.urls.element;

/** A line's text as the message quotes it: whole up to 40 characters, else its start and an ellipsis. */
function quote(text: string): string {
  return `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;
}

/**
 * 'line 3 (“www.a.example/x”)', 'line 2 (“a”) and line 5 (“b”)', 'line 2 (“a”), line 4 (“b”), line 7 (“c”) and 2
 * more'. Each is quoted as well as numbered, as a narrow screen wraps a long address onto several lines.
 */
function lineList(lines: BatchLine[]): string {
  const named = lines.slice(0, 3).map((l) => `line ${l.line} (${quote(l.url)})`);
  const more = lines.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${more} more`;
  if (named.length === 1) return named[0]!;
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * The Batch form: the text of the URL box, checked as the contract checks the body (`BatchImportBodySchema`: 1 to
 * {@link BATCH_IMPORT_MAX_URLS} URLs, each a web address, in the API's words), before anything is sent; a bad
 * address is named by its line and quoted. Hands over the list of URLs.
 */
export const BatchFormSchema = z.object({
  urls: z.string().transform((text, ctx) => {
    const lines = batchLines(text);
    if (lines.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Please enter at least one URL' });
      return z.NEVER;
    }
    if (lines.length > BATCH_IMPORT_MAX_URLS) {
      ctx.addIssue({ code: 'custom', message: `At most ${BATCH_IMPORT_MAX_URLS} URLs at once: this list has ${lines.length}.` });
      return z.NEVER;
    }
    const bad = lines.filter((l) => !batchUrl.safeParse(l.url).success);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Each URL must be valid: check ${lineList(bad)}.` });
      return z.NEVER;
    }
    return lines.map((l) => l.url);
  }),
});
/** What the form holds while the user types. */
export type BatchFormInput = z.input<typeof BatchFormSchema>;
/** What the form hands over once valid: the URLs, trimmed, each once. */
export type BatchFormValues = z.output<typeof BatchFormSchema>;

/**
 * POST /api/import-batch (Publisher plan): imports each URL as a book of its own, one after another.
 * @returns the new books (`id`, `title`, `author`) and the URLs that failed with the reason (`failedImports`).
 * @throws Error("<status>: <body>") from the request helper: 403 with an upgrade offer below the Publisher plan,
 *   422 'Failed to import any books. <url>: <reason> …' when none could be imported, 400 for a body the contract
 *   refuses; or a parse error for an answer that is not the contract's.
 */
export async function importBatch(body: BatchImportBody): Promise<BatchImportResponse> {
  return BatchImportResponseSchema.parse(await apiRequest<unknown>('POST', '/api/import-batch', body));
}

/** Mutation of {@link importBatch}. */
export function useImportBatch() {
  return useMutation({ mutationKey: IMPORT_REQUEST_KEY, mutationFn: importBatch });
}
