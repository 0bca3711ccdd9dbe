/**
 * Letters: the dateline, salutation and signature of a unit that is a letter (an epistolary chapter,
 * `Letter 1` of Frankenstein).
 *
 * Conventions (Chicago Manual 13.40 on letters set in text; Standard Ebooks' semantics for letters,
 * `z3998:salutation`, `se:letter.dateline`, `z3998:signature`):
 * - the head of a letter is its first short paragraphs: an address or salutation (`To Mrs. Saville,
 *   England.`, `My dear Sister,`) and a dateline (`St. Petersburgh, Dec. 11th, 17—.`);
 * - the foot is a valediction and a name (`Your affectionate brother,` / `R. Walton`), or a name or
 *   initials alone (`R.W.`), as the last paragraphs of the letter;
 * - a journal kept inside a letter restarts with datelines of their own (`August 5th, 17—.`).
 * A unit is a letter when its title says so (`Letter 1`, `LETTER IV`) or when its head has both a
 * salutation and a dateline; nothing is marked elsewhere, so a novel's short paragraphs stay text.
 */

/** A block of a unit: a plain paragraph's single line, or the lines of a verse container. */
export interface LetterBlockInput {
  /** The paragraph's text (one line); undefined for other blocks. */
  line?: string;
  /** Lines of a two-line verse container (valediction + name kept line by line by the verse pass). */
  verseLines?: readonly string[];
}

/** Role found for a block. `signature` may cover two blocks (valediction, name). */
export type LetterRole = 'dateline' | 'salutation' | 'signature' | undefined;

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const DAY = '\\d{1,2}(?:st|nd|rd|th|d)?';
/** `Dec. 11th`, `28th March`, `March 18th, 17—`, `1st of May`. */
const DATE = new RegExp(`(?:\\b${MONTH}\\s+${DAY}\\b|\\b${DAY}\\s+(?:of\\s+)?${MONTH}(?:\\s|,|$))`);
/** A year, or a year the author hid (`17—`, `18—`). */
const YEAR = /\b1[0-9]{3}\b|\b1[0-9]\s?[—–-]/;

const SALUTATION = /^_?(?:To|Dear|Dearest|My\s+(?:dear|dearest|beloved|own)|Sir|Madam|Gentlemen)\b/;
const VALEDICTION = /^_?(?:Your|Yours|Ever|Most|Believe|Affectionately|Adieu|Farewell|Sincerely|Faithfully|Truly|Thine)\b.{0,50},_?$/i;

function strip(s: string): string {
  return s.trim().replace(/^_(.*)_$/, '$1');
}

/** True for a dateline: short, holds a date (day and month, or a year), no more than 9 words. */
export function isDateline(line: string): boolean {
  const s = strip(line);
  if (s.length > 60 || s.split(/\s+/).length > 9) return false;
  if (!/[.,]?$/.test(s) || /[!?;:]$/.test(s)) return false;
  return DATE.test(s) || (YEAR.test(s) && /,/.test(s));
}

/** True for an address or salutation heading a letter (`To Mrs. Saville, England.`, `My dear Sister,`). */
export function isSalutation(line: string): boolean {
  const s = strip(line);
  return s.length <= 80 && SALUTATION.test(s) && /[,.:!]$/.test(s) && !/[?]/.test(s);
}

/** True for a name or initials closing a letter (`R. Walton`, `R.W.`, `Elizabeth Lavenza.`). */
export function isSignatureName(line: string): boolean {
  const s = strip(line);
  if (s.length > 40 || s.length < 2) return false;
  return /^(?:\p{Lu}[\p{L}'’-]*\.?\s?){1,4}$/u.test(s);
}

/** True for a valediction line (`Your affectionate brother,`). */
export function isValediction(line: string): boolean {
  return VALEDICTION.test(line.trim());
}

/** Blocks of the head of a letter that are looked at. */
const HEAD_BLOCKS = 3;

/**
 * Roles of the blocks of one unit. `isLetterTitle`: the unit's heading names it a letter.
 * Returns one role per block (undefined for text). Pure; never throws.
 */
export function detectLetterRoles(blocks: readonly LetterBlockInput[], isLetterTitle: boolean): LetterRole[] {
  const roles: LetterRole[] = blocks.map(() => undefined);
  let salutation = false;
  let dateline = false;
  for (let i = 0; i < Math.min(HEAD_BLOCKS, blocks.length); i++) {
    const line = blocks[i]!.line;
    if (line === undefined) break;
    if (isDateline(line)) {
      roles[i] = 'dateline';
      dateline = true;
    } else if (isSalutation(line)) {
      roles[i] = 'salutation';
      salutation = true;
    } else break;
  }
  if (!isLetterTitle && !(salutation && dateline)) return blocks.map(() => undefined);
  // Later datelines: a journal inside the letter.
  for (let i = 0; i < blocks.length; i++) {
    const line = blocks[i]!.line;
    if (roles[i] === undefined && line !== undefined && isDateline(line) && strip(line).length <= 40) roles[i] = 'dateline';
  }
  // The foot: a verse container `valediction / name`, or a name after an optional valediction.
  const last = blocks.length - 1;
  const end = blocks[last];
  if (!end) return roles;
  if (end.verseLines && end.verseLines.length === 2 && isValediction(end.verseLines[0]!) && isSignatureName(end.verseLines[1]!)) {
    roles[last] = 'signature';
  } else if (end.line !== undefined && (isSignatureName(end.line) || isValediction(end.line)) && roles[last] === undefined) {
    roles[last] = 'signature';
    const prev = blocks[last - 1];
    if (prev?.line !== undefined && isValediction(prev.line) && roles[last - 1] === undefined) roles[last - 1] = 'signature';
  }
  return roles;
}
