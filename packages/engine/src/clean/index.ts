/**
 * Cleanup: raw text of a book (Project Gutenberg or any plain text) -> the editable Markdown of Quire,
 * with a report of every change. The pass order lives here and only here.
 *
 * Cleanup changes formatting, never content: apart from the boilerplate lines it reports, the book's
 * own contents list, e-text credits, and the source's title page (whose words move into the metadata), every word of the input is in the output
 * (the corpus tests check this word by word).
 */
import type { BookMeta } from '../model/book-document.ts';
import type { Diagnostic } from '../model/diagnostics.ts';
import { readGutenbergMeta } from '../read/gutenberg-header.ts';
import type { CleanPass, PassContext } from './pass.ts';
import { dropContentsListPass } from './passes/drop-contents-list.ts';
import { applyCorrectionsPass } from './passes/apply-corrections.ts';
import { dropAdvertisementsPass } from './passes/drop-advertisements.ts';
import { dropCorrectionsListPass } from './passes/drop-corrections-list.ts';
import { indexPageNumbersPass } from './passes/index-page-numbers.ts';
import { curlQuotesPass } from './passes/curl-quotes.ts';
import { fixOcrConfusionsPass } from './passes/fix-ocr-confusions.ts';
import { frenchSpacingPass } from './passes/french-spacing.ts';
import { joinHyphenatedWordsPass } from './passes/join-hyphenated-words.ts';
import { joinSplitWordsPass } from './passes/join-split-words.ts';
import { markFootnotesPass } from './passes/mark-footnotes.ts';
import { markIllustrationsPass } from './passes/mark-illustrations.ts';
import { normalizeDashesPass } from './passes/normalize-dashes.ts';
import { normalizeEllipsesPass } from './passes/normalize-ellipses.ts';
import { unmarkItalicPunctuationPass } from './passes/unmark-italic-punctuation.ts';
import { stripPageFurniturePass } from './passes/strip-page-furniture.ts';
import { stripPageMarkersPass } from './passes/strip-page-markers.ts';
import { stripScanBoilerplatePass } from './passes/strip-scan-boilerplate.ts';
import { dropTitleLinesPass } from './passes/drop-title-lines.ts';
import { dropCreditLinesPass } from './passes/drop-credit-lines.ts';
import { markFrontMatterPass } from './passes/mark-front-matter.ts';
import { escapeMarkdownPass } from './passes/escape-markdown.ts';
import { joinSplitChaptersPass } from './passes/join-split-chapters.ts';
import { markCapitalsEmphasisPass } from './passes/mark-capitals-emphasis.ts';
import { markEndingPass } from './passes/mark-ending.ts';
import { markHeadingsPass } from './passes/mark-headings.ts';
import { markLetterPartsPass } from './passes/mark-letter-parts.ts';
import { markPiecesPass } from './passes/mark-pieces.ts';
import { markSceneBreaksPass } from './passes/mark-scene-breaks.ts';
import { markSpeechesPass } from './passes/mark-speeches.ts';
import { markVersePass } from './passes/mark-verse.ts';
import { markTablesPass } from './passes/mark-tables.ts';
import { normalizeWhitespacePass } from './passes/normalize-whitespace.ts';
import { stripGutenbergBoilerplatePass } from './passes/strip-gutenberg-boilerplate.ts';
import { stripProductionNotesPass } from './passes/strip-production-notes.ts';
import { tidyBlankLinesPass } from './passes/tidy-blank-lines.ts';
import { unwrapParagraphsPass } from './passes/unwrap-paragraphs.ts';

/**
 * The passes in the order they run. Text passes first (they need the raw line layout; scene breaks are
 * set apart early so that no later pass sees an asterism glued to a paragraph), then structure (headings
 * need the blank-line gaps, verse needs the line breaks), then unwrapping and escaping.
 */
