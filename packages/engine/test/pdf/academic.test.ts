/**
 * The pages of academic papers in the PDF, judged by poppler: APA 7's title page (bold title centred in the
 * upper half, the author below), its abstract page and its five heading levels (APA 7th ed. 2.3, 2.9, 2.27);
 * MLA 9's heading block on the first page with the text following (MLA Handbook 9th ed. 1.3); the Chicago
 * (Turabian) title page with the title a third of the way down and footnotes at the foot of the page; no
 * book front matter (half title, copyright page) and no contents where the guide has none.
 */
import { describe, expect, it } from 'vitest';
import { layouts } from '../../src/layout/index.ts';
import type { Layout } from '../../src/layout/layout.ts';
import type { Block, BookDocument } from '../../src/model/book-document.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf } from '../../src/write/typst/pdf.ts';
import { p, prose, t } from './fixtures.ts';
import { allPageTexts, fonts, pdfFile, textLines, type TextLine } from './poppler.ts';

const PT = 72;

function heading(level: 2 | 3 | 4 | 5, text: string): Block {
  return { type: 'heading', level, children: [t(text)] };
}

function paper(): BookDocument {
  return {
    meta: { title: 'Reading Habits of Students', author: 'Ann Author', language: 'en', publicationYear: 2025 },
    front: [{ type: 'section', kind: 'other', id: 'front-1', title: [t('Abstract')], blocks: [p(`Abstractword ${prose(1, 120)}`)] }],
    body: [
      {
        type: 'chapter',
        id: 'ch-1',
        title: [t('Method')],
        blocks: [
          p(`Methodword ${prose(2, 80)}`),
          heading(2, 'Levelfive Participants'),
          p(prose(3, 60)),
          heading(3, 'Levelthree Sampling'),
          p(prose(4, 60)),
          heading(4, 'Levelfour Consent'),
          p(`Runinfour ${prose(5, 60)}`),
          heading(5, 'Levelfive Risks'),
          p(`Runinfive ${prose(6, 60)}`),
          { type: 'paragraph', children: [t('A claim with a source'), { type: 'footnoteRef', id: 'n1' }, t('.')] },
        ],
      },
    ],
    back: [],
    footnotes: { n1: [p('Footnotetext of the source.')] },
    assets: {},
  };
}

interface Paper {
  pages: string[];
  lines: TextLine[];
  fontNames: string[];
}

function typeset(layout: Layout, doc = paper()): Paper {
  const file = pdfFile(compileTypstToPdf(writeTypst(doc, layout)));
  try {
    return { pages: allPageTexts(file.path), lines: textLines(file.path), fontNames: fonts(file.path).map((f) => f.name) };
  } finally {
    file.dispose();
  }
}

const lineOf = (result: Paper, word: string) => result.lines.find((l) => l.words.some((w) => w.word === word))!;
const nonEmpty = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

describe('APA 7', () => {
  const layout = layouts['apa-7']!;
  const result = typeset(layout);

  it('title page: the title centred in the upper half, the author and year below; no half title or copyright page', () => {
    const title = lineOf(result, 'Reading');
    expect(title.page).toBe(1);
    expect(title.yMin).toBeLessThan((layout.trimHeightIn / 2) * PT);
    expect((title.xMin + title.xMax) / 2).toBeCloseTo((layout.trimWidthIn / 2) * PT, 0);
    expect(result.fontNames).toContain('Tinos-Bold');
    expect(nonEmpty(result.pages[0]!)).toEqual(['1', 'Reading Habits of Students', 'Ann Author', '2025']);
    expect(result.pages.join('\n')).not.toMatch(/Copyright|Contents/);
  });

  it('double spacing is a word processor\'s: baselines 2 x 1.15 x 12 = 27.6 pt apart in Times New Roman (Tinos)', () => {
    // Consecutive lines of the method section's prose, on one page: their tops step by the baseline distance.
    const start = result.lines.findIndex((l) => l.words.some((w) => w.word === 'Methodword'));
    const run = result.lines.slice(start, start + 4);
    expect(new Set(run.map((l) => l.page)).size).toBe(1);
    const steps = run.slice(1).map((l, i) => l.yMin - run[i]!.yMin);
    for (const step of steps) expect(step).toBeCloseTo(27.6, 0);
  });

  it('abstract: its own page after the title page, the label centred, the paragraph not indented', () => {
    const label = lineOf(result, 'Abstract');
    expect(label.page).toBe(2);
    expect((label.xMin + label.xMax) / 2).toBeCloseTo((layout.trimWidthIn / 2) * PT, 0);
    expect(lineOf(result, 'Abstractword').xMin).toBeCloseTo(layout.marginInsideIn * PT, 0);
    expect(lineOf(result, 'Methodword').page).toBe(3);
  });

  it('headings: level 1 centred, 2 and 3 flush left, 4 and 5 indented and run in with their paragraph', () => {
    const left = layout.marginInsideIn * PT;
    const method = lineOf(result, 'Method');
    expect((method.xMin + method.xMax) / 2).toBeCloseTo((layout.trimWidthIn / 2) * PT, 0);
    expect(lineOf(result, 'Levelfive').xMin).toBeCloseTo(left, 0);
    expect(lineOf(result, 'Levelthree').xMin).toBeCloseTo(left, 0);
    for (const [head, text] of [['Levelfour', 'Runinfour'], ['Levelfive', 'Runinfive']] as const) {
      const line = result.lines.filter((l) => l.words.some((w) => w.word === head)).at(-1)!;
      expect(line.xMin, head).toBeCloseTo(left + layout.paragraphIndentEm * layout.fontSizePt, 0);
      expect(line.words.map((w) => w.word).slice(0, 3), head).toEqual([head, expect.stringMatching(/\.$/), text]);
    }
  });
});

