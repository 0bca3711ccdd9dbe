/**
 * Pass `productionNotes`: the volunteers' credits and transcriber's notes that Project Gutenberg puts
 * between the START marker and the book (they describe the e-text, not the book).
 * - `Produced by ...` / `E-text prepared by ...` / `This etext was prepared by ...` /
 *   `Transcribed from the 1915 Methuen edition by ...` credit paragraphs (pg11693, pg11760, pg844, moby10b)
 * - `Original Transcriber's Notes:` / `Notes on this etext of ...:` headings and the prose notes after
 *   them (pg2701, moby10b: "This text is a combination of etexts ... Project Gutenberg's archives")
 * - the German Gutenberg project's thank-you note (pg2229: `Dieses Buch wurde uns freundlicherweise vom
 *   "Gutenberg Projekt-DE" zur Verfuegung gestellt.` and its English translation)
 * Only the front of the text is searched (the first {@link WINDOW_LINES} lines): the same words later on
 * are the author's. Count: lines removed.
 */
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { firstLines } from '../text-ends.ts';

/** Credits and notes sit in the first pages (pg2701's notes follow a 140-entry contents list). */
const WINDOW_LINES = 800;

const CREDIT = /^(?:Produced\s+by|E-?text\s+prepared\s+by|This\s+e-?(?:text|book)\s+was\s+(?:prepared|produced|transcribed|scanned)\s+by|Prepared\s+by|Scanned\s+(?:and\s+proofed\s+)?by|Transcribed\s+(?:from\s.*?\s)?by|HTML\s+version\s+by|Updated\s+editions\s+will\s+replace)\b/i;
const NOTE_HEADING = /^(?:Original\s+)?Transcriber['’]?s?\s+Notes?\s*[:.]?$|^Notes?\s+on\s+this\s+e-?text\b.*:$/i;
/** Prose that talks about the e-text itself rather than the book. */
const ABOUT_ETEXT = /\bProject\s+Gutenberg\b|\bGutenberg[\s-]+Projekt\b|\be-?texts?\b|gutenberg\.(?:org|net|aol)/i;

/** A note ends at the next title-like line (`ETYMOLOGY.`, `MOBY DICK; OR THE WHALE`). */
function isShortTitleLike(block: ReadonlyTextBlock): boolean {
  return block.lines.length === 1 && block.lines[0]!.trim().length <= 60 && !/[,;:]$/.test(block.lines[0]!.trim());
}

/** Notes run for a few paragraphs at most. */
const MAX_NOTE_BLOCKS = 4;

/** Blocks longer than this are never taken as talking about the e-text. */
const MAX_ABOUT_LINES = 8;

/**
 * A word that each of {@link CREDIT}, {@link NOTE_HEADING} and {@link ABOUT_ETEXT} needs (same case rule), found in
 * the first two lines of a block for the first two and in its first {@link MAX_ABOUT_LINES} for the third.
 */
const ANY_KEYWORD = /transcri|note|produced|e-?text|prepared|scanned|html|updated|gutenberg/i;

function stripProductionNotes(text: string, ctx: PassContext): string {
  // A block is only dropped when one of the patterns matches it, and a block dropped starts in the window (its words
  // within the lines after it): a text with none of their words near the start is left as it is, without a split
  // into blocks.
  if (!ANY_KEYWORD.test(firstLines(text, WINDOW_LINES + MAX_ABOUT_LINES))) return text;
  const list = readBlocks(text);
  const out: ReadonlyTextBlock[] = [];
  let line = 0;
  let inNotes = false;
  let noteBlocks = 0;
  let removed = 0;
  for (const block of list.blocks) {
    line += block.blankBefore;
    const inWindow = line < WINDOW_LINES;
    line += block.lines.length;
    let drop = false;
    if (inWindow) {
      const first = block.lines[0]!.trim();
      const joined = block.lines.map((l) => l.trim()).join(' ');
      if (NOTE_HEADING.test(joined)) {
        inNotes = true;
        noteBlocks = 0;
        drop = true;
      } else if (inNotes && !isShortTitleLike(block) && noteBlocks < MAX_NOTE_BLOCKS) {
        noteBlocks++;
        drop = true;
      } else {
        inNotes = false;
        // Headings and `:::` containers (verse) are the book's own; a container's length also changes when
        // cleanup tidies its blank lines, so judging it by size would make cleaning twice differ from once. The
        // same lines escaped (`\:::`, `\#`: a source line that only looked like Markdown) are left alone as well,
        // or a second cleaning would drop what the first kept.
        drop = CREDIT.test(first) || (block.lines.length <= MAX_ABOUT_LINES && ABOUT_ETEXT.test(joined) && !/^\\?(?:#|:::)/.test(first));
      }
    }
    if (drop) {
      removed += block.lines.length;
      continue;
    }
    out.push(block);
  }
  if (removed === 0) return text;
  ctx.count(removed);
  if (out[0]) out[0] = { ...out[0], blankBefore: 0 };
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const stripProductionNotesPass: CleanPass = {
  id: 'productionNotes',
  label: 'Lines of e-text credits and transcriber notes removed',
  run: stripProductionNotes,
};