export const CLEAN_PASSES: readonly CleanPass[] = [
  normalizeWhitespacePass,
  stripGutenbergBoilerplatePass,
  // Wrappers and page furniture of scans go before anything reads the line layout (a running head
  // would pass for a heading); OCR letter fixes before any pass consults the book's vocabulary.
  stripScanBoilerplatePass,
  stripPageMarkersPass,
  stripPageFurniturePass,
  // The back of the source that is not the book, while the raw layout shows it: a transcriber's list of corrections
  // (made, then dropped when all are in the text; the list may name the advertisements' words), then the publisher's
  // advertisements after THE END.
  applyCorrectionsPass,
  dropCorrectionsListPass,
  dropAdvertisementsPass,
  fixOcrConfusionsPass,
  markSceneBreaksPass,
  stripProductionNotesPass,
  dropContentsListPass,
  // After the contents pass, which reads the source's page numbers.
  indexPageNumbersPass,
  // After the contents pass, which recognises `[Illustration: List of Illustrations]`.
  markIllustrationsPass,
  // Volunteer credits are recognised by the title line that follows them, before that line is dropped.
  dropCreditLinesPass,
  dropTitleLinesPass,
  // File-split chapters are joined before headings are read, so their pieces do not open chapters or parts.
  joinSplitChaptersPass,
  markHeadingsPass,
  // Dedication and epigraph pages are found in the text before the first heading, while the raw line
  // layout still shows verse and flush-right source lines.
  markFrontMatterPass,
  // Footnote ids are numbered per chapter (headings known), before verse can take short note lines.
  markFootnotesPass,
  // Tables before verse: both keep line breaks, and columns of figures are no verse.
  markTablesPass,
  markVersePass,
  // Line-end hyphens are joined while the line ends still exist, verse being protected by now.
  joinHyphenatedWordsPass,
  joinSplitWordsPass,
  unwrapParagraphsPass,
  // Typography works on whole paragraphs, so quotes that open on one line and close on the next pair up.
  curlQuotesPass,
  normalizeDashesPass,
  normalizeEllipsesPass,
  unmarkItalicPunctuationPass,
  frenchSpacingPass,
  // Capitals read as emphasis once quotes are curled (`THAT’S` is one word) and before escaping.
  markCapitalsEmphasisPass,
  escapeMarkdownPass,
  // Roles of whole paragraphs (speeches, letter parts) are read from unwrapped, escaped paragraphs.
  markSpeechesPass,
  markLetterPartsPass,
  // Pieces, acts and scenes are told from the headings and the speeches, once both are marked.
  markPiecesPass,
  markEndingPass,
  tidyBlankLinesPass,
];

/**
 * Ids of the passes that remove or rewrite words by design, and report each time they do: boilerplate and
 * wrappers, credits, the book's own contents list, repeated title lines, page furniture and markers, bare
 * illustration tags and the `Footnote`/marker labels that become Markdown footnotes, the repeated headings of
 * file-split chapters, words joined across a
 * line end or a stray space, OCR misreadings, the source's back that is not the book (a transcriber's corrections made
 * and their list, the publisher's advertisements, an index's page numbers). Every other pass keeps every word (the property tests hold
 * cleanup to this).
 */
export const WORD_CHANGING_PASSES: ReadonlySet<string> = new Set([
  'boilerplate', 'scanBoilerplate', 'pageMarkers', 'pageFurniture', 'ocrFixes', 'productionNotes', 'contents',
  'figures', 'titleLines', 'creditLines', 'footnotes', 'dehyphenated', 'splitWords', 'splitChapters',
  'corrections', 'correctionsList', 'advertisements', 'indexPages',
]);

/** Ids of the passes, in order. */
export type CleanPassId = (typeof CLEAN_PASSES)[number]['id'];

/**
 * Options of {@link cleanText}.
 * - `meta`: what is already known about the book (e.g. {@link ReadResult.meta}); merged over what the
 *   Gutenberg header in the text says. Title and author decide which title lines are dropped.
 * - `skip`: ids of passes not to run (default: none). `whitespace` and `blankLines` always run.
 */
export interface CleanOptions {
  meta?: Partial<BookMeta>;
  skip?: readonly string[];
}

/**
 * What cleanup did, for the UI.
 * - `passes`: every pass in order, with a human label and how many things it changed (0 included).
 * - `chaptersFound` / `partsFound`: `#` headings of chapters and of parts in the result.
 * - `wordCount`: words of the book in the result (Markdown syntax not counted).
 */
export interface CleanReport {
  passes: { id: string; label: string; count: number }[];
  chaptersFound: number;
  partsFound: number;
  wordCount: number;
  /** What the reader could not keep or had to change (`model/diagnostics.ts`), when the import found any. */
  diagnostics?: Diagnostic[];
  /** The titles listed on the source's own contents page, as written, when cleanup found one (pass `contents`). */
  sourceContents?: string[];
}

/**
 * Result of {@link cleanText}: the Markdown, the metadata read from the text (the Gutenberg header, then what the
 * source's title page says: subtitle, translator, editor, edition, the source credit; see `titleLines`), the report.
 */
export interface CleanResult {
  markdown: string;
  meta: Partial<BookMeta>;
  report: CleanReport;
}

const ALWAYS = new Set(['whitespace', 'blankLines']);

/** `\s` of a JavaScript regular expression, beyond ASCII. */
const NON_ASCII_SPACE = /\s/u;
/** A letter or a digit (`[\p{L}\p{N}]`). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** Per UTF-16 code unit below the surrogates: 1 a space, 2 a letter or digit, 3 neither; 0 not yet looked at. */
const CHARACTER_CLASS = new Uint8Array(0xd800);

/** {@link CHARACTER_CLASS} of the ASCII characters. */
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) =>
  c === 32 || (c >= 9 && c <= 13) ? 1 : (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 2 : 3,
);

