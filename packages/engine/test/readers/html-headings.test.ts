/**
 * Headings of Project Gutenberg HTML editions that are not the book's divisions (issue 33): stanza numbers, the
 * pieces of file-split chapters, links to full-size pictures, and headings a paragraph left open swallowed. Each
 * case is the markup of the edition named.
 */
import { describe, expect, it } from 'vitest';
import { chapterHeadingText, inlineText, type Block, type BookDocument } from '../../src/model/book-document.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readHtml } from '../../src/read/html/index.ts';
import { roundTrip } from './helpers.ts';

/** Every division's title and the headings inside each, in reading order (as the pairs eval reads them). */
function headings(doc: BookDocument): string[] {
  const inner = (blocks: readonly Block[]) => blocks.flatMap((b) => (b.type === 'heading' ? [inlineText(b.children)] : []));
  const out: string[] = [];
  for (const s of doc.front) out.push(inlineText(s.title), ...inner(s.blocks));
  for (const d of doc.body) {
    if (d.type === 'part') {
      out.push(inlineText(d.title), ...inner(d.blocks));
      for (const c of d.chapters) out.push(chapterHeadingText(c), ...inner(c.blocks));
    } else out.push(chapterHeadingText(d), ...inner(d.blocks));
  }
  for (const s of doc.back) out.push(inlineText(s.title), ...inner(s.blocks));
  return out.filter((t) => t.trim() !== '');
}

const read = (body: string) => readHtml(`<html><body>${body}</body></html>`);
const count = (result: ReturnType<typeof readHtml>, id: string) => result.report.find((l) => l.id === id)?.count ?? 0;
const stanza = (lines: number, word = 'line') =>
  `<div class="poem"><div class="stanza">${Array.from({ length: lines }, (_, i) => `<span class="i0">A ${word} of the stanza, ${i + 1},<br /></span>`).join('')}</div></div>`;
const prose = '<p>The text of the chapter, long enough to be a chapter of its own and not a line of a title page.</p>';

describe('stanza numbers set as headings (pg20158 Beppo)', () => {
  const beppo = `<h2>THE PRISONER OF CHILLON</h2><h4>I.</h4>${stanza(20)}<h4>II.</h4>${stanza(18)}<h4>III.</h4>${stanza(16)}`
    + `<h2>BEPPO.</h2><hr class="dbl" /><h4>I.</h4>${stanza(8)}<h4>II.</h4>${stanza(8)}<p><span class="pagenum">[160]</span></p>`
    + `<h4>III.</h4>${stanza(8)}<h4>IV.</h4>${stanza(8)}<p>Venice, October, 1817.</p>`;

  it('keeps the numbers of one-stanza units as text of the poem, and the numbers of longer sections as headings', () => {
    const result = read(beppo);
    expect(headings(result.doc)).toEqual(['THE PRISONER OF CHILLON', 'I.', 'II.', 'III.', 'BEPPO.']);
    expect(count(result, 'stanzaNumbers')).toBe(4);
    const poem = result.doc.body[1]!.blocks;
    expect(poem.filter((b) => b.type === 'paragraph').map((b) => (b.type === 'paragraph' ? inlineText(b.children) : ''))).toEqual([
      'I.', 'II.', 'III.', 'IV.', 'Venice, October, 1817.',
    ]);
    expect(poem.filter((b) => b.type === 'verse')).toHaveLength(4);
  });

  it('leaves two numbered stanzas, and numbers over prose, as headings', () => {
    expect(headings(read(`<h2>SONG</h2><h4>1.</h4>${stanza(4)}<h4>2.</h4>${stanza(4)}`).doc)).toEqual(['SONG', '1.', '2.']);
    expect(headings(read(`<h2>I.</h2>${prose}<h2>II.</h2>${prose}<h2>III.</h2>${prose}`).doc)).toEqual(['I.', 'II.', 'III.']);
  });

  it('round-trips the numbers through Markdown as paragraphs, not as a list', () => {
    const result = read(`<h2>THE SIEGE OF ALHAMA</h2><h4>1.</h4>${stanza(5)}<h4>2.</h4>${stanza(5)}<h4>3.</h4>${stanza(5)}`);
    const markdown = serializeMarkdown(result.doc);
    const { before, after } = roundTrip(result.doc, markdown);
    expect(after).toEqual(before);
  });
});

