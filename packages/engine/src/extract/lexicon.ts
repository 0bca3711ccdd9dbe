/**
 * Query expansion: the words searched for a topic.
 *
 * Each content word of the topic is a concept (`forgiveness of sins`: `forgiveness`, `sins`), searched with its
 * related words as one pooled term (see `relevance.ts`). A concept's words come from:
 * 1. Quire's curated lists (`curated-topics.ts`) when the word is one of the curated topics in any of the five
 *    languages (typing `Christmas` for a French book searches `Noël`, `Nativité`, `crèche`...); for an English
 *    book, those of WordNet's two most frequent senses of the word that share a name with the curated list (the
 *    sense the list means) add their other synonyms at weight 0.5;
 * 2. else, for an English book, WordNet 3.1 (`wordnet.ts`): the synonyms of the word's two most frequent senses
 *    in each part of speech (a sense past the first only when seen in WordNet's tagged corpus, so that `love`
 *    brings no `bed`), the derivationally related forms of the word in those senses (`redemption` ->
 *    `redeem`), and the hyponyms of the first sense (`sacrament` -> `Eucharist`, `baptism`). Phrases
 *    (`Christmas_Day`) are left out: the index holds single words;
 * 3. else the word alone.
 *
 * Weights (0-1) say how much a match counts against a match of the topic's own word: a synonym of the most
 * frequent sense 0.7, of the second 0.55 (a synonym shares one sense only, and WordNet's sense order is by
 * frequency); a derived form 0.9 (same sense, another part of speech), 0.8 in the second sense; a hyponym 0.4.
 */
import { wordTokens, type Analyzer } from './analyze.ts';
import { CURATED_TOPICS, type CuratedTopic } from './curated-topics.ts';
import type { SearchedTerm } from './types.ts';
import { wordSenses } from './wordnet.ts';

/** One searched word: its index term (stem), weight, where it comes from and how it is shown. */
export interface QueryTerm {
  stem: string;
  /** 0-1, 1 for the topic's own word. */
  weight: number;
  source: SearchedTerm['source'];
  /** The word as shown (`Nativity`). */
  display: string;
  /** True for the topic's own word, or its translation into the book's language (a curated head word). */
  own: boolean;
  /** True for a form of a searched word that the stemmer keeps apart (`forgiven`): searched, not listed. */
  form?: boolean;
  /** For a WordNet word: a synonym, a derived form or a hyponym of the topic's word. */
  relation?: 'synonym' | 'derived' | 'hyponym';
}

/** One content word of the topic and its searched words, the word's own first. */
export interface Concept {
  word: string;
  terms: QueryTerm[];
}

/** The expanded topic: its concepts; none when the topic has no content word (only stop words or punctuation). */
export interface ExpandedQuery {
  topic: string;
  concepts: Concept[];
}

/** Weight of a WordNet synonym added to a curated topic's list. */
const WORDNET_ON_CURATED_WEIGHT = 0.5;

/**
 * Weight of a hyponym of the word's first sense (`Eucharist` for `sacrament`, `martyrdom` for `death`): a kind of
 * the thing names it in a text about it, yet a passage on one kind is not always about the whole.
 */
const HYPONYM_WEIGHT = 0.4;

/** WordNet words kept per concept at most: the heaviest first (a long tail of weak synonyms only adds noise). */
const MAX_LEXICON = 8;

/** Lower case without diacritics, to compare typed words with list words (`noel` finds `Noël`). */
function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The curated topic a word names, if any: its key or a head word in any language, as written (diacritics aside),
 * or a head word of the book's language by stem (`prayers`, `Forgiving`).
 */
function curatedTopic(word: string, analyzer: Analyzer): CuratedTopic | undefined {
  const w = fold(word);
  const stem = analyzer.term(word);
  const language = analyzer.language;
  for (const [key, topic] of Object.entries(CURATED_TOPICS)) {
    if (key === w || Object.values(topic).some((entry) => entry.head.some((h) => fold(h) === w))) return topic;
    if (language !== 'other' && stem !== undefined && topic[language].head.some((h) => analyzer.term(h) === stem)) return topic;
  }
  return undefined;
}

/** Expands a topic as typed into concepts for a book analysed by `analyzer` (see the module comment). */
export function expandTopic(topic: string, analyzer: Analyzer): ExpandedQuery {
  const clean = topic.trim().replace(/\s+/g, ' ');
  const words = wordTokens(clean)
    .map((t) => t.surface)
    .filter((w) => analyzer.term(w) !== undefined);
  const concepts: Concept[] = [];
  for (const word of words) {
    if (concepts.some((c) => analyzer.term(c.word) === analyzer.term(word))) continue;
    concepts.push(expandWord(word, analyzer));
  }
  return { topic: clean, concepts };
}