/** The class of the code point at `i` (1 space, 2 letter or digit, 3 other), as `\s` and `[\p{L}\p{N}]` read it. */
function characterClass(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII_CLASS[c]!;
  if (c < 0xd800) {
    let known = CHARACTER_CLASS[c]!;
    if (known === 0) {
      const ch = String.fromCharCode(c);
      CHARACTER_CLASS[c] = known = NON_ASCII_SPACE.test(ch) ? 1 : WORD_CHARACTER.test(ch) ? 2 : 3;
    }
    return known;
  }
  // Astral letters (surrogate pairs) and the rest of the BMP: rare, tested directly.
  const ch = String.fromCodePoint(text.codePointAt(i)!);
  return NON_ASCII_SPACE.test(ch) ? 1 : WORD_CHARACTER.test(ch) ? 2 : 3;
}

/** Attributes at the end of a line (`{.part}`, `# {.front .dedication}`): no words. */
const TRAILING_ATTRIBUTES = /(?:^|\s)\{[.#][^{}]*\}\s*$/;

/**
 * Counts words of cleaned Markdown: tokens (runs between `\s`) with a letter or digit, fences (`:::` lines) and
 * trailing attributes left out. One scan of the text, no string per token: War and Peace is counted in a few
 * milliseconds.
 */
export function countWords(markdown: string): number {
  let words = 0;
  const n = markdown.length;
  let start = 0;
  while (start <= n) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = n;
    let stop = end;
    let i = start;
    // `:::` after at most three spaces: a fence line.
    while (i < end && i - start < 3 && markdown.charCodeAt(i) === 32) i++;
    const fence = markdown.startsWith(':::', i);
    if (!fence) {
      // Trailing attributes, only looked for when the line ends in `}`.
      let last = end - 1;
      while (last >= start && characterClass(markdown, last) === 1) last--;
      if (last >= start && markdown.charCodeAt(last) === 125) {
        const m = TRAILING_ATTRIBUTES.exec(markdown.slice(start, end));
        if (m) stop = start + m.index;
      }
      let inToken = false;
      let counted = false;
      for (let k = start; k < stop; k++) {
        const c = markdown.charCodeAt(k);
        const cls = c < 128 ? ASCII_CLASS[c]! : characterClass(markdown, k);
        if (cls === 1) {
          inToken = false;
          continue;
        }
        if (!inToken) {
          inToken = true;
          counted = false;
        }
        if (cls === 2 && !counted) {
          counted = true;
          words++;
        }
        // The second half of a surrogate pair belongs to the code point already classed.
        if (c >= 0xd800 && c <= 0xdbff) k++;
      }
    }
    start = end + 1;
  }
  return words;
}

/**
 * Cleans the text of a book into Quire's Markdown (see `model/README.md` for the convention).
 * @param text decoded text (any line endings; a Gutenberg header and licence may be present).
 * @param opts see {@link CleanOptions}.
 * @returns the Markdown, the metadata found in a Gutenberg header (merged with `opts.meta`) and on the source's
 *   title page (which leaves the text: the title split from its subtitle, translator, editor, edition), and a
 *   {@link CleanReport} listing every pass. Never throws for any string input.
 */
export function cleanText(text: string, opts: CleanOptions = {}): CleanResult {
  const meta: Partial<BookMeta> = { ...readGutenbergMeta(text), ...definedOnly(opts.meta) };
  const skip = new Set(opts.skip ?? []);
  const passes: CleanReport['passes'] = [];
  let current = text;
  for (const pass of CLEAN_PASSES) {
    let count = 0;
    const ctx: PassContext = {
      meta,
      count(n = 1) {
        count += n;
      },
      record(found) {
        Object.assign(meta, definedOnly(found));
      },
    };
    if (!skip.has(pass.id) || ALWAYS.has(pass.id)) current = pass.run(current, ctx);
    passes.push({ id: pass.id, label: pass.label, count });
  }
  let chaptersFound = 0;
  let partsFound = 0;
  // The lines that open with `# `: the first line, and each after a `\n` followed by `# `.
  for (let start = current.startsWith('# ') ? 0 : lineAfter(current, 0); start >= 0; start = lineAfter(current, start)) {
    const end = current.indexOf('\n', start);
    const line = current.slice(start, end < 0 ? current.length : end);
    if (/\{[^{}]*\.part\b[^{}]*\}\s*$/.test(line)) partsFound++;
    else if (!/\{[^{}]*\.(?:front|back)\b[^{}]*\}\s*$/.test(line)) chaptersFound++;
  }
  return { markdown: current, meta, report: { passes, chaptersFound, partsFound, wordCount: countWords(current) } };
}

/** Where the next line after `from` that opens with `# ` starts, or -1. */
function lineAfter(text: string, from: number): number {
  const at = text.indexOf('\n# ', from);
  return at < 0 ? -1 : at + 1;
}

function definedOnly(meta: Partial<BookMeta> | undefined): Partial<BookMeta> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta ?? {})) if (v !== undefined && v !== '') out[k] = v;
  return out as Partial<BookMeta>;
}

export type { CleanPass, PassContext } from './pass.ts';
