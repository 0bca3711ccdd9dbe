import type { BatchImportResponse } from '@quire/contracts';

/** A URL of a batch that could not be imported, with the reason (contracts BatchImportResponse). */
export type FailedImport = BatchImportResponse['failedImports'][number];

const NONE_IMPORTED = 'Failed to import any books.';

/**
 * The reason for each URL of a batch in which none could be imported. The server's 422 says them in one sentence
 * run, in the order the URLs were sent ('Failed to import any books. <url>: <reason> <url>: <reason>'), so each
 * reason is the text between its URL and the next one.
 * @param message the 422 answer's message.
 * @param urls the URLs sent, in order.
 * @returns each URL with its reason, or null when the message does not read that way (then show it as written).
 */
export function failuresOfEmptyBatch(message: string, urls: readonly string[]): FailedImport[] | null {
  if (!message.startsWith(NONE_IMPORTED) || urls.length === 0) return null;
  const rest = message.slice(NONE_IMPORTED.length);
  const starts: { url: string; from: number; to: number }[] = [];
  let cursor = 0;
  for (const url of urls) {
    const marker = `${url}: `;
    const at = rest.indexOf(marker, cursor);
    if (at < 0) return null;
    starts.push({ url, from: at, to: at + marker.length });
    cursor = at + marker.length;
  }
  return starts.map((s, i) => ({ url: s.url, message: rest.slice(s.to, starts[i + 1]?.from ?? rest.length).trim() }));
}
