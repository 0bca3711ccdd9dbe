/**
 * Pass `quotesCurled`: typewriter quotes become typographer's quotes (Chicago Manual of Style 6.115,
 * "smart quotes"; Standard Ebooks `typography.py`), as plain-text e-texts type `"` and `'` for both.
 * - `"`: opening after the start of a line, a space, an opening bracket or quote, or a dash; else closing.
 * - `'` between letters or digits is an apostrophe (`don't`, `o'clock`) -> ’.
 * - `'` at a word start is an elision, never an opening quote (Chicago 6.117, 7.30: "the apostrophe ... not an
 *   opening single quotation mark"), when the word is one of the known clipped words: `'tis`, `'twas`, `'tisn't`,
 *   `'em`, `'n'` (`rock 'n' roll`), `'cause`, `'gainst`, `'neath`, `'pon`, ... in any case (a quotation never opens
 *   with them), and, lowercase only, the dropped `h` of Cockney and Southern dialect (`'e`, `'im`, `'is`, `'ave`,
 *   `'ere`: Kipling's Barrack-Room Ballads pg2819, Tom Sawyer pg74); before a decade or year (`the '90s`) -> ’.
 * - `'` before any other lowercase word, before a capitalised dialect word (`'E`, `'Is`, `'Ave`, starting a line
 *   of pg2819) or before a capitalised word inside a sentence (`Bill 'Awkins`), is an opening quote only when a
 *   closing single quote follows in the same paragraph (or stanza) to pair with it; one that none closes is the
 *   apostrophe of a clipped word (`'eathen`, `'long`, `'course`, `'orses`) -> ’. A closing quote pairs with the
 *   latest sure opening still open (quotations nest), else with the earliest candidate. A closing
 *   quote is a `'` after punctuation, or after a word that is not itself clipped at its end (`an'`, `o'`,
 *   `goin'`, `th'`) nor a plural possessive (`the soldiers' wives`).
 * - a curly `‘` that a UTF-8 source already set is read by the same rule: before a lowercase clipped word
 *   (`put ‘em up`, `Oh, ‘tis love`, pg11 and pg2600; `the ‘sclusively bare` of Just So Stories pg2781) it is
 *   the same apostrophe typed the wrong way round -> ’; a `‘` that a `’` closes is left (`‘and he won’t fetch
 *   and carry.’` of pg2781 is Kipling's quotation, lowercase).
 * - otherwise `'` opens after the start, a space, a bracket, a dash or an opening double quote (straight or
 *   curled: `"'Why, ...'"` nests as “‘, never “’), and closes (or is a plural possessive, `the dogs'`)
 *   elsewhere -> ‘ or ’.
 * Markdown written by cleanup (fences) has no quotes; a heading's attribute block keeps its straight quotes (a
 * collection's part heading `# Title {.part author="Name"}`, whose value the parser reads). Count: quotes changed.
 */
import type { CleanPass, PassContext } from '../pass.ts';
import { countWordsOf } from '../vocabulary.ts';

/**
 * Words that drop their first letters in informal or poetic English, written with an apostrophe, in any case
 * (`'Tis`, `'Twas` open sentences and lines). Each is clipped, not a word a quotation could open with.
 */
const ELISION =
  /^(?:t|tis|tisn|twas|twasn|twere|twill|twon|twould|twouldn|taint|tain|em|n|nuff|nough|strewth|cause|cos|coz|til|bout|gainst|neath|twixt|mongst|midst|prentice|pon|scuse|spect|fraid|nother|im)(?![\p{L}])/iu;

/**
 * Clipped words that are an apostrophe in lowercase only (capitalised, some are words a quotation may open with:
 * `'Is it so?'`, `'Ere long'`): the dropped `h` of dialect (Kipling, Twain, Stevenson), `'d`, `'un` (one), `'most`.
 */
const LOWER_ELISION =
  /^(?:e|er|is|ave|avin|ad|adn|ere|ow|ome|alf|arf|ead|eart|eard|ear|elp|isself|erself|imself|ole|d|un|uns|most|long|lowed|tend|thout|deed|fore|sides|stead|course|member|xcept|cept|bacco|gin)(?![\p{L}])/u;

/** Capitalised dialect words at a line start (`'E`, `'Is`, `'Ave` of pg2819): apostrophes unless a quote closes them. */
const CAPITAL_DIALECT = /^(?:E|Er|Is|As|Im|Ave|Ad|Ere|Ow|Ome|Ole|Alf|Arf|Ead|Eart|Ear|Elp|Ell|Eaven|Eavy)(?![\p{L}])/u;

