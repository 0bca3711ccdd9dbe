/**
 * The words and numbers of the Extract tab (workspace spec sections 2 and 3): relevance as a percent and a plain
 * label, where a passage comes from, the matched words of a preview cut into marked and unmarked runs, and the
 * title offered for a book made of the passages. Pure, so the components only lay them out.
 */
import { COMPILED_TITLE_MAX_CHARS, type ExtractionSection, type Highlight, type PassageSource } from '@quire/contracts';

/** `n` with its noun: `1 section`, `7 sections`, `1,204 words`. */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** A 0-1 score as a whole percent (`0.873` -> `87%`), clamped to 0-100. */
export function percent(score: number): string {
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}

/**
 * A relevance score in words. The scores are calibrated across topics and books, and nothing under the server's
 * threshold is returned, so even the lowest band is a real, if passing, treatment of the topic.
 */
export function relevanceLabel(score: number): string {
  if (score >= 0.7) return 'Strong match';
  if (score >= 0.45) return 'Good match';
  return 'Passing mention';
}

/** A stretch of a passage's text; `marked` when it matched the searched topic (shown highlighted). */
export type TextRun = { text: string; marked: boolean };

/**
 * `text` cut into runs, the `highlights` (UTF-16 offsets, end exclusive) marked. Offsets out of range are clipped,
 * empty ones dropped and overlapping or touching ones merged, so a preview shows every character once.
 */
export function highlightRuns(text: string, highlights: readonly Highlight[]): TextRun[] {
  const spans = highlights
    .map(({ start, end }) => ({ start: Math.max(0, Math.min(start, text.length)), end: Math.max(0, Math.min(end, text.length)) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  const runs: TextRun[] = [];
  let at = 0;
  for (const { start, end } of merged) {
    if (start > at) runs.push({ text: text.slice(at, start), marked: false });
    runs.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) runs.push({ text: text.slice(at), marked: false });
  return runs;
}

/**
 * Where a passage stands in its book, one short phrase each: its section when the passage's own title differs (an
 * excerpt), the part, `Section 3 of 28`, `at 41% of the book`, the author of that piece in a collection, and its
 * length unless `withLength` is false (the reader gives the length of what it shows); `withPosition` false leaves out
 * the place (an excerpt widened to its whole section no longer starts there).
 */
export function sourceDetails(
  source: PassageSource,
  passageTitle: string,
  { withLength = true, withPosition = true }: { withLength?: boolean; withPosition?: boolean } = {},
): string[] {
  const details: string[] = [];
  if (source.sectionTitle && source.sectionTitle !== passageTitle) details.push(`From “${source.sectionTitle}”`);
  if (source.partTitle) details.push(source.partTitle);
  details.push(`Section ${source.sectionIndex} of ${source.sectionCount}`);
  if (withPosition) details.push(`at ${Math.round(source.positionPercent)}% of the book`);
  if (source.author) details.push(`by ${source.author}`);
  if (withLength) details.push(countOf(source.wordCount, 'word', 'words'));
  return details;
}

/**
 * A name for each passage that tells it apart from the others: its title, and where it begins when another passage
 * has the same title (two excerpts of one long section: `The Christmas Angel, at 58% of the book`). Names the
 * controls of a card for screen readers, which would otherwise read "Move “The Christmas Angel” up" twice.
 */
export function passageNames(sections: readonly ExtractionSection[]): Map<string, string> {
  const seen = new Map<string, number>();
  for (const s of sections) seen.set(s.title, (seen.get(s.title) ?? 0) + 1);
  return new Map(
    sections.map((s) => [
      s.passageId,
      (seen.get(s.title) ?? 0) > 1 ? `${s.title}, at ${Math.round(s.source.positionPercent)}% of the book` : s.title,
    ]),
  );
}

/** The words searched besides the topic itself (its synonyms and related words), each once. */
export function otherSearchedTerms(searchedTerms: readonly string[], topic: string): string[] {
  const seen = new Set([topic.trim().toLocaleLowerCase('en')]);
  return searchedTerms.filter((term) => {
    const key = term.trim().toLocaleLowerCase('en');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The title offered for a book made of an extraction's passages, as an anthology is titled: `Christmas: Passages
 * from The Spirit of Christmas`; cut to the contract's longest title.
 */
export function defaultCompiledTitle(topic: string, bookTitle: string): string {
  const trimmed = topic.trim();
  const subject = trimmed.charAt(0).toLocaleUpperCase('en') + trimmed.slice(1);
  const title = `${subject}: Passages from ${bookTitle.trim()}`;
  return title.length <= COMPILED_TITLE_MAX_CHARS ? title : `${title.slice(0, COMPILED_TITLE_MAX_CHARS - 1).trimEnd()}…`;
}
