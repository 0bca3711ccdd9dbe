/**
 * Book typography of the print PDF, judged by poppler on typeset books: the drop capital (its letter's ink
 * from the first line's cap height to the n-th baseline, the text beside it), the small-caps lead-in (real
 * small capitals where the font has them, synthesised capitals elsewhere, the words intact), chapters that
 * follow on the same page (`line-break`, `decorative`), dialogue punctuation (`french`, `minimal`) and
 * hyphenation with the patterns of the book's language (German for Faust, English for Alice), checked
 * against TeX's patterns as groff ships them.
 */
import { describe, expect, it } from 'vitest';
import { layouts } from '../../src/layout/index.ts';
import type { Layout } from '../../src/layout/layout.ts';
import type { BookDocument, Chapter } from '../../src/model/book-document.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf } from '../../src/write/typst/pdf.ts';
import { loadProofBook } from '../proof/proof-books.ts';
import { p, prose, t } from './fixtures.ts';
import { allowsBreak, groffPatternFile, readPatterns, type Patterns } from './hyphenation-patterns.ts';
import { allPageTexts, inkExtent, pdfFile, textLines, type TextLine, type WordBox } from './poppler.ts';

const PT = 72;

function chapter(n: number, ...paragraphs: string[]): Chapter {
  return { type: 'chapter', id: `ch-${n}`, title: [t(`Chapter ${n}`)], blocks: paragraphs.map(p) };
}

function book(body: Chapter[], language = 'en'): BookDocument {
  return { meta: { title: 'Typography', author: 'Type Setter', language }, front: [], body, back: [], footnotes: {}, assets: {} };
}

interface Typeset {
  pages: string[];
  lines: TextLine[];
  ink: (page: number, box: WordBox) => { top: number; bottom: number } | undefined;
}

/** Typesets in process and keeps what the tests read; the PDF is removed afterwards. */
function typeset(doc: BookDocument, layout: Layout, withInk: (r: Typeset) => void = () => {}): Typeset {
  const file = pdfFile(compileTypstToPdf(writeTypst(doc, layout)));
  try {
    const result: Typeset = { pages: allPageTexts(file.path), lines: textLines(file.path), ink: (page, box) => inkExtent(file.path, page, box) };
    withInk(result);
    return result;
  } finally {
    file.dispose();
  }
}

/** Lines of a page in top-to-bottom order, words left to right. */
function pageLines(result: Typeset, page: number): TextLine[] {
  return result.lines
    .filter((l) => l.page === page && l.words.length > 0)
    .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)
    .map((l) => ({ ...l, words: [...l.words].sort((a, b) => a.xMin - b.xMin) }));
}

const height = (w: WordBox) => w.yMax - w.yMin;

