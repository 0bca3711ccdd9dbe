/**
 * Joins words hyphenated across line ends: `posses-` + `sion of a good` -> `possession` + `of a good`.
 *
 * Typesetters (TeX always, Word when asked) break long words at line ends with a hyphen that is not
 * part of the word; the same line end can also carry a real compound (`rabbit-` + `hole`). The book's
 * own vocabulary decides, word by word:
 * 1. a word that already has a hyphen before the break (`out-of-the-` + `way`): keep (typesetters do
 *    not hyphenate compounds, so the break is at the compound's own hyphen);
 * 2. the joined word appears elsewhere in the book (`possession`): join;
 * 3. the hyphenated compound appears elsewhere in the book, mid-line (`rabbit-hole`, `to-day`): keep the
 *    hyphen (when a book writes both, the more frequent spelling wins);
 * 4. neither, but the book writes more compounds with that first part (`ill-natured`, `ill-judged`, for
 *    `ill-` + `tempered`) than distinct solid words starting with it (`re-` has `retort`, `remind`, ...):
 *    keep the hyphen;
 * 5. none of these: the book's habit decides. When rules 1-4 kept more line ends than they joined, the
 *    book does not hyphenate (a Word export) and the hyphen is kept; otherwise it is joined (typeset).
 * A soft hyphen (U+00AD, which Typst and some other typesetters write at their breaks) is always joined.
 * Only a letter, a hyphen, and a letter starting the next line qualify (`—` dashes and `-` after a digit
 * are left alone); a capitalised continuation (`Anglo-` + `Saxon`) keeps its hyphen, except in a line
 * set in capitals (`WAISTCOAT-` + `POCKET`), which the rules above decide.
 * Either way the continuation moves up to the first line, so that no later unwrapping can put a space
 * after a kept hyphen.
 */

/** Words of a book as {@link joinHyphenatedLines} needs them. */
export interface Vocabulary {
  /** Lower-cased words written whole (compounds also give their parts), with how often. */
  words: Map<string, number>;
  /** Lower-cased hyphenated compounds written mid-line, and each adjacent pair of their parts, with how often. */
  compounds: Map<string, number>;
  /** Lower-cased first parts of those compounds (`ill` of `ill-natured`), with how often. */
  prefixes: Map<string, number>;
}

const WORD = /[\p{L}\p{M}'’]+(?:-[\p{L}\p{M}'’]+)*/gu;
const LINE_END = /([\p{L}\p{M}'’]+(?:-[\p{L}\p{M}'’]+)*)([-\u2010\u00ad])$/u;
const CONTINUATION = /^(\p{L}[\p{L}\p{M}'’]*)(\S*)\s*(.*)$/u;

/** Collects the vocabulary of a book from its lines (any order). */
export function buildVocabulary(lines: Iterable<string>): Vocabulary {
  const words = new Map<string, number>();
  const compounds = new Map<string, number>();
  const prefixes = new Map<string, number>();
  const add = (map: Map<string, number>, key: string): void => void map.set(key, (map.get(key) ?? 0) + 1);
  for (const line of lines) {
    for (const m of line.matchAll(WORD)) {
      const token = m[0].toLowerCase();
      const parts = token.split('-');
      for (const part of parts) add(words, part);
      if (parts.length > 1) {
        add(compounds, token);
        add(prefixes, parts[0]!);
        for (let i = 0; i + 1 < parts.length; i++) if (parts.length > 2) add(compounds, `${parts[i]}-${parts[i + 1]}`);
      }
    }
  }
  return { words, compounds, prefixes };
}

/** What {@link joinHyphenatedLines} returns. */
export interface HyphenationResult {
  /** The paragraphs with hyphenated line ends settled (a line emptied by the move is dropped). */
  paragraphs: string[][];
  /** Line ends whose hyphen was removed and the word joined. */
  joined: number;
  /** Line ends whose hyphen was kept as a compound's. */
  kept: number;
}

type Decision = 'join' | 'keep' | 'undecided';

function decide(before: string, after: string, vocab: Vocabulary): Decision {
  // A capital after the break (`Anglo-` + `Saxon`) is a compound of names, unless the whole line is in
  // capitals (`WAISTCOAT-` + `POCKET`), which is decided like lower case.
  const capitals = before === before.toUpperCase() && after === after.toUpperCase();
  if (/^\p{Lu}/u.test(after) && !capitals) return 'keep';
  // TeX and Word do not hyphenate inside a word that already has a hyphen: `out-of-the-` + `way` is a
  // break at the compound's own hyphen.
  if (before.includes('-')) return 'keep';
  const last = before.toLowerCase();
  const whole = vocab.words.get(last + after.toLowerCase()) ?? 0;
  const compound = vocab.compounds.get(`${last}-${after.toLowerCase()}`) ?? 0;
  if (whole === 0 && compound === 0) {
    const hyphened = vocab.prefixes.get(last) ?? 0;
    if (hyphened < 2) return 'undecided';
    let solid = 0;
    for (const word of vocab.words.keys()) if (word.length > last.length + 2 && word.startsWith(last)) solid++;
    return hyphened > solid ? 'keep' : 'undecided';
  }
  return whole >= compound ? 'join' : 'keep';
}

/**
 * Settles every hyphenated line end inside each paragraph (rules in the module comment).
 * @param paragraphs paragraphs as lists of lines (no line ends inside a line); not modified.
 * @param vocab the book's vocabulary ({@link buildVocabulary} over all its lines).
 */
export function joinHyphenatedLines(paragraphs: readonly (readonly string[])[], vocab: Vocabulary): HyphenationResult {
  // First the book's habit, from the line ends its vocabulary settles.
  let joins = 0;
  let keeps = 0;
  for (const lines of paragraphs) {
    for (let i = 0; i + 1 < lines.length; i++) {
      const end = LINE_END.exec(lines[i]!);
      const next = end && CONTINUATION.exec(lines[i + 1]!);
      if (!end || !next) continue;
      const d = end[2] === '\u00ad' ? 'join' : decide(end[1]!, next[1]!, vocab);
      if (d === 'join') joins++;
      else if (d === 'keep') keeps++;
    }
  }
  const habit: Decision = keeps > joins ? 'keep' : 'join';

  let joined = 0;
  let kept = 0;
  const out = paragraphs.map((original) => {
    const lines = [...original];
    for (let i = 0; i + 1 < lines.length; i++) {
      const end = LINE_END.exec(lines[i]!);
      const next = end && CONTINUATION.exec(lines[i + 1]!);
      if (!end || !next) continue;
      // A soft hyphen (U+00AD) is the typesetter's own break: always joined.
      let d = end[2] === '\u00ad' ? 'join' : decide(end[1]!, next[1]!, vocab);
      if (d === 'undecided') d = habit;
      const head = lines[i]!.slice(0, -1);
      if (d === 'join') {
        lines[i] = head + next[1]! + next[2]!;
        joined++;
      } else {
        lines[i] = `${head}-${next[1]!}${next[2]!}`;
        kept++;
      }
      lines[i + 1] = next[3]!;
      if (lines[i + 1] === '') {
        lines.splice(i + 1, 1);
        i--;
      }
    }
    return lines;
  });
  return { paragraphs: out, joined, kept };
}
