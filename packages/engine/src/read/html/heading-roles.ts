/**
 * Headings of an HTML edition that are not divisions of the book, found among the converted items (`convert.ts`)
 * before `structure.ts` builds the divisions:
 *
 * - Stanza numbers set as headings (Beppo's `<h4>I.</h4>` over each ottava rima stanza, pg20158; Childe Harold sets
 *   the same numbers as text, pg5131): a run of numbers alone, most of each over one stanza of at most
 *   {@link STANZA_MAX_LINES} lines, numbers the stanzas of a poem. Each stays in the poem as a paragraph of its own,
 *   where the source shows it. A poem that numbers longer sections (The Prisoner of Chillon's fourteen sections, in
 *   the same volume) keeps them as headings. The plain-text reader reads them the same way
 *   (`structure/detect-headings.ts`, `markStanzaNumbers`).
 * - The pieces of a file-split chapter: Project Gutenberg's early releases cut long chapters into files of about
 *   30 KB, and each piece repeats the chapter's heading with the piece's number (pg732 Decline and Fall: `Chapter XVI:
 *   Conduct Towards The Christians, From Nero To Constantine.—Part I.`, `...—Part II.`). The first piece's heading
 *   keeps the chapter heading without its `—Part I.`; the later pieces' headings (and a bare `PART II.` inside piece
 *   II) go, and their text runs on in the chapter, as `clean/passes/join-split-chapters.ts` does for the plain text.
 *   A run needs the same chapter heading with `Part I` and `Part II` at least.
 *
 * Checklist:
 * - [X] stanza numbers as headings over verse blocks or line-broken paragraphs
 * - [X] file-split chapter pieces, their headings on one line or broken (`...—Part<br/>II.`)
 * - [ ] a stanza number set in the same heading as the poem's first line
 */
import { inlineText, type Block, type Inline } from '../../model/book-document.ts';
import { classifyHeadingLine } from '../../structure/heading-lines.ts';
import { isRoman, romanValue } from '../../structure/roman.ts';
import type { HeadingItem, Item } from './convert.ts';
import type { Report } from './dom.ts';

/** Lines of a stanza at most: a numbered unit longer than this is a section (The Prisoner of Chillon), not a stanza. */
const STANZA_MAX_LINES = 12;
/** Numbers in a run at least, and the share of them over one short stanza, to read the run as stanza numbers. */
const STANZA_RUN = 3;
const STANZA_SHARE = 0.8;

/** A heading that is a number alone: `I.`, `XIV`, `12.` (a Roman numeral in capitals, or digits). */
const NUMBER_ALONE = /^(?:([MDCLXVI]+)|\d{1,4})[.:]?$/;

function isNumberAlone(h: HeadingItem): boolean {
  const m = NUMBER_ALONE.exec(h.text.replace(/\s+/g, ' ').trim());
  return m !== null && (m[1] === undefined || isRoman(m[1]));
}

/** Lines of one block of verse: a verse block's lines, or a paragraph's lines when it is broken into lines. */
function verseLines(b: Block): number | undefined {
  if (b.type === 'verse') return b.stanzas.length === 1 ? b.stanzas[0]!.length : undefined;
  if (b.type === 'paragraph') {
    const breaks = b.children.filter((c) => c.type === 'lineBreak').length;
    return breaks > 0 ? breaks + 1 : undefined;
  }
  return undefined;
}

/**
 * Stanza numbers set as headings become paragraphs of the poem (see the module comment). Items are returned in
 * order; `report` counts the numbers kept as text.
 */
