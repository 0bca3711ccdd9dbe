/**
 * The free trial's working text (accounts spec section 9: "up to 25 pages (about 12,500 words)"): a book's
 * cleaned Markdown cut at the last paragraph boundary at or before a word limit, with the cut part kept whole so
 * that it can be put back when the user pays.
 */
import { countWords } from './index.ts';

/** Result of {@link cutAtWordLimit}. Word counts are those of {@link countWords}. */
export interface WordLimitCut {
  /** The Markdown kept: whole paragraphs, open `:::` blocks closed, the notes its references need. */
  kept: string;
  /**
   * The Markdown cut off, `''` when nothing was cut. `kept + '\n\n' + remainder` has every block of the text again
   * (the notes the kept part needs moved up to it; a `:::` block cut in two, which only happens when no boundary
   * outside one fits, stays two blocks).
   */
  remainder: string;
  /** Words of `kept`. */
  keptWords: number;
  /** Words of the whole text. */
  totalWords: number;
  truncated: boolean;
}

/** A footnote definition's first line: `[^label]: text`. */
const NOTE_DEFINITION = /^\[\^([^\]\s]+)\]:/;
/** A footnote reference: `[^label]` not followed by a colon. */
const NOTE_REFERENCE = /\[\^([^\]\s]+)\](?!:)/g;
/** A fence line that opens a block (`::: {.verse}`, `:::chapter`) or closes one (`:::`). */
const FENCE = /^ {0,3}(:{3,})\s*(\S.*)?$/;

/** Share of the allowance a cut outside `:::` blocks must keep to be preferred to a cut inside one. */
const TOP_LEVEL_SHARE = 0.8;

/** A paragraph-level block of the text: a footnote definition (with its indented continuation) or anything else. */
interface Block {
  text: string;
  /** Label when the block defines a footnote. */
  note: string | null;
}

/** Splits Markdown at blank lines; indented blocks after a note definition belong to it (a multi-paragraph note). */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const text of markdown.split(/\n[ \t]*\n+/)) {
    if (text.trim() === '') continue;
    const last = blocks[blocks.length - 1];
    if (last?.note && /^(?: {4}|\t)/.test(text)) {
      last.text += `\n\n${text}`;
      continue;
    }
    blocks.push({ text, note: NOTE_DEFINITION.exec(text)?.[1] ?? null });
  }
  return blocks;
}

/** Labels of the notes a block refers to. */
function referencesOf(text: string): string[] {
  return [...text.matchAll(NOTE_REFERENCE)].map((m) => m[1]!);
}

/**
 * The `:::` fences a block opens and closes, applied to `open` (the fence markers of the blocks open before it,
 * outermost first); answers the new list.
 */
function fencesAfter(open: readonly string[], block: string): string[] {
  const next = [...open];
  for (const line of block.split('\n')) {
    const fence = FENCE.exec(line);
    if (!fence) continue;
    if (fence[2] !== undefined) next.push(line.trim());
    else next.pop();
  }
  return next;
}

/** True for a block that is only a heading (ATX `#`), which should not end the kept text. */
function isHeading(text: string): boolean {
  return /^ {0,3}#{1,6}(?:\s|$)/.test(text) && !text.includes('\n');
}

/**
 * Cuts `markdown` at the last paragraph boundary where at most `maxWords` words are kept (notes the kept text
 * refers to count too and move along with it; a heading is never the last thing kept; `:::` blocks left open are
 * closed). Nothing is cut when the whole text fits. A first paragraph longer than the limit is kept whole rather
 * than leaving an empty book.
 * @param maxWords the limit, e.g. contracts TRIAL_WORD_LIMIT (12,500).
 */
export function cutAtWordLimit(markdown: string, maxWords: number): WordLimitCut {
  const totalWords = countWords(markdown);
  if (totalWords <= maxWords) return { kept: markdown, remainder: '', keptWords: totalWords, totalWords, truncated: false };

  const blocks = blocksOf(markdown);
  const notes = new Map(blocks.filter((b) => b.note !== null).map((b) => [b.note!, b]));
  const body = blocks.filter((b) => b.note === null);

  // Kept blocks, with the words and notes taken and the `:::` blocks open after each.
  const kept: { block: Block; wordsSoFar: number; notes: string[]; open: string[] }[] = [];
  const keptNotes = new Set<string>();
  let words = 0;
  let open: string[] = [];
  for (const block of body) {
    const newNotes = referencesOf(block.text).filter((label) => notes.has(label) && !keptNotes.has(label));
    const cost = countWords(block.text) + newNotes.reduce((sum, label) => sum + countWords(notes.get(label)!.text), 0);
    if (words + cost > maxWords && kept.length > 0) break;
    open = fencesAfter(open, block.text);
    for (const label of newNotes) keptNotes.add(label);
    words += cost;
    kept.push({ block, wordsSoFar: words, notes: newNotes, open });
  }
  // Prefer a cut outside every `:::` block (a poem or letter is not split) when that keeps most of the allowance:
  // a long poem (Song of Myself) is rather cut between stanzas than left out. Never end on a heading.
  const atTopLevel = (i: number) => kept[i]!.open.length === 0;
  let end = kept.length;
  if (!atTopLevel(end - 1)) {
    let i = end - 1;
    while (i >= 0 && !atTopLevel(i)) i--;
    if (i >= 0 && kept[i]!.wordsSoFar >= TOP_LEVEL_SHARE * maxWords) end = i + 1;
  }
  while (end > 1 && isHeading(kept[end - 1]!.block.text)) end--;
  for (const dropped of kept.splice(end)) for (const label of dropped.notes) keptNotes.delete(label);

  const keptSet = new Set(kept.map((k) => k.block));
  // Cut inside a block only when no boundary outside one fits: it is closed here and opened again in the remainder.
  const stillOpen = kept[kept.length - 1]!.open;
  const closers = stillOpen.map(() => ':::');
  const movedNotes = [...keptNotes].map((label) => notes.get(label)!.text);
  const rest = blocks.filter((b) => !keptSet.has(b) && !(b.note !== null && keptNotes.has(b.note)));
  const keptMarkdown = [...kept.map((k) => k.block.text), ...closers, ...movedNotes].join('\n\n');
  return {
    kept: keptMarkdown,
    remainder: [...stillOpen, ...rest.map((b) => b.text)].join('\n\n'),
    keptWords: countWords(keptMarkdown),
    totalWords,
    truncated: true,
  };
}
