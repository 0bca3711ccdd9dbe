/**
 * Headings that a transcriber Title Cased word by word (`The Extent Of The Empire In The Age Of The
 * Antonines`, pg731) are set in headline style instead (Chicago Manual of Style 17th ed. 8.159): articles,
 * prepositions, the coordinating conjunctions and `to` / `as` are lowercased unless they are the first or
 * the last word of the title or of a subtitle (after a colon or a dash). A heading is touched only when it is
 * Title Cased word by word, that is when every word is capitalised, one of those minor words at least inside
 * it: a title the source set in headline style, in sentence style or in capitals is left as it is.
 */

/** Chicago 8.159's lowercased words: articles, common prepositions, coordinating conjunctions, `to`, `as`. */
const MINOR_WORDS = new Set([
  'a', 'an', 'the',
  'and', 'but', 'for', 'or', 'nor',
  'to', 'as',
  'of', 'in', 'on', 'at', 'by', 'from', 'with', 'into', 'onto', 'upon', 'over', 'under', 'until', 'till',
  'about', 'after', 'against', 'among', 'before', 'behind', 'below', 'beneath', 'beside', 'between', 'beyond',
  'during', 'except', 'near', 'off', 'since', 'through', 'throughout', 'toward', 'towards', 'within', 'without',
]);

/** A word with its surroundings: leading punctuation, the letters, trailing punctuation. */
const WORD = /^([^\p{L}]*)(\p{L}[\p{L}'’-]*)([^\p{L}]*)$/u;

/** Punctuation at the end of a word after which a subtitle starts (`Chapter V: Sale`, `Antonines.—Part`). */
function endsPhrase(trailing: string): boolean {
  return /[:.!?—–]|--/.test(trailing);
}

/**
 * `text` in headline style when it is Title Cased word by word (see the module comment), else `text`
 * unchanged. Only the case of minor words changes; spacing and punctuation are kept.
 */
export function headlineStyle(text: string): string {
  const tokens = text.split(/(\s+)/);
  const words = tokens.map((t, i) => (i % 2 === 0 ? WORD.exec(t) : null));
  let lowerMinor = 0;
  let firstOfPhrase = true;
  const positions: { index: number; first: boolean }[] = [];
  words.forEach((m, i) => {
    if (i % 2 === 1) return;
    if (!m) {
      if (tokens[i] !== '') firstOfPhrase = firstOfPhrase || endsPhrase(tokens[i]!);
      return;
    }
    const word = m[2]!;
    if (MINOR_WORDS.has(word.toLowerCase()) && !endsPhrase(m[1]!)) {
      if (/^\p{Lu}\p{Ll}*$/u.test(word)) positions.push({ index: i, first: firstOfPhrase });
      else if (/^\p{Ll}+$/u.test(word) && !firstOfPhrase) lowerMinor++;
    }
    firstOfPhrase = endsPhrase(m[3]!);
  });
  const lastWord = words.reduce((last, m, i) => (m ? i : last), -1);
  // Every word capitalised and at least one minor word inside the title: Title Case word by word. A word in
  // capitals (`THE RABBIT SENDS IN A LITTLE BILL`) is not Title Case.
  const inner = positions.filter((p) => !p.first && p.index !== lastWord);
  const everyWordCapitalised = words.every((m) => !m || /^\p{Lu}(?:[\p{Ll}'’-]|-\p{Lu})*$/u.test(m[2]!) || (m[2]!.length === 1 && m[2] !== 'A'));
  if (inner.length < 1 || lowerMinor > 0 || !everyWordCapitalised) return text;
  for (const { index, first } of positions) {
    const m = words[index]!;
    // The last word of the heading, and one that ends a phrase (`Of:`), keeps its capital too.
    if (first || index === lastWord || endsPhrase(m[3]!)) continue;
    tokens[index] = `${m[1]}${m[2]!.toLowerCase()}${m[3]}`;
  }
  return tokens.join('');
}