describe('student paper elements (meta.paper)', () => {
  const details = { affiliation: 'Department of History, Northfield University', course: 'HIST 301: The Early Modern World', instructor: 'Dr. Amal Reyes', dueDate: 'October 12, 2026' };
  const doc = (): BookDocument => ({ ...paper(), meta: { ...paper().meta, paper: details } });

  it('APA: author, affiliation, course, instructor and due date under the title, in that order (APA 7th ed. 2.3)', () => {
    const result = typeset(layouts['apa-7']!, doc());
    expect(nonEmpty(result.pages[0]!)).toEqual(['1', 'Reading Habits of Students', 'Ann Author', details.affiliation, details.course, details.instructor, details.dueDate]);
  });

  it('MLA: name, instructor, course and date in the heading block (MLA Handbook 9th ed. 1.3)', () => {
    const result = typeset(layouts['mla-9']!, { ...doc(), front: [] });
    expect(nonEmpty(result.pages[0]!).slice(1, 6)).toEqual(['Ann Author', details.instructor, details.course, details.dueDate, 'Reading Habits of Students']);
  });
});

describe('MLA 9', () => {
  const layout = layouts['mla-9']!;
  const doc = { ...paper(), front: [] };
  const result = typeset(layout, doc);

  it('heading block flush left on the first page, the title centred under it, the text following on that page', () => {
    const lines = nonEmpty(result.pages[0]!);
    expect(lines.slice(0, 4)).toEqual(['Author 1', 'Ann Author', '2025', 'Reading Habits of Students']);
    expect(lineOf(result, 'Ann').xMin).toBeCloseTo(layout.marginInsideIn * PT, 0);
    const title = lineOf(result, 'Reading');
    expect((title.xMin + title.xMax) / 2).toBeCloseTo((layout.trimWidthIn / 2) * PT, 0);
    expect(lineOf(result, 'Methodword').page).toBe(1);
  });

  it('notes are endnotes: a superscript number in the text, the note under a centred "Notes" on a page after the text (MLA 1.8)', () => {
    const claim = lineOf(result, 'claim');
    const note = lineOf(result, 'Footnotetext');
    expect(note.page).toBeGreaterThan(claim.page);
    const heading = result.lines.find((l) => l.page === note.page && l.words.length === 1 && l.words[0]!.word === 'Notes')!;
    expect(heading).toBeDefined();
    expect((heading.xMin + heading.xMax) / 2).toBeCloseTo((layout.trimWidthIn / 2) * PT, 0);
    expect(heading.yMax).toBeLessThan(note.yMin);
    // The mark: the number after "source" in the text, smaller than the words around it.
    const mark = claim.words.find((w) => /^source1\.?$|^1$/.test(w.word));
    expect(mark, claim.words.map((w) => w.word).join(' ')).toBeDefined();
    // The note starts with its number, raised, just before its text.
    const text = note.words.find((w) => w.word === 'Footnotetext')!;
    const number = result.lines
      .filter((l) => l.page === note.page)
      .flatMap((l) => l.words)
      .find((w) => /^1$/.test(w.word) && w.xMax <= text.xMin + 0.5 && Math.abs(w.yMax - text.yMax) < text.yMax - text.yMin);
    expect(number).toBeDefined();
  });
});

describe('Chicago (Turabian)', () => {
  const layout = layouts['chicago']!;
  const result = typeset(layout);

  it('title page: the title a third of the way down, the author lower, no folio; footnotes at the foot of the page', () => {
    const title = lineOf(result, 'Reading');
    expect(title.page).toBe(1);
    expect(title.yMin).toBeGreaterThan(layout.trimHeightIn * 0.25 * PT);
    expect(title.yMin).toBeLessThan(layout.trimHeightIn * 0.45 * PT);
    expect(lineOf(result, 'Ann').yMin).toBeGreaterThan(title.yMax + PT);
    expect(nonEmpty(result.pages[0]!)).toEqual(['Reading Habits of Students', 'Ann Author', '2025']);
    const note = lineOf(result, 'Footnotetext');
    const claim = lineOf(result, 'claim');
    expect(note.page).toBe(claim.page);
    expect(note.yMin).toBeGreaterThan(claim.yMax);
    expect(note.yMax).toBeLessThan((layout.trimHeightIn - layout.marginBottomIn) * PT + 1);
  });
});
