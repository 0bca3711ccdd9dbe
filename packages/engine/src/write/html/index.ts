/**
 * HTML writer: a {@link BookDocument} as one self-contained HTML5 file.
 *
 * - `print`: for print engines (WeasyPrint, Prince, Paged.js). CSS Paged Media page size and mirrored margins
 *   from the layout, folios and running heads in margin boxes, a title page, a linked table of contents (with
 *   `target-counter` page numbers), chapters opening on a recto, the layout's font stack.
 * - `epub`: clean semantic HTML5 for Kindle Create and Calibre: no `@page`, reflowable CSS, DPUB-ARIA roles and
 *   classes for semantics, one `<h1>` per chapter.
 *
 * Both outputs are also well-formed XML. User text reaches markup only through `escapeXml` (`escape.ts`).
 * Tables are XHTML tables (`table.ts`), math MathML converted from the model's TeX by temml (`math.ts`), code
 * `<pre><code>`; figures, tables and equations carry the numbers and anchors of `write/numbering.ts`, and
 * cross-references link to them (`inlines.ts`, resolved once the whole book is written: `state.ts`).
 * Footnotes are numbered through the book in order of first reference and written at the end of the chapter
 * (or section) that first references them; notes nothing references go in a final "Notes" section.
 */
import type { Layout } from '../../layout/layout.ts';
import { inlineText, type Block, type BookDocument } from '../../model/book-document.ts';
import { isSceneLabel } from '../../structure/heading-lines.ts';
import { academicFront, type AcademicLine } from '../academic-front.ts';
import { copyrightPageLines, titlePageText } from '../imprint.ts';
import { renderNote } from './blocks.ts';
import { printCss, reflowCss } from './css.ts';
import { escapeXml, xmlId } from './escape.ts';
import { embeddedFontFaces } from './font-faces.ts';
import { runningHeads } from './running-heads.ts';
import type { Diagnostics } from '../../model/diagnostics.ts';
import { createState, resolveCrossRefs, sceneAnchor, type HtmlState } from './state.ts';
import { bookUnits, renderUnit, type Unit } from './units.ts';

/** Which HTML to write: `print` (paged media, 6x9 etc.) or `epub` (reflowable, for e-book tools). */
export type HtmlVariant = 'print' | 'epub';

/** Language tag for `lang` attributes: the book's, or `en` when empty (BCP 47 requires a non-empty tag). */
export function bookLanguage(doc: BookDocument): string {
  return doc.meta.language.trim() || 'en';
}

/** The book title, or `Untitled` when empty (a document title must not be empty: HTML5 §4.2.2). */
export function bookTitle(doc: BookDocument): string {
  return doc.meta.title.trim() || 'Untitled';
}

/**
 * Title page content (Chicago 1.18, `imprint.ts`): title, subtitle, author, the translator's and editor's
 * credits, the edition, without the wrapping element.
 */
export function titlePageContent(doc: BookDocument): string {
  const page = titlePageText(doc.meta);
  // A paragraph, not <h1>: e-book tools (Kindle Create, Calibre) treat every <h1> as a chapter start.
  const lines = [`<p class="title">${escapeXml(page.title)}</p>`];
  if (page.subtitle) lines.push(`<p class="subtitle">${escapeXml(page.subtitle)}</p>`);
  if (page.author) lines.push(`<p class="author">${escapeXml(page.author)}</p>`);
  for (const credit of page.credits) lines.push(`<p class="credit">${escapeXml(credit)}</p>`);
  if (page.edition) lines.push(`<p class="edition">${escapeXml(page.edition)}</p>`);
  return lines.join('\n');
}

/**
 * The copyright page's content (Chicago 1.19-1.22, `imprint.ts`): one paragraph per group of lines, the title in
 * italics; the printing line only when `print`.
 */
export function copyrightPageContent(doc: BookDocument, print: boolean): string {
  return copyrightPageLines(doc.meta, { print })
    .map((group) => `<p>${group.map((l) => (l.italic ? `<i>${escapeXml(l.text)}</i>` : escapeXml(l.text))).join('<br/>')}</p>`)
    .join('\n');
}

/**
 * Whether the book gets a contents page: book layouts always (Chicago Manual of Style 17th ed. 1.42), academic
 * papers only when their style guide asks for one (`academic.tableOfContents`).
 */
