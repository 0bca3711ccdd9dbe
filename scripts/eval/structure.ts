/**
 * Structure and cleanup measures of `npm run eval`: chapters found against the Standard Ebooks tables
 * of contents, words of the Gutenberg body preserved, licence lines left.
 *
 * Chapter matching rules (documented here and printed by `eval.ts`):
 * 1. Ground truth: the leaf entries of the SE `toc.xhtml` navigation (entries with no nested list, or
 *    whose nested entries all point into their own file: sections inside one chapter) that point at body
 *    files. SE's own pages (title page, imprint, colophon, uncopyright, endnotes, half-title,
 *    frontispiece, list of illustrations) and front matter (dedication, epigraph, preface, introduction,
 *    foreword) are left out. A book may restrict the files compared (`onlyFiles`): SE's Pilgrim's Progress
 *    has both parts, the Gutenberg text only the first (corpus SOURCES.md).
 * 2. Ours: the chapters of the parsed document (parts' chapters included; parts and front/back sections not).
 * 3. A title becomes a key: entities, tags and punctuation dropped, lowercase; a label word (chapter, letter,
 *    book, part, volume, act, scene, canto, stave; none = chapter) and a number — Roman, Arabic, a number
 *    word or an ordinal (`The First Part` = `Part One` = part 1; `I: Down the Rabbit-Hole` = `CHAPTER I.
 *    Down the Rabbit-Hole` = chapter 1). Two titles match when their label and number are equal, or, when
 *    either has no number, when their remaining words are equal.
 * 4. Entries are matched one to one in reading order (longest common subsequence), so the repeated
 *    `I`, `II` of each book of The Imitation of Christ match only in their own book.
 * Precision = matched / ours, recall = matched / SE entries, F1 their harmonic mean.
 */
import fs from 'node:fs';
import path from 'node:path';
// The corpus tests' definitions of a Gutenberg body and of word survival, so that the figures agree.
import { wordSurvival } from '../../packages/engine/test/read-clean/corpus-helpers.ts';

/** The leaf entries of an SE `toc.xhtml` navigation: target file and plain title, in order. */
export interface TocEntry {
  file: string;
  title: string;
}

const SE_PAGES = /^(?:titlepage|imprint|colophon|uncopyright|endnotes|halftitlepage|frontispiece|loi|dedication|epigraph|preface(?:-\d+)?|introduction|foreword)\.xhtml$/;

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/**
 * Reads the leaf entries of the `epub:type="toc"` nav of an SE `toc.xhtml`, without SE's own pages and
 * front matter (rule 1).
 */
export function readSeToc(tocPath: string): TocEntry[] {
  const xml = fs.readFileSync(tocPath, 'utf8');
  const nav = /<nav[^>]*epub:type="toc"[^>]*>([\s\S]*?)<\/nav>/.exec(xml)?.[1] ?? '';
  const tokens = nav.match(/<li\b[^>]*>|<\/li>|<a\b[^>]*href="([^"]*)"[^>]*>[\s\S]*?<\/a>/g) ?? [];
  interface Node {
    entry?: TocEntry;
    children: Node[];
  }
  const rootNode: Node = { children: [] };
  const stack: Node[] = [rootNode];
  for (const t of tokens) {
    if (t.startsWith('<li')) {
      const node: Node = { children: [] };
      stack[stack.length - 1]!.children.push(node);
      stack.push(node);
    } else if (t === '</li>') {
      if (stack.length > 1) stack.pop();
    } else {
      const href = /href="([^"]*)"/.exec(t)?.[1] ?? '';
      const title = decodeEntities(t.replace(/<[^>]+>/g, ' ')).replace(/[\s\u2060]+/g, ' ').replace(/ ([:.,])/g, '$1').trim();
      stack[stack.length - 1]!.entry = { file: path.basename(href.split('#')[0]!), title };
    }
  }
  const files = (node: Node): string[] => [node.entry?.file ?? '', ...node.children.flatMap(files)].filter(Boolean);
  const out: TocEntry[] = [];
  // A leaf is a unit; so is an entry whose sub-entries all point into its own file (sections inside a
  // chapter, Frankenstein's `Chapter XXIV` / `Walton, in Continuation`).
  const walk = (node: Node) => {
    if (node.entry && (node.children.length === 0 || files(node).every((f) => f === node.entry!.file))) {
      out.push(node.entry);
      return;
    }
    node.children.forEach(walk);
  };
  walk(rootNode);
  return out.filter((e) => !SE_PAGES.test(e.file));
}

