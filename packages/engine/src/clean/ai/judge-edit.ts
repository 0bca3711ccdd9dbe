/**
 * The optional AI cleanup pass, step 3: decide whether the model's version of a paragraph is a
 * character-level correction (accepted) or a rewrite of the author (refused). Cleanup changes
 * formatting and misread characters, never content (issue 3, "AI cleanup, optional"), so the rules
 * are strict and every one of them must hold:
 *
 * 1. Shape: the answer is one paragraph (no line break) that Markdown still reads as a plain paragraph,
 *    and it keeps every markup character (`_ * [ ] \ \` < > # |`) and the footnote references in order:
 *    emphasis, notes and escapes are the editor's, not the model's.
 * 2. Characters: Levenshtein distance <= max(3, ceil(8% of the paragraph's length)). The ICDAR 2017
 *    post-OCR competition's English monographs (corpus `ocr/icdar2017-...tsv`) have a median character
 *    error rate of 5.3%, so 8% admits typical OCR damage and refuses anything longer than a few words.
 * 3. Words: the number of words changes by at most max(1, ceil(3% of the words)): joining a word split
 *    by the scan (`sud den`) or splitting two run together (`tothe`) changes the count by one each.
 * 4. Spelling: in a word-by-word diff, every run of replaced words must be a near-spelling of the run
 *    it replaces (their letters, lower-cased and without punctuation, differ by at most
 *    max(1, floor(30% of the longer run's letters)), after folding the letter groups OCR confuses, such
 *    as `rn`/`m` and `li`/`h`): `tbe` -> `the`, `tliat` -> `that`, `princefs` -> `princess` and
 *    `sud den` -> `sudden` pass; `big` -> `large` and `cold` -> `warm` do not. Numbers are never changed (`1835` -> `1853`),
 *    no word is added, and a word is removed only when it is scan debris (`~Fc~`, `|`).
 */
import { boundedEditDistance } from './edit-distance.ts';
import { isProseParagraph } from './plan-chunks.ts';

/** The bounds of the rules above, in one place (see the module comment for their sources). */
export const AI_EDIT_BOUNDS = {
  /** Rule 2: character edits allowed = max(minCharEdits, ceil(charEditRatio * paragraph length)). */
  charEditRatio: 0.08,
  minCharEdits: 3,
  /** Rule 3: word-count change allowed = max(minWordDelta, ceil(wordDeltaRatio * words)). */
  wordDeltaRatio: 0.03,
  minWordDelta: 1,
  /** Rule 4: a replaced run of words may differ by max(1, floor(spellingRatio * letters)) letters. */
  spellingRatio: 0.3,
} as const;

/** Why an edit was refused. */
export type AiEditRejection =
  | 'empty'
  | 'structure'
  | 'markup'
  | 'too-many-changes'
  | 'word-count'
  | 'word-replaced'
  | 'number-changed'
  | 'word-added'
  | 'word-removed';

/**
 * The judgement of one edited paragraph.
 * - `unchanged`: the answer equals the paragraph (after trimming surrounding spaces);
 * - `accepted`: a character-level correction; `text` is what to store, `distance` its character edits;
 * - `rejected`: a rewrite; `reason` names the rule it broke.
 */
export type AiEditVerdict =
  | { verdict: 'unchanged' }
  | { verdict: 'accepted'; text: string; distance: number }
  | { verdict: 'rejected'; reason: AiEditRejection };

