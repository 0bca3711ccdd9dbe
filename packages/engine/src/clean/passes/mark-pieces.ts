/**
 * Pass `pieces`: the chapter headings of a collection (poems, sermons, essays) become pieces, `# Title
 * {.piece}`, and a play's acts and titled scenes `# FIRST ACT {.act}` / `# Garten {.scene}`, so that no writer
 * numbers them as chapters ("CHAPTER CCCLXXVI" above a poem of Leaves of Grass, "Chapter 1" above FIRST ACT)
 * and a book of short poems can run them on (`model/book-document.ts` `piecesRunOn`). The rules are
 * `structure/detect-pieces.ts`. A heading that already carries a class (part, front or back matter, a kind)
 * is left as it is, so running the pass twice changes nothing. Count: headings given a kind.
 */
import { divisionKinds, readsAsPlay } from '../../structure/detect-pieces.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** A level-1 heading line without attributes: group 1 is its title. */
const PLAIN_CHAPTER_HEADING = /^# +(\S.*?)\s*$/;

/** Attributes at the end of a heading (`{.part}`, `{.front .preface}`). */
const ATTRIBUTES = /\{[^{}]*\}\s*$/;

function markPieces(text: string, ctx: PassContext): string {
  const lines = text.split('\n');
  const headings: { index: number; title: string }[] = [];
  let hasKinds = false;
  lines.forEach((line, index) => {
    if (!line.startsWith('# ')) return;
    if (ATTRIBUTES.test(line)) {
      if (/\{[^{}]*\.(?:piece|act|scene)\b[^{}]*\}\s*$/.test(line)) hasKinds = true;
      return;
    }
    const m = PLAIN_CHAPTER_HEADING.exec(line);
    if (m) headings.push({ index, title: m[1]! });
  });
  // A text that already says what its divisions are (cleaned before, or edited) is the user's word.
  if (hasKinds || headings.length === 0) return text;
  // Whether the book reads as a play is asked only of a collection (a novel's lines are not read for cues).
  const kinds = divisionKinds(headings.map((h) => h.title), () => readsAsPlay(lines));
  let marked = 0;
  headings.forEach((h, i) => {
    const kind = kinds[i];
    if (!kind) return;
    lines[h.index] = `${lines[h.index]!.trimEnd()} {.${kind}}`;
    marked++;
  });
  if (marked === 0) return text;
  ctx.count(marked);
  return lines.join('\n');
}

export const markPiecesPass: CleanPass = {
  id: 'pieces',
  label: 'Poems, sermons, essays, acts and scenes set as such, not numbered as chapters',
  run: markPieces,
};