const LABELS = new Set(['chapter', 'chap', 'letter', 'book', 'part', 'volume', 'vol', 'act', 'scene', 'canto', 'stave']);
/** The division words of the other languages of the pairs (issue 33), each as its English label. */
const FOREIGN_LABELS: Readonly<Record<string, string>> = {
  chapitre: 'chapter', kapitel: 'chapter', capitulo: 'chapter', capitolo: 'chapter', caput: 'chapter',
  livre: 'book', buch: 'book', libro: 'book', livro: 'book', liber: 'book',
  partie: 'part', teil: 'part', parte: 'part', pars: 'part',
  tome: 'volume', band: 'volume', tomo: 'volume',
  acte: 'act', akt: 'act', aufzug: 'act', acto: 'act', atto: 'act', ato: 'act',
  scene: 'scene', szene: 'scene', auftritt: 'scene', escena: 'scene', scena: 'scene', cena: 'scene',
  chant: 'canto', gesang: 'canto', lettre: 'letter', brief: 'letter', carta: 'letter', lettera: 'letter',
};
/** Ordinal words of the other languages (accents folded), 1st to 10th. */
const FOREIGN_ORDINALS: readonly (readonly string[])[] = [
  ['premier', 'premiere', 'erster', 'erstes', 'erste', 'primero', 'primera', 'primer', 'primeiro', 'primeira', 'primo', 'prima', 'primus'],
  ['deuxieme', 'second', 'seconde', 'zweiter', 'zweites', 'zweite', 'segundo', 'segunda', 'secondo', 'seconda', 'secundus'],
  ['troisieme', 'dritter', 'drittes', 'dritte', 'tercero', 'tercera', 'terceiro', 'terceira', 'terzo', 'terza', 'tertius'],
  ['quatrieme', 'vierter', 'viertes', 'vierte', 'cuarto', 'cuarta', 'quarto', 'quarta', 'quartus'],
  ['cinquieme', 'funfter', 'funftes', 'funfte', 'quinto', 'quinta', 'quintus'],
];
const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth',
  'nineteenth', 'twentieth'];
const ROMAN = /^(?=[mdclxvi])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/;

function romanValue(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]!]!;
    const b = v[s[i + 1] ?? ''] ?? 0;
    total += a < b ? -a : a;
  }
  return total;
}

/** The number a token stands for (Arabic, Roman, number word, ordinal word), or undefined. */
function numberOf(token: string): number | undefined {
  if (/^\d{1,4}$/.test(token)) return Number(token);
  // A compound number (`1.1.I`, volume, book and chapter; pg1301), joined by `_` in {@link titleKey}.
  if (/^\d{1,3}(?:_(?:\d{1,3}|[ivxlc]+))+$/.test(token)) {
    return token.split('_').reduce((sum, piece) => sum * 1000 + (numberOf(piece) ?? 0), 0);
  }
  const foreign = FOREIGN_ORDINALS.findIndex((words) => words.includes(token));
  if (foreign !== -1) return foreign + 1;
  if (ROMAN.test(token)) return romanValue(token);
  const unit = UNITS.indexOf(token);
  if (unit !== -1) return unit + 1;
  const ord = ORDINALS.indexOf(token);
  if (ord !== -1) return ord + 1;
  return undefined;
}