/** Markup characters that must survive in the same number (rule 1). */
const MARKUP_CHARS = /[_*[\]\\`<>#|]/g;
const FOOTNOTE_REF = /\[\^[^\]\s]+\]/g;
/** Characters of ordinary prose; a token with any other character is scan debris when it disappears. */
const PROSE_CHAR = /^[\p{L}\p{N}\p{M}.,;:!?'"’‘“”«»()\-—–_*\\]$/u;

interface Token {
  raw: string;
  /** NFKC, lower case, letters and digits only (so `ﬁ`/`fi`, `ſ`/`s` and punctuation fixes are equal). */
  norm: string;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const raw of text.split(/\s+/)) {
    const norm = raw.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    if (norm !== '') out.push({ raw, norm });
  }
  return out;
}

function markupSignature(text: string): string {
  return (text.match(FOOTNOTE_REF) ?? []).join('') + '|' + (text.match(MARKUP_CHARS) ?? []).sort().join('');
}

function isDebris(raw: string): boolean {
  return [...raw].some((ch) => !PROSE_CHAR.test(ch)) || (/\p{L}/u.test(raw) && /\p{N}/u.test(raw));
}

/**
 * Word-level diff (longest common subsequence of normalised words, common prefix and suffix first):
 * the runs of removed and added words between words both texts share, in order.
 */
function diffRuns(a: Token[], b: Token[]): { removed: Token[]; added: Token[] }[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start]!.norm === b[start]!.norm) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1]!.norm === b[endB - 1]!.norm) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  const n = x.length;
  const m = y.length;
  // lcs[i * (m + 1) + j]: LCS length of x[i..] and y[j..].
  const lcs = new Int32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        x[i]!.norm === y[j]!.norm
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const runs: { removed: Token[]; added: Token[] }[] = [];
  let run = { removed: [] as Token[], added: [] as Token[] };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i]!.norm === y[j]!.norm) {
      if (run.removed.length + run.added.length > 0) runs.push(run);
      run = { removed: [], added: [] };
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!)) {
      run.removed.push(x[i++]!);
    } else {
      run.added.push(y[j++]!);
    }
  }
  if (run.removed.length + run.added.length > 0) runs.push(run);
  return runs;
}

/** Rule 4 for one run of the diff; null when it passes. */
function judgeRun(run: { removed: Token[]; added: Token[] }): AiEditRejection | null {
  if (run.removed.length === 0) return 'word-added';
  if (run.added.length === 0) return run.removed.every((t) => isDebris(t.raw)) ? null : 'word-removed';
  const before = run.removed.map((t) => t.norm).join('');
  const after = run.added.map((t) => t.norm).join('');
  if (/^\d+$/.test(before) && /^\d+$/.test(after)) return 'number-changed';
  const a = foldOcrShapes(before);
  const b = foldOcrShapes(after);
  const allowed = Math.max(1, Math.floor(AI_EDIT_BOUNDS.spellingRatio * Math.max(a.length, b.length)));
  return boundedEditDistance(a, b, allowed) <= allowed ? null : 'word-replaced';
}

/**
 * Letter groups that OCR reads as one another, folded to one spelling so that each misreading costs one
 * edit: `rn`/`m` (modern/modem), `li`/`h` (tliat), `cl`/`d`, `vv`/`w`, `ii`/`u`, and digits read for
 * letters (`1` for l or I, `0` for o, `5` for s). Both sides are folded, so real words are unaffected.
 */
function foldOcrShapes(word: string): string {
  return word
    .replace(/rn/g, 'm')
    .replace(/li/g, 'h')
    .replace(/cl/g, 'd')
    .replace(/vv/g, 'w')
    .replace(/ii/g, 'u')
    .replace(/1/g, 'l')
    .replace(/0/g, 'o')
    .replace(/5/g, 's');
}

/**
 * Judges the model's version of one paragraph against the original (rules in the module comment).
 * @param original the paragraph as sent (one line, see {@link AiParagraph.text}).
 * @param edited the model's answer for it; surrounding whitespace is ignored.
 * @returns the verdict; `accepted.text` is NFC-normalised and trimmed. Never throws.
 */
export function judgeAiEdit(original: string, edited: string): AiEditVerdict {
  const before = original.normalize('NFC');
  const after = edited.normalize('NFC').trim();
  if (after === before.trim()) return { verdict: 'unchanged' };
  if (after === '') return { verdict: 'rejected', reason: 'empty' };
  if (/[\n\r]/.test(after) || !isProseParagraph([after])) return { verdict: 'rejected', reason: 'structure' };
  if (markupSignature(before) !== markupSignature(after)) return { verdict: 'rejected', reason: 'markup' };

  const maxEdits = Math.max(AI_EDIT_BOUNDS.minCharEdits, Math.ceil(AI_EDIT_BOUNDS.charEditRatio * before.length));
  const distance = boundedEditDistance(before, after, maxEdits);
  if (distance > maxEdits) return { verdict: 'rejected', reason: 'too-many-changes' };

  const a = tokenize(before);
  const b = tokenize(after);
  const maxWordDelta = Math.max(AI_EDIT_BOUNDS.minWordDelta, Math.ceil(AI_EDIT_BOUNDS.wordDeltaRatio * a.length));
  if (Math.abs(a.length - b.length) > maxWordDelta) return { verdict: 'rejected', reason: 'word-count' };
  for (const run of diffRuns(a, b)) {
    const reason = judgeRun(run);
    if (reason) return { verdict: 'rejected', reason };
  }
  return { verdict: 'accepted', text: after, distance };
}
