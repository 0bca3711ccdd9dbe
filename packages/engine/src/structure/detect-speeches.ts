/**
 * Plays set as prose paragraphs: which paragraphs are speeches, who speaks, and which are stage
 * directions.
 *
 * Project Gutenberg prints a play's dialogue as one paragraph per speech that opens with the speaker's
 * name and a full stop (`Algernon.  Did you hear what I was playing, Lane?`, `LADY BRACKNELL.  Good
 * afternoon`), and stage directions as paragraphs in square brackets (`[Enter Lane.]`), the layout of
 * the printed editions it transcribes (Wilde's Methuen edition; Chicago Manual 13.45 on drama). A book is
 * read as a play only when such openings are common: at least {@link MIN_SHARE} of its paragraphs start
 * with a name that opens at least {@link MIN_SPEECHES} paragraphs, and at least two different names do.
 * A novel's paragraphs that start `Yes.` or `Well.` never come near that share.
 *
 * Checklist:
 * - [X] speaker + full stop at the start of a paragraph, mixed case or capitals, up to three words
 * - [X] bracketed paragraphs as stage directions (in a play only)
 * - [ ] speaker names centred on a line of their own above verse (Faust): left as verse
 */
import { leadingWhiteSpace } from './whitespace.ts';

/** A paragraph of the cleaned text: its one line (already unwrapped) or an existing speech's speaker. */
export interface SpeechInput {
  /** The paragraph's text, or undefined for blocks that are not plain paragraphs. */
  line?: string;
  /** Speaker of a speech container already in the text (cleanup run on its own output). */
  speaker?: string;
}

/** What one paragraph is in a play. */
export type SpeechMark = { kind: 'speech'; speaker: string; text: string } | { kind: 'stage' } | undefined;

/** Share of paragraphs that must open with a recurring speaker name for the book to be a play. */
export const MIN_SHARE = 0.3;
/** Paragraphs a name must open to count as a speaker. */
export const MIN_SPEECHES = 3;

/** Abbreviations that end in a full stop but are not a speaker (`Mr. Worthing is ...`). */
const TITLES = /^(?:Mr|Mrs|Ms|Dr|St|Rev|Capt|Col|Gen|Lieut|Sir|Prof|Hon|No|Vol|Ch|Fig|Vide|Viz|Ibid|Etc)$/i;
/** One word of a name: a capital, then letters, apostrophes or hyphens. */
const NAME_WORD = "\\p{Lu}[\\p{L}'’-]*";
/** `Name.` / `Lady Bracknell.` / `LADY BRACKNELL.` + at least one space + the speech. */
const OPENING = new RegExp(`^((?:${NAME_WORD} ){0,2}${NAME_WORD})\\.\\s+(\\S.*)$`, 'u');

/** The speaker and the rest of a paragraph that opens like a speech, or undefined. */
export function speechOpening(line: string): { speaker: string; text: string } | undefined {
  // A speech opens with a capital: an ASCII character other than `A`-`Z` first (a quotation mark, a lower-case
  // letter) is none, which spares most paragraphs of a novel the regex.
  const first = line.charCodeAt(leadingWhiteSpace(line));
  if (first < 128 && (first < 65 || first > 90)) return undefined;
  const m = OPENING.exec(line.trim());
  if (!m) return undefined;
  const speaker = m[1]!;
  if (TITLES.test(speaker) || speaker.length < 2) return undefined;
  return { speaker, text: m[2]! };
}

/** True for a paragraph that is all one bracketed direction: `[Enter Lane.]`, `[Exit.]`. */
export function isStageDirection(line: string): boolean {
  const s = line.trim();
  return /^\[[^\]]*\]$/.test(s) || /^\[[^[\]]*\]\s*\[[^[\]]*\]$/.test(s);
}

/**
 * Marks the speeches and stage directions of a play; returns one entry per input (undefined for
 * paragraphs that are neither), or all undefined when the book is not a play. Pure; never throws.
 */
export function detectSpeeches(paragraphs: readonly SpeechInput[]): SpeechMark[] {
  const counts = new Map<string, number>();
  const openings = paragraphs.map((p) => (p.line === undefined ? undefined : speechOpening(p.line)));
  let total = 0;
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    const name = p.speaker ?? openings[i]?.speaker;
    if (p.line !== undefined || p.speaker !== undefined) total++;
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const speakers = new Set([...counts].filter(([, n]) => n >= MIN_SPEECHES).map(([name]) => name));
  let speeches = 0;
  for (const [name, n] of counts) if (speakers.has(name)) speeches += n;
  const none = paragraphs.map((): SpeechMark => undefined);
  if (speakers.size < 2 || total === 0 || speeches / total < MIN_SHARE) return none;
  return paragraphs.map((p, i) => {
    if (p.line === undefined) return undefined;
    const opening = openings[i];
    if (opening && speakers.has(opening.speaker)) return { kind: 'speech', ...opening };
    if (isStageDirection(p.line)) return { kind: 'stage' };
    return undefined;
  });
}
