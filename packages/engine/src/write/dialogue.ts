/**
 * Dialogue punctuation in every writer (layout `dialogueFormat`, spec `dialogueFormat`): only the double
 * quotation marks that open and close speech change, never a word. Single quotation marks are left alone,
 * because the same character (’) is also the apostrophe.
 */
import type { DialogueFormat } from '../layout/layout.ts';

/** Double quotation marks of every convention the cleanup keeps: English “ ”, German „ “ and » «, French « », straight ". */
const DOUBLE_QUOTES = new Set(['"', '“', '”', '„', '«', '»']);

/** Characters after which a quotation mark opens a quotation rather than closing one. */
const OPENS_AFTER = /[\s([{\u2014\u2013/]/u;
/** Characters that may follow a closing quotation mark. */
const CLOSES_BEFORE = /[\s,.;:!?)\]}\u2014\u2013]/u;
/** Spaces that may sit inside quotation marks (French puts a no-break space inside guillemets). */
const INNER_SPACE = /[ \u00a0\u202f\u2009]/u;

/** No-break thin space (U+202F) that French typography puts inside guillemets (Imprimerie nationale, Lexique des règles typographiques). */
const NARROW_NBSP = '\u202f';
/** No-break space that keeps minimal dialogue's em dash with the first word of the speech. */
const NBSP = '\u00a0';

/**
 * Whether the quotation mark at `index` of `text` opens a quotation. „ always opens and ” always closes; “, "
 * and the guillemets are judged by their neighbours, because “ opens in English and closes in German („…“) and
 * » opens in German (»…«) and closes in French: a mark opens at the start or after a space, bracket or dash
 * when a word follows, and closes after a word when a space, punctuation or the end follows. A guillemet with
 * spaces on both sides (French « mot ») keeps the French sense.
 */
function opens(text: string, index: number): boolean {
  const mark = text[index]!;
  if (mark === '„') return true;
  if (mark === '”') return false;
  const before = text[index - 1] ?? '';
  const after = text[index + 1] ?? '';
  const openBefore = before === '' || OPENS_AFTER.test(before);
  const wordAfter = after !== '' && !CLOSES_BEFORE.test(after);
  if (openBefore && wordAfter) return true;
  if (!openBefore) return false;
  return mark === '«';
}

/**
 * `text` with its dialogue punctuation in the layout's format (layout.ts, {@link DialogueFormat}):
 * - `standard`: unchanged;
 * - `french`: « and » with a no-break thin space inside (U+202F), replacing any space already there;
 * - `minimal`: an em dash and a no-break space open each speech; closing quotation marks are dropped with
 *   any space inside them (the convention of Joyce's Ulysses and of Gaddis).
 * Input: plain text (not markup). Never throws.
 */
export function formatDialogue(text: string, format: DialogueFormat): string {
  if (format === 'standard') return text;
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (!DOUBLE_QUOTES.has(ch)) {
      out += ch;
      continue;
    }
    if (opens(text, i)) {
      out += format === 'french' ? `«${NARROW_NBSP}` : `\u2014${NBSP}`;
      while (INNER_SPACE.test(text[i + 1] ?? '')) i += 1;
    } else {
      out = out.replace(/[ \u00a0\u202f\u2009]+$/u, '');
      if (format === 'french') out += `${NARROW_NBSP}»`;
    }
  }
  return out;
}