describe('file-split chapters (pg732 Decline and Fall, vol. 2)', () => {
  const piece = (n: string) => `<h2>Chapter XVI: Conduct Towards The Christians, From Nero To Constantine.&mdash;Part\n      ${n}.</h2>${prose}`;

  it('joins the pieces into one chapter under the first heading without its "Part I."', () => {
    const result = read(`<h1>VOLUME TWO</h1>${piece('I')}${piece('II')}${piece('III')}<h2>Chapter XVII: Foundation Of Constantinople.&mdash;Part I.</h2>${prose}<h2>Chapter XVII: Foundation Of Constantinople.&mdash;Part II.</h2>${prose}`);
    expect(headings(result.doc)).toEqual([
      'VOLUME TWO',
      'Chapter XVI: Conduct Towards The Christians, From Nero To Constantine',
      'Chapter XVII: Foundation Of Constantinople',
    ]);
    expect(count(result, 'splitChapters')).toBe(5);
    // The later pieces' text runs on in the chapter.
    const chapters = result.doc.body.flatMap((d) => (d.type === 'part' ? d.chapters : [d]));
    expect(chapters.find((c) => chapterHeadingText(c).startsWith('Chapter XVI'))!.blocks).toHaveLength(3);
  });

  it('leaves a book\'s own parts alone: a "Part II" with no "Part I" of the same chapter', () => {
    expect(headings(read(`<h2>Chapter I: The Voyage.&mdash;Part II.</h2>${prose}<h2>Chapter II: The Return</h2>${prose}`).doc)).toEqual([
      'Chapter I: The Voyage.—Part II.',
      'Chapter II: The Return',
    ]);
  });
});

describe('headings that are not the book\'s', () => {
  it('drops a heading that is only the link to a full-size picture (pg98 "Original")', () => {
    const result = read(`<h2>Book the First</h2><div class="fig"><img src="images/0403m.jpg" alt="" /></div><h5><a href="images/0403.jpg"><i>Original</i></a></h5><h3>I. The Period</h3>${prose}`);
    expect(headings(result.doc)).toEqual(['Book the First', 'I. The Period']);
    expect(count(result, 'pictureLinks')).toBe(1);
    // A heading that links somewhere else is a heading.
    expect(headings(read(`<h2><a href="#ch1">I. The Period</a></h2>${prose}`).doc)).toEqual(['I. The Period']);
  });

  it('reads a heading after a paragraph left open as a heading (pg2776 The Four Million)', () => {
    const result = read(`<h3>TOBIN'S PALM</h3><p>Tobin and me went down to Coney.\n<p>"I'll send her down to ye."\n<br><a name="2"></a><center>\n<h3>THE GIFT OF THE MAGI</h3>\n</center>\n<br>\n<p>One dollar and eighty-seven cents.`);
    expect(headings(result.doc)).toEqual(["TOBIN'S PALM", 'THE GIFT OF THE MAGI']);
    const text = result.doc.body.map((c) => c.blocks.map((b) => (b.type === 'paragraph' ? inlineText(b.children) : '')).join(' | '));
    expect(text).toEqual(['Tobin and me went down to Coney. | "I\'ll send her down to ye."', 'One dollar and eighty-seven cents.']);
  });
});

describe("the source's title page set as headings (issue 33)", () => {
  const withMeta = (body: string, title: string, author: string) =>
    readHtml(`<html><head><title>${title}, by ${author}</title></head><body>${body}</body></html>`);

  it('drops a title page in any language, set line by line as headings (pg18220, pg19163)', () => {
    const cidade = withMeta(
      `<h1>EÇA DE QUEIROZ </h1><h1>A CIDADE E AS SERRAS </h1><br /><h2>PORTO </h2><h2>LIVRARIA CHARDRON </h2><h2>De Lello &amp; Irmão, editores </h2><h2>1901 </h2><h3>Todos os direitos reservados </h3><h2>I</h2>${prose}<h2>II</h2>${prose}`,
      'A Cidade e as Serras',
      'Eça de Queiroz',
    );
    expect(headings(cidade.doc)).toEqual(['I', 'II']);
    expect(count(cidade, 'titleLines')).toBe(7);
    const maerchen = withMeta(
      `<h2>H. C. Andersens</h2><h1>Märchen für Kinder.</h1><h4>Frei nach der Reclamschen Ausgabe bearbeitet</h4><h6>von</h6><h3>Paul Arndt.</h3><h5>Stuttgart</h5><h5>Loewes Verlag</h5>`
        + `<h3>Märchengruß.</h3>${stanza(4)}<h3>Däumelieschen.</h3>${prose}`,
      'Märchen für Kinder',
      'Hans Christian Andersen',
    );
    expect(headings(maerchen.doc)).toEqual(['Märchengruß.', 'Däumelieschen.']);
  });

  it("keeps a part's title over its first chapter, and headings with text under them", () => {
    const book = withMeta(`<h1>The Voyage</h1><h2>THE SHORE</h2><h3>The Beach</h3>${prose}<h3>The Cliffs</h3>${prose}`, 'The Voyage', 'A. Writer');
    expect(headings(book.doc)).toEqual(['THE SHORE', 'The Beach', 'The Cliffs']);
    // A book without its title among the headings has no title page to drop.
    const plain = withMeta(`<h2>Madrid</h2><h2>Notes from a journey</h2><h2>Toledo</h2>${prose}`, 'Letters from Spain', 'A. Writer');
    expect(headings(plain.doc)).toEqual(['Madrid', 'Notes from a journey', 'Toledo']);
  });

  it("drops the e-text's production credit set as a heading, and counts it (pg2776)", () => {
    const result = withMeta(
      `<h3>E-text prepared by Project Gutenberg volunteers<br>and revised by Joseph E. Loewenstein, M.D.</h3><h1>THE FOUR MILLION</h1><h2>O. HENRY</h2><h3>TOBIN'S PALM</h3>${prose}<h3>THE GIFT OF THE MAGI</h3>${prose}`,
      'The Four Million',
      'O. Henry',
    );
    expect(headings(result.doc)).toEqual(["TOBIN'S PALM", 'THE GIFT OF THE MAGI']);
    expect(count(result, 'productionCredits')).toBe(1);
  });

  it('joins a number set between dashes and its title (pg17340 Marianela)', () => {
    const result = read(`<h3>-I-</h3><h3>Perdido</h3>${prose}<h3>-II-</h3><h3>Guiado</h3>${prose}`);
    expect(headings(result.doc)).toEqual(['-I- Perdido', '-II- Guiado']);
  });
});

