/**
 * Front matter of a book: the display pages before its text (a dedication, an epigraph) and the names
 * of front-matter sections that the chapter keywords of `heading-lines.ts` do not know.
 *
 * The elements and their order follow the Chicago Manual of Style (17th ed.) 1.4 and 1.17-1.50: title
 * page, copyright page, dedication (1.37), epigraph (1.38), contents, foreword, preface (1.42),
 * acknowledgments, introduction (1.46). Older books add their own names for the preface: an
 * "Advertisement" (a short notice to the reader), an "Apology" (Bunyan's "The Author's Apology for his
 * Book"), a "Proem"; German, French and Spanish books head a dedication "Zueignung", "Widmung",
 * "Dédicace", "Dedicatoria".
 *
 * A dedication or an epigraph usually has no heading: it is recognised by its words and shape, and only
 * in the text before the first heading of the book, before any prose:
 * - dedication: a short block that opens with `To` + a name or possessive (`To my mother`,
 *   `TO / WILLIAM GODWIN`), `Dedicated to` / `Inscribed to`, `In memory of`, or says that the book "is
 *   dedicated" / "are gratefully inscribed"; the short blocks after it (the dedicatee's titles, a
 *   signature) belong to it;
 * - epigraph: a short quotation (prose in quotation marks, or lines of verse) followed by its source on a
 *   line that opens with a dash (`—Milton`, `-- Paradise Lost`), or set far to the right, or the book's
 *   own author signing it (Whitman's `Come, said my soul` / `Walt Whitman`); or a quotation that ends
 *   with its source on the same line (`"..." —Genesis.`). Several in a row are one epigraph page.
 *
 * Decisions (documented in `model/README.md`'s terms):
 * - The source's own title page (title, subtitle, by-line, translator, editor, edition, imprint) is not front
 *   matter of this book: the `titleLines` pass moves what it says into the book details
 *   (`detect-title-page.ts`), which Quire's own title and copyright pages print.
 * - An epigraph at the head of a chapter stays in the chapter, where the author put it.
 *
 * Checklist:
 * - [X] dedication and epigraph pages before the first heading; front-section names of older books
 * - [ ] a dedication inside an `[Illustration: ...]` tag (pg1342 2020s: the illustrator's dedication)
 * - [ ] an epigraph at the head of a chapter as its own block kind (left as the chapter's text)
 */
import type { SectionKind } from '../model/book-document.ts';
import { classifyHeadingLine, isAllCaps, tidyHeadingText } from './heading-lines.ts';
import { isHeadingLine, isSceneBreakLine, VERSE_OPEN } from './markdown-syntax.ts';

/** A block of text: its lines (indentation kept) and the blank lines before it. */
export interface FrontBlock {
  lines: readonly string[];
  blankBefore: number;
}

/** A display element found before the first heading: blocks `start` .. `end - 1` are one section. */
export interface FrontRange {
  start: number;
  end: number;
  kind: 'dedication' | 'epigraph';
}

/** What the detection may know about the book (to recognise the author signing an epigraph). */
export interface FrontMatterMeta {
  author?: string;
}

/**
 * Front-matter names that {@link classifyHeadingLine} does not list (older English names of the
 * preface, dedications in other languages, the preface names of German, French and Spanish books).
 */
