/**
 * Pass `corrections`: the corrections a transcriber's list at the back names (`back-lists.ts`) and the text does not
 * hold yet are made, where that is unambiguous: what the source printed occurs exactly once in the text outside the
 * list, and the corrected words nowhere. Corrections of punctuation alone are not made (transcribers quote the
 * punctuation around them loosely). Entries that name no corrected words, or whose words occur twice or more,
 * are left as they are (the list then stays: `correctionsList`). The list itself is not touched. Count: corrections
 * made.
 */
import type { ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { changesWords, occurrences, phrasePattern, readCorrectionLists, wordsPattern, type Correction } from './back-lists.ts';

/** Words a list of corrections needs, looked for before the text is split into blocks. */
export const LIST_KEYWORD = /Transcriber|Errat|Correction|Transkription|Druckfehler|transcript/i;

/**
 * `c` made in `parts` (the text outside the lists) when it changes words, what the source printed occurs exactly
 * once there (as printed, and as words), and the corrected words nowhere.
 */
function applyOne(c: Correction, parts: string[]): boolean {
  if (c.original === undefined || c.corrected === undefined || !changesWords(c)) return false;
  const original = phrasePattern(c.original);
  const originalWords = wordsPattern(c.original);
  const correctedWords = wordsPattern(c.corrected);
  if (!original || !originalWords || !correctedWords) return false;
  const counts = parts.map((p) => occurrences(p, original));
  if (counts.reduce((a, b) => a + b, 0) !== 1) return false;
  if (parts.reduce((n, p) => n + occurrences(p, originalWords), 0) !== 1) return false;
  if (parts.some((p) => occurrences(p, correctedWords) > 0)) return false;
  const at = counts.indexOf(1);
  const tokens = c.corrected.trim().split(/\s+/);
  parts[at] = parts[at]!.replace(original, (found) => {
    // The source's line break is kept where the words are as many as before.
    const gaps = found.match(/\s+/g) ?? [];
    return gaps.length === tokens.length - 1 ? tokens.map((t, k) => (k === 0 ? t : gaps[k - 1] + t)).join('') : tokens.join(' ');
  });
  return true;
}

function applyCorrections(text: string, ctx: PassContext): string {
  if (!LIST_KEYWORD.test(text)) return text;
  const { list, lists } = readCorrectionLists(text);
  if (lists.length === 0) return text;
  // The lines between and around the lists, each piece changed on its own; the lists' lines as they are.
  const lines = text.split('\n');
  const starts = blockLines(list.blocks);
  const parts: string[] = [];
  const kept: string[] = [];
  let from = 0;
  for (const l of lists) {
    parts.push(lines.slice(from, starts[l.start]).join('\n'));
    kept.push(lines.slice(starts[l.start], starts[l.end]).join('\n'));
    from = starts[l.end]!;
  }
  parts.push(lines.slice(from).join('\n'));
  let made = 0;
  for (const l of lists) for (const c of l.corrections) if (applyOne(c, parts)) made++;
  if (made === 0) return text;
  ctx.count(made);
  return parts.flatMap((p, k) => (k < kept.length ? [p, kept[k]!] : [p])).join('\n');
}

/** Per block, the line of the text its blank lines open on; one more entry, the line after the last block. */
export function blockLines(blocks: readonly ReadonlyTextBlock[]): number[] {
  const out: number[] = [];
  let line = 0;
  for (const b of blocks) {
    out.push(line);
    line += b.blankBefore + b.lines.length;
  }
  out.push(line);
  return out;
}

export const applyCorrectionsPass: CleanPass = {
  id: 'corrections',
  label: "Corrections from the transcriber's list made in the text",
  run: applyCorrections,
};