describe('drop capital', () => {
  const layout: Layout = { ...layouts['print-ready-kdp']!, dropCapLines: 3, smallCapsLeadIn: false };
  const doc = book([chapter(1, `Then EXIT the ${prose(1, 160)}`, prose(2, 80)), chapter(2, `“Tomorrow,” ${prose(3, 120)}`)]);

  it('spans three lines: its ink from the cap height of the first line to the third baseline, the text beside it', () => {
    typeset(doc, layout, (result) => {
      const page = result.pages.findIndex((text) => text.includes('EXIT')) + 1;
      const lines = pageLines(result, page);
      const body = lines.filter((l) => l.words.some((w) => w.word !== 'T') && !l.words.some((w) => w.word === 'Chapter'));
      const cap = lines.flatMap((l) => l.words).find((w) => w.word === 'T')!;
      expect(cap, 'the drop capital T').toBeDefined();
      const bodyHeight = height(body[0]!.words[0]!);
      expect(height(cap)).toBeGreaterThan(2.5 * bodyHeight);

      // The three lines beside the capital start right of it; the fourth at the left margin.
      const beside = body.filter((l) => l.yMin < cap.yMax && l.yMax > cap.yMin && l.xMin > cap.xMax - 1);
      expect(beside.length).toBe(3);
      expect(beside[0]!.words[0]!.word).toBe('hen');
      const left = layout.marginInsideIn * PT; // page of the chapter opening: a recto
      for (const line of beside) expect(line.xMin).toBeGreaterThan(cap.xMax);
      const fourth = body[body.indexOf(beside[2]!) + 1]!;
      expect(fourth.xMin).toBeCloseTo(left, 0);
      // As many words beside the capital as fit (the search for them starts from a bound of the writer's): the
      // lines beside it are justified with word spaces of a full line, not stretched over too few words.
      for (const line of beside) {
        const gaps = line.words.slice(1).map((w, i) => w.xMin - line.words[i]!.xMax);
        expect(Math.max(...gaps), `word spaces of "${line.words.map((w) => w.word).join(' ')}"`).toBeLessThan(0.5 * layout.fontSizePt);
      }

      // Ink: the T's flat top on the first line's cap height (that of EXIT), its foot on the third baseline
      // (the foot of a word on that line without descenders).
      // (The capital's box reaches down to its font's descent, over the fourth line: crop it above that line.)
      const capInk = result.ink(page, { ...cap, yMax: fourth.yMin })!;
      const exit = beside[0]!.words.find((w) => w.word === 'EXIT')!;
      const exitInk = result.ink(page, exit)!;
      expect(Math.abs(capInk.top - exitInk.top)).toBeLessThan(1);
      const flat = beside[2]!.words.find((w) => /^[a-fhik-oru-xz]+$/.test(w.word))!;
      expect(flat, 'a word without descenders on the third line').toBeDefined();
      expect(Math.abs(capInk.bottom - result.ink(page, flat)!.bottom)).toBeLessThan(1);
    });
  });

  it('sets an opening quotation mark at the body size before the capital, not at the capital\'s size', () => {
    const result = typeset(doc, layout);
    const rest = result.lines.flatMap((l) => l.words).find((w) => w.word === 'omorrow,”')!;
    const words = result.lines.flatMap((l) => l.words).filter((w) => w.page === rest.page);
    const body = height(rest);
    const cap = words.find((w) => w.word === 'T' || w.word.endsWith('T'))!;
    expect(cap, 'the capital T').toBeDefined();
    expect(height(cap)).toBeGreaterThan(2.5 * body);
    const mark = words.find((w) => w.word === '“' && height(w) < 1.5 * body);
    expect(mark, 'the quotation mark at the body size').toBeDefined();
    // Before the capital, inside the text block (the capital's column holds both).
    expect(mark!.xMax).toBeLessThanOrEqual(cap.xMin + 0.5);
    expect(mark!.xMin).toBeGreaterThanOrEqual(Math.min(layout.marginInsideIn, layout.marginOutsideIn) * 72 - 1);
  });

  it('no drop capital when dropCapLines is 0', () => {
    const result = typeset(doc, { ...layout, dropCapLines: 0 });
    expect(result.lines.flatMap((l) => l.words).some((w) => w.word === 'Then')).toBe(true);
  });
});

describe('small-caps lead-in', () => {
  const doc = book([chapter(1, `Openingword was beginning, to get very ${prose(1, 120)}`, `But was ${prose(2, 150)}`)]);
  const leadWords = (result: Typeset) => {
    const words = result.lines.flatMap((l) => l.words);
    const at = words.findIndex((w) => /^openingword$/i.test(w.word));
    return { words, lead: words.slice(at, at + 4) };
  };

  it('Tinos has no small capitals: the first words up to the punctuation in smaller capitals, the words intact', () => {
    const layout: Layout = { ...layouts['print-ready-kdp']!, dropCapLines: 0, smallCapsLeadIn: true };
    const { words, lead } = leadWords(typeset(doc, layout));
    expect(lead.map((w) => w.word)).toEqual(['OPENINGWORD', 'WAS', 'BEGINNING,', 'to']);
    const bodyWas = words.find((w) => w.word === 'was')!;
    expect(height(lead[1]!)).toBeLessThan(0.9 * height(bodyWas));
  });

  it('EB Garamond has real small capitals: the letters stay as typed, each glyph wider than its lower case', () => {
    const layout: Layout = { ...layouts['classic-literature']!, dropCapLines: 0, smallCapsLeadIn: true };
    const { words, lead } = leadWords(typeset(doc, layout));
    expect(lead.map((w) => w.word)).toEqual(['Openingword', 'was', 'beginning,', 'to']);
    const bodyWas = words.find((w) => w.word === 'was' && w.page === lead[1]!.page && w.yMin > lead[1]!.yMax)!;
    expect(lead[1]!.xMax - lead[1]!.xMin).toBeGreaterThan(1.1 * (bodyWas.xMax - bodyWas.xMin));
  });

  it('after a drop capital: the rest of the first word and the next words', () => {
    const layout: Layout = { ...layouts['print-ready-kdp']!, dropCapLines: 2, smallCapsLeadIn: true };
    const words = typeset(doc, layout).lines.flatMap((l) => l.words);
    const at = words.findIndex((w) => w.word === 'O');
    expect(words.slice(at + 1, at + 5).map((w) => w.word)).toEqual(['PENINGWORD', 'WAS', 'BEGINNING,', 'to']);
  });
});

