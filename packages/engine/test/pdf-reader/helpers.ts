/**
 * Helpers of the PDF reader tests: the corpus files, and a word-bag comparison of two texts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from '../helpers/corpus.ts';

/** Bytes of a file of the shared corpus (`other/<name>` for the PDFs). */
export function corpusBytes(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(corpusDir(), relative)));
}

/** Text of a file of the shared corpus. */
export function corpusText(relative: string): string {
  return readFileSync(path.join(corpusDir(), relative), 'utf8');
}

/** Lower-cased words of a text, quotes and apostrophes folded to ASCII, punctuation and Markdown left out. */
export function words(text: string): string[] {
  return (
    text
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/**
 * Share (0..1) of the words of `reference` that `candidate` has too, counted as bags (a word twice in
 * the reference must be there twice).
 */
export function wordsPreserved(reference: string, candidate: string): number {
  const bag = new Map<string, number>();
  for (const w of words(candidate)) bag.set(w, (bag.get(w) ?? 0) + 1);
  const ref = words(reference);
  let kept = 0;
  for (const w of ref) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      kept++;
      bag.set(w, n - 1);
    }
  }
  return ref.length === 0 ? 1 : kept / ref.length;
}

/**
 * The body of a Project Gutenberg text: between the `*** START OF` and `*** END OF` lines (or the whole
 * text when there are none).
 */
export function gutenbergBody(text: string): string {
  const start = /^\*{3}\s*START OF[^\n]*(?:\n[^\n]*\*{3})?/im.exec(text);
  const from = start ? start.index + start[0].length : 0;
  const end = /^\*{3}\s*END OF/im.exec(text.slice(from));
  return text.slice(from, end ? from + end.index : undefined);
}
