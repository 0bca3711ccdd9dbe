/**
 * Headings and blocks (from `convert.ts`) -> the divisions of a {@link BookDocument}.
 *
 * Levels are decided by the book's own usage, not by tag names: the highest heading level used at
 * least twice holds the chapters; when the level below it has at least twice as many headings and
 * the upper ones are named like parts (`BOOK I`, `PART ONE`, `VOLUME II`) or the lower ones like
 * chapters (`CHAPTER I`), the upper level holds parts. Deeper headings become headings inside the
 * chapter. Headings before the first chapter that repeat the book's title or say `By <author>` are
 * title-page lines (the writers make a title page from the metadata) and are dropped and counted.
 *
 * Checklist:
 * - [X] parts above chapters, sub-headings inside chapters, untitled text before the first heading
 * - [X] front matter by title (preface, foreword, introduction, dedication, epigraph) before the first
 *       chapter; back matter (notes, appendix, glossary, index, afterword) after the last chapter
 * - [X] EPUB: a spine document without a heading opens a chapter named by the nav/NCX label
 * - [X] scene breaks at the start or end of a division (PG's `<hr>` between chapters) dropped
 * - [ ] plays (acts/scenes) and letters: left to the Markdown structure passes
 */
import { inlineText, type Block, type BookDocument, type BookMeta, type Chapter, type Division, type Inline, type Part, type Section, type SectionKind } from '../../model/book-document.ts';
import { chapterLabelAndTitle, splitChapterLabel } from '../../structure/chapter-label.ts';
import { isRoman, NUMBER_SOURCE } from '../../structure/roman.ts';
import { alternatives, FOREIGN_ORDINAL_WORDS, PART_RANK_WORDS, SCENE_RANK_WORDS } from '../../structure/division-words.ts';
import type { HeadingItem, Item } from './convert.ts';
import type { Report } from './dom.ts';
import { detectTitlePage, titlePageDetails } from '../../structure/detect-title-page.ts';
import { dropContentsHeadings, dropRunningTitles, joinSplitChapterPieces, keepStanzaNumbersAsText } from './heading-roles.ts';
import { CONTENTS, titlePageRuns } from './title-page.ts';

const PART_TITLE = /^(?:the\s+)?(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+)?(?:book|part|volume|vol\.|tome)\b/i;
const CHAPTER_TITLE = /^(?:chapter|chap\.|letter)\b/i;
const FRONT_KINDS: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:the\s+)?(?:author['’]s\s+|translator['’]s\s+)?preface\b/i, 'preface'],
  [/^(?:the\s+)?foreword\b/i, 'foreword'],
  [/^(?:the\s+)?introduct/i, 'introduction'],
  [/^(?:the\s+)?dedication\b/i, 'dedication'],
  [/^(?:the\s+)?epigraph\b/i, 'epigraph'],
];
const BACK_KINDS: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:end\s*|foot\s*)?notes\b/i, 'notes'],
  [/^appendi/i, 'appendix'],
  [/^glossary\b/i, 'glossary'],
  [/^index\b/i, 'index'],
  [/^(?:the\s+)?afterword\b/i, 'afterword'],
];

