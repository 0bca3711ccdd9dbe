/**
 * Combining the cleaned texts of a collection into one book (accounts spec section 3 "Collection input"; issue 3
 * "Collections"): pure functions over strings, run in the worker pool by the import service.
 *
 * Each text becomes a part (`# <Title> {.part}`, the Markdown convention of packages/engine/src/model/README.md;
 * `# <Title> {.part author="<Name>"}` when the text's author is known, read by the parser as the part's author) and
 * its own chapters become the part's chapters. The document model has one level of parts, so inside a text:
 * - its own part headings (`# BOOK ONE {.part}`) and front/back sections (`# Preface {.front .preface}`,
 *   `# Notes {.back .notes}`) become chapters of the text's part: left as they were, a part would end the text's
 *   part and a front section would move to the front of the whole collection;
 * - a text without any chapter heading becomes one chapter titled with the text's title;
 * - footnote labels get a per-text prefix (`[^1]` -> `[^t2-1]`), because every Gutenberg text numbers its notes
 *   from 1 and the second `[^1]:` definition of a book would otherwise be lost;
 * - image references are renamed by the text's `imageRenames` (the second text's `images/img-1.png` ->
 *   `images/img-4.png` after three images in the first; services/asset-paths.ts `collectionAssetRenames`),
 *   because every imported file numbers its images from 1.
 * Fenced code blocks (``` or ~~~) are left untouched.
 */
import type { CleanReport, CombineMethod } from '@quire/contracts';
import { renameImageReferences } from './asset-paths.ts';

/** Author of a collection whose texts have different (or unknown) authors (issue 3). */
export const VARIOUS_AUTHORS = 'Various';

/** One text of a collection, after cleanup. `author` is null when the source does not say. */
export interface CollectionText {
  title: string;
  author: string | null;
  /** The text's cleaned Markdown (Quire's convention). */
  markdown: string;
  /** New paths of the text's images in the collection (old `images/<name>` -> new); none when absent. */
  imageRenames?: ReadonlyMap<string, string>;
}

/** A `# ` heading line, its text and a trailing attribute block (`{.part}`, `{.front .preface}`, `{#id}`). */
const H1 = /^# +(.*?)[ \t]*$/;
const TRAILING_ATTRS = /(^|[^\\])\{([^{}]*)\}[ \t]*$/;
/**
 * An attribute list: classes, ids and `key=value` pairs, a quoted value possibly holding spaces and `\"` (or in curly
 * quotes, as an editor types them): the items the parser reads (engine `markdown/heading-attributes.ts`).
 */
const ATTR_ITEM = String.raw`(?:\.[\w-]+|#[\w-]+|[\w-]+=(?:"(?:[^"\\]|\\.)*"|“[^”]*”|[^\s"“]*))`;
const ATTR_LIST = new RegExp(String.raw`^[ \t]*${ATTR_ITEM}(?:[ \t]+${ATTR_ITEM})*[ \t]*$`);
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A footnote reference or definition label (markdown-it-footnote: no whitespace or `]` inside). */
const FOOTNOTE_LABEL = /\[\^([^\]\s]+)\]/g;

const NO_RENAMES: ReadonlyMap<string, string> = new Map();

/** Compares two strings as a reader sorts them: case- and accent-insensitive, numbers by value. */
function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The order of a collection's texts (spec: combineMethod):
 * - `sequential`: the order of the submitted URLs;
 * - `by_author`: grouped by author (alphabetical, unknown authors last), input order within an author;
 * - `by_title`: alphabetical by title, input order for equal titles.
 * @returns a new array; `texts` is not changed.
 */
export function orderTexts<T extends { title: string; author: string | null }>(texts: readonly T[], method: CombineMethod): T[] {
  const indexed = texts.map((text, index) => ({ text, index }));
  const byInput = (a: { index: number }, b: { index: number }) => a.index - b.index;
  if (method === 'by_author') {
    indexed.sort((a, b) => {
      const x = a.text.author?.trim() || null;
      const y = b.text.author?.trim() || null;
      if (x === null || y === null) return x === y ? byInput(a, b) : x === null ? 1 : -1;
      return compareText(x, y) || byInput(a, b);
    });
  } else if (method === 'by_title') {
    indexed.sort((a, b) => compareText(a.text.title, b.text.title) || byInput(a, b));
  }
  return indexed.map((x) => x.text);
}

