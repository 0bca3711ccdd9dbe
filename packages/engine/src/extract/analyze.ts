/**
 * Text analysis for topic extraction: words of a text, lower-cased, stop words dropped, stemmed with the
 * Snowball stemmer of the book's language (`@orama/stemmers`: Snowball's English (Porter2), French, German,
 * Spanish and Italian algorithms; stop-word lists from `@orama/stopwords`, the Snowball project's lists).
 *
 * The same analyser reads the book and the topic, so "Forgiveness", "forgiving" and "forgive" meet on the
 * stem `forgiv`. Words are cut at anything that is not a letter, a mark or a digit: a hyphenated compound
 * (`Christmas-giving`) gives both words, and an apostrophe ends a word, so French and Italian elisions
 * (`l’amour`, `dell’anima`) give the noun, and English `God’s` gives `god` and a one-letter `s` that is dropped.
 */
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemFrench } from '@orama/stemmers/french';
import { stemmer as stemGerman } from '@orama/stemmers/german';
import { stemmer as stemItalian } from '@orama/stemmers/italian';
import { stemmer as stemSpanish } from '@orama/stemmers/spanish';
import { stopwords as stopEnglish } from '@orama/stopwords/english';
import { stopwords as stopFrench } from '@orama/stopwords/french';
import { stopwords as stopGerman } from '@orama/stopwords/german';
import { stopwords as stopItalian } from '@orama/stopwords/italian';
import { stopwords as stopSpanish } from '@orama/stopwords/spanish';

/** The languages analysed with a stemmer and a stop-word list (ISO 639-1). */
export type AnalyzedLanguage = 'en' | 'fr' | 'de' | 'es' | 'it';

/** `AnalyzedLanguage`, or `other` for a book in a language without a stemmer here: words are matched as written. */
export type TextLanguage = AnalyzedLanguage | 'other';

/**
 * The analysed language of a BCP 47 tag: its primary subtag when one of {@link AnalyzedLanguage}
 * (`en-GB` -> `en`), `en` when the tag is empty (a book without a language is taken as English, as
 * `BookMeta.language` defaults), else `other`.
 */
export function textLanguage(tag: string | undefined): TextLanguage {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === '') return 'en';
  return primary === 'en' || primary === 'fr' || primary === 'de' || primary === 'es' || primary === 'it' ? primary : 'other';
}

const STEMMERS: Record<AnalyzedLanguage, (word: string) => string> = {
  en: stemEnglish,
  fr: stemFrench,
  de: stemGerman,
  es: stemSpanish,
  it: stemItalian,
};

/**
 * Archaic English function words, frequent in the devotional and older texts Quire's users extract from
 * (the King James Bible's usage: `thee`, `thou`, `hath`, `unto`), missing from modern stop-word lists.
 */
const ARCHAIC_ENGLISH = ['thee', 'thou', 'thy', 'thine', 'ye', 'hath', 'hast', 'doth', 'dost', 'shalt', 'wilt', 'unto', 'upon', 'shall', 'would', 'could', 'may', 'might', 'must', 'also', 'yet', 'us', 'one', 'said', 'say', 'says', 'saith', 'let', 'even', 'thus', 'therefore', 'whom', 'whose', 'neither', 'nor', 'every', 'though', 'much', 'many', 'oh', 'canst', 'couldst', 'wouldst', 'shouldst', 'hadst', 'didst', 'wast', 'ere', 'thyself', 'hither', 'thither', 'whither', 'wherefore', 'whereby', 'wherein', 'therein', 'thereof', 'thereby', 'hence', 'thence', 'nay', 'yea', 'lo'];

const STOPWORDS: Record<AnalyzedLanguage, ReadonlySet<string>> = {
  en: new Set([...stopEnglish, ...ARCHAIC_ENGLISH]),
  fr: new Set(stopFrench),
  de: new Set(stopGerman),
  es: new Set(stopSpanish),
  it: new Set(stopItalian),
};

/** A word of a text: where it is (UTF-16 offsets, `end` exclusive) and the word as written. */
export interface WordToken {
  start: number;
  end: number;
  /** The word as written. */
  surface: string;
}

/**
 * Letters, combining marks and digits: a word. Everything else (spaces, punctuation, apostrophes, dashes) cuts. The one
 * definition of a word for the index, the query and the preview (global: use with `matchAll`).
 */
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Every word of `text` with its offsets, in order. */
export function wordTokens(text: string): WordToken[] {
  const out: WordToken[] = [];
  for (const m of text.matchAll(WORD)) out.push({ start: m.index, end: m.index + m[0].length, surface: m[0] });
  return out;
}

/**
 * The analyser of one language: `term(word)` is the index term of a word (lower-cased, stemmed), or
 * undefined for a stop word, a number or a one-letter word. Results are cached per written form, which
 * makes analysing a 580,000-word novel a matter of its ~20,000 distinct words.
 */
export class Analyzer {
  readonly language: TextLanguage;
  private readonly stem: (word: string) => string;
  private readonly stop: ReadonlySet<string>;
  private readonly cache = new Map<string, string | null>();

  constructor(language: TextLanguage) {
    this.language = language;
    this.stem = language === 'other' ? (w) => w : STEMMERS[language];
    this.stop = language === 'other' ? new Set() : STOPWORDS[language];
  }

  /** The index term of one word as written (`Forgiveness` -> `forgiv`); undefined when it is not indexed. */
  term(surface: string): string | undefined {
    let t = this.cache.get(surface);
    if (t === undefined) {
      t = this.analyze(surface);
      this.cache.set(surface, t);
    }
    return t ?? undefined;
  }

  private analyze(surface: string): string | null {
    const lower = surface.normalize('NFC').toLowerCase();
    // Numbers (verse numbers, dates, folios) and one-letter words (`s` of `God’s`, a list's `a`) say nothing of a topic.
    if (lower.length < 2 || /^\p{N}+$/u.test(lower) || this.stop.has(lower)) return null;
    return this.stem(lower);
  }
}

/** The index terms of a text, in order, stop words left out (the topic's words, a heading). */
export function analyzeText(text: string, analyzer: Analyzer): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const t = analyzer.term(m[0]);
    if (t !== undefined) out.push(t);
  }
  return out;
}