describe('chapter breaks', () => {
  const doc = book([chapter(1, prose(1, 200), prose(2, 200), prose(3, 60)), chapter(2, prose(4, 60)), chapter(3, prose(5, 60))]);
  const base: Layout = { ...layouts['kdp-6x9']!, sceneBreak: 'blank-line' };
  const titlePages = (result: Typeset) => [1, 2, 3].map((n) => result.pages.findIndex((text) => text.includes(`Chapter ${n}\n`)) + 1);

  it('page-break opens every chapter on a recto', () => {
    const pages = titlePages(typeset(doc, base));
    expect(pages.every((page) => page % 2 === 1)).toBe(true);
    expect(new Set(pages).size).toBe(3);
  });

  it('decorative: chapters follow on the same page after the centred ornament, and that page keeps its folio', () => {
    const layout: Layout = { ...base, chapterBreak: 'decorative', ornament: '❧', fontFamily: 'EB Garamond' };
    const result = typeset(doc, layout);
    const [one, two, three] = titlePages(result);
    expect(two).toBe(three);
    expect(two).toBeGreaterThan(one!);
    const lines = pageLines(result, two!);
    const ornaments = lines.filter((l) => l.words.map((w) => w.word).join(' ') === '❧');
    expect(ornaments).toHaveLength(2);
    for (const line of ornaments) expect((line.xMin + line.xMax) / 2).toBeCloseTo((PT * (layout.trimWidthIn + layout.marginOutsideIn - layout.marginInsideIn)) / 2, 0);
    const title = lines.find((l) => l.words.map((w) => w.word).join(' ') === 'Chapter 2')!;
    expect(ornaments[0]!.yMax).toBeLessThan(title.yMin);
    // Not an opening page: the folio is printed at its foot.
    const folio = lines.at(-1)!;
    expect(folio.yMin).toBeGreaterThan((layout.trimHeightIn - layout.marginBottomIn) * PT);
    expect(folio.words[0]!.word).toMatch(/^\d+$/);
  });

  it('line-break: chapters follow on the same page after blank space, no ornament', () => {
    const result = typeset(doc, { ...base, chapterBreak: 'line-break' });
    const [, two, three] = titlePages(result);
    expect(two).toBe(three);
    expect(result.pages[two! - 1]).not.toContain('*');
  });
});

describe('dialogue punctuation', () => {
  const speech = '“Hello,” she said. “Are you there?” He said “Yes.” and left.';
  const doc = book([chapter(1, prose(1, 40), speech)]);
  const text = (format: Layout['dialogueFormat']) =>
    typeset(doc, { ...layouts['kdp-6x9']!, dialogueFormat: format }).pages.join(' ').replace(/[\s\u00a0\u202f]+/gu, ' ');
  const words = (s: string) => s.replace(/[^\p{L}\s]/gu, ' ').split(/\s+/u).filter(Boolean);

  it('minimal: an em dash opens each speech, no closing quotation marks, the words unchanged', () => {
    const out = text('minimal');
    expect(out).toContain('— Hello, she said. — Are you there? He said — Yes. and left.');
    expect(out).not.toMatch(/[“”]/u);
    expect(words(out.slice(out.indexOf('Hello') - 2))).toEqual(words(speech));
  });

  it('french: guillemets with thin spaces inside, narrower than a word space', () => {
    // Ragged, so that word spaces keep their natural width.
    const result = typeset(doc, { ...layouts['kdp-6x9']!, dialogueFormat: 'french', justify: false });
    expect(result.pages.join(' ').replace(/\s+/gu, ' ')).toContain('« Hello, » she said. « Are you there? » He said « Yes. » and left.');
    const line = result.lines.find((l) => l.words.some((w) => w.word === 'Hello,'))!;
    const words = [...line.words].sort((a, b) => a.xMin - b.xMin);
    const at = words.findIndex((w) => w.word === 'Hello,');
    const thin = words[at]!.xMin - words[at - 1]!.xMax;
    const wordSpace = words[at + 3]!.xMin - words[at + 2]!.xMax; // between "she" and "said."
    expect(words[at - 1]!.word).toBe('«');
    expect(thin).toBeGreaterThan(0.5);
    expect(thin).toBeLessThan(wordSpace * 0.9);
  });

  it('standard: as written', () => {
    expect(text('standard')).toContain(speech);
  });
});

