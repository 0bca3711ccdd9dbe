/**
 * Pass `ocrFixes`: characters and words that OCR of old print gets wrong in well-known ways.
 * - Always (they are typesetting, not spelling): the ligatures U+FB00-U+FB06 (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) become
 *   their letters, and the long s (ſ, U+017F) becomes s (Unicode's compatibility decompositions; Standard
 *   Ebooks modernises the long s the same way).
 * - Only where the book confirms it: a small table of classic confusions of 19th-century type (`h`/`b`,
 *   `li`/`h`, `u`/`n`: `tbe`, `tliat`, `aud`), applied when the right word is frequent in the book (at
 *   least {@link MIN_RIGHT} times) and the wrong one rare (at most 1 in {@link MAX_WRONG_RATIO} of the
 *   right one's uses), so that a book that really writes `aud` keeps it; and only in a text that shows OCR
 *   evidence, {@link MIN_DISTINCT_WRONG} different misreadings of the table or more (a proofread book's dialect
 *   `aud` comes alone). Case follows the wrong word (`Tbe` -> `The`). Count: characters and words fixed.
 */
import type { CleanPass, PassContext } from '../pass.ts';
import { countWordsOf, mapWords } from '../vocabulary.ts';

const LIGATURES: Record<string, string> = {
  '\ufb00': 'ff', '\ufb01': 'fi', '\ufb02': 'fl', '\ufb03': 'ffi', '\ufb04': 'ffl', '\ufb05': 'st', '\ufb06': 'st',
  '\u017f': 's',
};
const LIGATURE = /[\ufb00-\ufb06\u017f]/g;

/** Wrong reading -> right word (lowercase). */
const CONFUSIONS: Record<string, string> = {
  tbe: 'the', tlie: 'the', thc: 'the', tiie: 'the', tbat: 'that', tliat: 'that', thiat: 'that',
  aud: 'and', aad: 'and', tbis: 'this', tliis: 'this', wbich: 'which', wliich: 'which', whicli: 'which',
  wben: 'when', wlien: 'when', tbey: 'they', tliey: 'they', tbeir: 'their', tlieir: 'their', tbem: 'them',
  tliem: 'them', tbere: 'there', tliere: 'there', wbo: 'who', wlio: 'who', bave: 'have', liave: 'have',
  liis: 'his', bim: 'him', liim: 'him', witb: 'with', witli: 'with', wbat: 'what', wliat: 'what',
  liad: 'had', sbould: 'should', sliould: 'should', mucb: 'much', mucli: 'much',
  tbrough: 'through', tlirough: 'through', otber: 'other', otlier: 'other',
};

/** A wrong reading standing as a word of its own, in any case. */
const ANY_WRONG = new RegExp(`(?<![\\p{L}])(?:${Object.keys(CONFUSIONS).join('|')})(?![\\p{L}])`, 'iu');

/**
 * The same with ASCII letters for letters: it finds every match of {@link ANY_WRONG} in a text without the long s
 * (the only character besides ASCII letters that the `iu` flags read as a letter of a wrong reading; the Kelvin sign
 * is `k`, which none has), and a few more, at half the cost of the Unicode regex on a long book, which mostly has
 * none.
 */
const ANY_WRONG_ASCII = new RegExp(`(?<![A-Za-z])(?:${Object.keys(CONFUSIONS).join('|')})(?![A-Za-z])`, 'i');

/** The words whose counts decide: every wrong reading and every right word. */
const CONFUSION_WORDS: ReadonlySet<string> = new Set([...Object.keys(CONFUSIONS), ...Object.values(CONFUSIONS)]);

const MIN_RIGHT = 20;
/** Different misreadings of the table a text must hold to show OCR evidence (the three OCR books of the corpus hold 5 to 14). */
const MIN_DISTINCT_WRONG = 3;
const MAX_WRONG_RATIO = 50;

function matchCase(wrong: string, right: string): string {
  if (wrong === wrong.toUpperCase() && wrong.length > 1) return right.toUpperCase();
  if (wrong[0] === wrong[0]!.toUpperCase()) return right[0]!.toUpperCase() + right.slice(1);
  return right;
}

function fixOcrConfusions(text: string, ctx: PassContext): string {
  let fixed = 0;
  let out = text.replace(LIGATURE, (ch) => {
    fixed++;
    return LIGATURES[ch]!;
  });
  if (!ANY_WRONG_ASCII.test(out) || !ANY_WRONG.test(out)) {
    if (fixed > 0) ctx.count(fixed);
    return fixed > 0 ? out : text;
  }
  // Only the words that decide are counted (strings are made only for words shaped like them).
  const counts = countWordsOf(out, CONFUSION_WORDS);
  // OCR evidence: a scan misreads the same type in several ways; a proofread book that writes dialect `aud` has no
  // `tbe`, `tlie` and `witli` beside it (issue 33). Below MIN_DISTINCT_WRONG readings, the words are the author's.
  const distinctWrong = Object.keys(CONFUSIONS).filter((wrong) => (counts.get(wrong) ?? 0) > 0).length;
  if (distinctWrong < MIN_DISTINCT_WRONG) {
    if (fixed > 0) ctx.count(fixed);
    return fixed > 0 ? out : text;
  }
  const apply = new Map<string, string>();
  for (const [wrong, right] of Object.entries(CONFUSIONS)) {
    const w = counts.get(wrong) ?? 0;
    const r = counts.get(right) ?? 0;
    if (w > 0 && r >= MIN_RIGHT && w * MAX_WRONG_RATIO <= r) apply.set(wrong, right);
  }
  if (apply.size > 0) {
    out = mapWords(out, (word) => {
      const right = apply.get(word.toLowerCase());
      if (!right) return word;
      fixed++;
      return matchCase(word, right);
    });
  }
  if (fixed === 0) return text;
  ctx.count(fixed);
  return out;
}

export const fixOcrConfusionsPass: CleanPass = {
  id: 'ocrFixes',
  label: 'OCR misreadings fixed (ligatures, long s, words like “tbe”) where the book confirms them',
  run: fixOcrConfusions,
};
