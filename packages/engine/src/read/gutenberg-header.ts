/**
 * Metadata from a Project Gutenberg plain-text header.
 *
 * Header generations handled (see the corpus notes in `../shared/corpus/SOURCES.md`):
 * - [X] modern (2000s-2020s): `Title:` / `Author:` / `Language:` fields, a field's value may wrap onto
 *       indented continuation lines (`Title: The world's great sermons, Volume 8` + `       Talmage to ...`)
 * - [X] first-line forms: `The Project Gutenberg EBook of Pride and Prejudice, by Jane Austen`,
 *       `Project Gutenberg's Alice's Adventures in Wonderland, by Lewis Carroll`
 * - [X] 1990s forms: `**The Project Gutenberg Etext of Moby Dick, by Herman Melville**`,
 *       `Project Gutenberg Etext Imitation of Christ, by Thomas A Kempis`,
 *       `***This is the Project Gutenberg Etext of Alice in Wonderland***`
 * - [X] `Translator:` / `Editor:` fields (`translator`, `editor`)
 * - [X] the eBook number of every generation (`[EBook #84]`, `[eBook #2701]`, `[Etext #11]`) as the source credit
 *       `Text from Project Gutenberg eBook #84`; a text not marked `Copyrighted Project Gutenberg` is public domain
 *       in the United States, as Project Gutenberg's licence says of its texts
 */
import type { BookMeta } from '../model/book-document.ts';
import { languageTag } from './languages.ts';

/** Characters of the text read for the header (the longest 1990s header is a fraction of it). */
const HEAD_CHARS = 60_000;

/** The header is never longer than this many lines (the 1990s "Small Print" headers run to ~300). */
const MAX_HEADER_LINES = 400;

/** Line that ends a modern header (`*** START OF THE PROJECT GUTENBERG EBOOK ...`, `***START OF...`). */
export const START_MARKER = /^\s*\*{2,}\s*START\s+OF\s+(?:THE|THIS)\s+PROJECT\s+GUTENBERG/i;
/** Line that ends a 1990s header (`*END*THE SMALL PRINT! ...*END*`, `*END THE SMALL PRINT! ...`). */
export const SMALL_PRINT_END = /^\s*\*\s*END\s*\*?\s*THE\s+SMALL\s+PRINT/i;

/** The lines of the header: up to the START / end-of-Small-Print line, or the first 400 lines. */
function headerLines(lines: readonly string[]): string[] {
  const limit = Math.min(lines.length, MAX_HEADER_LINES);
  for (let i = 0; i < limit; i++) {
    const line = lines[i]!;
    if (START_MARKER.test(line) || SMALL_PRINT_END.test(line)) return lines.slice(0, i);
  }
  return lines.slice(0, limit);
}

/** The eBook number of the header's release line: `[EBook #84]`, `[eBook #2701]`, `[Etext #11]`, `EBook #1342`. */
const EBOOK_NUMBER = /\bE-?(?:Book|text)\s*(?:#|No\.?\s*)(\d{1,6})\b/i;

/** Joins a wrapped field value: a lowercase continuation is a wrap, an uppercase one a subtitle. */
function joinContinuation(value: string, next: string): string {
  if (/^[a-z(]/.test(next) || /[,:;-]$/.test(value)) return `${value} ${next}`;
  return `${value}: ${next}`;
}

/** Reads `Field: value` with indented continuation lines (the modern header layout). */
function readField(lines: readonly string[], field: string): string | undefined {
  const re = new RegExp(`^${field}:\\s*(.*)$`, 'i');
  for (let i = 0; i < lines.length; i++) {
    const m = re.exec(lines[i]!.trim());
    if (!m) continue;
    let value = m[1]!.trim();
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j]!;
      if (!/^\s{2,}\S/.test(next) || /^\s*\w[\w ]*:\s/.test(next)) break;
      value = value ? joinContinuation(value, next.trim()) : next.trim();
    }
    if (value) return value;
  }
  return undefined;
}