export function hasContentsPage(layout: Layout): boolean {
  return layout.academic === null || layout.academic.tableOfContents;
}

function academicLines(lines: readonly AcademicLine[]): string {
  return lines
    .map((l) => {
      const text = escapeXml(l.text);
      const blank = '<br/>'.repeat(l.blankBefore ?? 0);
      return `<p${l.bold ? ' class="academic-title"' : ''}>${blank}${l.bold ? `<strong>${text}</strong>` : text}</p>`;
    })
    .join('\n');
}

/**
 * The opening of the book: the title page of a book (`titlePageContent`) and, when `copyrightPage` is given, the
 * copyright page after it (`copyrightPageContent`; the EPUB writer gives it a file of its own instead), or the
 * opening of an academic paper (`academic-front.ts`): its title page or MLA's heading block with the centred title.
 * @param titlePageAttrs extra attributes for the title page `<section>` (EPUB: `epub:type="titlepage"`).
 */
export function openingSections(doc: BookDocument, layout: Layout, titlePageAttrs = '', copyrightPage?: { print: boolean }): string {
  const front = academicFront(layout.academic, doc.meta);
  if (!layout.academic) {
    const title = `<section class="titlepage"${titlePageAttrs}>\n${titlePageContent(doc)}\n</section>\n`;
    if (!copyrightPage) return title;
    return `${title}<section class="copyright" aria-label="Copyright">\n${copyrightPageContent(doc, copyrightPage.print)}\n</section>\n`;
  }
  let out = '';
  if (front.titlePage) {
    out += `<section class="titlepage academic-titlepage"${titlePageAttrs}>\n${academicLines(front.titlePage.lines)}\n</section>\n`;
  }
  if (front.headingBlock) {
    out += `<section class="academic-block" aria-label="Heading">\n${academicLines(front.headingBlock.lines)}\n` +
      `<p class="academic-title">${escapeXml(front.headingBlock.title)}</p>\n</section>\n`;
  }
  return out;
}

/**
 * Nested `<ol>` of the titled units (parts hold their chapters), each entry linking to `hrefOf(unit)`.
 * Returns `''` when there is no unit.
 */
