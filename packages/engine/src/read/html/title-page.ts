/**
 * The source's title page set as a run of headings (HTML editions of Project Gutenberg): the volunteers mark each
 * line of the printed title page as a heading, whatever its role:
 *
 * ```
 * <h1>EÇA DE QUEIROZ</h1> <h1>A CIDADE E AS SERRAS</h1> <h2>PORTO</h2> <h2>LIVRARIA CHARDRON</h2> <h2>1901</h2>   (pg18220)
 * <h2>H. C. Andersens</h2> <h1>Märchen für Kinder.</h1> <h4>Frei nach der Reclamschen Ausgabe bearbeitet</h4>
 *   <h6>von</h6> <h3>Paul Arndt.</h3> ... <h5>Stuttgart</h5> <h5>Loewes Verlag</h5>                              (pg19163)
 * ```
 *
 * `detect-title-page.ts` reads the lines it knows by their words (English imprints, credits); this finds the run by
 * its shape, in any language: headings before the book's first labelled division, each with little or no text under
 * it (at most {@link DISPLAY_WORDS} words, no verse and no paragraph of prose), at most {@link MAX_RUN}, one of them naming the book's title or its author. Every heading
 * of the run is a title-page line (Quire prints its own title page from the book details, Chicago 1.17-1.21). The run
 * ends at a heading with text under it, at a division's name (`Preface`, `Capítulos`, `CHAPTER I`) and before a
 * heading directly above a lower one that has text (a part's title over its first chapter).
 *
 * Also: Project Gutenberg's production credits set as headings before the book (`<h3>E-text prepared by Project
 * Gutenberg volunteers</h3>`, pg2776) are not the book's.
 *
 * Checklist:
 * - [X] a title page anywhere in the front (the half-title and title page after a list of the author's works)
 * - [X] production credits as headings
 * - [ ] what the run says (place, publisher, year) into the book details: only the lines `detect-title-page.ts` reads
 */
import type { BookMeta } from '../../model/book-document.ts';
import { inlineText, type Block } from '../../model/book-document.ts';
import { classifyFrontHeading } from '../../structure/detect-front-matter.ts';
import { classifyHeadingLine } from '../../structure/heading-lines.ts';
import type { HeadingItem, Item } from './convert.ts';

/** Words of text under a heading at most for it to be a line of a title page (an imprint, a rights line). */
const DISPLAY_WORDS = 40;
/** A paragraph of this many words is prose (a short chapter's text), not a line of a title page. */
const PROSE_WORDS = 12;
/** Headings in a title page at most (pg14790 sets 27: half-title, the author’s other works, title page, imprint). */
const MAX_RUN = 30;

/** The contents heading in the languages of the corpus (its list of links is gone by now). */
export const CONTENTS = /^(?:(?:table\s+of\s+)?contents|list\s+of\s+contents|contenido|[ií]ndice(?:\s+general)?|inhalt(?:sverzeichnis|s-?[üu]bersicht)?|table\s+des\s+mati[eè]res|sommaire|sum[aá]rio|index\s+capitum|cap[ií]tulos)[.:]?$/iu;

/** Production credits of the e-text (`E-text prepared by ...`, `Produced by ...`, `HTML version prepared by ...`). */
const PRODUCTION_CREDIT = /^(?:e-?text\s+prepared\s+by|produced\s+by|this\s+e-?(?:text|book)\s+was\s+(?:prepared|produced|transcribed)\s+by|html\s+version\s+(?:prepared\s+)?by|transcribed\s+(?:from\s.*?\s)?by)\b/i;

/** True when a heading is Project Gutenberg's production credit. */
export function isProductionCredit(h: HeadingItem): boolean {
  return PRODUCTION_CREDIT.test(h.text.replace(/\s+/g, ' ').trim());
}

/** A by-line naming someone: `BY ALEXSANDR S. PUSHKIN`, `Por X`, `von Y`. */
const BYLINE = /^(?:by|por|von|par)\s+\p{Lu}/iu;

