/**
 * PDF lines -> plain text in Project Gutenberg's layout (paragraphs separated by a blank line, headings
 * set off by four blank lines before and two after), which the engine's cleanup then reads like any
 * other text.
 *
 * A PDF has no paragraphs, only lines at positions. They are rebuilt from the book's own typography:
 * - body type: the font size most characters are set in; leading: the usual baseline distance of
 *   body lines; left margin: the usual start of body lines on each page;
 * - a heading is a line set at least 15% larger than the body (consecutive lines of one heading, as in
 *   a title broken over two lines, are joined);
 * - paragraph breaks: a vertical gap over 1.45 leadings (books that space their paragraphs: Word
 *   exports), or, in books that mark paragraphs by a first-line indent only (TeX, trade books), every line
 *   indented from the margin. Which of
 *   the two a book does is read from the book: it is spaced when gaps outnumber bare indents;
 * - at a page break, an indented first line, or a short last line on the page before, starts a paragraph;
 * - a paragraph whose lines (but the last) run to the right margin is prose and becomes one line; other
 *   paragraphs (verse, addresses, lists) keep their line breaks for cleanup's verse detection.
 *
 * Checklist:
 * - [X] spaced and indented paragraphs, size-based headings, page-spanning paragraphs, hyphenation
 * - [ ] italics and small caps (pdf.js gives font ids, not styles): plain text for now
 * - [ ] verse in indent-paragraph books: one paragraph per line
 * - [ ] footnotes at the page foot: left as paragraphs where they stand
 */
import { bodyFontSize } from './page-furniture.ts';
import { buildVocabulary, joinHyphenatedLines } from './hyphenation.ts';
import type { PdfLine, PdfPageLines } from './text-lines.ts';

/** What {@link linesToText} returns. */
export interface RebuiltText {
  /** The book as text, `\n` line ends. */
  text: string;
  /** Headings found by type size. */
  headings: number;
  /** Paragraphs written (headings not counted). */
  paragraphs: number;
  /** Hyphenated line ends whose hyphen was removed. */
  hyphensJoined: number;
}

interface Placed extends PdfLine {
  page: number;
}

type Block = { kind: 'heading'; text: string } | { kind: 'paragraph'; lines: Placed[] };

function mode(values: Iterable<number>, round = 0.5): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) {
    const key = Math.round(v / round) * round;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: number | undefined;
  let most = 0;
  for (const [v, n] of counts) if (n > most) [best, most] = [v, n];
  return best;
}

const near = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance;

/**
 * Rebuilds paragraphs and headings from the lines of a book (rules in the module comment).
 * @param pages pages in order, lines top to bottom, page furniture already removed.
 */
