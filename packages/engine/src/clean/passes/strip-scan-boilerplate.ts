/**
 * Pass `scanBoilerplate`: the wrappers that digital libraries put around a scanned or transcribed book
 * (they describe the file, not the book).
 * - [X] Internet Archive djvu.txt OCR: `Digitized by the Internet Archive` / `in 2016` / `with funding
 *       from ...` / `https://archive.org/details/<id>` at the top (corpus ocr/ia-b22033294, ia-b22027257)
 * - [X] Google Books scans: the usage-guidelines page at the top, from the `Google` logo line and `This is a
 *       digital copy of a book that was preserved for generations on library shelves ...` through `About
 *       Google Book Search ... at http://books.google.com/` (OCR may space it out: `at |http: //books
 *       .google .com/I`, corpus ocr/ia-silentfriendame00cogoog); `Digitized by Google` watermark lines
 *       anywhere, including the OCR of the logo (`Digitized by VjOOQIC`)
 * - [X] Wikisource pages saved as text: `From Wikisource`, `Jump to navigation`/`Jump to search` lines at
 *       the top; from `Retrieved from "https://...wikisource.org/..."` to the end (categories, site footer)
 * Count: non-blank lines removed.
 */
import type { CleanPass, PassContext } from '../pass.ts';
import { firstLines, withoutTrailingNewlines } from '../text-ends.ts';

/** The wrappers sit on the first page of the file. */
const HEAD_LINES = 150;
/** The Google guidelines page is about 50 lines long; a longer "page" is not it. */
const GOOGLE_PAGE_MAX_LINES = 120;

const IA_DIGITIZED = /^\s*Digitized\s+by\s+the\s+Internet\s+Archive\b/i;
const IA_TAIL = /^\s*(?:in\s+\d{4}(?:\s+with\s+funding\s+from)?|with\s+funding\s+from\b.*|https?:\/\/(?:www\.)?archive\.org\/\S*)\s*$/i;
const GOOGLE_START = /^\s*This\s+is\s+a\s+digital\s+copy\s+of\s+a\s+book\s+that\s+was\s+preserved\s+for\s+generations/i;
const GOOGLE_END = /books\s*\.\s*google\s*\.\s*com/i;
/** The logo line above the guidelines: `Google`, often OCR-mangled (`Goo^le`, `VjOOQlC`). */
const GOOGLE_LOGO = /^\s*(?:G\s*o\s*o\s*\S?\s*[gq]\s*l\s*e|[A-Za-z^]{0,3}[oO0Q]{2,3}[A-Za-z^]{0,4})\s*$/;
/** The watermark on every page of a Google scan (the logo's OCR is letters around `OO`). */
const GOOGLE_WATERMARK = /^\s*Digitized\s+by\s+(?:Google|[A-Za-z^]{0,4}[oO0Q]{2,3}[A-Za-z^ ]{0,5})\s*$/i;
const WIKISOURCE_HEAD = /^\s*(?:From\s+Wikisource|Jump\s+to\s+(?:navigation|search)(?:\s+Jump\s+to\s+search)?)\s*$/i;
const WIKISOURCE_RETRIEVED = /^\s*Retrieved\s+from\s+["“]?https?:\/\/[a-z-]*\.?wikisource\.org\//i;

/** Words that each wrapper line anywhere in the text has (the watermark, Wikisource's `Retrieved from`). */
const ANYWHERE_WORD = /digitized|retrieved\s+from/i;
/** Words that each wrapper line of the first page has (the archive's and Google's notices, Wikisource's head). */
const HEAD_WORD = /digitized|digital|wikisource|jump\s+to/i;

function stripScanBoilerplate(text: string, ctx: PassContext): string {
  // A line is only dropped when one of the patterns matches it: a text without their words keeps every line.
  if (!ANYWHERE_WORD.test(text) && !HEAD_WORD.test(firstLines(text, HEAD_LINES))) return text;
  const lines = text.split('\n');
  const drop = new Uint8Array(lines.length);
  const head = Math.min(lines.length, HEAD_LINES);
  for (let i = 0; i < head; i++) {
    const line = lines[i]!;
    if (IA_DIGITIZED.test(line)) {
      drop[i] = 1;
      // The year, funder and details URL follow on the next lines, blank lines between.
      for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
        if (lines[j]!.trim() === '') continue;
        if (!IA_TAIL.test(lines[j]!)) break;
        drop[j] = 1;
      }
    } else if (GOOGLE_START.test(line)) {
      let end = -1;
      for (let j = i; j < Math.min(lines.length, i + GOOGLE_PAGE_MAX_LINES); j++) {
        if (GOOGLE_END.test(lines[j]!)) {
          end = j;
          break;
        }
      }
      if (end < 0) continue;
      for (let j = i; j <= end; j++) drop[j] = 1;
      // The logo line just above the page.
      for (let j = i - 1; j >= 0 && j >= i - 6; j--) {
        if (lines[j]!.trim() === '') continue;
        if (GOOGLE_LOGO.test(lines[j]!)) drop[j] = 1;
        break;
      }
      i = end;
    } else if (WIKISOURCE_HEAD.test(line)) {
      drop[i] = 1;
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length <= 60 && GOOGLE_WATERMARK.test(line)) drop[i] = 1;
    else if (WIKISOURCE_RETRIEVED.test(line)) {
      for (let j = i; j < lines.length; j++) drop[j] = 1;
      break;
    }
  }
  let removed = 0;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (drop[i]) {
      if (lines[i]!.trim() !== '') removed++;
      continue;
    }
    out.push(lines[i]!);
  }
  if (removed === 0) return text;
  ctx.count(removed);
  const body = withoutTrailingNewlines(out.join('\n').replace(/^\n+/, ''));
  return body === '' ? '' : `${body}\n`;
}

export const stripScanBoilerplatePass: CleanPass = {
  id: 'scanBoilerplate',
  label: 'Lines of Internet Archive, Google Books and Wikisource wrapper text removed',
  run: stripScanBoilerplate,
};
