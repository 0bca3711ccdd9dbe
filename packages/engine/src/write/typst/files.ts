/**
 * A book's Typst source as several files, so that Typst's memo cache works per chapter.
 *
 * Typst numbers the syntax nodes of a file, and its layout cache keys on them: an edit renumbers the edited region
 * of its file, and every paragraph there is set again on the next compile even where its text is the same. In one
 * file of a whole book, edits in many chapters (the spread balancing makes one per uneven spread, `balance.ts`) cost
 * a whole compile; with each chapter in a file of its own, only the edited chapters' new paragraphs are set again
 * (measured on 60 chapters of 720 pages: 786 ms -> 116 ms for a second compile with one paragraph changed in
 * every chapter).
 *
 * `writeTypst` keeps returning one self-contained source (it compiles as it is): it writes {@link PREAMBLE_END}
 * after the template's definitions and {@link FILE_BREAK} before each chapter and part, and `compile.ts` splits
 * the source with {@link splitTypstSource} when it compiles. The main file keeps the template (its `set` and
 * `show` rules style the whole book), the pages before the body and an `#include` per chapter; each chapter file
 * imports the template's definitions from the preamble module.
 */

/** The comment line `writeTypst` writes after the template's definitions: what a chapter file imports. */
export const PREAMBLE_END = '// quire-preamble-end';

/** The comment line `writeTypst` writes where a chapter's (or part's) file begins. */
export const FILE_BREAK = '// quire-file';

/**
 * The path of a split source's preamble module in the compiler's workspace. Chapter files sit beside it at the
 * root (`/quire-unit-1.typ`), so that their relative paths (`image("images/img-1.png")`) resolve as the main file's.
 */
const PREAMBLE_PATH = '/quire-preamble.typ';

/** A source split into files: the main file's text and the other files' texts by workspace path. */
export interface TypstFiles {
  main: string;
  files: Map<string, string>;
}

/**
 * Splits a `writeTypst` source at its {@link FILE_BREAK} lines (whole lines; the writer escapes `/` in the book's
 * text, so no text of the book makes such a line). Returns the main file's text and the files by workspace path:
 * {@link PREAMBLE_PATH} (the source up to {@link PREAMBLE_END}) and `/quire-unit-N.typ` from 1, each running to the
 * next break, the last one to the end of the source (back matter and the balancing's trailer with it). A source
 * without the preamble mark or without breaks comes back whole, with no files. Throws nothing.
 */
export function splitTypstSource(source: string): TypstFiles {
  const preambleEnd = source.indexOf(`\n${PREAMBLE_END}\n`);
  const pieces = source.split(`\n${FILE_BREAK}\n`);
  if (preambleEnd < 0 || pieces.length < 2 || pieces[0]!.length < preambleEnd) return { main: source, files: new Map() };
  const files = new Map<string, string>([[PREAMBLE_PATH, source.slice(0, preambleEnd + 1)]]);
  const includes: string[] = [];
  pieces.slice(1).forEach((text, i) => {
    const path = `/quire-unit-${i + 1}.typ`;
    files.set(path, `#import "${PREAMBLE_PATH}": *\n${text}`);
    includes.push(`#include "${path}"`);
  });
  return { main: `${pieces[0]}\n\n${includes.join('\n\n')}\n`, files };
}