/** Comparison key of a title (rule 3). */
export interface TitleKey {
  label: string;
  number?: number;
  words: string;
}

/** The key of a chapter title, see rule 3. */
export function titleKey(title: string): TitleKey {
  const tokens = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Note references set in a heading (`DARKNESS.[k][56]`, pg20158) are not its words.
    .replace(/\[(?:\d{1,4}|[a-z]{1,2})\]/g, ' ')
    .replace(/\b\d{1,3}(?:\.(?:\d{1,3}|[ivxlc]+)\b)+/g, (compound) => compound.replace(/\./g, '_'))
    .split(/[^\p{L}\p{N}_]+/u)
    .map((t) => FOREIGN_LABELS[t] ?? t)
    .filter(Boolean);
  let label = 'chapter';
  let number: number | undefined;
  let k = 0;
  if (tokens[k] === 'the') k++;
  // `The First Part`: ordinal before the label.
  const english = ORDINALS.indexOf(tokens[k] ?? '');
  const ord = english !== -1 ? english : FOREIGN_ORDINALS.findIndex((words) => words.includes(tokens[k] ?? ''));
  if (ord !== -1 && LABELS.has(tokens[k + 1] ?? '')) {
    number = ord + 1;
    label = tokens[k + 1]!;
    k += 2;
  } else {
    if (LABELS.has(tokens[k] ?? '')) label = tokens[k++]!;
    if (tokens[k] === 'the') k++;
    const n = numberOf(tokens[k] ?? '');
    if (n !== undefined) {
      number = n;
      k++;
    }
  }
  if (label === 'chap') label = 'chapter';
  if (label === 'vol') label = 'volume';
  return { label, number, words: tokens.slice(k).filter((t) => t !== 'the').join(' ') };
}

function sameTitle(a: TitleKey, b: TitleKey): boolean {
  if (a.number !== undefined && b.number !== undefined) return a.label === b.label && a.number === b.number;
  return a.words !== '' && a.words === b.words;
}

/** Precision, recall and F1 of `ours` against `truth` with one-to-one matching in order (rule 4). */
export function chapterScores(ours: readonly string[], truth: readonly string[]): { matched: number; precision: number; recall: number; f1: number } {
  const a = ours.map(titleKey);
  const b = truth.map(titleKey);
  // Longest common subsequence, two rows.
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      row[j] = sameTitle(a[i - 1]!, b[j - 1]!) ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    }
    prev = row;
  }
  const matched = prev[b.length]!;
  const precision = a.length === 0 ? (b.length === 0 ? 1 : 0) : matched / a.length;
  const recall = b.length === 0 ? 1 : matched / b.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { matched, precision, recall, f1 };
}

/** Strings of Project Gutenberg's header and licence that must not survive cleanup (one per line counted). */
export const LICENCE_MARKERS = [
  /Project Gutenberg/i,
  /SMALL PRINT/i,
  /gutenberg\.(?:org|net)/i,
  /\*\*\* ?(?:START|END) OF/i,
  /Gutenberg-tm/i,
  /Literary Archive Foundation/i,
  /This eBook is for the use of anyone anywhere/i,
  /FULL LICENSE/i,
];

/** Lines of `markdown` that hold licence or header text. */
export function licenceLines(markdown: string): number {
  let n = 0;
  for (const line of markdown.split('\n')) if (LICENCE_MARKERS.some((re) => re.test(line))) n++;
  return n;
}


/**
 * Share of the words of `source` (as a multiset) found in `result`: the same comparison as the engine's
 * corpus tests, with the note apparatus (`[Footnote 3:`, `[3]`, `(3)`, `[^c2-3]`) set aside, because
 * cleanup turns it into real footnotes rather than losing words.
 */
export function wordsPreserved(source: string, result: string): { share: number; total: number; missing: number } {
  const survival = wordSurvival(source, result);
  return { share: survival.share, total: survival.total, missing: survival.missing.length };
}
