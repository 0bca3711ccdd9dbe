/**
 * The pairs part of `npm run eval` (issue 33): the divisions Quire finds in the 64 Project Gutenberg books of
 * `corpus/pairs/`, each as its plain-text and its HTML edition of the same release, against the headings the HTML
 * edition's volunteers marked (`<h1>`-`<h4>`).
 *
 * Ground truth (rules printed with the figures):
 * 1. The HTML edition's `<h1>`-`<h4>` between the START and END markers of Project Gutenberg (the whole body when an
 *    edition has none), in document order; a page number set inside a heading (`<span class="pagenum">p. 13</span>`,
 *    the HTML editions' convention) is not part of its text.
 * 2. Left out: the source's own title, by-line (`by ...`, `Por`, `von ...`) and author name, its contents heading
 *    (`Contents`, `Índice`, `Inhalt`, `Table des matières` ...), empty headings, and Project Gutenberg's credit lines
 *    (`E-text prepared by ...`, `Produced by ...`): these are not divisions of the book (MANIFEST notes them).
 * 2b. The source's title page set as headings (rule 5 in the code): its imprint, date and the author's other works
 *    are not divisions either; nor are credits of persons (`Illustrated by ...`, `Herausgegeben von ...`).
 * 2c. Stanza numbers set as headings (rule 6 in the code) are not divisions: a run of three or more numbers alone,
 *    most of each followed by one stanza of at most 12 lines.
 * 2d. The source's contents set as headings (rule 7 in the code): a run of two or more headings at the start with no
 *    text between them, each coming back later, is a list, not divisions.
 * 2e. The source's running title set again over each of its books (rule 8 in the code) is not a division.
 * 3. A heading that is a label alone (`CHAPTER I.`) followed by another heading with no text between them (its
 *    title) counts as one heading, as Quire sets a label and its title as one.
 * 4. The pieces of a chapter that Project Gutenberg's early releases split into files of about 30 KB
 *    (`Chapter XVI: Conduct Towards The Christians ...—Part I.`, `...—Part II.`, pg732) are one chapter: the piece
 *    headings are not the book's divisions (Quire joins the pieces, `clean/passes/join-split-chapters.ts`).
 *
 * Quire's headings: every division in reading order (front sections, parts, chapters with their label, back
 * sections) and the headings inside them, from the plain text read and cleaned as an import does it, and from the
 * HTML edition read as an HTML import. They are matched to the truth one to one in order with the rules of
 * `structure.ts` (`chapterScores`: label and number, or the same words).
 *
 * Targets: median F1 >= 0.95 and F1 >= 0.85 on at least 90 % of the books, for both editions (and in every shape and
 * language: reported, each group beside them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanText, inlineText, chapterHeadingText, parseMarkdown, readBook, readText, type BookDocument } from '@quire/engine';
import type { Block } from '../../packages/engine/src/model/book-document.ts';
import { decodeText } from '../../packages/engine/src/read/decode-text.ts';
import { parseHtml, type XmlNode } from '../../packages/engine/src/read/xml.ts';
import { chapterScores, titleKey } from './structure.ts';

/** One book of MANIFEST.tsv. */
export interface PairBook {
  id: string;
  slug: string;
  shape: string;
  language: string;
  title: string;
  author: string;
  txtFile: string;
  htmlFile: string;
}

/** The books of `dir`/MANIFEST.tsv, in its order. @throws Error when the manifest lacks a column this reads. */
export function readManifest(dir: string): PairBook[] {
  const [head, ...rows] = fs.readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').split(/\r?\n/).filter(Boolean);
  const columns = head!.split('\t');
  const at = (name: string) => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`MANIFEST.tsv has no "${name}" column`);
    return i;
  };
  const c = { id: at('id'), slug: at('slug'), shape: at('shape'), language: at('language'), title: at('title'), author: at('author'), txt: at('txt_file'), html: at('html_file') };
  return rows.map((row) => {
    const f = row.split('\t');
    return { id: f[c.id]!, slug: f[c.slug]!, shape: f[c.shape]!, language: f[c.language]!, title: f[c.title]!, author: f[c.author]!, txtFile: f[c.txt]!, htmlFile: f[c.html]! };
  });
}