const OPENING_CONTEXT = /[\s([{“‘—–\-/]/u;

/** Before a closing quote: punctuation, a closing bracket or quote, the `_` or `*` of emphasis. */
const BEFORE_CLOSING = /[.,!?;:…—–\-)\]}_*”"’'»]/u;

/** A word that ends clipped, whose `'` is an apostrophe and no closing quote (`an'`, `o'`, `th'`, `goin'`, `de'`). */
const CLIPPED_END = /^(?:\p{L}*in|an|o|th|wi|tho|thro|a|i|yo|ha|un|fo|wa|gi|ol|tha|ye|de|po|ne|co|da|que|qu|su|l|d|t|n|ma|pa)$/iu;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** What a single quote at a place is: an apostrophe, a sure opening, an opening that a closing must confirm, a closing. */
type SingleKind = 'apostrophe' | 'dialect' | 'open' | 'candidate' | 'close' | 'weakClose' | 'other';

/** A single quote of the paragraph being read, with what it becomes when it opens and when it does not. */
interface Single {
  at: number;
  kind: SingleKind;
  /** The character the source has there (`'`, `‘` or `’`). */
  source: string;
  /** The word after an opening candidate, lower case (`eathen`, `awkins`); a dialect word of the lists has none. */
  word?: string;
}

/**
 * Whether the `'` or `’` at `i` (not followed by a letter or digit) closes a quotation: `'close'`, `'weakClose'`
 * after a plural possessive's `s` (it closes only an opening close before it), else `'other'`.
 */
function closesAt(text: string, i: number, lineStart: number, lineEnd: number): SingleKind {
  if (i === lineStart) return 'other';
  const next = i + 1 < lineEnd ? text[i + 1]! : '';
  if (next !== '' && LETTER_OR_DIGIT.test(next)) return 'other';
  const prev = text[i - 1]!;
  if (BEFORE_CLOSING.test(prev)) return 'close';
  if (!LETTER.test(prev)) return 'other';
  let from = i - 1;
  while (from > lineStart && LETTER.test(text[from - 1]!)) from--;
  const word = text.slice(from, i);
  if (CLIPPED_END.test(word)) return 'other';
  // `the soldiers' wives`: a plural possessive before a space.
  return /s$/i.test(word) && (next === ' ' || next === '\t') ? 'weakClose' : 'close';
}

/**
 * The kind of the single quote `ch` (`'`, `‘` or `’`) at `text[i]`; `opensHere` says whether the character before
 * it is an opening context (the start of the line, a space, a bracket, an opening quote).
 */
function singleKind(text: string, i: number, lineStart: number, lineEnd: number, opensHere: boolean): SingleKind {
  const ch = text[i]!;
  const prev = i > lineStart ? text[i - 1]! : '';
  const next = i + 1 < lineEnd ? text[i + 1]! : '';
  if (ch === '’') return closesAt(text, i, lineStart, lineEnd);
  if (ch === "'" && LETTER_OR_DIGIT.test(prev) && LETTER_OR_DIGIT.test(next)) return 'apostrophe';
  if (opensHere && next !== '' && !/\s/.test(next)) {
    const rest = text.slice(i + 1, Math.min(lineEnd, i + 16));
    if (ch === "'" && /^\d{2}(?!\d)/.test(rest)) return 'apostrophe';
    if (ELISION.test(rest)) return ch === '‘' && /^\p{Lu}/u.test(rest) ? 'candidate' : 'apostrophe';
    if (LOWER_ELISION.test(rest)) return 'dialect';
    // A capitalised word right after a word of the sentence (`Bill 'Awkins`), not after its punctuation or at a line
    // start, where quotations open.
    const midSentence = prev === ' ' && i - 2 >= lineStart && LETTER.test(text[i - 2]!) && /^\p{Lu}/u.test(rest);
    if (/^\p{Ll}/u.test(rest) || CAPITAL_DIALECT.test(rest) || midSentence) return 'candidate';
    return 'open';
  }
  if (ch === '‘') return 'other';
  return closesAt(text, i, lineStart, lineEnd);
}

/** How far (characters) a plural possessive's `s'` may be from the opening it closes (`'Ranz des Vaches'`). */
const WEAK_CLOSE_REACH = 40;

/**
 * Pairs the single quotes of one paragraph: a closing quote takes the latest sure opening still open (quotations
 * nest: `'He said, 'Go!' and left.'`), else the earliest candidate opened since the closing quote before
 * (`'the 'orses are 'ungry.'` closes `'the`, the clipped words after it being apostrophes). A candidate that
 * reopens a quotation after its attribution (`'I have only one thing,' he said, 'which weighs ...`, pg2097), or a
 * lowercase dialect word that does (`'What I see,' answered Sancho, 'is nothing but ...`, pg145), is a sure opening. A `s'` before a space closes only an opening close before it (`'Ranz des Vaches'`), else it is a
 * plural possessive.
 * @returns the positions of the candidate openings that a closing quote confirmed.
 */
function confirmedOpenings(text: string, singles: readonly Single[]): Set<number> {
  const confirmed = new Set<number>();
  const sure: Single[] = [];
  let candidates: Single[] = [];
  let last: Single | undefined;
  for (const s of singles) {
    const opening = s.kind === 'candidate' || s.kind === 'dialect';
    if (opening && last?.kind === 'close' && reopens(text.slice(last.at + 1, s.at))) {
      confirmed.add(s.at);
      sure.push(s);
    } else if (s.kind === 'open') sure.push(s);
    else if (opening) candidates.push(s);
    else if (s.kind === 'close' || s.kind === 'weakClose') {
      const top = sure[sure.length - 1];
      const reach = s.kind === 'weakClose' ? WEAK_CLOSE_REACH : Infinity;
      if (top && s.at - top.at <= reach) sure.pop();
      else if (!top || s.kind === 'weakClose') {
        // The earliest candidate in reach, a dialect word (`'is`, `'ere`) only when no other is.
        const inReach = candidates.filter((c) => s.at - c.at <= reach);
        // (after punctuation only: `the 'ole command ... dam' sweeps`, pg2819, closes nothing).
        const afterPunctuation = BEFORE_CLOSING.test(text[s.at - 1]!);
        const taken = inReach.find((c) => c.kind === 'candidate') ?? (afterPunctuation ? inReach[0] : undefined);
        if (!taken) continue;
        confirmed.add(taken.at);
        candidates = [];
      }
    }
    last = s;
  }
  return confirmed;
}

/** How long an attribution between two parts of one quotation may be (pg11: `said Alice to herself, as she ...`). */
const ATTRIBUTION_REACH = 100;

/** The text between a closing quote and the next opening is an attribution: `he said, `, `says he: `. */
function reopens(between: string): boolean {
  return between.length <= ATTRIBUTION_REACH && !/[.!?]/.test(between) && /[,:;—–-]\s*$/.test(between);
}

/** What the single quote `s` becomes, or undefined when it stays; `confirmed` from {@link confirmedOpenings}. */
function curlSingle(s: Single, confirmed: ReadonlySet<number>): string | undefined {
  let curled: string;
  if (s.kind === 'open') curled = '‘';
  else if (s.kind === 'candidate' || s.kind === 'dialect') curled = confirmed.has(s.at) ? '‘' : '’';
  else if (s.kind !== 'other') curled = '’';
  else curled = s.source === "'" ? '’' : s.source;
  return curled === s.source ? undefined : curled;
}

/** The quotes the pass reads. */
const QUOTE = /["'‘’]/g;

/** A heading line's trailing attribute block (`{.part author="Name"}`), as the Markdown parser reads it. */
const HEADING_ATTRIBUTES = /^#{1,6} .*?(\{[^{}]*\})[ \t]*$/;

/** Where the attribute block of the heading line `line` begins (offset in the line), or -1 when it has none. */
function attributeBlockStart(line: string): number {
  const m = HEADING_ATTRIBUTES.exec(line);
  return m ? m[0].lastIndexOf(m[1]!) : -1;
}

/** Words of the book per clipped word (`'tis`, `'em`, `'e`) above which the book is not written in dialect. */
const DIALECT_DENSITY = 1000;

/** Words of `text`, roughly: its spaces and line breaks. */
function roughWordCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10) n++;
  }
  return n;
}

