/**
 * Verse figures of one corpus book for `npm run eval`: the verse lines the document holds, and how many of the
 * source's continuation lines (a line indented deeper than the line before it, Project Gutenberg's turnover of a
 * long verse line) were joined to the line they continue, i.e. stand inside one verse line of the document after
 * their line's text. Letters and digits only are compared, so cleanup's curled quotes and dashes do not count.
 */
import type { Block, BookDocument } from '@quire/engine';
import { inlineText } from '@quire/engine';

/** Verse lines of the document and source continuations joined into them. */
export interface VerseFigures {
  lines: number;
  joined: number;
}

const normal = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const indentOf = (line: string) => line.length - line.trimStart().length;

/** Every verse line of a document (front matter, body, back matter; speeches and quotations included), as plain text. */
export function documentVerseLines(doc: BookDocument): string[] {
  const out: string[] = [];
  const walk = (blocks: readonly Block[]) => {
    for (const b of blocks) {
      if (b.type === 'verse') for (const stanza of b.stanzas) for (const line of stanza) out.push(inlineText(line.children));
      else if (b.type === 'speech' || b.type === 'blockQuote') walk(b.children);
    }
  };
  for (const s of [...doc.front, ...doc.back]) walk(s.blocks);
  for (const d of doc.body) {
    walk(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) walk(c.blocks);
  }
  return out;
}

/** The verse figures of `doc`, cleaned from the source text `raw` (its Gutenberg body). */
export function verseFigures(raw: string, doc: BookDocument): VerseFigures {
  const lines = documentVerseLines(doc);
  const text = `\n${lines.map(normal).join('\n')}\n`;
  const source = raw.replace(/\r\n?/g, '\n').split('\n');
  let joined = 0;
  for (let i = 1; i < source.length; i++) {
    const prev = source[i - 1]!;
    const line = source[i]!;
    if (prev.trim() === '' || line.trim() === '' || indentOf(line) <= indentOf(prev)) continue;
    const pair = `${normal(prev)} ${normal(line)}`;
    if (normal(prev) !== '' && normal(line) !== '' && text.includes(pair)) joined++;
  }
  return { lines: lines.length, joined };
}