export function tocList(units: readonly Unit[], hrefOf: (u: Unit) => string): string {
  let out = '';
  let inPart = false;
  for (const u of units) {
    // An untitled section of no known kind (text before the first heading) is read in place and not listed, as
    // in the PDF's contents: "Section" would name nothing. An untitled dedication is listed as "Dedication".
    if (u.sectionKind === 'other' && inlineText(u.title).trim() === '') continue;
    const entry = `<a href="${escapeXml(hrefOf(u))}">${escapeXml(u.label)}</a>`;
    if (inPart && u.partId === undefined) {
      out += '</ol></li>\n';
      inPart = false;
    }
    if (u.kind === 'part') {
      if (inPart) out += '</ol></li>\n';
      // A part with no chapters still needs a valid (non-empty) nested list: close the <li> straight away.
      const hasChapters = units.some((c) => c.partId === u.id);
      out += hasChapters ? `<li>${entry}\n<ol>\n` : `<li>${entry}</li>\n`;
      inPart = hasChapters;
    } else {
      // A play's act lists its scenes under it (the anchors `blocks.ts` puts on them).
      const scenes = u.blocks.filter((b): b is Extract<Block, { type: 'heading' }> => b.type === 'heading' && b.level === 2 && isSceneLabel(inlineText(b.children)));
      const file = hrefOf(u).replace(/#.*$/, '');
      const sceneList = scenes.map((b, k) => `<li><a href="${escapeXml(`${file}#${sceneAnchor(u.id, k + 1)}`)}">${escapeXml(inlineText(b.children).trim())}</a></li>\n`).join('');
      out += sceneList ? `<li>${entry}\n<ol>\n${sceneList}</ol></li>\n` : `<li>${entry}</li>\n`;
    }
  }
  if (inPart) out += '</ol></li>\n';
  return out ? `<ol>\n${out}</ol>\n` : '';
}

/** Notes defined but never referenced, as `<aside>`s (numbered after the referenced ones); `''` when none. */
export function renderUnreferencedNotes(doc: BookDocument, state: HtmlState): string {
  let out = '';
  state.where = 'Notes';
  for (const [id, blocks] of Object.entries(doc.footnotes)) {
    if (state.notes.has(id)) continue;
    state.diagnostics.add('other', `The footnote "${id}" is not referred to anywhere in the text, so it is printed with the notes at the end.`);
    const n = state.notes.size + 1;
    state.notes.set(id, { number: n, shown: n, file: state.currentFile, refs: 0 });
    out += renderNote(n, blocks, state, false);
  }
  return out;
}

/** Options of {@link writeHtml}. */
export interface HtmlWriteOptions {
  /** `print` (CSS Paged Media, for print engines) or `epub` (reflowable, no `@page`). */
  variant: HtmlVariant;
  /**
   * `print` only: embed the layout's shipped fonts as `data:` URIs (`font-faces.ts`; default true), so the file
   * sets the same faces anywhere. Without it the fonts are named with metric-compatible and generic fallbacks.
   */
  embedFonts?: boolean;
  /**
   * Collects what the writer could not keep or had to change (an image that is not in the book, TeX it could not
   * convert, an unresolved cross-reference, a dropped link, a footnote without text or without a reference).
   */
  diagnostics?: Diagnostics;
}

/**
 * Write `doc` as one HTML5 document (UTF-8 text, `<!DOCTYPE html>`, CSS inline in `<style>`).
 *
 * @param doc the book; not modified.
 * @param layout for `print`: page size (the trim, bleed), margins mirrored on `:left`/`:right` pages (inches),
 *   folios and running heads in margin boxes, roman front-matter folios, chapter breaks; for both: fonts, size
 *   (pt in print, em in `epub`), line height, indents, paragraph and quotation spacing, justification and
 *   hyphenation, chapter numbers, title format and sink, drop capitals, small-caps lead-ins, scene breaks,
 *   emphasis and dialogue punctuation, academic title pages and heading levels.
 * @param opts see {@link HtmlWriteOptions}.
 * @returns the HTML source. Never throws for odd content: unsafe links keep their text only, missing footnotes
 *   show their id in brackets, unreadable TeX is shown as its source, unresolved cross-references as written
 *   (each reported to `opts.diagnostics`). Tables are XHTML tables, math is MathML (temml), code `<pre><code>`.
 * @throws EngineError `WRITE_FAILED` when `print` embeds fonts and the layout names a family Quire does not ship.
 */
export function writeHtml(doc: BookDocument, layout: Layout, opts: HtmlWriteOptions): string {
  const units = bookUnits(doc);
  const targets = new Map(units.map((u) => [u.id, ''] as const));
  const state = createState(doc, layout, opts.variant, targets, opts.diagnostics);
  const lang = escapeXml(bookLanguage(doc));
  const print = opts.variant === 'print';
  const fonts = print && opts.embedFonts !== false ? embeddedFontFaces(layout) : '';
  const css = print ? printCss(layout, runningHeads(doc.meta, layout)) : reflowCss(layout);

  const parts: string[] = [];
  parts.push(
    `<!DOCTYPE html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8"/>\n` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"/>\n` +
      `<title>${escapeXml(bookTitle(doc))}</title>\n` +
      (doc.meta.author.trim() ? `<meta name="author" content="${escapeXml(doc.meta.author.trim())}"/>\n` : '') +
      (doc.meta.description?.trim() ? `<meta name="description" content="${escapeXml(doc.meta.description.trim())}"/>\n` : '') +
      `<style>\n${fonts}${css}</style>\n</head>\n<body>\n`,
  );
  parts.push(openingSections(doc, layout, '', { print }));
  if (print && hasContentsPage(layout)) {
    const list = tocList(units, (u) => `#${xmlId(u.id)}`);
    if (list) parts.push(`<nav class="toc" id="toc" role="doc-toc">\n<h1>Contents</h1>\n${list}</nav>\n`);
  }
  const firstBody = units.find((u) => u.kind === 'part' || u.kind === 'chapter');
  for (const unit of units) parts.push(renderUnit(unit, state, unit === firstBody));
  const orphans = renderUnreferencedNotes(doc, state);
  if (orphans) {
    parts.push(`<section class="back" id="quire-notes" role="doc-endnotes">\n<h1>Notes</h1>\n${orphans}</section>\n`);
  }
  parts.push('</body>\n</html>\n');
  return resolveCrossRefs(state, parts.join(''), '');
}
