/**
 * Verse and other line-by-line blocks versus hard-wrapped prose.
 *
 * Plain-text books are hard-wrapped: a paragraph's lines were filled greedily up to a width (about 70-75
 * characters in Project Gutenberg texts), so in prose the next line's first word would not have fitted on
 * the line before. When it would have fitted with room to spare, the author broke the line: verse, a
 * song, an address, a table. The test uses the book's own wrap width, so it works for narrow and wide
 * texts alike. Lines whose indentation varies inside a block (other than a first-line paragraph indent)
 * are kept line by line too.
 *
 * Whitman-style long lines that the transcriber wrapped with a hanging indent (a deeper-indented
 * lowercase continuation after a full-width line, pg1322) are joined back to their line.
 */

/** The wrap width of a text: the 98th percentile of the lengths of lines in multi-line blocks (40-120). */
export function wrapWidth(blocks: readonly { lines: readonly string[] }[]): number {
  const counts = new Map<number, number>();
  let total = 0;
  for (const b of blocks) {
    if (b.lines.length < 2) continue;
    for (const l of b.lines) {
      const n = l.trimEnd().length;
      counts.set(n, (counts.get(n) ?? 0) + 1);
      total++;
    }
  }
  if (total < 20) return 72;
  const sorted = [...counts.entries()].sort((a, b) => b[0] - a[0]);
  let seen = 0;
  for (const [len, n] of sorted) {
    seen += n;
    if (seen >= total * 0.02) return Math.min(120, Math.max(40, len));
  }
  return 72;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function firstWordLength(line: string): number {
  const m = /^\S+/.exec(line.trimStart());
  return m ? m[0].length : 0;
}

/**
 * True when a block's line breaks are the author's (verse, lists, addresses), false for hard-wrapped
 * prose. `width` is the book's wrap width from {@link wrapWidth}.
 */
export function isLineByLine(lines: readonly string[], width: number): boolean {
  if (lines.length < 2) return false;
  // Indentation that varies after the first line: the layout carries meaning.
  const rest = lines.slice(1).map(indentOf);
  const restVaries = rest.some((n) => n !== rest[0]);
  if (restVaries && !isHangingWrap(lines, width)) return true;
  // Greedy-wrap test: would the next line's first word have fitted on this line, with slack?
  let early = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const len = lines[i]!.trimEnd().length;
    const next = firstWordLength(lines[i + 1]!);
    if (len + 1 + next < width - 8) early++;
  }
  const checked = lines.length - 1;
  return early >= Math.max(1, Math.ceil(checked * 0.5));
}

/** Only Whitman-style hanging continuations vary the indentation: still prose-like wrapping per line. */
function isHangingWrap(lines: readonly string[], width: number): boolean {
  return joinHangingLines(lines, width).length < lines.length && !isVaried(joinHangingLines(lines, width));
}

function isVaried(lines: readonly string[]): boolean {
  const rest = lines.slice(1).map(indentOf);
  return rest.some((n) => n !== rest[0]);
}

/**
 * Joins hanging-indent continuations to the line they continue: a line indented at least 4 columns more
 * than the block's base, starting lowercase or with punctuation, after a line that reached the wrap width.
 */
export function joinHangingLines(lines: readonly string[], width: number): string[] {
  const base = Math.min(...lines.map(indentOf));
  const out: string[] = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    if (
      prev !== undefined &&
      indentOf(line) >= base + 4 &&
      indentOf(line) > indentOf(prev) &&
      /^[\p{Ll}(,;:'"’”—-]/u.test(line.trimStart()) &&
      prev.trimEnd().length >= width - 16
    ) {
      out[out.length - 1] = `${prev.trimEnd()} ${line.trim()}`;
      continue;
    }
    out.push(line);
  }
  return out;
}