const START = /\*\*\*\s*START OF (?:THE|THIS) PROJECT GUTENBERG/i;
const END = /\*\*\*\s*END OF (?:THE|THIS) PROJECT GUTENBERG/i;
const CONTENTS = /^(?:table of )?contents?$|^list of contents$|^contenido$|^[ií]ndice(?: general)?$|^inhalt(?:sverzeichnis|s-?[üu]bersicht)?$|^table des mati[eè]res$|^sommaire$|^sum[aá]rio$|^index capitum$|^cap[ií]tulos$/i;
const CREDIT = /^(?:e-?text prepared by|produced by|transcribed by|transcriber'?s? note|this e-?book|the project gutenberg|project gutenberg)/i;
/** A person's credit on the title page (`Illustrated by Louis Rhead`, `Illustrations de PAUL COUSTURIER`, `Herausgegeben von`). */
const PERSON_CREDIT = /^(?:(?:illustrated|edited|translated|compiled(?: and edited)?|selected|rendered into english verse|with (?:an )?(?:introduction|notes)(?: and notes)?)\s+by\b|illustrations\s+(?:de|by)\b|herausgegeben\s+von\b|traduc(?:ción|tion)\s+de\b)/i;
/** A division's name that opens the front matter or the book (it ends the title page of rule 5). */
const DIVISION_NAME = /^(?:(?:the\s+)?(?:author['’]s\s+|translator['’]s\s+|editor['’]s\s+)?(?:preface|prefatory|introduction|introductory|foreword|note|dedication|acknowledg|advertisement|prologue|argument|dramatis|characters|to the reader)|vorwort|vorbericht|einleitung|pr[ée]face|avant-propos|pr[óo]logo|prefacio|advertencia|al lector|prefazione|introduzione)/i;
/** Elements that start a line of their own (rule 6 counts lines). */
const BLOCK_ELEMENTS = new Set(['p', 'div', 'li', 'tr', 'blockquote', 'table', 'pre', 'dd', 'dt']);
/** Lines of one stanza at most, and the run of numbered stanzas, as the detector reads them (rule 6). */
const STANZA_MAX_LINES = 12;
const STANZA_RUN = 3;
/** A heading that is a number alone (`XIV.`, `12`). */
const NUMBER_ALONE = /^(?:[IVXLCDM]+|\d{1,3})\.?$/;
/** Words of text after a heading above which it opens something: a title page's lines have none or few (rule 5). */
const TITLE_PAGE_WORDS = 60;
const BYLINE = /^(?:by|por|von|par|di|de|per|auctore)\b\.?/i;

/** Whitespace collapsed, trimmed. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Text of `node`, page numbers (`class="pagenum"`) left out (rule 1). */
function headingText(node: XmlNode): string {
  if (node.type === 'text') return node.value;
  if (/\bpage?num\b|\bpageno\b/i.test(node.attrs.class ?? '')) return '';
  if (node.name === 'br') return ' ';
  return node.children.map(headingText).join('');
}

/** Lowercase words of `s`, accents and punctuation dropped, for comparing a heading with the title and author. */
function words(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

/** The HTML edition's headings, rules 1-3. */
export function truthHeadings(html: string, book: Pick<PairBook, 'title' | 'author'>): string[] {
  const root = parseHtml(html);
  const hasStart = START.test(html);
  let inside = !hasStart;
  let ended = false;
  const found: { text: string; textBefore: boolean; wordsAfter: number; linesAfter: number }[] = [];
  let textSince = true;
  // Lines of text after the last heading (rule 6): a text node opens one unless a line is open; `<br>` and block
  // elements close it.
  let lineOpen = false;
  let linkDepth = 0;
  const walk = (node: XmlNode): void => {
    if (ended) return;
    if (node.type === 'text') {
      if (START.test(node.value)) inside = true;
      else if (END.test(node.value)) ended = true;
      else if (inside && node.value.trim() !== '' && linkDepth === 0) {
        textSince = true;
        const last = found[found.length - 1];
        if (last) {
          last.wordsAfter += node.value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
          if (!lineOpen) last.linesAfter++;
          lineOpen = true;
        }
      }
      return;
    }
    if (['script', 'style', 'head'].includes(node.name)) return;
    if (/^h[1-4]$/.test(node.name)) {
      const text = squash(headingText(node));
      if (START.test(text)) inside = true;
      else if (END.test(text)) ended = true;
      else if (inside) {
        found.push({ text, textBefore: textSince, wordsAfter: 0, linesAfter: 0 });
        textSince = false;
        lineOpen = false;
      }
      return;
    }
    const block = BLOCK_ELEMENTS.has(node.name);
    if (block || node.name === 'br') lineOpen = false;
    // The words of a link inside the book (a contents entry's `<a href="#chap01">`) are navigation, not text.
    const inLink = node.name === 'a' && (node.attrs.href ?? '').startsWith('#');
    if (inLink) linkDepth++;
    for (const child of node.children) walk(child);
    if (inLink) linkDepth--;
    if (block) lineOpen = false;
  };
  walk(root);
  const title = words(book.title);
  const author = words(book.author);
  // Rule 5: the source's title page set as headings (title, subtitle, by-line, imprint, date, the author's other
  // works: pg14790, pg17340, pg18220): the headings at the start with fewer than TITLE_PAGE_WORDS words of text after
  // each, up to the first that is followed by more or names a division (a label with a number, a contents, a preface).
  let titlePage = 0;
  let titlePageWords = 0;
  while (titlePage < found.length && titlePage < 30) {
    const { text, wordsAfter } = found[titlePage]!;
    const bare = text.replace(/[.:]+$/, '').trim();
    if (wordsAfter >= TITLE_PAGE_WORDS || CONTENTS.test(bare) || DIVISION_NAME.test(bare) || isDivisionLabel(text)) break;
    titlePageWords += wordsAfter;
    titlePage++;
  }
  // A long run with text under its headings is a book's short pieces (epigrams, fables), not a title page.
  if (titlePage >= 30 || (titlePage > 6 && titlePageWords / titlePage > 15)) titlePage = 0;
  const kept = found.slice(titlePage).filter(({ text }) => {
    const w = words(text);
    if (w === '' || CONTENTS.test(text.replace(/[.:]+$/, '').trim()) || CREDIT.test(text) || PERSON_CREDIT.test(text)) return false;
    if (w === title || w === author || (author !== '' && w.endsWith(author) && BYLINE.test(text)) || BYLINE.test(text) && w.split(' ').length <= 1) return false;
    return true;
  });
  // Rule 8: the source's running title set again over each of its books (`PUBLI VERGILI MARONIS` / `AENEIDOS` over
  // every `LIBER`, pg227; MANIFEST notes it): a heading with no text under it that comes back three times or more,
  // each time right above a division's label, is not a division.
  const runningCounts = new Map<string, number>();
  kept.forEach((h, i) => {
    let j = i;
    while (j < kept.length && kept[j]!.wordsAfter === 0 && !isDivisionLabel(kept[j]!.text)) j++;
    if (j < kept.length && j - i <= 3 && isDivisionLabel(kept[j]!.text) && h.wordsAfter === 0) runningCounts.set(words(h.text), (runningCounts.get(words(h.text)) ?? 0) + 1);
  });
  for (let i = kept.length - 1; i >= 0; i--) {
    const h = kept[i]!;
    if (h.wordsAfter === 0 && !isDivisionLabel(h.text) && (runningCounts.get(words(h.text)) ?? 0) >= 3) kept.splice(i, 1);
  }
  // Rule 7: the source's contents set as headings (`<h2>ACT I.</h2><h2>ACT II.</h2><h2>ACT III.</h2>` linking to the
  // acts, pg2542): a run of two or more headings at the start with no text between them, each coming back later.
  let contentsRun = 0;
  while (contentsRun < kept.length && kept[contentsRun]!.wordsAfter === 0) contentsRun++;
  if (contentsRun < kept.length) contentsRun++; // the run's last heading may have the next one's text under it
  const laterKeys = (from: number) => new Set(kept.slice(from).map((h) => JSON.stringify(titleKey(h.text))));
  let listed = 0;
  while (listed < contentsRun && laterKeys(contentsRun).has(JSON.stringify(titleKey(kept[listed]!.text)))) listed++;
  if (listed >= 2) kept.splice(0, listed);
  // Rule 6: stanza numbers. Some editions set the number of each stanza of a long poem as a heading (Beppo's
  // `<h4>I.</h4>`, pg20158), others as text (Childe Harold, pg5131): a run of numbers alone, most of each followed by
  // one stanza of at most STANZA_MAX_LINES lines, numbers stanzas, not divisions (as `detect-headings.ts` reads them).
  const stanza = new Set<number>();
  for (let i = 0; i < kept.length; ) {
    let j = i;
    while (j < kept.length && NUMBER_ALONE.test(kept[j]!.text)) j++;
    const run = kept.slice(i, j);
    if (run.length >= STANZA_RUN && run.filter((h) => h.linesAfter >= 1 && h.linesAfter <= STANZA_MAX_LINES).length >= run.length * 0.8) {
      for (let k = i; k < j; k++) stanza.add(k);
    }
    i = Math.max(j, i + 1);
  }
  const divisions = kept.filter((_, k) => !stanza.has(k));
  // Rule 3: a label alone and the title right after it are one heading.
  const out: string[] = [];
  for (let i = 0; i < divisions.length; i++) {
    const here = divisions[i]!;
    const next = divisions[i + 1];
    const key = titleKey(here.text);
    if (key.number !== undefined && key.words === '' && next && !next.textBefore && isTitleText(next.text)) {
      out.push(`${here.text} ${next.text}`);
      i++;
    } else out.push(here.text);
  }
  // Rule 4: the later pieces of a file-split chapter go.
  const PIECE = /^(.+?)[\s.]*(?:--|—|–)?\s*Part\s+([IVXLC]+|\d{1,2})\.?$/;
  return out.filter((text, i) => {
    const here = PIECE.exec(text);
    if (!here || /^(?:I|1)$/.test(here[2]!)) return true;
    const before = i > 0 ? PIECE.exec(out[i - 1]!) : null;
    return !before || words(before[1]!) !== words(here[1]!);
  });
}

/**
 * True when a heading opens with a division's label: a label word (`LIBER I`, `Chapter 1.1.I.`), or a number that is
 * no initial or street number (`1. The Cyclone`, `XIV`, `-I- Perdido`; not `C. MARPON & E. FLAMMARION`, `26 Rue RACINE`).
 */
function isDivisionLabel(text: string): boolean {
  const key = titleKey(text);
  if (key.number === undefined) return false;
  if (key.label !== 'chapter' || /^\s*(?:the\s+)?chap/i.test(text)) return true;
  // A year (`1901`) is the imprint's date, not a division's number.
  return /^\s*[-–—[(]?\s*(?:\d{1,3}(?:[.:)\]-]|\s*$)|(?:I|[IVXLCDM]{2,})\b)/.test(text);
}

/**
 * True when a heading is a title, not a label of its own: it has no number, or its "number" is the pronoun I that
 * opens a title (`7` / `I Go to Bristol`, pg120).
 */
function isTitleText(text: string): boolean {
  return titleKey(text).number === undefined || /^I\s+\p{Ll}*\p{L}/u.test(text) && !/^I\s*[.:]/.test(text);
}

/** The headings inside `blocks` (Quire's `heading` blocks), in order. */
function blockHeadings(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'heading' ? [inlineText(b.children).trim()] : []));
}

/** Every division title of `doc` in reading order, with the headings inside each. */
export function quireHeadings(doc: BookDocument): string[] {
  const out: string[] = [];
  for (const s of doc.front) out.push(inlineText(s.title).trim(), ...blockHeadings(s.blocks));
  for (const d of doc.body) {
    if (d.type === 'part') {
      out.push(inlineText(d.title).trim(), ...blockHeadings(d.blocks));
      for (const c of d.chapters) out.push(chapterHeadingText(c), ...blockHeadings(c.blocks));
    } else out.push(chapterHeadingText(d), ...blockHeadings(d.blocks));
  }
  for (const s of doc.back) out.push(inlineText(s.title).trim(), ...blockHeadings(s.blocks));
  return out.filter((t) => t !== '');
}

/** One edition's figures. */
export interface EditionScore {
  ours: number;
  truth: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  /** Why the edition could not be read, when it could not (then F1 is 0). */
  error?: string;
}

/** Both editions' figures of one book. */
export interface PairRow {
  book: PairBook;
  txt: EditionScore;
  html: EditionScore;
}

const META = { title: 'Untitled', author: '', language: 'en' };

/** The plain-text edition as an import reads and cleans it. */
function plainDocument(bytes: Uint8Array): BookDocument {
  const read = readText(bytes);
  const clean = cleanText(read.text, { meta: read.meta });
  return parseMarkdown(clean.markdown, { ...META, ...clean.meta });
}

/** The HTML edition as an HTML import reads it. */
async function htmlDocument(bytes: Uint8Array, fileName: string): Promise<BookDocument> {
  const read = await readBook(bytes, { fileName });
  if (read.kind !== 'document') {
    const clean = cleanText(read.text, { meta: read.meta });
    return parseMarkdown(clean.markdown, { ...META, ...clean.meta });
  }
  return parseMarkdown(read.markdown, { ...META, ...read.meta });
}

/** Scores `ours` (or the error that stopped reading) against `truth`. */
function score(ours: string[] | Error, truth: readonly string[]): EditionScore {
  if (ours instanceof Error) return { ours: 0, truth: truth.length, matched: 0, precision: 0, recall: 0, f1: 0, error: ours.message };
  return { ours: ours.length, truth: truth.length, ...chapterScores(ours, truth) };
}

/** Runs `work`, its error as a value. */
async function attempt<T>(work: () => T | Promise<T>): Promise<T | Error> {
  try {
    return await work();
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** Every book of `dir` read both ways and scored. */
export async function pairRows(dir: string): Promise<PairRow[]> {
  const rows: PairRow[] = [];
  for (const book of readManifest(dir)) {
    const htmlBytes = new Uint8Array(fs.readFileSync(path.join(dir, book.htmlFile)));
    const truth = truthHeadings(decodeText(htmlBytes).text, book);
    const txt = await attempt(() => quireHeadings(plainDocument(new Uint8Array(fs.readFileSync(path.join(dir, book.txtFile))))));
    const html = await attempt(async () => quireHeadings(await htmlDocument(htmlBytes, book.htmlFile)));
    rows.push({ book, txt: score(txt, truth), html: score(html, truth) });
  }
  return rows;
}

/** The median of `values` (0 when empty). */
function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The targets (issue 33). */
export const PAIR_TARGETS = { medianF1: 0.95, bookF1: 0.85, shareAtBookF1: 0.9 } as const;

/** Median F1 and share of books at {@link PAIR_TARGETS.bookF1} of `rows` for one edition. */
function summary(rows: readonly PairRow[], edition: 'txt' | 'html'): { median: number; share: number; n: number } {
  const f1s = rows.map((r) => r[edition].f1);
  return { median: median(f1s), share: f1s.length === 0 ? 0 : f1s.filter((f) => f >= PAIR_TARGETS.bookF1).length / f1s.length, n: f1s.length };
}

/** The report's lines and the targets missed. */
export function pairsReport(rows: readonly PairRow[]): { lines: string[]; failures: string[] } {
  const f = (x: number) => x.toFixed(2);
  const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
  const lines = [
    '',
    'Divisions of the 64 pairs (plain text and HTML edition) vs the HTML edition\'s headings (rules in eval/pairs.ts)',
    `${pad('book', 34)}${pad('shape', 11)}${pad('lang', 5)}${pad('truth', 6)}txt: ours   P     R     F1    html: ours   P     R     F1`,
  ];
  for (const r of rows) {
    const e = (s: EditionScore) => (s.error ? pad(`unread: ${s.error}`, 28) : `${pad(String(s.ours), 6)}${f(s.precision)}  ${f(s.recall)}  ${f(s.f1)}`);
    lines.push(`${pad(`${r.book.id}-${r.book.slug}`, 34)}${pad(r.book.shape, 11)}${pad(r.book.language, 5)}${pad(String(r.txt.truth), 6)}     ${e(r.txt)}        ${e(r.html)}`);
  }
  const group = (label: string, of: readonly PairRow[]) => {
    const t = summary(of, 'txt');
    const h = summary(of, 'html');
    return `${pad(label, 22)}${pad(String(t.n), 4)} txt median F1 ${f(t.median)}, ${Math.round(t.share * 100)} % >= ${PAIR_TARGETS.bookF1}; html median F1 ${f(h.median)}, ${Math.round(h.share * 100)} % >= ${PAIR_TARGETS.bookF1}`;
  };
  lines.push('', 'By shape and language:');
  for (const shape of [...new Set(rows.map((r) => r.book.shape))].sort()) lines.push(group(`  ${shape}`, rows.filter((r) => r.book.shape === shape)));
  for (const lang of [...new Set(rows.map((r) => r.book.language))].sort()) lines.push(group(`  ${lang}`, rows.filter((r) => r.book.language === lang)));
  lines.push(group('ALL', rows));
  const failures: string[] = [];
  for (const edition of ['txt', 'html'] as const) {
    const s = summary(rows, edition);
    if (s.median < PAIR_TARGETS.medianF1) failures.push(`pairs, ${edition} edition: median F1 ${f(s.median)} < ${PAIR_TARGETS.medianF1}`);
    if (s.share < PAIR_TARGETS.shareAtBookF1) failures.push(`pairs, ${edition} edition: ${Math.round(s.share * 100)} % of books at F1 >= ${PAIR_TARGETS.bookF1} < ${PAIR_TARGETS.shareAtBookF1 * 100} %`);
  }
  return { lines, failures };
}