/**
 * The author shown for a collection (issue 3): the given author when not blank, else the author all texts share
 * (compared case-insensitively; every text must name it), else {@link VARIOUS_AUTHORS}.
 */
export function collectionAuthor(given: string | null | undefined, texts: readonly { author: string | null }[]): string {
  const chosen = given?.trim();
  if (chosen) return chosen;
  const first = texts[0]?.author?.trim();
  if (!first) return VARIOUS_AUTHORS;
  const same = texts.every((t) => (t.author?.trim() ?? '').localeCompare(first, 'en', { sensitivity: 'base' }) === 0);
  return same ? first : VARIOUS_AUTHORS;
}

/**
 * Escapes a title for a Markdown heading line: line breaks become spaces and the ASCII punctuation that
 * markdown-it would read as markup (emphasis, links, entities, closing `#`s, a trailing attribute block) is
 * backslash-escaped (CommonMark section 2.4, "Backslash escapes").
 */
export function escapeHeadingText(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]{}<>&!#~|]/g, (c) => `\\${c}`);
}

/**
 * A person's name as a quoted attribute value (`author="..."`): on one line, a backslash and a double quote escaped
 * with a backslash, and braces (which would end the attribute block) as parentheses.
 */
export function quoteAttributeValue(name: string): string {
  const value = name.replace(/\s+/g, ' ').trim().replace(/\{/g, '(').replace(/\}/g, ')').replace(/[\\"]/g, (c) => `\\${c}`);
  return `"${value}"`;
}

/** The heading text of a `# ` line without its attribute block, or null when the line is not a level-1 heading. */
function headingText(line: string): string | null {
  const m = H1.exec(line);
  if (!m) return null;
  const content = m[1]!;
  const attrs = TRAILING_ATTRS.exec(content);
  if (attrs && ATTR_LIST.test(attrs[2]!)) {
    return content.slice(0, attrs.index + attrs[1]!.length).trimEnd();
  }
  return content;
}

/**
 * The Markdown of one text as a part of a collection (see the module comment).
 * @param text the text's title and cleaned Markdown.
 * @param index 1-based position of the text in the collection (names its footnote prefix `t<index>-`).
 */
export function textAsPart(text: CollectionText, index: number): string {
  const lines = text.markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  let chapters = 0;
  for (const line of lines) {
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      out.push(line);
      continue;
    }
    if (f) {
      fence = f[1]!;
      out.push(line);
      continue;
    }
    const renamed = renameImageReferences(
      line.replace(FOOTNOTE_LABEL, (_, label: string) => `[^t${index}-${label}]`),
      text.imageRenames ?? NO_RENAMES,
    );
    const heading = headingText(renamed);
    if (heading !== null) {
      chapters++;
      out.push(`# ${heading}`);
      continue;
    }
    out.push(renamed);
  }
  const body = out.join('\n').trim();
  const title = escapeHeadingText(text.title) || `Text ${index}`;
  const author = text.author?.trim();
  const head = [author ? `# ${title} {.part author=${quoteAttributeValue(author)}}` : `# ${title} {.part}`];
  if (chapters === 0) head.push(`# ${title}`);
  return body ? `${head.join('\n\n')}\n\n${body}` : head.join('\n\n');
}

/**
 * The Markdown of a whole collection: the texts in the given order, each as a part ({@link textAsPart}),
 * separated by one blank line, ending with a newline.
 */
export function combineCollection(texts: readonly CollectionText[]): string {
  return `${texts.map((t, i) => textAsPart(t, i + 1)).join('\n\n')}\n`;
}

/**
 * One report for a collection: the counts of each cleanup pass summed over the texts (passes in the order they
 * first appear); `chaptersFound`, `partsFound`, `wordCount` and `structure` (what was found) are those of the combined
 * Markdown, given by the caller.
 */
export function combineReports(
  reports: readonly (CleanReport | null)[],
  totals: Pick<CleanReport, 'chaptersFound' | 'partsFound' | 'wordCount' | 'structure'>,
): CleanReport {
  const passes = new Map<string, { id: string; label: string; count: number }>();
  for (const report of reports) {
    for (const pass of report?.passes ?? []) {
      const seen = passes.get(pass.id);
      if (seen) seen.count += pass.count;
      else passes.set(pass.id, { ...pass });
    }
  }
  return { passes: [...passes.values()], ...totals };
}
