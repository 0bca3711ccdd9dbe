/**
 * Pass `verse`: blocks whose line breaks are the author's (poems, songs, verse drama, addresses) are
 * kept line by line in a `::: verse` container instead of being unwrapped as prose (Leaves of Grass,
 * Faust, the songs in Alice). Consecutive verse blocks separated by one blank line are stanzas of one
 * container. Inside, leading indentation is kept as indent levels of two spaces, relative to the
 * least-indented line; the source's turnovers are joined to their line, and a one- or two-line stanza set at
 * the indentation of the verse beside it joins that verse (see `structure/detect-verse.ts`). Under the heading of a
 * play's list of persons (`THE PERSONS IN THE PLAY`) the lines are persons, not verse: a `::: persona` container
 * with one paragraph per person; its list of scenes (`THE SCENES OF THE PLAY`: `ACT I. Algernon Moncrieff's Flat ...`,
 * `TIME: The Present.`) and the details of a performance above its cast (`Lessee and Manager: ...`,
 * `February 14th, 1895`; `structure/play-lists.ts`) are the same container, one paragraph per entry.
 * Count: verse lines kept.
 */
import { baseIndent, isLineByLine, isStanzaBesideVerse, isVerseOfVerseBook, joinHangingLines, turnoverOffset, wrapWidth } from '../../structure/detect-verse.ts';
import { isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { performanceDetail, SCENES_HEADING, sceneListEntry } from '../../structure/play-lists.ts';
import { leadingWhiteSpace } from '../../structure/whitespace.ts';
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** Deepest indent level written (deeper indentation is clamped). */
const MAX_LEVEL = 8;

/** The white space a line starts with (its indentation), in code units. */
const indentOf = leadingWhiteSpace;

/** A block of the text itself: no container, no heading (`heading`: whether it is one), no scene break. */
function isPlainBlock(block: ReadonlyTextBlock, heading: boolean): boolean {
  const first = block.lines[0]!;
  return !isVerseContainer(block) && !heading && !(block.lines.length === 1 && isSceneBreakLine(first));
}

/**
 * The heading of a play's list of persons (dramatis personae): `THE PERSONS IN THE PLAY` (Earnest), `Dramatis
 * Personae`, `CHARACTERS`, `Personen`, `PERSONS REPRESENTED`.
 */
const PERSONS_HEADING = /^#\s.*\b(?:dramatis\s+person(?:ae|æ)|persons\s+(?:of|in)\s+the\s+(?:play|drama|comedy|tragedy)|persons\s+represented|characters|personen)\b/iu;

/** A line of a performance's cast: a person, a colon, the actor (`Lady Bracknell: Miss Rose Leclercq.`). */
const CAST_LINE = /^\s*[^:\s][^:]{1,60}:\s+\S/u;

/** A list of persons: each line a `::: persona` paragraph (name, then what the person is), not a verse line. */
function personsContainer(stanzas: string[][]): string[] {
  const persons = stanzas.flat().map((line) => line.trim().replace(/^:::/, '\\:::'));
  return ['::: persona', ...persons.flatMap((p, i) => (i > 0 ? ['', p] : [p])), ':::'];
}

/** Writes stanzas as a verse container; indentation becomes levels of two spaces. */
function container(stanzas: string[][]): string[] {
  const all = stanzas.flat();
  const base = Math.min(...all.map(indentOf));
  const out = ['::: verse'];
  stanzas.forEach((stanza, k) => {
    if (k > 0) out.push('');
    for (const line of stanza) {
      const level = Math.min(MAX_LEVEL, Math.round((indentOf(line) - base) / 2));
      // A line that reads as the closing fence would end the container early: escape it.
      const content = line.trim().replace(/^:::/, '\\:::');
      out.push('  '.repeat(level) + content);
    }
  });
  out.push(':::');
  return out;
}

/**
 * Which blocks are verse: those whose line breaks are the author's ({@link isLineByLine}), then, until nothing
 * changes, blocks set at the indentation of the verse right beside them ({@link isStanzaBesideVerse}), then, in a
 * book that is mostly verse, short poems set as its verse is ({@link isVerseOfVerseBook}).
 */
function verseBlocks(blocks: readonly ReadonlyTextBlock[], isPlain: readonly boolean[], width: number, offset: number | undefined): boolean[] {
  const verse = blocks.map((b, i) => isPlain[i]! && isLineByLine(b.lines, width, offset));
  for (let changed = true; changed; ) {
    changed = false;
    blocks.forEach((block, i) => {
      if (verse[i] || !isPlain[i]) return;
      const before = verse[i - 1] === true;
      const after = verse[i + 1] === true;
      if (!before && !after) return;
      const beside = before && after ? 2 : 1;
      if (
        (before && isStanzaBesideVerse(block.lines, baseIndent(blocks[i - 1]!.lines), width, beside, offset)) ||
        (after && isStanzaBesideVerse(block.lines, baseIndent(blocks[i + 1]!.lines), width, beside, offset))
      ) {
        verse[i] = true;
        changed = true;
      }
    });
  }
  // A book that is mostly verse: its short poems standing alone are verse too, when set as its verse is.
  const plain = blocks.filter((_, i) => isPlain[i]);
  const lines = (bs: readonly ReadonlyTextBlock[]) => bs.reduce((n, b) => n + b.lines.length, 0);
  const verseSet = blocks.filter((_, i) => verse[i]);
  if (lines(verseSet) > lines(plain) / 2) {
    const bases = new Map<number, number>();
    for (const b of verseSet) bases.set(baseIndent(b.lines), (bases.get(baseIndent(b.lines)) ?? 0) + b.lines.length);
    const verseBase = [...bases.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    blocks.forEach((block, i) => {
      if (!verse[i] && isPlain[i] && isVerseOfVerseBook(block.lines, verseBase, width, offset)) verse[i] = true;
    });
  }
  return verse;
}

function markVerse(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  // Told once a block: the regexes behind it are a good part of the pass on a long book.
  const isHeading = list.blocks.map((block) => isHeadingLine(block.lines[0]!));
  const isPlain = list.blocks.map((block, i) => isPlainBlock(block, isHeading[i]!));
  const plain = list.blocks.filter((_, i) => isPlain[i]);
  const width = wrapWidth(plain);
  const offset = turnoverOffset(plain, width);
  const verse = verseBlocks(list.blocks, isPlain, width, offset);
  const out: ReadonlyTextBlock[] = [];
  let stanzas: string[][] = [];
  let stanzaBlank = 0;
  let kept = 0;
  let underPersons = false;
  let underScenes = false;
  let underCast = false;
  let personsSeen = false;
  let sceneEntries = 0;
  // The headings of sections that hold a performance's cast (a verse block of cast lines).
  const castSections = new Set<number>();
  let section = -1;
  list.blocks.forEach((block, i) => {
    if (isHeading[i]) section = i;
    else if (verse[i] && block.lines.every((line) => CAST_LINE.test(line))) castSections.add(section);
  });
  const flush = () => {
    if (stanzas.length === 0) return;
    // A play's cast of a performance (`Merriman: Mr. Frank Dyall.`) after its list of persons is a list of persons too.
    const cast = personsSeen && stanzas.flat().every((line) => CAST_LINE.test(line));
    out.push({ lines: underPersons || underScenes || underCast || cast ? personsContainer(stanzas) : container(stanzas), blankBefore: stanzaBlank });
    stanzas = [];
  };
  list.blocks.forEach((block, i) => {
    if (isHeading[i]) {
      flush();
      underPersons = PERSONS_HEADING.test(block.lines[0]!);
      underScenes = SCENES_HEADING.test(block.lines[0]!);
      underCast = personsSeen && castSections.has(i);
      personsSeen ||= underPersons;
    }
    const entry = verse[i] || !isPlain[i] ? undefined : underScenes ? sceneListEntry(block.lines) : underCast ? performanceDetail(block.lines) : undefined;
    if (entry !== undefined) {
      if (stanzas.length === 0) stanzaBlank = block.blankBefore;
      stanzas.push([entry]);
      sceneEntries++;
      return;
    }
    if (verse[i]) {
      const lines = joinHangingLines(block.lines, width, offset);
      if (stanzas.length > 0 && block.blankBefore > 1) flush();
      if (stanzas.length === 0) stanzaBlank = block.blankBefore;
      stanzas.push(lines);
      kept += lines.length;
      return;
    }
    flush();
    out.push(block);
  });
  flush();
  if (kept === 0 && sceneEntries === 0) return text;
  ctx.count(kept);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markVersePass: CleanPass = {
  id: 'verse',
  label: 'Lines of verse kept line by line',
  run: markVerse,
};
