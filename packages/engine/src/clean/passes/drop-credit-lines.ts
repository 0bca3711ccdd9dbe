/**
 * Pass `creditLines`: the names of the volunteers who produced a Project Gutenberg e-text, left at the top
 * of the text without their `Produced by` (pg2600: `An Anonymous Volunteer, and David Widger` above
 * `WAR AND PEACE`). The credit describes the e-text, not the book, and Gutenberg puts it above the title
 * page, so a block is dropped only when all of this holds:
 * - it is among the first {@link WINDOW_BLOCKS} blocks of the text, one or two lines long;
 * - it is a list of personal names (`Judith Boss, Christy Phillips and David Meltzer`) with two names or
 *   more, or it names an anonymous volunteer;
 * - the next block or the one after is the book's title (the metadata title, letters and digits
 *   compared, case ignored), i.e. the title page follows.
 * Credits with their `Produced by` are the `productionNotes` pass's. Count: lines removed.
 */
import { metaKey } from '../../structure/detect-front-matter.ts';
import { joinBlocks, readBlocks } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** The credit stands above the title page: within the first blocks of the text. */
const WINDOW_BLOCKS = 4;

/** One name: `David Widger`, `Al Haines`, `Menno de Leeuw`, `J. C. Byers`, `An Anonymous Volunteer`. */
const NAME = /^(?:(?:\p{Lu}[\p{L}'’-]*\.?\s+){1,3}(?:(?:de|van|von|der|la|le)\s+)?\p{Lu}[\p{L}'’-]+)$/u;
const VOLUNTEER = /^(?:an?\s+)?anonymous\s+volunteers?$/i;

/** True when `text` is a list of names as Gutenberg credits them. */
export function isNameList(text: string): boolean {
  const items = text
    .split(/\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0 || !items.every((s) => NAME.test(s) || VOLUNTEER.test(s))) return false;
  return items.length >= 2 || VOLUNTEER.test(items[0]!);
}

function titleKeys(title: string | undefined): Set<string> {
  const keys = new Set<string>();
  if (!title) return keys;
  for (const t of [title, title.split(/[:;]|\s+or,?\s+/i)[0]!]) {
    const k = metaKey(t);
    if (k.length >= 3) keys.add(k);
  }
  return keys;
}

function dropCreditLines(text: string, ctx: PassContext): string {
  const titles = titleKeys(ctx.meta.title);
  if (titles.size === 0) return text;
  const list = readBlocks(text);
  const drop = new Set<number>();
  const limit = Math.min(WINDOW_BLOCKS, list.blocks.length);
  for (let i = 0; i < limit; i++) {
    const block = list.blocks[i]!;
    if (block.lines.length > 2) continue;
    const joined = block.lines.map((l) => l.trim()).join(' ');
    if (!isNameList(joined)) continue;
    const follows = [list.blocks[i + 1], list.blocks[i + 2]].some(
      (b) => b !== undefined && b.lines.length === 1 && titles.has(metaKey(b.lines[0]!)),
    );
    if (follows) drop.add(i);
  }
  if (drop.size === 0) return text;
  let removed = 0;
  const blocks = list.blocks.filter((b, i) => {
    if (!drop.has(i)) return true;
    removed += b.lines.length;
    return false;
  });
  if (blocks[0]) blocks[0] = { ...blocks[0], blankBefore: 0 };
  ctx.count(removed);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const dropCreditLinesPass: CleanPass = {
  id: 'creditLines',
  label: 'Lines of e-text volunteer credits removed',
  run: dropCreditLines,
};
