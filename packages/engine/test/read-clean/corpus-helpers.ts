/**
 * Helpers for the corpus tests: where the real books are, and the word-by-word comparison that proves
 * cleanup loses no words of the body.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { gutenbergBody } from '../helpers/words.ts';

/** Repository root (this file is `packages/engine/test/read-clean/corpus-helpers.ts`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The shared corpus sits next to the repository: `<repo>/../shared/corpus`. */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '../shared/corpus');
/** Small public-domain texts kept in the repository so the suite stands alone. */
export const FIXTURES_DIR = path.resolve(REPO_ROOT, 'packages/engine/test/fixtures');

/**
 * The corpus folder, or undefined when the run opts out with QUIRE_NO_CORPUS=1.
 * @throws Error with a clear message when the folder is missing and the run did not opt out.
 */
export function corpusDir(): string | undefined {
  if (fs.existsSync(path.join(CORPUS_DIR, 'gutenberg'))) return CORPUS_DIR;
  if (process.env.QUIRE_NO_CORPUS === '1') return undefined;
  throw new Error(
    `The book corpus is missing: expected ${path.join(CORPUS_DIR, 'gutenberg')}. ` +
      'Check out ../shared/corpus next to the repository, or set QUIRE_NO_CORPUS=1 to run without it.',
  );
}

/** Normalised words: lowercase letters and digits of each whitespace-separated token. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/[\s—–]+|--+/)) {
    const w = token.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    if (w) out.push(w);
  }
  return out;
}

/**
 * Text without its footnote apparatus, which is not the author's words and which the footnotes pass
 * rewrites: Gutenberg's `[Footnote 1:` labels and `[1]` / `[*]` markers (pg731), `(1)` markers glued to
 * a word or opening a note line (pg1653), and the Markdown `[^c1-1]` / `[^c1-1]:` that replace them.
 */
export function withoutNoteApparatus(text: string): string {
  return text
    .replace(/\[Footnote\s+[^\s:\]]{1,12}\s*:/g, ' ')
    .replace(/\[\^[^\]\s]+\]:?/g, ' ')
    .replace(/\[(?:\d{1,3}|\*)\]/g, ' ')
    .replace(/(?<=[^\s(])\(\d{1,3}\)|(?<=^|\s)\(\d{1,3}\)(?=\s)/gm, ' ');
}

/** Share of `source` words (as a multiset) found in `result`, and the missing words (note apparatus aside). */
export function wordSurvival(source: string, result: string): { share: number; missing: string[]; total: number } {
  const have = new Map<string, number>();
  for (const w of words(withoutNoteApparatus(result))) have.set(w, (have.get(w) ?? 0) + 1);
  const missing: string[] = [];
  const all = words(withoutNoteApparatus(source));
  for (const w of all) {
    const n = have.get(w) ?? 0;
    if (n > 0) have.set(w, n - 1);
    else missing.push(w);
  }
  return { share: all.length === 0 ? 1 : 1 - missing.length / all.length, missing, total: all.length };
}
