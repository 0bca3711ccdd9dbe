/**
 * The words of the title page and the copyright page, shared by every writer (PDF, EPUB, DOCX, HTML) so that the
 * formats agree. Plain strings in, plain strings out: each writer escapes and styles them itself.
 *
 * Title page (Chicago Manual of Style 17th ed. 1.18): the full title and subtitle, the author, the translator's
 * and editor's credits, the edition. Copyright page (Chicago 1.19-1.22): the title and author, the contributors
 * and edition, the rights (the public-domain statement of a public-domain text, the copyright notice the user
 * gave), the source of the text (`Text from Project Gutenberg eBook #84`), publisher and ISBN, and in print the
 * printing line (a number line, `10 9 8 7 6 5 4 3 2 1`, whose lowest number is the printing: Chicago 1.24).
 * Only what the book details say is printed: no place of printing, no date that nobody gave.
 */
import type { BookMeta, EditorRole } from '../model/book-document.ts';

/** A credit line's words before the name, by what the editor did. */
const EDITOR_CREDIT: Readonly<Record<EditorRole, string>> = {
  editor: 'Edited by',
  annotator: 'With notes by',
  compiler: 'Compiled by',
};

/**
 * `Translated by Louise Maude`, `With notes by Rev. H. H. Milman`, then the other credits as the title page words
 * them (`Illustrations by Hugh Thomson`): the contributors' credits, in that order.
 */
export function contributorCredits(meta: Readonly<BookMeta>): string[] {
  const out: string[] = [];
  const translator = meta.translator?.trim();
  if (translator) out.push(`Translated by ${translator}`);
  const editor = meta.editor?.trim();
  if (editor) out.push(`${EDITOR_CREDIT[meta.editorRole ?? 'editor']} ${editor}`);
  for (const credit of meta.credits ?? []) if (credit.trim()) out.push(credit.trim());
  return out;
}

/** What the title page prints, each part absent when the book has none. */
export interface TitlePageText {
  title: string;
  subtitle?: string;
  author?: string;
  /** Contributors' credits (`Translated by ...`), one a line. */
  credits: string[];
  edition?: string;
}

/** The title page's text (Chicago 1.18); `title` is `Untitled` when empty. */
export function titlePageText(meta: Readonly<BookMeta>): TitlePageText {
  const out: TitlePageText = { title: meta.title.trim() || 'Untitled', credits: contributorCredits(meta) };
  const subtitle = meta.subtitle?.trim();
  if (subtitle) out.subtitle = subtitle;
  const author = meta.author.trim();
  if (author) out.author = author;
  const edition = meta.edition?.trim();
  if (edition) out.edition = edition;
  return out;
}

/**
 * The title with its subtitle, as a catalogue gives it (Chicago 8.166, 14.89): `Title: Subtitle`, or `Frankenstein;
 * or, the Modern Prometheus` for an alternative title.
 */
export function fullTitle(meta: Readonly<BookMeta>): string {
  const title = meta.title.trim() || 'Untitled';
  const subtitle = meta.subtitle?.trim();
  if (!subtitle) return title;
  return /^or\b/i.test(subtitle) ? `${title.replace(/[;:,]$/, '')}; ${subtitle}` : `${title.replace(/[;:,]$/, '')}: ${subtitle}`;
}

/** The standard printing line (Chicago 1.24): the lowest number is this printing, the first. */
export const PRINTING_LINE = '10 9 8 7 6 5 4 3 2 1';

/** A line of the copyright page; `italic` for the book's title. */
export interface CopyrightLine {
  text: string;
  italic?: boolean;
}

/**
 * The copyright page as groups of lines (a group is set apart from the next by a blank line).
 * @param meta the book details.
 * @param opts.print true for a printed book (PDF, DOCX, print HTML): adds the printing line.
 * @returns the groups in order: title and author; contributors and edition; rights; source; publisher and ISBN;
 *   the printing line. Empty groups are left out. Never empty: the title group is always there.
 */
export function copyrightPageLines(meta: Readonly<BookMeta>, opts: { print: boolean }): CopyrightLine[][] {
  const groups: CopyrightLine[][] = [];
  const head: CopyrightLine[] = [{ text: fullTitle(meta), italic: true }];
  if (meta.author.trim()) head.push({ text: meta.author.trim() });
  groups.push(head);
  const credits = contributorCredits(meta).map((text) => ({ text }));
  if (meta.edition?.trim()) credits.push({ text: meta.edition.trim() });
  groups.push(credits);
  groups.push(rightsLines(meta));
  if (meta.sourceCredit?.trim()) groups.push([{ text: `${meta.sourceCredit.trim().replace(/\.$/, '')}.` }]);
  const trade: CopyrightLine[] = [];
  if (meta.publisher?.trim()) trade.push({ text: `Published by ${meta.publisher.trim()}` });
  if (meta.isbn?.trim()) trade.push({ text: `ISBN ${meta.isbn.trim()}` });
  groups.push(trade);
  if (opts.print) groups.push([{ text: PRINTING_LINE }]);
  return groups.filter((g) => g.length > 0);
}

/**
 * The rights: a public-domain text says so (as Project Gutenberg and Standard Ebooks do: "in the public domain in
 * the United States"; copyright laws differ elsewhere); a year the user gave is the copyright notice of this edition
 * (17 U.S.C. 401(b): ©, year, owner — the publisher, else the author).
 */
function rightsLines(meta: Readonly<BookMeta>): CopyrightLine[] {
  const out: CopyrightLine[] = [];
  if (meta.publicDomain) out.push({ text: 'The text of this book is in the public domain in the United States.' });
  if (meta.publicationYear) {
    const holder = meta.publisher?.trim() || meta.author.trim();
    const notice = `© ${meta.publicationYear}${holder ? ` ${holder}` : ''}`;
    out.push({ text: meta.publicDomain ? `This edition ${notice}` : `Copyright ${notice}` });
  }
  return out;
}
