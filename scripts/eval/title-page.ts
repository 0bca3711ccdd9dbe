/**
 * The source title page in the eval (`npm run eval`): whether cleanup found one (the `titleLines` pass removed
 * lines), and which display lines are still left before the text. A line is left when it stands before the first
 * chapter, part or titled front section (outside a dedication or epigraph page), is short (at most 120
 * characters: a title, a by-line, an edition or imprint line, not a paragraph of a preface) and is text, not
 * markup (fences, figures and the captions of `[Illustration: ...]` tags, scene breaks); a front section titled
 * with the book's title counts too.
 * Target: no line left.
 */

/** One book's figures. */
export interface TitlePageFigures {
  /** The `titleLines` pass removed lines: a source title page was found. */
  found: boolean;
  /** Lines the pass removed. */
  removed: number;
  /** Display lines still before the text. */
  left: string[];
}

const HEADING = /^#\s+(.*?)\s*(\{[^{}]*\})?\s*$/;

function key(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The figures of one cleaned book.
 * @param markdown the cleaned Markdown.
 * @param report the cleanup report's passes (`titleLines` is read).
 * @param title the book's title as cleanup found it.
 */
export function titlePageFigures(markdown: string, report: ReadonlyArray<{ id: string; count: number }>, title: string): TitlePageFigures {
  const removed = report.find((p) => p.id === 'titleLines')?.count ?? 0;
  const left: string[] = [];
  let display = false;
  // Inside an `[Illustration: ...]` tag the lines describe a picture (a figure's caption), not the text.
  let inFigure = 0;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (inFigure > 0 || /^\[Illustration\b/i.test(line)) {
      for (const m of line.matchAll(/\\?[[\]]/g)) if (m[0].length === 1) inFigure += m[0] === '[' ? 1 : -1;
      inFigure = Math.max(0, inFigure);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const text = heading[1]!.trim();
      const attrs = heading[2] ?? '';
      if (!/\.front\b/.test(attrs)) break;
      if (text !== '' && key(text) !== key(title)) break;
      if (text !== '') left.push(text);
      display = /\.(?:dedication|epigraph)\b/.test(attrs);
      continue;
    }
    if (display || line === '' || /^:::|^!\[|^\* \* \*$|^\[Illustration/.test(line)) continue;
    if (line.length <= 120) left.push(line);
  }
  return { found: removed > 0, removed, left };
}
