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
 * 3. A heading that is a label alone (`CHAPTER I.`) followed by another heading with no text between them (its
 *    title) counts as one heading, as Quire sets a label and its title as one.
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
const CONTENTS = /^(?:table of )?contents?$|^list of contents$|^contenido$|^[ií]ndice(?: general)?$|^inhalt(?:sverzeichnis)?$|^table des mati[eè]res$|^sommaire$|^sum[aá]rio$|^index capitum$/i;
const CREDIT = /^(?:e-?text prepared by|produced by|transcribed by|transcriber'?s? note|this e-?book|the project gutenberg|project gutenberg)/i;
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
  const found: { text: string; textBefore: boolean }[] = [];
  let textSince = true;
  const walk = (node: XmlNode): void => {
    if (ended) return;
    if (node.type === 'text') {
      if (START.test(node.value)) inside = true;
      else if (END.test(node.value)) ended = true;
      else if (inside && node.value.trim() !== '') textSince = true;
      return;
    }
    if (['script', 'style', 'head'].includes(node.name)) return;
    if (/^h[1-4]$/.test(node.name)) {
      const text = squash(headingText(node));
      if (START.test(text)) inside = true;
      else if (END.test(text)) ended = true;
      else if (inside) {
        found.push({ text, textBefore: textSince });
        textSince = false;
      }
      return;
    }
    for (const child of node.children) walk(child);
  };
  walk(root);
  const title = words(book.title);
  const author = words(book.author);
  const kept = found.filter(({ text }) => {
    const w = words(text);
    if (w === '' || CONTENTS.test(text.replace(/[.:]+$/, '').trim()) || CREDIT.test(text)) return false;
    if (w === title || w === author || (author !== '' && w.endsWith(author) && BYLINE.test(text)) || BYLINE.test(text) && w.split(' ').length <= 1) return false;
    return true;
  });
  // Rule 3: a label alone and the title right after it are one heading.
  const out: string[] = [];
  for (let i = 0; i < kept.length; i++) {
    const here = kept[i]!;
    const next = kept[i + 1];
    const key = titleKey(here.text);
    if (key.number !== undefined && key.words === '' && next && !next.textBefore && titleKey(next.text).number === undefined) {
      out.push(`${here.text} ${next.text}`);
      i++;
    } else out.push(here.text);
  }
  return out;
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