function expandWord(word: string, analyzer: Analyzer): Concept {
  const terms = new Map<string, QueryTerm>();
  const add = (display: string, weight: number, source: QueryTerm['source'], own = false, relation?: QueryTerm['relation']) => {
    const stem = analyzer.term(display);
    if (stem === undefined) return;
    const known = terms.get(stem);
    if (known && known.weight >= weight) return;
    const term: QueryTerm = { stem, weight, source: known?.source === 'topic' ? 'topic' : source, display: known?.display ?? display, own: own || (known?.own ?? false) };
    if (relation && !term.own) term.relation = relation;
    terms.set(stem, term);
  };
  add(word, 1, 'topic', true);

  const language = analyzer.language;
  const curated = curatedTopic(word, analyzer);
  if (curated && language !== 'other') {
    const entry = curated[language];
    for (const head of entry.head) add(head, 1, 'curated', true);
    for (const [related, weight] of entry.related) add(related, weight, 'curated');
    if (language === 'en') {
      // WordNet's senses that the list names (sharing a head word or a near-synonym, weight 0.7 or more) add
      // their other synonyms, weakly, and never raise a listed word's weight.
      const names = new Set([...entry.head, ...entry.related.filter(([, w]) => w >= 0.7).map(([w]) => w)].map(fold));
      for (const sense of wordSenses(word)) {
        if (sense.rank > 2 || !sense.synonyms.some((s) => names.has(fold(s)))) continue;
        for (const s of sense.synonyms) if (isSingleWord(s) && !terms.has(analyzer.term(s) ?? '')) add(s, WORDNET_ON_CURATED_WEIGHT, 'lexicon', false, 'synonym');
      }
    }
  } else if (language === 'en') {
    // A topic is a thing: when the word is a noun, its noun senses only (`suffering` is not `get` or `sustain`).
    const senses = wordSenses(word);
    const nouns = senses.filter((x) => x.pos === 'noun');
    for (const sense of nouns.length > 0 ? nouns : senses) {
      if (sense.rank > 2 || (sense.rank > 1 && !sense.tagged)) continue;
      for (const s of sense.synonyms) if (isSingleWord(s)) add(s, sense.rank === 1 ? 0.7 : 0.55, 'lexicon', false, 'synonym');
      for (const d of sense.derived) if (isSingleWord(d)) add(d, sense.rank === 1 ? 0.9 : 0.8, 'lexicon', false, 'derived');
      if (sense.rank === 1 && sense.pos === 'noun') for (const h of sense.hyponyms) if (isSingleWord(h)) add(h, HYPONYM_WEIGHT, 'lexicon', false, 'hyponym');
    }
  }

  const all = [...terms.values()];
  const byWeight = (a: QueryTerm, b: QueryTerm) => b.weight - a.weight;
  const own = all.filter((t) => t.own);
  const curatedTerms = all.filter((t) => !t.own && t.source === 'curated').sort(byWeight);
  const lexicon = all.filter((t) => !t.own && t.source === 'lexicon').sort(byWeight).slice(0, MAX_LEXICON);
  return { word, terms: [...own, ...curatedTerms, ...lexicon] };
}

/** A WordNet lemma of one word (no `_` phrase, no digits): `Xmas` yes, `Dec_25` and `Christmas_Day` no. */
function isSingleWord(lemma: string): boolean {
  return /^[\p{L}]+$/u.test(lemma);
}

/**
 * Endings that make a searched word's other forms where the Snowball stemmer leaves them apart: English strong
 * participles (`forgiven` beside `forgiv-`, `forsaken` beside `forsak-`). Only these: other endings meet other
 * words (`prai-` + `s` is `praise`, not `prays`).
 */
const FORM_ENDINGS = ['en', 'n'];

/**
 * The query with, for each searched stem of four letters or more, the book's index terms that are that stem plus
 * one of {@link FORM_ENDINGS}, searched with the same weight (`hasTerm` says which terms the book has).
 */
export function withBookForms(query: ExpandedQuery, hasTerm: (stem: string) => boolean): ExpandedQuery {
  const concepts = query.concepts.map((c) => {
    const stems = new Set(c.terms.map((t) => t.stem));
    const forms: QueryTerm[] = [];
    for (const t of c.terms) {
      if (t.stem.length < 4) continue;
      for (const ending of FORM_ENDINGS) {
        const stem = t.stem + ending;
        if (stems.has(stem) || !hasTerm(stem)) continue;
        stems.add(stem);
        forms.push({ ...t, stem, form: true });
      }
    }
    return { ...c, terms: [...c.terms, ...forms] };
  });
  return { ...query, concepts };
}

/**
 * A WordNet synonym or hyponym used in the book more than this many times as often as the topic's own words
 * (plus {@link COMMON_SLACK}) is left out: a word much commoner than the topic is mostly used in its other senses
 * (`passing` and `loss` beside `death`, `power` beside `electricity`).
 */
const COMMON_RATIO = 2;
const COMMON_SLACK = 10;

/** The query without the WordNet synonyms and hyponyms that the book uses far more than the topic's own words. */
export function withoutCommonSenses(query: ExpandedQuery, bookCount: (stem: string) => number): ExpandedQuery {
  const concepts = query.concepts.map((c) => {
    const own = c.terms.filter((t) => t.own).reduce((n, t) => n + bookCount(t.stem), 0);
    const limit = COMMON_RATIO * own + COMMON_SLACK;
    return { ...c, terms: c.terms.filter((t) => (t.relation !== 'synonym' && t.relation !== 'hyponym') || bookCount(t.stem) <= limit) };
  });
  return { ...query, concepts };
}

/** The searched words as the API lists them: the topic first, then each distinct word shown, heaviest first. */
export function searchedTerms(query: ExpandedQuery): SearchedTerm[] {
  const out: SearchedTerm[] = query.topic ? [{ term: query.topic, weight: 1, source: 'topic' }] : [];
  const seen = new Set(out.map((t) => fold(t.term)));
  const rest = query.concepts
    .flatMap((c) => c.terms)
    .filter((t) => !t.form)
    .sort((a, b) => b.weight - a.weight);
  for (const t of rest) {
    const key = fold(t.display);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ term: t.display, weight: Math.round(t.weight * 100) / 100, source: t.source });
  }
  return out;
}
