import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (three levels above this file). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The shared corpus of real books, `../shared/corpus` beside the repository (always there in CI).
 * @throws Error naming the missing folder, so a missing corpus fails loudly instead of skipping.
 */
export function corpusDir(): string {
  const dir = path.resolve(repoRoot, '../shared/corpus');
  if (!existsSync(dir)) {
    throw new Error(`The shared corpus is missing: expected it at ${dir} (../shared/corpus beside the repository).`);
  }
  return dir;
}

/** Bytes of a file of the shared corpus, e.g. `corpusBytes('other/x.epub')`. */
export function corpusBytes(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(corpusDir(), relative)));
}

/** Text (UTF-8) of a file of the shared corpus. */
export function corpusText(relative: string): string {
  return readFileSync(path.join(corpusDir(), relative), 'utf8');
}
