/**
 * The words books use to name their divisions, in the languages Quire reads (English, French, German, Spanish,
 * Italian, Portuguese, Latin), by rank, and their numbers beyond English's: one table that the plain-text heading
 * rules (`heading-lines.ts`), the chapter label split (`chapter-label.ts`) and the HTML reader
 * (`read/html/structure.ts`) all read, so that a word added here is known everywhere.
 *
 * Ranks:
 * - chapter: a division that holds text (`CHAPTER`, `Chapitre`, `Kapitel`, `Capítulo`, `Capitolo`, `ACT`, `Akt`,
 *   `Aufzug`, `Acte`, `Acto`, `Atto`, `CANTO`, `Chant`, `Gesang`, `LETTER`, `Lettre`, `Brief`, `Carta`, `Lettera`,
 *   `SERMON` ...);
 * - part: a division that holds chapters when chapters follow it (`BOOK`, `Livre`, `Buch`, `Libro`, `Livro`, `Liber`,
 *   `PART`, `Partie`, `Teil`, `Parte`, `VOLUME`, `Tome`, `Band`, `Tomo`);
 * - scene: a play's division inside an act (`SCENE`, `Scène`, `Szene`, `Auftritt`, `Escena`, `Scena`, `Cena`).
 *
 * Numbers: Roman, Arabic and English words come from `roman.ts`; this adds the ordinals that stand before or after the
 * word in the other languages (`Chapitre premier`, `Livre deuxième`, `Erstes Kapitel`, `Zweiter Akt`,
 * `Capítulo primero`, `Libro secondo`, `Liber primus`) and the cardinal words of French, German, Spanish and Italian
 * up to twelve (`Acte un`, `Kapitel zwei`). Words are matched case-insensitively, accents as written or folded
 * (`Scene`, `Scène`; `Capitulo`, `Capítulo`), since 7-bit editions drop them.
 */

/** Chapter-rank words, as regex alternatives (accents optional). */
export const CHAPTER_RANK_WORDS: readonly string[] = [
  // English
  'chapter', 'chap\\.', 'letter', 'act', 'stave', 'canto', 'lecture', 'sermon', 'homily', 'discourse', 'essay',
  // French
  'chapitre', 'acte', 'chant', 'lettre',
  // German
  'kapitel', 'akt', 'aufzug', 'gesang', 'brief',
  // Spanish, Portuguese
  'cap[ií]tulo', 'acto', 'ato', 'carta',
  // Italian
  'capitolo', 'atto', 'lettera',
  // Latin
  'caput',
];

/** Part-rank words, as regex alternatives: a part when chapters follow it, a chapter otherwise. */
export const PART_RANK_WORDS: readonly string[] = [
  'book', 'part', 'volume', 'vol\\.',
  'livre', 'partie', 'tome',
  'buch', 'teil', 'band',
  'libro', 'livro', 'parte', 'tomo',
  'liber', 'pars',
];

/** Scene-rank words (a play's division inside an act), as regex alternatives. */
export const SCENE_RANK_WORDS: readonly string[] = ['scene', 'sc[eè]ne', 'szene', 'auftritt', 'escena', 'scena', 'cena'];

/**
 * Ordinal words of the other languages, masculine and feminine, 1st to 12th (`premier`, `deuxième`, `erstes`,
 * `zweiter`, `primero`, `segunda`, `terzo`, `primus`), as regex alternatives; endings in German (`-er`, `-es`,
 * `-e`) and Romance gender endings are optional groups.
 */
export const FOREIGN_ORDINAL_WORDS: readonly string[] = [
  // French
  'premi[eè]re?', 'seconde?', 'deuxi[eè]me', 'troisi[eè]me', 'quatri[eè]me', 'cinqui[eè]me', 'sixi[eè]me',
  'septi[eè]me', 'huiti[eè]me', 'neuvi[eè]me', 'dixi[eè]me', 'onzi[eè]me', 'douzi[eè]me',
  // German
  'erste[rsn]?', 'zweite[rsn]?', 'dritte[rsn]?', 'vierte[rsn]?', 'f[uü]nfte[rsn]?', 'sechste[rsn]?',
  'siebente[rsn]?', 'siebte[rsn]?', 'achte[rsn]?', 'neunte[rsn]?', 'zehnte[rsn]?', 'elfte[rsn]?', 'zw[oö]lfte[rsn]?',
  // Spanish, Portuguese, Italian
  'primer[oa]?', 'primeir[oa]', 'prim[oa]', 'segund[oa]', 'second[oa]', 'tercer[oa]?', 'terceir[oa]', 'terz[oa]',
  'cuart[oa]', 'quart[oa]', 'quint[oa]', 'sext[oa]', 'sest[oa]', 's[eé]ptim[oa]', 'settim[oa]', 'octav[oa]',
  'oitav[oa]', 'ottav[oa]', 'noven[oa]', 'non[oa]', 'd[eé]cim[oa]',
  // Latin
  'primus', 'secundus', 'tertius', 'quartus', 'quintus', 'sextus', 'septimus', 'octavus', 'nonus', 'decimus',
];

/** Cardinal words 1-12 of French, German, Spanish, Italian and Portuguese (`un`, `zwei`, `tres`, `quattro`). */
export const FOREIGN_CARDINAL_WORDS: readonly string[] = [
  'un', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze',
  'eins', 'zwei', 'drei', 'vier', 'f[uü]nf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zw[oö]lf',
  'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce',
  'due', 'tre', 'quattro', 'cinque', 'sette', 'otto', 'nove', 'dieci', 'undici', 'dodici',
];

/** The English words of the tables above, as written there. */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set([
  'chapter', 'chap\\.', 'letter', 'act', 'stave', 'canto', 'lecture', 'sermon', 'homily', 'discourse', 'essay',
  'book', 'part', 'volume', 'vol\\.', 'scene',
]);

/** One alternation group of `words`: `(?:a|b|c)`. */
export function alternatives(words: readonly string[]): string {
  return `(?:${words.join('|')})`;
}

/**
 * A compound number (`1.1.I`, `3.7.V`: volume, book and chapter of Project Gutenberg's 1990s multi-volume releases,
 * pg1301, pg1079): numbers joined by dots, after the first one. Regex source of the tail (`\.1\.I`).
 */
export const COMPOUND_TAIL_SOURCE = '(?:\\.(?:\\d{1,3}|[IVXLC]+))+';