export function linesToText(pages: readonly PdfPageLines[]): RebuiltText {
  const body = bodyFontSize(pages) || 10;
  const isBody = (l: PdfLine): boolean => near(l.size, body, body * 0.08);

  const gaps: number[] = [];
  for (const page of pages) {
    for (let i = 1; i < page.lines.length; i++) {
      const [a, b] = [page.lines[i - 1]!, page.lines[i]!];
      const gap = a.y - b.y;
      if (isBody(a) && isBody(b) && gap > 0.8 * body && gap < 3 * body) gaps.push(gap);
    }
  }
  const leading = mode(gaps, 0.1) ?? body * 1.2;
  const globalLeft = mode(pages.flatMap((p) => p.lines.filter(isBody).map((l) => l.x))) ?? 0;
  const globalRight = Math.max(globalLeft + 1, ...pages.flatMap((p) => p.lines.filter(isBody).map((l) => l.right)));
  const margins = pages.map((page) => {
    const lines = page.lines.filter(isBody);
    if (lines.length < 5) return { left: globalLeft, right: globalRight };
    return { left: mode(lines.map((l) => l.x)) ?? globalLeft, right: Math.max(...lines.map((l) => l.right)) };
  });
  const indentMin = (l: PdfLine): number => Math.max(2, 0.5 * l.size);
  const expectedGap = (a: PdfLine, b: PdfLine): number => (leading * Math.max(a.size, b.size)) / body;

  // Spaced or indented paragraphs: count both signals over body lines that follow each other.
  let spaced = 0;
  let bareIndents = 0;
  pages.forEach((page, p) => {
    const { left } = margins[p]!;
    for (let i = 1; i < page.lines.length; i++) {
      const [a, b] = [page.lines[i - 1]!, page.lines[i]!];
      if (!isBody(a) || !isBody(b)) continue;
      const gap = a.y - b.y;
      if (gap > 1.45 * expectedGap(a, b)) spaced++;
      else if (b.x - left > indentMin(b) && near(a.x, left, 2)) bareIndents++;
    }
  });
  const spacedBook = spaced >= bareIndents;

  const blocks: Block[] = [];
  let prev: Placed | undefined;
  let current: Placed[] | undefined;
  const isHeading = (l: PdfLine): boolean => l.size >= body * 1.15 && l.text.length <= 200;
  pages.forEach((page, p) => {
    const { left } = margins[p]!;
    for (const line of page.lines) {
      const placed: Placed = { ...line, page: p };
      if (isHeading(line)) {
        const last = blocks[blocks.length - 1];
        const continues =
          last?.kind === 'heading' && prev && prev.page === p && isHeading(prev) && near(prev.size, line.size, 0.5) && prev.y - line.y <= 1.6 * line.size;
        if (continues) last.text += ` ${line.text}`;
        else blocks.push({ kind: 'heading', text: line.text });
        current = undefined;
        prev = placed;
        continue;
      }
      const indented = line.x - left > indentMin(line);
      let starts: boolean;
      if (!current || !prev) starts = true;
      else if (prev.page !== p) {
        const prevMargins = margins[prev.page]!;
        starts = indented || prev.right < prevMargins.right - 1.5 * body;
      } else {
        const gap = prev.y - line.y;
        if (gap > 1.45 * expectedGap(prev, line) || gap < 0) starts = true;
        else if (spacedBook) starts = false;
        // A paragraph's second line is never indented, so in these books every indented line opens one.
        else starts = indented;
      }
      if (starts || !current) {
        current = [];
        blocks.push({ kind: 'paragraph', lines: current });
      }
      current.push(placed);
      prev = placed;
    }
  });

  const paragraphs = blocks.filter((b): b is Extract<Block, { kind: 'paragraph' }> => b.kind === 'paragraph');
  const vocab = buildVocabulary(paragraphs.flatMap((b) => b.lines.map((l) => l.text)));
  const settled = joinHyphenatedLines(
    paragraphs.map((b) => b.lines.map((l) => l.text)),
    vocab,
  );
  const texts = new Map<Block, string>();
  paragraphs.forEach((block, k) => {
    const lines = settled.paragraphs[k]!;
    // Prose runs to the right margin on every line but its last; anything else keeps its lines.
    const prose = block.lines.slice(0, -1).every((l) => {
      const { left, right } = margins[l.page]!;
      return l.right >= right - 0.25 * (right - left);
    });
    // Soft hyphens left inside lines are invisible break hints, not text.
    texts.set(block, (prose ? lines.join(' ') : lines.join('\n')).replace(/\u00ad/g, ''));
  });

  let text = '';
  let headings = 0;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      headings++;
      // Heading after heading: one blank line between them, so that cleanup reads them as one cluster.
      const before = text === '' ? '' : text.endsWith('\n\n\n') ? '' : '\n\n\n\n\n';
      if (text.endsWith('\n\n\n')) text = text.slice(0, -1);
      text += `${before}${block.text}\n\n\n`;
    } else {
      const t = texts.get(block)!;
      if (t === '') continue;
      text += `${text === '' || text.endsWith('\n\n\n') ? '' : '\n\n'}${t}`;
    }
  }
  return { text: `${text.replace(/\n+$/, '')}\n`, headings, paragraphs: paragraphs.length, hyphensJoined: settled.joined };
}
