import { BATCH_EXPORT_MAX_BOOKS, type BookSummary, type ExportFormat } from '@quire/contracts';

/** The formats a ZIP of books can hold, as the selection bar names them. */
export const ZIP_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'epub', label: 'EPUB' },
  { format: 'docx', label: 'Word' },
  { format: 'html', label: 'Print-ready HTML' },
  { format: 'epub-html', label: 'EPUB-ready HTML' },
];

/** A line under the selection bar: a plain hint, a warning, or why the ZIP cannot be made. */
export type SelectionHint = { tone: 'muted' | 'warning' | 'error'; text: string };

/** '“A”', '“A” and “B”', '“A”, “B” and 3 more'. */
function titleList(titles: string[]): string {
  const quoted = titles.map((t) => `“${t}”`);
  if (quoted.length === 1) return quoted[0]!;
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`;
  return `${quoted.slice(0, 2).join(', ')} and ${quoted.length - 2} more`;
}

/**
 * What the selection bar says about the chosen books before they are sent: nothing chosen yet, more than the server
 * takes at once (`BATCH_EXPORT_MAX_BOOKS`, which stops the export), or books not formatted yet, which the server
 * refuses to export (409); it names them so they can be formatted first or left out.
 * @returns the line to show, or null when the selection is ready to export.
 */
export function selectionHint(selected: readonly Pick<BookSummary, 'title' | 'status'>[]): SelectionHint | null {
  if (selected.length === 0) return { tone: 'muted', text: 'Choose the books to put in the ZIP.' };
  if (selected.length > BATCH_EXPORT_MAX_BOOKS) {
    return { tone: 'error', text: `At most ${BATCH_EXPORT_MAX_BOOKS} books at once: ${selected.length} are selected.` };
  }
  const unformatted = selected.filter((b) => b.status !== 'ready').map((b) => b.title);
  if (unformatted.length > 0) {
    const verb = unformatted.length === 1 ? 'is' : 'are';
    return { tone: 'warning', text: `${titleList(unformatted)} ${verb} not formatted yet. Format ${unformatted.length === 1 ? 'it' : 'them'} before exporting, or leave ${unformatted.length === 1 ? 'it' : 'them'} out.` };
  }
  return null;
}

/** Whether the chosen books can be sent: at least one, and no more than the server takes at once. */
export function canExportSelection(count: number): boolean {
  return count > 0 && count <= BATCH_EXPORT_MAX_BOOKS;
}