/** Letters and digits only, lowercased: for comparing a heading with the title. */
function norm(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A heading's lines: its text split at its line breaks (`<h1>The Importance of Being Earnest<br/>A Trivial Comedy ...</h1>`). */
function headingLines(h: HeadingItem): string[] {
  const lines = [''];
  for (const node of h.title) {
    if (node.type === 'lineBreak') lines.push('');
    else lines[lines.length - 1] += inlineText([node]);
  }
  const out = lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return out.length > 0 ? out : [h.text];
}

/** True when a heading repeats the title (either contains the other) or is `By <author>`. */
function isTitleLine(text: string, meta: Partial<BookMeta>): boolean {
  const t = norm(text);
  if (!t) return false;
  const title = norm(meta.title ?? '');
  if (title.length >= 4 && (t === title || (t.length >= 8 && (title.startsWith(t) || t.startsWith(title))))) return true;
  const author = norm(meta.author ?? '');
  const by = /^\s*by\s+(.+)$/i.exec(text);
  return Boolean(by && author && (norm(by[1]!).includes(author) || author.includes(norm(by[1]!))));
}

function kindOf(text: string, table: ReadonlyArray<[RegExp, SectionKind]>): SectionKind | undefined {
  for (const [re, kind] of table) if (re.test(text.trim())) return kind;
  return undefined;
}

/** Chapter and part levels from the headings' use (see the module comment). */
function levels(headings: readonly HeadingItem[]): { chapter: number; part?: number } {
  const counts = new Map<number, HeadingItem[]>();
  for (const h of headings) counts.set(h.level, [...(counts.get(h.level) ?? []), h]);
  const used = [...counts.keys()].sort((a, b) => a - b);
  const repeated = used.filter((l) => counts.get(l)!.length >= 2);
  const top = repeated[0] ?? used[0] ?? 1;
  const below = repeated.find((l) => l > top);
  if (below !== undefined) {
    const upper = counts.get(top)!;
    const lower = counts.get(below)!;
    const partLike = upper.filter((h) => PART_TITLE.test(h.text)).length * 2 >= upper.length;
    const chapterLike = lower.filter((h) => CHAPTER_TITLE.test(h.text)).length * 2 >= lower.length;
    if (lower.length >= 2 * upper.length && (partLike || chapterLike)) return { chapter: below, part: top };
  }
  return { chapter: top };
}

/** A heading that is a division's number alone: `I.`, `XII`, `12.` (a bare Roman numeral in capitals, or digits). */
const NUMBER_ALONE = /^(?:[MDCLXVI]+|\d{1,4})[.:]?$/u;
/** A number set between dashes or brackets (`-I-`, `—XII—`, `[3]`, pg17340). */
const NUMBER_BETWEEN = /^(?:[-–—]\s*([MDCLXVI]+|\d{1,4})\s*[-–—]|\[\s*([MDCLXVI]+|\d{1,4})\s*\]|\(\s*([MDCLXVI]+|\d{1,4})\s*\))\.?$/u;

/** A part's word and number alone: `BOOK ONE`, `PART II.`, `VOLUME 3`. */
const PART_LABEL_ALONE = new RegExp(`^${alternatives(PART_RANK_WORDS)}\\s+(?:${NUMBER_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)})[.:]?$`, 'iu');

/** True when `h` is a division's label with no title: a number alone, a chapter label alone, a part's label alone. */
function isLabelAlone(h: HeadingItem): boolean {
  const text = h.text.replace(/\s+/g, ' ').trim();
  if (NUMBER_ALONE.test(text) && (!/^[MDCLXVI]+[.:]?$/.test(text) || isRoman(text.replace(/[.:]$/, '')))) return true;
  const between = NUMBER_BETWEEN.exec(text);
  const inner = between ? (between[1] ?? between[2] ?? between[3])! : undefined;
  if (inner !== undefined && (/^\d/.test(inner) || isRoman(inner))) return true;
  if (PART_LABEL_ALONE.test(text)) return true;
  const split = splitChapterLabel(text);
  return split !== undefined && split.rest === '';
}

/** A heading that opens with a division's label of its own (`SCENE I. Verona`, `CHAPTER II`, `Book 3`): no title. */
const OPENS_WITH_LABEL = new RegExp(`^(?:${alternatives(PART_RANK_WORDS)}\\s+${NUMBER_SOURCE}(?=[\\s.:]|$)|${alternatives(SCENE_RANK_WORDS)}(?![\\p{L}\\p{N}]))`, 'iu');

/** True when `h` opens with a division's label (so it is a division of its own, not the title of the one before). */
function opensWithLabel(h: HeadingItem): boolean {
  const text = h.text.replace(/\s+/g, ' ').trim();
  return isLabelAlone(h) || splitChapterLabel(text) !== undefined || OPENS_WITH_LABEL.test(text);
}

/**
 * A division's label and its title set as two headings in a row (`<h3>I.</h3><h3>THE EVE OF THE WAR.</h3>`,
 * `<h2>BOOK ONE</h2><h2>THE COMING OF THE MARTIANS</h2>`) are one heading, as the plain-text reader makes them
 * (`# I. THE EVE OF THE WAR.`): nothing stands between them, the second is not above the first, and it does not open
 * with a label of its own (`ACT I` then `SCENE I. Verona` are two divisions). Items are returned in order, the pairs joined (the first heading's level, both headings' ids).
 */
export function joinLabelAndTitle(items: readonly Item[]): Item[] {
  const pairs = (i: number): boolean => {
    const here = items[i]!;
    const next = items[i + 1];
    return here.kind === 'heading' && next?.kind === 'heading' && here.level > 0 && next.level >= here.level && isLabelAlone(here) && !opensWithLabel(next);
  };
  // A title one level below its label (`<h2>CHAPTER I</h2><h3>Down the Rabbit-Hole</h3>`) looks like a chapter's
  // first section heading: it is taken as the title only where the book does so throughout, most of the labels of
  // that level (two at least) followed at once by a lower heading.
  const labels = new Map<number, { alone: number; titled: number }>();
  items.forEach((it, i) => {
    if (it.kind !== 'heading' || !isLabelAlone(it)) return;
    const count = labels.get(it.level) ?? { alone: 0, titled: 0 };
    count.alone++;
    const next = items[i + 1];
    if (pairs(i) && next?.kind === 'heading' && next.level > it.level) count.titled++;
    labels.set(it.level, count);
  });
  const titledBelow = (level: number) => {
    const count = labels.get(level);
    return count !== undefined && count.titled >= 2 && count.titled * 3 >= count.alone * 2;
  };
  const out: Item[] = [];
  for (let i = 0; i < items.length; i++) {
    const here = items[i]!;
    const next = items[i + 1];
    if (here.kind === 'heading' && next?.kind === 'heading' && pairs(i) && (next.level === here.level || titledBelow(here.level))) {
      const title: Inline[] = [...here.title, { type: 'text', value: ' ' }, ...next.title];
      out.push({ kind: 'heading', level: here.level, title, text: `${here.text.trim()} ${next.text.trim()}`, ids: [...here.ids, ...next.ids] });
      i++;
    } else out.push(here);
  }
  return out;
}

/** The divisions of the book, before ids are given. */
interface Draft {
  front: Section[];
  body: Division[];
  back: Section[];
}

/**
 * Builds front matter, body and back matter from the converted items.
 * @param source headings, blocks and EPUB file boundaries in reading order.
 * @param meta title and author (for title-page lines; `title` names a book without headings).
 * @param report counts dropped title-page lines and empty contents/notes headings.
 */
export function buildDivisions(source: readonly Item[], meta: Partial<BookMeta>, report: Report): Pick<BookDocument, 'front' | 'body' | 'back'> {
  const items = joinLabelAndTitle(joinSplitChapterPieces(keepStanzaNumbersAsText(dropContentsHeadings(dropRunningTitles(source, report), report), report), report));
  // EPUB files without a heading are opened by their nav label.
  const withFiles: Item[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.kind !== 'file') {
      withFiles.push(it);
      continue;
    }
    let hasHeading = false;
    for (let k = i + 1; k < items.length && items[k]!.kind !== 'file'; k++) if (items[k]!.kind === 'heading') hasHeading = true;
    if (!hasHeading && it.title) withFiles.push({ kind: 'heading', level: 0, title: [{ type: 'text', value: it.title }], text: it.title, ids: [] });
  }
  const headings = withFiles.filter((x): x is HeadingItem => x.kind === 'heading');
  const dropped = new Set<HeadingItem>();
  // The source's title page set as headings (`<h2>Bishop of Hippo</h2>`, `<h3>Translated by ...</h3>`,
  // `<h3>THE MILLENNIUM FULCRUM EDITION 3.0</h3>`): what it says goes into the book details (`detect-title-page.ts`).
  const titlePage = detectTitlePage(headings.map((h) => ({ lines: headingLines(h) })), meta);
  if (titlePage && titlePage.start === 0) {
    Object.assign(meta, titlePageDetails(titlePage.facts, meta));
    for (const i of titlePage.dropped) dropped.add(headings[i]!);
  }
  // The title page set as a run of headings, in any language, and the volunteers' credits (`title-page.ts`).
  const runs = titlePageRuns(withFiles, meta);
  for (const h of runs.titlePage) dropped.add(h);
  for (const h of runs.credits) dropped.add(h);
  report.add('productionCredits', 'Credits of the e-text’s volunteers set as headings removed', runs.credits.size);
  const firstRealChapter = headings.findIndex((h) => !dropped.has(h) && !isTitleLine(h.text, meta) && !CONTENTS.test(h.text));
  headings.forEach((h, i) => {
    if (i < Math.max(0, firstRealChapter) || (firstRealChapter < 0)) {
      if (isTitleLine(h.text, meta)) dropped.add(h);
    }
  });
  // Title-page lines may also stand right before the first chapter-level heading (a title, then "By X").
  const kept = headings.filter((h) => !dropped.has(h));
  const { chapter: chapterLevel, part: partLevel } = levels(kept.filter((h) => h.level > 0));
  const firstDivisionIndex = kept.findIndex((h) => h.level === 0 || h.level <= chapterLevel);
  for (const h of kept.slice(0, Math.max(0, firstDivisionIndex))) if (isTitleLine(h.text, meta)) dropped.add(h);
  report.add('titleLines', 'Lines of the source’s title page moved into the book details', dropped.size - runs.credits.size);

  const draft: Draft = { front: [], body: [], back: [] };
  const leading: Block[] = [];
  let target: Block[] | undefined;
  let part: Part | undefined;
  let sawChapter = false;
  let inBack = false;
  const pendingFront: Section[] = [];

  const open = (h: HeadingItem): void => {
    const title = h.title;
    const isPart = partLevel !== undefined && h.level === partLevel;
    const back = sawChapter ? kindOf(h.text, BACK_KINDS) : undefined;
    if (inBack || back) {
      inBack = true;
      const s: Section = { type: 'section', kind: back ?? 'other', id: '', title, blocks: [] };
      draft.back.push(s);
      target = s.blocks;
      part = undefined;
      return;
    }
    const front = !sawChapter && !isPart ? kindOf(h.text, FRONT_KINDS) : undefined;
    if (front) {
      const s: Section = { type: 'section', kind: front, id: '', title, blocks: [] };
      pendingFront.push(s);
      target = s.blocks;
      return;
    }
    if (isPart) {
      part = { type: 'part', id: '', title, blocks: [], chapters: [] };
      draft.body.push(part);
      target = part.blocks;
      sawChapter = true;
      return;
    }
    // `CHAPTER I. Down the Rabbit-Hole`: the label and the title, as the Markdown parser reads them.
    const ch: Chapter = { type: 'chapter', id: '', ...chapterLabelAndTitle(title), blocks: [] };
    if (part) part.chapters.push(ch);
    else draft.body.push(ch);
    target = ch.blocks;
    sawChapter = true;
  };

  for (const it of withFiles) {
    if (it.kind === 'file') continue;
    if (it.kind === 'block') {
      (target ?? leading).push(it.block);
      continue;
    }
    if (dropped.has(it)) continue;
    if (it.level === 0 || it.level <= chapterLevel) {
      open(it);
      continue;
    }
    const level = Math.min(6, Math.max(2, 2 + (it.level - chapterLevel - 1))) as 2 | 3 | 4 | 5 | 6;
    (target ?? leading).push({ type: 'heading', level, children: it.title });
  }

  if (leading.some((b) => b.type !== 'sceneBreak')) {
    draft.front.push({ type: 'section', kind: 'other', id: '', title: [], blocks: leading });
  }
  draft.front.push(...pendingFront);

  // Tidy: scene breaks at the edges; empty "Contents" and "Notes" divisions (their content moved or went).
  const tidy = (blocks: Block[]): Block[] => {
    const out: Block[] = [];
    for (const b of blocks) {
      if (b.type === 'sceneBreak' && (out.length === 0 || out[out.length - 1]!.type === 'sceneBreak')) continue;
      out.push(b);
    }
    while (out.length > 0 && out[out.length - 1]!.type === 'sceneBreak') out.pop();
    return out;
  };
  const emptyDroppable = (title: Inline[], blocks: Block[]): boolean => {
    const text = title.map((n) => (n.type === 'text' ? n.value : '')).join('').trim();
    return blocks.length === 0 && (CONTENTS.test(text) || /^(?:foot|end)?notes\.?$/i.test(text));
  };
  let droppedEmpty = 0;
  const tidySections = (sections: Section[]): Section[] =>
    sections
      .map((s) => ({ ...s, blocks: tidy(s.blocks) }))
      .filter((s) => {
        const keep = !emptyDroppable(s.title, s.blocks) && (s.title.length > 0 || s.blocks.length > 0);
        if (!keep && s.title.length > 0) droppedEmpty++;
        return keep;
      });
  draft.front = tidySections(draft.front);
  draft.back = tidySections(draft.back);
  draft.body = draft.body
    .map((d): Division =>
      d.type === 'part'
        ? { ...d, blocks: tidy(d.blocks), chapters: d.chapters.map((c) => ({ ...c, blocks: tidy(c.blocks) })) }
        : { ...d, blocks: tidy(d.blocks) },
    )
    .filter((d) => {
      const keep = !(d.type === 'chapter' && emptyDroppable(d.title, d.blocks));
      if (!keep) droppedEmpty++;
      return keep;
    });
  // Headings left at the very end with nothing under them (an EPUB's "More..." page once its links and
  // the Gutenberg trailer went) are not part of the book.
  while (draft.back.length === 0 && draft.body.length > 1) {
    const last = draft.body[draft.body.length - 1]!;
    if (last.blocks.length > 0 || (last.type === 'part' && last.chapters.length > 0)) break;
    draft.body.pop();
    droppedEmpty++;
  }
  report.add('navigation', 'Navigation links and contents lists removed', droppedEmpty);

  if (draft.body.length === 0 && draft.front.length === 0 && draft.back.length === 0) return { front: [], body: [], back: [] };
  return assignIds(draft);
}

/** Ids in document order per prefix, as `parseMarkdown` gives them (`front-N`, `part-N`, `ch-N`, `back-N`). */
function assignIds(draft: Draft): Pick<BookDocument, 'front' | 'body' | 'back'> {
  let ch = 0;
  let pt = 0;
  return {
    front: draft.front.map((s, i) => ({ ...s, id: `front-${i + 1}` })),
    body: draft.body.map((d) =>
      d.type === 'part'
        ? { ...d, id: `part-${++pt}`, chapters: d.chapters.map((c) => ({ ...c, id: `ch-${++ch}` })) }
        : { ...d, id: `ch-${++ch}` },
    ),
    back: draft.back.map((s, i) => ({ ...s, id: `back-${i + 1}` })),
  };
}