/** Strips the decoration of 1990s header lines: asterisks, trailing periods. */
function tidy(s: string): string {
  return s.replace(/^[\s*]+|[\s*]+$/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * Title and author from the first-line forms (`The Project Gutenberg EBook of X, by Y`,
 * `Project Gutenberg's X, by Y`, `**The Project Gutenberg Etext of X, by Y**`,
 * `Project Gutenberg Etext X, by Y`). The line may wrap onto the next one.
 */
function readTitleLine(lines: readonly string[]): Partial<BookMeta> {
  for (let i = 0; i < Math.min(lines.length, 60); i++) {
    let text = tidy(lines[i]!);
    if (!/project gutenberg/i.test(text)) continue;
    // `The Project Gutenberg eBook, The Importance of Being Earnest, by Oscar` + `Wilde`: a wrapped line.
    const next = tidy(lines[i + 1] ?? '');
    if (/,\s*by\s+[^,]+$/i.test(text) && next && /^[A-Z][\w.'’-]*(\s+[A-Z][\w.'’-]*){0,2}$/.test(next)) {
      text = `${text} ${next}`;
    } else if (/,\s*by$|,$/i.test(text) && next) {
      text = `${text} ${next}`;
    }
    const m =
      /^(?:This is )?(?:The )?Project Gutenberg(?:['’]s)?\s*(?:E-?Book|E-?text)?(?:,|\s+of)?\s*(.+?)(?:,\s*by\s+(.+))?$/i.exec(text);
    if (!m) continue;
    const title = tidy(m[1] ?? '').replace(/[,.]$/, '');
    const author = m[2] ? tidy(m[2]).replace(/[,.]$/, '') : undefined;
    if (!title || /^(this|is|the|e-?text|e-?book)$/i.test(title)) continue;
    return author ? { title, author } : { title };
  }
  return {};
}

/**
 * Reads title, author, language, translator, editor, the source credit (`Text from Project Gutenberg eBook
 * #84`) and whether the text is public domain from a Project Gutenberg header at the top of `text`
 * (any line endings: the first {@link HEAD_CHARS} characters are read with CR LF and CR made LF). Returns `{}`
 * when the text has no Gutenberg header.
 * Language names are mapped to BCP 47 (`English` -> `en`); unknown names are left out.
 */
export function readGutenbergMeta(text: string): Partial<BookMeta> {
  // Twice the head's length of the text holds the head's characters however many line ends are CR LF, and a line
  // end cut in two there ends the head alike: only the head's line ends are made LF, not the book's.
  const head = text.slice(0, 2 * HEAD_CHARS).replace(/\r\n?/g, '\n').slice(0, HEAD_CHARS);
  if (!/project gutenberg/i.test(head)) return {};
  const lines = headerLines(head.split('\n'));
  const meta: Partial<BookMeta> = {};
  const fromLine = readTitleLine(lines);
  const title = readField(lines, 'Title') ?? fromLine.title;
  const author = readField(lines, 'Author') ?? fromLine.author;
  const language = readField(lines, 'Language');
  const translator = readField(lines, 'Translator');
  const editor = readField(lines, 'Editor');
  if (title) meta.title = title;
  if (author) meta.author = author;
  if (translator) meta.translator = translator;
  if (editor) meta.editor = editor;
  const ebook = EBOOK_NUMBER.exec(lines.join('\n'))?.[1];
  if (ebook) meta.sourceCredit = `Text from Project Gutenberg eBook #${Number(ebook)}`;
  // Project Gutenberg marks the few texts still under copyright (`Copyrighted Project Gutenberg eBook`).
  if (!/Copyrighted\s+Project\s+Gutenberg/i.test(head)) meta.publicDomain = true;
  if (language) {
    const tag = languageTag(language);
    if (tag) meta.language = tag;
  }
  return meta;
}