const EXTRA_FRONT_NAMES: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:THE\s+)?(?:AUTHOR['’]S\s+)?APOLOGY(?:\s+FOR\s+(?:HIS|HER|THE|THIS)\s+BOOK)?\.?$/i, 'preface'],
  [/^(?:THE\s+)?(?:AUTHOR['’]S\s+)?ADVERTISEMENT(?:\s+(?:BY|OF|TO)\s+THE\s+\p{L}+)?\.?$/iu, 'preface'],
  [/^PROEM\.?$/i, 'preface'],
  [/^TO\s+THE\s+READERS?\.?$/i, 'preface'],
  [/^(?:ZUEIGNUNG|WIDMUNG|DÉDICACE|DEDICACE|DEDICATORIA)\.?$/i, 'dedication'],
  [/^(?:VORREDE|VORWORT|PRÉFACE|PREFACIO|PRÓLOGO|AVANT-PROPOS)\.?$/i, 'preface'],
  [/^(?:EINLEITUNG|INTRODUCCIÓN)\.?$/i, 'introduction'],
];

/** A front-matter heading recognised by {@link classifyFrontHeading}. */
export interface FrontHeading {
  /** The line as written (trimmed, inner spaces collapsed); it becomes the section's title. */
  text: string;
  sectionKind: SectionKind;
}

/**
 * Classifies a line as the name of a front-matter section that the chapter keywords miss: the names in
 * {@link EXTRA_FRONT_NAMES}, and any front-matter name set in italics as a heading (`_Dedication_`,
 * `_Foreword_`, pg28464). Returns undefined for any other line (and for lines over 60 characters).
 */
export function classifyFrontHeading(line: string): FrontHeading | undefined {
  const text = tidyHeadingText(line);
  if (text.length === 0 || text.length > 60) return undefined;
  // `_Foreword_`: Gutenberg's italics around a heading (the whole line, nothing else).
  const bare = /^([_*])([^_*]+)\1$/.exec(text)?.[2]?.trim() ?? text;
  for (const [re, sectionKind] of EXTRA_FRONT_NAMES) if (re.test(bare)) return { text, sectionKind };
  if (bare !== text) {
    const inner = classifyHeadingLine(bare);
    if (inner?.kind === 'front' && inner.sectionKind) return { text, sectionKind: inner.sectionKind };
  }
  return undefined;
}

/** Letters and digits only, lower case: for comparing a line with the metadata. */
export function metaKey(s: string): string {
  return s.toLowerCase().replace(/[’‘]/g, "'").replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The lines of a block without Markdown quote markers and surrounding italics, trimmed. */
function plainLines(block: FrontBlock): string[] {
  const lines = VERSE_OPEN.test(block.lines[0] ?? '') ? block.lines.slice(1, -1) : block.lines;
  return lines
    .map((l) => l.replace(/^\s*(?:>\s?)+/, '').trim())
    .filter((l) => l !== '')
    .map((l) => l.replace(/^[_*]+|[_*]+$/g, '').trim());
}

function plainText(block: FrontBlock): string {
  return plainLines(block).join(' ');
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** A block of prose: the front pages are over (the text itself, or a preface without a heading). */
const PROSE_CHARS = 200;

/** A block that is structure, not text: a heading, a scene break, a figure or illustration tag. */
function isFurniture(block: FrontBlock): boolean {
  const first = block.lines[0]!.trim();
  return isHeadingLine(block.lines[0]!) || (block.lines.length === 1 && isSceneBreakLine(first)) || /^!\[|^\[Illustration/i.test(first);
}

/** Copyright-page lines (Chicago 1.20-1.22): they end a dedication. */
const IMPRINT = /^(?:Copyright\b|©|\(c\)\s*\d|All\s+rights\s+reserved|(?:First\s+)?Published\b|Printed\s+(?:in|by)\b)/i;

/**
 * The opening of a dedication (Chicago 1.37: "To ...", "For ..." is too common a sentence opening to
 * count). `To` must be followed by a name or a possessive: `To my mother`, `TO THE MEMORY OF`,
 * `To William Godwin`; `TO` alone on its line when a name follows on the next.
 */
const DEDICATION_OPENING = [
  /^(?:To|TO)\s+(?:my|our|his|her|the\s+memory|the\s+beloved|the\s+dear|the\s+Rev|MY|OUR|HIS|HER|THE\s+MEMORY|THE\s+BELOVED|\p{Lu}(?!\p{Ll}*\s+(?:be|do|have|say|see|make)\b))/u,
  /^(?:Dedicated|DEDICATED|Inscribed|INSCRIBED)\s+(?:to|TO)\b/,
  /^(?:In|IN)\s+(?:loving\s+|LOVING\s+)?(?:memory|MEMORY)\s+(?:of|OF)\b/,
  // French, Spanish, Italian, German dedications: `À ma mère`, `A mi padre`, `Meiner Mutter gewidmet`.
  /^(?:À|A)\s+(?:mon|ma|mes|la\s+mémoire|mi|mis|la\s+memoria|mio|mia)\s/,
  /\b(?:gewidmet|zugeeignet)\.?$/,
];
/** `this volume is respectfully inscribed`, `these illustrations are gratefully inscribed`. */
const DEDICATED_CLAUSE = /\b(?:is|are)\s+(?:\p{L}+\s+){0,2}(?:dedicated|inscribed)\b/iu;

/** True when a block opens a dedication. */
function isDedicationStart(block: FrontBlock, next: FrontBlock | undefined): boolean {
  const lines = plainLines(block);
  const text = lines.join(' ');
  if (lines.length === 0 || lines.length > 8 || text.length > 350) return false;
  // `TO` alone, the name on the next line (Frankenstein's 1818 dedication).
  if (/^TO\.?$|^To\.?$/.test(text)) return next !== undefined && /^\p{Lu}/u.test(plainText(next));
  if (DEDICATION_OPENING.some((re) => re.test(text))) return true;
  return DEDICATED_CLAUSE.test(text) && text.length <= 300;
}

/** A dedication goes on over short blocks: the dedicatee's titles, the dedicating sentence, a signature. */
function continuesDedication(block: FrontBlock, next: FrontBlock | undefined): boolean {
  const lines = plainLines(block);
  const text = lines.join(' ');
  if (isFurniture(block) || lines.length === 0 || lines.length > 4 || text.length > 240) return false;
  if (IMPRINT.test(text) || epigraphAt(block, next, {}) > 0) return false;
  return true;
}

/** A source line under a quotation: `—Milton`, `-- Paradise Lost, X`, `― Job`. */
const DASH_ATTRIBUTION = /^(?:—|―|–|--?)\s*[\p{L}_*(]/u;
/** A quotation whose source ends its last line: `"And God created great whales." —Genesis.` */
const INLINE_ATTRIBUTION = /["”’'_]\s*(?:—|―|--)\s*[\p{L}_*][^"“”]{0,60}$/u;

/** A block that can be the quoted part of an epigraph: prose in quotation marks or lines of verse. */
function isQuotation(block: FrontBlock): boolean {
  if (isFurniture(block)) return false;
  const lines = plainLines(block);
  const text = lines.join(' ');
  if (lines.length === 0 || lines.length > 24 || text.length > 1000) return false;
  if (/^["“‘'«„]/.test(text)) return true;
  if (/^\s*>/.test(block.lines[0]!)) return true;
  // Lines of verse: several short lines, each opening with a capital (or a quotation mark). A `::: verse` container
  // is judged by its lines as well, as the raw lines were before the verse pass wrapped them (a second cleaning
  // must find the same pages).
  return lines.length >= 2 && lines.every((l) => l.length <= 80 && /^[\p{Lu}"“‘'(]/u.test(l));
}

/** True when `block` is the source line under `quote`. */
function isAttribution(block: FrontBlock, quote: FrontBlock, meta: FrontMatterMeta): boolean {
  if (isFurniture(block)) return false;
  const lines = plainLines(block);
  const text = lines.join(' ');
  if (lines.length === 0 || lines.length > 2 || text.length > 100) return false;
  if (DASH_ATTRIBUTION.test(text)) return true;
  // Set to the right of the quotation (a plain-text rendering of a flush-right source line).
  const quoteIndent = Math.min(...quote.lines.filter((l) => l.trim() !== '').map(indentOf));
  if (lines.length === 1 && indentOf(block.lines[0]!) >= 10 && indentOf(block.lines[0]!) >= quoteIndent + 6) return true;
  // The book's own author signs the lines (pg1322: the inscription `Come, said my soul` / `Walt Whitman`).
  const author = meta.author ? metaKey(meta.author) : '';
  return author.length >= 3 && lines.length === 1 && metaKey(text) === author && plainLines(quote).length >= 2;
}

/**
 * How many blocks from `i` make one epigraph (quotation + source, or a quotation with its source
 * inline); 0 when block `i` does not open one. A blockquote whose last line is the source counts alone.
 */
function epigraphAt(block: FrontBlock, next: FrontBlock | undefined, meta: FrontMatterMeta): number {
  if (!isQuotation(block)) return 0;
  const lines = plainLines(block);
  const last = lines[lines.length - 1]!;
  if (lines.length >= 2 && /^\s*>/.test(block.lines[0]!) && DASH_ATTRIBUTION.test(last)) return 1;
  if (INLINE_ATTRIBUTION.test(last) && /^["“‘'«„]/.test(lines[0]!)) return 1;
  if (next && next.blankBefore <= 3 && isAttribution(next, block, meta)) return 2;
  return 0;
}

/** A title-page line: short (`NEW YORK`, `1911`), or set in capitals (`AUTHOR OF ... AND PRESIDENT OF ...`). */
function isShortLine(block: FrontBlock): boolean {
  const text = plainText(block);
  if (block.lines.length > 4) return false;
  return isAllCaps(text) ? text.length <= 250 : text.length <= 100 && (!/[.!?]["”’]?$/.test(text) || text.length <= 40);
}

/** `[` minus `]` over a block's lines (escaped brackets not counted). */
function bracketDepth(block: FrontBlock): number {
  let depth = 0;
  for (const line of block.lines) {
    for (const m of line.matchAll(/\\?[[\]]/g)) {
      if (m[0].length === 1) depth += m[0] === '[' ? 1 : -1;
    }
  }
  return depth;
}

/**
 * Finds the dedication and epigraph pages in the text before the first heading.
 * @param blocks the blocks before the first `#` heading of the book (the caller stops there).
 * @param meta the author, to recognise an epigraph the author signs.
 * @returns disjoint ranges in order; empty when nothing is found. Scanning stops at the first block of
 *   prose that is not part of a range (the front pages precede the text). Pure; never throws.
 */
export function detectFrontMatter(blocks: readonly FrontBlock[], meta: FrontMatterMeta = {}): FrontRange[] {
  const ranges: FrontRange[] = [];
  let i = 0;
  // Brackets left open by a block: an `[Illustration: ...]` tag that runs over blank lines is one thing,
  // never split by a section heading (pg1342 2020s: the illustrator's dedication inside such a tag).
  let open = 0;
  while (i < blocks.length) {
    const block = blocks[i]!;
    const depth = bracketDepth(block);
    if (open > 0 || (depth > 0 && /^\s*\[/.test(block.lines[0]!))) {
      open = Math.max(0, open + depth);
      i++;
      continue;
    }
    if (isDedicationStart(block, blocks[i + 1])) {
      let end = i + 1;
      while (end < blocks.length && continuesDedication(blocks[end]!, blocks[end + 1])) end++;
      ranges.push({ start: i, end, kind: 'dedication' });
      i = end;
      continue;
    }
    let n = epigraphAt(block, blocks[i + 1], meta);
    if (n > 0) {
      let end = i + n;
      // Several quotations in a row are one epigraph page.
      while (end < blocks.length && (n = epigraphAt(blocks[end]!, blocks[end + 1], meta)) > 0) end += n;
      const prev = ranges[ranges.length - 1];
      if (prev?.kind === 'epigraph' && prev.end === i) prev.end = end;
      else ranges.push({ start: i, end, kind: 'epigraph' });
      i = end;
      continue;
    }
    if (!isFurniture(block) && !isShortLine(block) && plainText(block).length > PROSE_CHARS) break;
    i++;
  }
  return ranges;
}