/** Words broken at line ends with a hyphen the typesetter added: the word and the letters before the break. */
function hyphenatedBreaks(pages: string[]): Array<{ word: string; at: number }> {
  const lines = pages.join('\n').split('\n').map((l) => l.trim()).filter(Boolean);
  const out: Array<{ word: string; at: number }> = [];
  lines.forEach((line, i) => {
    if (!line.endsWith('\u00ad')) return; // pdftotext gives a typesetter's hyphen as a soft hyphen
    const head = (line.split(/\s+/u).at(-1) ?? '').slice(0, -1).replace(/^\P{L}+/u, '');
    const tail = (lines[i + 1]?.split(/\s+/u)[0] ?? '').replace(/\P{L}+$/u, '');
    if (/^\p{L}+$/u.test(head) && /^\p{L}+$/u.test(tail)) out.push({ word: head + tail, at: [...head].length });
  });
  return out;
}

/** Share of the breaks that the patterns allow. */
function allowedShare(breaks: Array<{ word: string; at: number }>, ...patterns: Patterns[]): number {
  const allowed = breaks.filter((b) => patterns.some((pat) => allowsBreak(pat, b.word, b.at)));
  return allowed.length / breaks.length;
}

describe('hyphenation in the book language', () => {
  const layout = layouts['classic-literature']!;
  const files = { den: groffPatternFile('den'), det: groffPatternFile('det'), us: groffPatternFile('us') };

  it('German (Faust) breaks at German break points, English (Alice) at English ones', async () => {
    const faust = await loadProofBook('faust');
    const alice = await loadProofBook('alice');
    expect(faust.meta.language).toBe('de');
    const german = hyphenatedBreaks(typeset(faust, layout).pages);
    const english = hyphenatedBreaks(typeset(alice, layout).pages);
    const faustAsEnglish = hyphenatedBreaks(typeset({ ...faust, meta: { ...faust.meta, language: 'en' } }, layout).pages);
    expect(german.length).toBeGreaterThan(10);
    expect(english.length).toBeGreaterThan(10);
    // The language changes where words break.
    const key = (b: { word: string; at: number }) => `${b.word}/${b.at}`;
    expect(new Set(german.map(key))).not.toEqual(new Set(faustAsEnglish.map(key)));

    // TeX's patterns (groff's copies) as the judge, where groff is installed.
    if (!files.den || !files.det || !files.us) return;
    const de = [readPatterns(files.den), readPatterns(files.det)];
    const en = readPatterns(files.us);
    expect(allowedShare(german, ...de)).toBeGreaterThan(0.9);
    expect(allowedShare(english, en)).toBeGreaterThan(0.9);
    // And the German breaks are not what English patterns would choose.
    expect(allowedShare(german, en)).toBeLessThan(allowedShare(german, ...de) - 0.15);
  });

  it('ragged layouts (APA) do not hyphenate', async () => {
    const alice = await loadProofBook('alice');
    expect(hyphenatedBreaks(typeset(alice, layouts['apa-7']!).pages)).toEqual([]);
  });
});

describe('verse', () => {
  it('lines of a stanza are spaced by the leading alone, not the layout\'s paragraph spacing', () => {
    // KDP Non-Fiction adds 4 pt between paragraphs; its baselines are 11 x 1.2 = 13.2 pt apart.
    const layout = layouts['kdp-nonfiction']!;
    expect(layout.paragraphSpacingPt).toBeGreaterThan(0);
    const lines = ['Versezero the first line,', 'Verseone the second line,', 'Versetwo the third line,', 'Versethree the last.'];
    const doc = book([{ type: 'chapter', id: 'ch-1', title: [t('Chapter 1')], blocks: [p(prose(1, 20)), { type: 'verse', stanzas: [lines.map((line) => ({ indent: 0, children: [t(line)] }))] }] }]);
    const result = typeset(doc, layout);
    const tops = lines.map((line) => result.lines.find((l) => l.words.some((w) => w.word === line.split(' ')[0]))!.yMin);
    const steps = tops.slice(1).map((top, i) => top - tops[i]!);
    for (const step of steps) expect(step).toBeCloseTo(layout.fontSizePt * layout.lineHeight, 1);
  });
});

describe('untitled front matter', () => {
  it('text before the first heading is set without an empty title or the decorated layout\'s ornament', () => {
    const layout = layouts['classic-literature']!;
    expect(layout.chapterTitleFormat).toBe('decorated');
    const doc: BookDocument = {
      ...book([chapter(1, prose(1, 40))]),
      front: [{ type: 'section', kind: 'other', id: 'front-1', title: [], blocks: [p('Editionword three point oh')] }],
    };
    const result = typeset(doc, layout);
    const line = result.lines.find((l) => l.words.some((w) => w.word === 'Editionword'))!;
    const page = result.pages[line.page - 1]!;
    expect(page).not.toContain(layout.ornament);
    // The chapter's decorated title keeps its ornament.
    expect(result.pages.some((text) => text.includes('Chapter 1') && text.includes(layout.ornament))).toBe(true);
  });
});
