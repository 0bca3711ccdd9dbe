/**
 * Pass `dehyphenated`: words that the printer broke at a line end (`pro-` / `duced`, OCR of scans, PDF
 * text, hard-wrapped e-texts) are written whole again, on the first line.
 *
 * The book's own vocabulary decides (see `../vocabulary.ts`), the way a proofreader would:
 * 1. the hyphenated form occurs elsewhere in the book on one line (`to-day`, `well-known`): a real
 *    compound, the hyphen stays (`to-day`);
 * 2. else the joined form occurs elsewhere (`produced`): joined without the hyphen;
 * 3. else when either part is not a word of the book (`pro`, `duced`): joined without the hyphen;
 * 4. else (both parts are words, neither form is attested): the hyphen stays, as a compound.
 * A second part in capitals (`Anglo-` / `Saxon`) always keeps its hyphen. OCR's `¬` and the soft hyphen
 * (U+00AD) count as hyphens. Verse containers and headings are left alone. Count: words joined.
 */
import { HEADING_LINE } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { countCompounds, countWords } from '../vocabulary.ts';

/** Line ending in a word part and a hyphen (not a dash `--`). */
const BROKEN_END = /(?<![-\p{L}])(\p{L}+(?:-\p{L}+)*)[-\u00ad¬]$/u;
/** The rest of the word at the start of the next line, and what is glued to it (punctuation). */
const NEXT_START = /^\s*(\p{L}+)(\S*)\s*/u;

/** Text of the book without the broken line ends, so a part never confirms itself. */
function vocabularySource(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let from = 0;
  for (;;) {
    const h = text.indexOf('-\n', from);
    if (h < 0) break;
    from = h + 2;
    let start = h;
    while (start > copied && /\p{L}/u.test(text[start - 1]!)) start--;
    let end = h + 2;
    while (end < text.length && text[end] === ' ') end++;
    while (end < text.length && /\p{L}/u.test(text[end]!)) end++;
    parts.push(text.slice(copied, start), ' ');
    copied = end;
    from = Math.max(from, end);
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

function joinHyphenatedWords(text: string, ctx: PassContext): string {
  if (!/\p{L}[-\u00ad¬]\n\s*\p{L}/u.test(text)) return text;
  const source = vocabularySource(text);
  const words = countWords(source);
  const compounds = countCompounds(source);
  const list = readBlocks(text);
  let joined = 0;
  const blocks = list.blocks.map((block) => {
    if (isVerseContainer(block) || HEADING_LINE.test(block.lines[0]!)) return block;
    const lines = [...block.lines];
    let changed = false;
    for (let i = 0; i < lines.length - 1; i++) {
      // Test the last character first: the regex is anchored at the end but would be tried at every position.
      if (!/[-\u00ad¬]/.test(lines[i]!.slice(-1))) continue;
      const m = BROKEN_END.exec(lines[i]!);
      const next = NEXT_START.exec(lines[i + 1]!);
      if (!m || !next) continue;
      const first = m[1]!;
      const second = next[1]!;
      const firstPart = first.slice(first.lastIndexOf('-') + 1).toLowerCase();
      const compound = `${first}-${second}`.toLowerCase();
      const whole = `${firstPart}${second.toLowerCase()}`;
      let keepHyphen: boolean;
      if (/^\p{Lu}/u.test(second) && !/^\p{Lu}+$/u.test(second)) keepHyphen = true;
      else if (compounds.has(compound)) keepHyphen = true;
      else if (words.has(whole)) keepHyphen = false;
      else keepHyphen = words.has(firstPart) && words.has(second.toLowerCase());
      const head = lines[i]!.slice(0, lines[i]!.length - 1) + (keepHyphen ? '-' : '');
      lines[i] = head + second + next[2]!;
      lines[i + 1] = lines[i + 1]!.slice(next[0].length);
      if (lines[i + 1]!.trim() === '') {
        lines.splice(i + 1, 1);
        i--;
      }
      joined++;
      changed = true;
    }
    return changed ? { ...block, lines } : block;
  });
  if (joined === 0) return text;
  ctx.count(joined);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const joinHyphenatedWordsPass: CleanPass = {
  id: 'dehyphenated',
  label: 'Words broken at line ends joined',
  run: joinHyphenatedWords,
};