export function keepStanzaNumbersAsText(items: readonly Item[], report: Report): Item[] {
  const stanza = new Set<number>();
  // Per heading: is it over one short stanza (the blocks up to the next heading or file)?
  const overStanza = (i: number): boolean => {
    const body: Block[] = [];
    for (let k = i + 1; k < items.length; k++) {
      const it = items[k]!;
      if (it.kind !== 'block') break;
      if (it.block.type !== 'sceneBreak') body.push(it.block);
    }
    // The stanza, and after the poem's last one a line or two under it (a date, a place, a note).
    const first = body[0] !== undefined ? verseLines(body[0]) : undefined;
    if (first === undefined) return false;
    let lines = first;
    for (const b of body.slice(1)) lines += b.type === 'paragraph' ? (verseLines(b) ?? 1) : STANZA_MAX_LINES + 1;
    return lines <= STANZA_MAX_LINES;
  };
  let run: number[] = [];
  const close = (): void => {
    if (run.length >= STANZA_RUN && run.filter(overStanza).length >= run.length * STANZA_SHARE) for (const i of run) stanza.add(i);
    run = [];
  };
  items.forEach((it, i) => {
    if (it.kind === 'file') close();
    if (it.kind !== 'heading') return;
    const previous = run.length > 0 ? (items[run[run.length - 1]!] as HeadingItem) : undefined;
    if (!isNumberAlone(it) || (previous && previous.level !== it.level)) close();
    if (isNumberAlone(it)) run.push(i);
  });
  close();
  if (stanza.size === 0) return [...items];
  report.add('stanzaNumbers', 'Stanza numbers set as headings kept as the poem’s text', stanza.size);
  return items.map((it, i) => (stanza.has(i) && it.kind === 'heading' ? { kind: 'block', block: { type: 'paragraph', children: it.title }, ids: it.ids } : it));
}

/** `<chapter heading>` + `—Part II.`, `.--Part II.`, `. Part IV.`, `—Part 2`. */
const PIECE = /^(.+?)[\s.]*(?:--|—|–)?\s*Part\s+([IVXLC]+|\d{1,2})\.?$/;
/** A part label alone (`PART II.`): the piece's number repeated inside the piece. */
const BARE_PART = /^PART\s+([IVXLC]+|\d{1,2})\.?$/i;

function pieceNumber(s: string): number | undefined {
  const n = /^\d+$/.test(s) ? Number(s) : romanValue(s);
  return n !== undefined && n > 0 ? n : undefined;
}

/** The first `length` characters of `inlines` as {@link inlineText} reads them, markup kept. */
function cutInlines(inlines: readonly Inline[], length: number): Inline[] {
  const out: Inline[] = [];
  let left = length;
  for (const node of inlines) {
    if (left <= 0) break;
    const size = inlineText([node]).length;
    if (size <= left) {
      out.push(node);
      left -= size;
    } else if (node.type === 'text') {
      out.push({ type: 'text', value: node.value.slice(0, left) });
      left = 0;
    } else if ('children' in node) {
      out.push({ ...node, children: cutInlines(node.children, left) });
      left = 0;
    } else break;
  }
  return out;
}

/**
 * The pieces of file-split chapters are joined (see the module comment): the first piece's heading loses its
 * `—Part I.`, the later pieces' headings go. `report` counts the headings removed or shortened.
 */
export function joinSplitChapterPieces(items: readonly Item[], report: Report): Item[] {
  const pieces: { at: number; key: string; base: string; n: number }[] = [];
  items.forEach((it, at) => {
    if (it.kind !== 'heading') return;
    const m = PIECE.exec(it.text.replace(/\s+/g, ' ').trim());
    const n = m ? pieceNumber(m[2]!) : undefined;
    if (!m || n === undefined || classifyHeadingLine(m[1]!.trim())?.kind !== 'chapter') return;
    pieces.push({ at, key: m[1]!.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''), base: m[1]!.trim(), n });
  });
  const runs = new Map<string, typeof pieces>();
  for (const p of pieces) runs.set(p.key, [...(runs.get(p.key) ?? []), p]);
  const shorten = new Map<number, string>();
  const drop = new Set<number>();
  for (const run of runs.values()) {
    const numbers = new Set(run.map((p) => p.n));
    if (!numbers.has(1) || !numbers.has(2)) continue;
    run.forEach((p, k) => {
      if (p.n === 1) shorten.set(p.at, p.base.replace(/[\s.]+$/, ''));
      else drop.add(p.at);
      // A bare `PART <n>.` heading inside piece <n> repeats the piece's number.
      const end = run[k + 1]?.at ?? items.length;
      for (let i = p.at + 1; i < end; i++) {
        const it = items[i]!;
        if (it.kind !== 'heading') continue;
        const bare = BARE_PART.exec(it.text.trim());
        if (bare && p.n > 1 && pieceNumber(bare[1]!) === p.n) drop.add(i);
      }
    });
  }
  if (shorten.size === 0 && drop.size === 0) return [...items];
  report.add('splitChapters', 'File-split chapters joined (repeated "—Part II." headings removed)', shorten.size + drop.size);
  const out: Item[] = [];
  items.forEach((it, i) => {
    if (drop.has(i)) return;
    const base = shorten.get(i);
    if (base === undefined || it.kind !== 'heading') {
      out.push(it);
      return;
    }
    // The heading's own markup is kept up to where `—Part I.` starts.
    const full = inlineText(it.title);
    const cut = full.replace(/\s+/g, ' ').trim() === it.text.replace(/\s+/g, ' ').trim() ? lengthUpTo(full, base) : undefined;
    const title = cut !== undefined ? cutInlines(it.title, cut) : [{ type: 'text' as const, value: base }];
    out.push({ ...it, title, text: base });
  });
  return out;
}

