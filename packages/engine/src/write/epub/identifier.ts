/**
 * The package's unique identifier (EPUB 3.3 §5.5.3.1 `dc:identifier`, referenced by `unique-identifier`).
 */
import { createHash } from 'node:crypto';
import type { BookMeta } from '../../model/book-document.ts';

/**
 * Namespace UUID of Quire's name-based identifiers. A constant: changing it changes every derived identifier,
 * and reading systems would see re-exported books as new books.
 */
export const QUIRE_UUID_NAMESPACE = '5a0b7c39-3d1e-4f0a-9b7e-6c1d2e3f4a5b';

/**
 * Name-based UUID version 5 (RFC 9562 §5.5: SHA-1 of namespace bytes + UTF-8 name, version and variant bits set).
 * @param name any string.
 * @param namespace a UUID in its 36-character text form.
 * @returns lower-case 36-character UUID text.
 */
export function uuidV5(name: string, namespace: string = QUIRE_UUID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `urn:isbn:<digits>` for an ISBN-10 or ISBN-13 typed with or without hyphens/spaces (RFC 8254), else undefined. */
export function isbnUrn(isbn: string | undefined): string | undefined {
  if (!isbn) return undefined;
  const compact = isbn.replace(/[\s-]/g, '').toUpperCase();
  return /^(\d{9}[\dX]|\d{13})$/.test(compact) ? `urn:isbn:${compact}` : undefined;
}

/**
 * The identifier to write, first that applies:
 * 1. `explicit` (the writer option), trimmed, when non-empty;
 * 2. `meta.identifier`;
 * 3. `urn:isbn:` from `meta.isbn` when it is a well-formed ISBN-10/13;
 * 4. `urn:uuid:` + {@link uuidV5} of `title + "\n" + author`, so the same book always gets the same id.
 */
export function packageIdentifier(meta: BookMeta, explicit?: string): string {
  const given = explicit?.trim() || meta.identifier?.trim();
  if (given) return given;
  return isbnUrn(meta.isbn) ?? `urn:uuid:${uuidV5(`${meta.title.trim()}\n${meta.author.trim()}`)}`;
}