/** Letters and digits only, lowercased. */
function norm(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** True when the heading names a division: a label, a front or back matter name, a contents. */
function namesDivision(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return CONTENTS.test(t) || classifyHeadingLine(t) !== undefined || classifyFrontHeading(t) !== undefined || /^(?:al\s+lector|advertencia|prólogo|prefacio|vorwort|einleitung|avant-propos|préface|dramatis\s+personae|characters|persons\s+represented)\b/iu.test(t);
}

/** True when the heading is the book's title (or its main title), its author's name, or `By <author>`. */
function isAnchor(text: string, meta: Partial<BookMeta>): boolean {
  const t = norm(text);
  if (t.length < 3) return false;
  const title = norm(meta.title ?? '');
  const main = norm((meta.title ?? '').split(/\s*[:;]\s*|,?\s+or,?\s+/i)[0] ?? '');
  const author = norm(meta.author ?? '');
  if (title.length >= 4 && (t === title || t === main || (t.length >= 8 && title.startsWith(t)))) return true;
  return author.length >= 4 && (t === author || t === `by${author}` || t === `por${author}` || t === `von${author}` || t === `par${author}`);
}

/** Words of a block's text. */
function wordsOf(b: Block): number {
  const text = (() => {
    switch (b.type) {
      case 'paragraph':
        return inlineText(b.children);
      case 'verse':
        return b.stanzas.flat().map((l) => inlineText(l.children)).join(' ');
      case 'heading':
        return inlineText(b.children);
      default:
        return JSON.stringify(b).replace(/"(?:type|kind|id|src|href)":"[^"]*"/g, '');
    }
  })();
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * The headings of `items` that are lines of the source's title page (see the module comment): the runs of
 * display headings before the first labelled division that hold the title or the author.
 */
export function titlePageRuns(items: readonly Item[], meta: Partial<BookMeta>): { titlePage: Set<HeadingItem>; credits: Set<HeadingItem> } {
  const out = new Set<HeadingItem>();
  const credits = new Set<HeadingItem>();
  // Each heading with what stands under it, up to the next heading.
  const heads: { h: HeadingItem; words: number; prose: boolean; blocks: number }[] = [];
  for (const it of items) {
    if (it.kind === 'heading') heads.push({ h: it, words: 0, prose: false, blocks: 0 });
    else if (it.kind === 'block' && heads.length > 0) {
      const last = heads[heads.length - 1]!;
      const words = wordsOf(it.block);
      last.words += words;
      last.blocks++;
      if (it.block.type === 'verse' || (it.block.type === 'paragraph' && words >= PROSE_WORDS)) last.prose = true;
    }
  }
  const firstDivision = heads.findIndex(({ h }) => {
    const kind = classifyHeadingLine(h.text.replace(/\s+/g, ' ').trim())?.kind;
    return kind === 'chapter' || kind === 'part' || kind === 'numeral';
  });
  const front = heads.slice(0, firstDivision < 0 ? heads.length : firstDivision).filter(({ h }) => {
    if (!isProductionCredit(h)) return true;
    credits.add(h);
    return false;
  });
  const display = front.map(({ h, words, prose }) => words <= DISPLAY_WORDS && !prose && !namesDivision(h.text));
  for (let i = 0; i < front.length; ) {
    if (!display[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < front.length && display[j]) j++;
    // A by-line of another author than the book's (`THE QUEEN OF SPADES` / `BY ALEXSANDR S. PUSHKIN` after a
    // collection's half-title, pg13437) closes the run before the title it signs: that is the first piece's heading.
    for (let k = i + 1; k < j; k++) {
      if (BYLINE.test(front[k]!.h.text.trim()) && !isAnchor(front[k]!.h.text, meta)) {
        j = k - 1;
        break;
      }
    }
    // A heading right above a lower one with text under it is that one's parent (a part over its chapter).
    let end = j;
    const next = front[j] ?? heads[firstDivision];
    const last = end > i ? front[end - 1] : undefined;
    if (next && last && last.blocks === 0 && next.h.level > last.h.level && !isAnchor(last.h.text, meta)) end--;
    const run = front.slice(i, end);
    if (run.length <= MAX_RUN && run.some(({ h }) => isAnchor(h.text, meta))) for (const { h } of run) out.add(h);
    i = Math.max(j, i + 1);
  }
  return { titlePage: out, credits };
}