/** The run of letters that starts at `i`. */
function wordAt(text: string, i: number): string {
  let end = i;
  while (end < text.length && LETTER.test(text[end]!)) end++;
  return text.slice(i, end);
}

/** A blank line between `from` and `to`: the paragraph (or stanza) changed. */
const BLANK_LINE = /\n[ \t]*\n/;

function curlQuotes(text: string, ctx: PassContext): string {
  if (!text.includes('"') && !text.includes("'") && !text.includes('‘')) return text;
  // The quotes are found in the whole text and the text is copied in slices between those that change (a book
  // is not split into its lines, most of which have none). Single quotes wait until their paragraph ends, when
  // the closing quotes that confirm its openings are known, and the book's words, which tell a clipped word.
  const changes: Array<[number, string]> = [];
  const paragraphs: Single[][] = [];
  let paragraph: Single[] = [];
  const endParagraph = (): void => {
    if (paragraph.length > 0) paragraphs.push(paragraph);
    paragraph = [];
  };
  const clippedUses = new Map<string, number>();
  let clipped = 0;
  let lineStart = 0;
  let lineEnd = -1;
  let attributesFrom = -1;
  /** Where the last `"` was and whether it opened, so a `'` right after an opening `"` opens too. */
  let lastDouble = -1;
  let lastDoubleOpened: boolean = false;
  QUOTE.lastIndex = 0;
  for (let m = QUOTE.exec(text); m !== null; m = QUOTE.exec(text)) {
    const i = m.index;
    if (i > lineEnd) {
      const previousEnd = lineEnd;
      lineStart = text.lastIndexOf('\n', i) + 1;
      if (previousEnd >= 0 && BLANK_LINE.test(text.slice(previousEnd, lineStart))) endParagraph();
      lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) lineEnd = text.length;
      const start = text[lineStart] === '#' ? attributeBlockStart(text.slice(lineStart, lineEnd)) : -1;
      attributesFrom = start < 0 ? -1 : lineStart + start;
    }
    if (attributesFrom >= 0 && i >= attributesFrom) continue;
    const ch = text[i]!;
    const prev = i > lineStart ? text[i - 1]! : '';
    const opensHere: boolean = prev === '' || OPENING_CONTEXT.test(prev) || (prev === '"' && lastDouble === i - 1 && lastDoubleOpened);
    if (ch === '"') {
      const next = i + 1 < lineEnd ? text[i + 1]! : '';
      lastDouble = i;
      lastDoubleOpened = opensHere && next !== '' && !/\s/.test(next);
      changes.push([i, lastDoubleOpened ? '“' : '”']);
      continue;
    }
    const kind = singleKind(text, i, lineStart, lineEnd, opensHere);
    const single: Single = { at: i, kind, source: ch };
    if (i + 1 < lineEnd && LETTER.test(text[i + 1]!)) {
      // Every clipped use of a word (`'eathen`, `‘eathen`, `a’sclusively`), so that its uses as written can be told
      // apart.
      const word = wordAt(text, i + 1).toLowerCase();
      clippedUses.set(word, (clippedUses.get(word) ?? 0) + 1);
      if (kind === 'candidate' && !CAPITAL_DIALECT.test(text.slice(i + 1, i + 8))) single.word = word;
    }
    if (opensHere && i + 1 < lineEnd) {
      const rest = text.slice(i + 1, Math.min(lineEnd, i + 16));
      if (ELISION.test(rest) || LOWER_ELISION.test(rest)) clipped++;
    }
    paragraph.push(single);
  }
  endParagraph();
  // A candidate that no closing quote confirms is an apostrophe when the word after it is not a word of the book
  // as written (`'eathen`, `'sclusively`), and an opening the source left unclosed when it is (`sectaries
  // 'violently and passionately set upon opposition.`, pg2680, closes nowhere).
  const wanted = new Set<string>();
  for (const list of paragraphs) for (const s of list) if (s.word !== undefined) wanted.add(s.word);
  const counts = wanted.size > 0 ? countWordsOf(text, wanted) : new Map<string, number>();
  // A book that writes dialect (a clipped word at least every DIALECT_DENSITY words: Kipling, Twain) clips
  // real words too (`'and` for hand, `'a'` for have), and its unconfirmed candidates are all apostrophes.
  const dialect = clipped * DIALECT_DENSITY >= roughWordCount(text);
  const bookWord = (w: string): boolean => !dialect && (counts.get(w) ?? 0) > (clippedUses.get(w) ?? 0);
  for (const list of paragraphs) {
    const confirmed = confirmedOpenings(text, list);
    for (const s of list) {
      if (s.kind === 'candidate' && s.word !== undefined && !confirmed.has(s.at) && bookWord(s.word)) confirmed.add(s.at);
      const curled = curlSingle(s, confirmed);
      if (curled !== undefined) changes.push([s.at, curled]);
    }
  }
  if (changes.length === 0) return text;
  changes.sort((a, b) => a[0] - b[0]);
  ctx.count(changes.length);
  const parts: string[] = [];
  let copied = 0;
  for (const [at, curled] of changes) {
    parts.push(text.slice(copied, at), curled);
    copied = at + 1;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

export const curlQuotesPass: CleanPass = {
  id: 'quotesCurled',
  label: 'Straight quotes and apostrophes curled',
  run: curlQuotes,
};