/** Characters of `full` that hold the words of `base` (spaces counted as `full` has them), or undefined. */
function lengthUpTo(full: string, base: string): number | undefined {
  const want = base.replace(/\s+/g, '');
  let seen = 0;
  for (let i = 0; i < full.length; i++) {
    if (/\s/.test(full[i]!)) continue;
    if (full[i] !== want[seen]) return undefined;
    seen++;
    if (seen === want.length) return i + 1;
  }
  return undefined;
}

/** Items from the start within which a contents set as headings is looked for. */
const CONTENTS_WINDOW = 60;

/** Letters and digits of a heading, case folded: the same division named twice. */
function headingKey(h: HeadingItem): string {
  return h.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The source's contents set as headings (`<h2>ACT I.</h2><h2>ACT II.</h2><h2>ACT III.</h2>`, each a link to its act,
 * pg2542): in a run of three headings or more with no text between them near the start, two or more that come back later as the heading of its
 * division, is a list of the divisions, not divisions; Quire makes its own contents. The headings go, counted in
 * `report` with the navigation the readers remove.
 */
export function dropContentsHeadings(items: readonly Item[], report: Report): Item[] {
  // The first run of headings with nothing between them, near the start (after the title page's lines).
  let run: number[] = [];
  for (let i = 0; i < Math.min(items.length, CONTENTS_WINDOW); i++) {
    const it = items[i]!;
    if (it.kind === 'file') continue;
    if (it.kind === 'heading') {
      run.push(i);
      continue;
    }
    if (run.length >= 3) break;
    run = [];
  }
  if (run.length < 3) return [...items];
  const later = new Set<string>();
  for (let i = run[run.length - 1]!; i < items.length; i++) {
    const it = items[i]!;
    if (it.kind === 'heading') later.add(headingKey(it));
  }
  // The run's own last heading may be a division with its text under it (the first act): it stays. The title page
  // above the list (`A DOLL'S HOUSE` / `by Henrik Ibsen`) is for the title-page rules.
  const listed = run.slice(0, -1).filter((i) => later.has(headingKey(items[i] as HeadingItem)));
  if (listed.length < 2) return [...items];
  report.add('navigation', 'Navigation links and contents lists removed', listed.length);
  const drop = new Set(listed);
  return items.filter((_, i) => !drop.has(i));
}

/** Times at least that a running title comes back over a division for it to be one. */
const RUNNING_TITLE_MIN = 3;

/**
 * The source's running title set again over each of its books (`<h1>PUBLI VERGILI MARONIS</h1><h2>AENEIDOS</h2>`
 * over every `<h3>LIBER II</h3>`, pg227): a heading with nothing under it that comes back {@link RUNNING_TITLE_MIN}
 * times or more, each time in a stack of at most three headings right above a division's label, is no division.
 * The plain-text reader drops the same lines (`clean/passes/drop-title-lines.ts`). Counted with the title-page lines.
 */
export function dropRunningTitles(items: readonly Item[], report: Report): Item[] {
  const isLabel = (it: Item | undefined) => it?.kind === 'heading' && ['chapter', 'part'].includes(classifyHeadingLine(it.text)?.kind ?? '');
  const over = new Map<string, number[]>();
  items.forEach((it, i) => {
    if (it.kind !== 'heading' || isLabel(it)) return;
    let j = i + 1;
    while (j < items.length && j - i <= 3 && items[j]!.kind === 'heading' && !isLabel(items[j])) j++;
    if (!isLabel(items[j])) return;
    const k = headingKey(it);
    if (k.length >= 4) over.set(k, [...(over.get(k) ?? []), i]);
  });
  const drop = new Set([...over.values()].filter((at) => at.length >= RUNNING_TITLE_MIN).flat());
  if (drop.size === 0) return [...items];
  report.add('titleLines', 'Lines of the source’s title page moved into the book details', drop.size);
  return items.filter((_, i) => !drop.has(i));
}