describe("a collection's first piece after its half-title (pg13437)", () => {
  it("keeps the piece's title and by-line, and drops the half-title", () => {
    const result = readHtml(
      `<html><head><title>Best Russian Short Stories, by Various</title></head><body><h1>BEST RUSSIAN SHORT STORIES</h1><h3>Compiled and Edited by Thomas Seltzer</h3>`
        + `<h2>INTRODUCTION</h2>${prose}<h1>BEST RUSSIAN SHORT STORIES</h1><h2>THE QUEEN OF SPADES</h2><h3>BY ALEXSANDR S. PUSHKIN</h3><h4>I</h4>${prose}<h4>II</h4>${prose}</body></html>`,
    );
    expect(headings(result.doc)).toEqual(['INTRODUCTION', 'THE QUEEN OF SPADES', 'BY ALEXSANDR S. PUSHKIN', 'I', 'II']);
  });
});

describe('the source\'s contents set as headings (pg2542 A Doll\'s House)', () => {
  const act = (n: string) => `<h2>ACT ${n}</h2>${prose}${prose}`;
  it('drops the run of linked act headings at the start, each coming back as its act, and counts them', () => {
    const result = read(`<h1>A DOLL'S HOUSE</h1><p>by Henrik Ibsen</p><h2><a href="#act1">ACT I.</a></h2><h2><a href="#act2">ACT II.</a></h2><h2><a href="#act3">ACT III.</a></h2>${act('I')}${act('II')}${act('III')}`);
    expect(headings(result.doc).filter((h) => /^ACT/.test(h))).toEqual(['ACT I', 'ACT II', 'ACT III']);
    expect(count(result, 'navigation')).toBeGreaterThanOrEqual(3);
  });

  it('keeps a run of headings that do not come back (a part over its first chapter)', () => {
    const result = read(`<h2>BOOK ONE</h2><h3>THE COMING OF THE MARTIANS</h3><h3>I. THE EVE OF THE WAR</h3>${prose}<h3>II. THE FALLING STAR</h3>${prose}`);
    expect(headings(result.doc).length).toBeGreaterThanOrEqual(3);
    expect(count(result, 'navigation')).toBe(0);
  });
});

describe('the source\'s running title over each of its books (pg227 Aeneid)', () => {
  it('drops the author and title headings repeated over every LIBER, and counts them', () => {
    const book = (n: string) => `<h1>PUBLI VERGILI MARONIS</h1><h2>AENEIDOS</h2><h3>LIBER ${n}</h3>${prose}${prose}`;
    const result = read(`${book('I')}${book('II')}${book('III')}`);
    expect(headings(result.doc)).toEqual(['LIBER I', 'LIBER II', 'LIBER III']);
    expect(count(result, 'titleLines')).toBeGreaterThanOrEqual(6);
  });

  it('keeps a title that heads its own text, however often it comes back', () => {
    const result = read(['I', 'II', 'III'].map((n) => `<h2>SONNET</h2>${prose}<h3>LIBER ${n}</h3>${prose}`).join(''));
    expect(headings(result.doc).filter((h) => h === 'SONNET')).toHaveLength(3);
  });
});
