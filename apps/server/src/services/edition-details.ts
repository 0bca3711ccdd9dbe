/**
 * The edition details of a book (subtitle, translator, editor and what they did, edition, publisher, the source
 * credit, public domain) between the engine's BookMeta and the stored book metadata. Cleanup finds them on the
 * source's own title page and in its Project Gutenberg header; the user may type or change the editable ones in the
 * Format form afterwards, and what the user typed is never overwritten by a later cleanup.
 */
import type { BookMetadata } from '@quire/contracts';
import type { BookMeta } from '@quire/engine';

/** The edition details cleanup may find, by their name in both BookMeta and the stored metadata. */
const FOUND_KEYS = ['subtitle', 'translator', 'editor', 'editorRole', 'credits', 'edition', 'publisher', 'sourceCredit', 'publicDomain'] as const;

type FoundDetails = Pick<BookMetadata, (typeof FOUND_KEYS)[number]>;
/** Where edition details are read from: the engine's BookMeta or stored metadata (the same names and types). */
type DetailsSource = Partial<Pick<BookMeta, (typeof FOUND_KEYS)[number]>>;

/** The edition details of an engine result (cleanup or a reader) or of stored metadata; empty values left out. */
export function editionDetailsOf(meta: DetailsSource): Partial<FoundDetails> {
  const out: Record<string, unknown> = {};
  for (const key of FOUND_KEYS) {
    const value = meta[key];
    if (Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim() !== '' : value !== undefined) {
      out[key] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return out as Partial<FoundDetails>;
}

/**
 * Stored metadata with the details a cleanup found added where the book has none: a field the user typed (or
 * cleared to an empty string) is kept as it is.
 */
export function withFoundDetails<T extends Partial<BookMetadata>>(stored: T, meta: DetailsSource): T {
  const out: T = { ...stored };
  for (const [key, value] of Object.entries(editionDetailsOf(meta))) {
    if ((out as Record<string, unknown>)[key] === undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

function titleKey(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The title a cleanup implies: `{ title }` when the book's title is the header's title with the subtitle in it
 * (`Frankenstein or The Modern Prometheus`) and cleanup set the subtitle apart (`Frankenstein` + `or, the Modern
 * Prometheus`) while the book has no subtitle of its own; else `{}` (a title the user changed stays).
 */
export function titleWithoutSubtitle(title: string, stored: Partial<BookMetadata>, meta: Partial<BookMeta>): { title?: string } {
  if (stored.subtitle !== undefined || !meta.subtitle || !meta.title || meta.title === title) return {};
  const whole = titleKey(title);
  const sub = titleKey(meta.subtitle.replace(/^or\b[,;]?\s*/i, ''));
  return sub.length >= 3 && whole.startsWith(titleKey(meta.title)) && whole.endsWith(sub) ? { title: meta.title } : {};
}
