import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineError, extractStyleGuideRequirements, getLayout, readWordDocText, styleGuideLayout } from '../../src/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const text = (name: string) => fixture(name).toString('utf8');

describe('extractStyleGuideRequirements on guide texts', () => {
  it('a thesis guide: binding margin, double spacing, roman preliminary pages, bottom-centre numbers, APA', () => {
    const g = extractStyleGuideRequirements(text('thesis-guide-northfield.txt'));
    expect(g.baseLayoutId).toBe('apa-7');
    expect(g.styleGuide).toBe('APA');
    expect(g.category).toBe('academic');
    expect(g.requirements.margins).toEqual({ top: 1, bottom: 1, left: 1.5, right: 1 });
    expect(g.requirements.font).toEqual({ family: 'Times New Roman', size: 12, lineHeight: 2 });
    // Block quotations and footnotes are single-spaced in this guide; the body text is double-spaced.
    expect(g.requirements.spacing.line).toBe(2);
    expect(g.requirements.pageNumbers).toEqual({ position: 'bottom-center', format: 'roman-then-arabic' });
    expect(g.requirements).toMatchObject({ titlePage: true, tableOfContents: true, abstract: true, appendices: true, acknowledgments: false });
    expect(g.findings.found.find((f) => f.startsWith('Margins:'))).toContain('left 1.5 in');
    expect(g.findings.found).toContain('Acknowledgments: not included ("Acknowledgments are optional.")');
    expect(g.findings.defaulted).toEqual([]);
  });

  it('an MLA course guide: no title page, no abstract, one-inch margins, header top right', () => {
    const g = extractStyleGuideRequirements(text('essay-guide-mla.txt'));
    expect(g.baseLayoutId).toBe('mla-9');
    expect(g.requirements.margins).toEqual({ top: 1, bottom: 1, left: 1, right: 1 });
    expect(g.requirements.pageNumbers.position).toBe('top-right');
    expect(g.requirements).toMatchObject({ titlePage: false, abstract: false });
    expect(g.findings.found[1]).toBe('Margins: 1 in on every side ("Leave one-inch margins on all sides.")');
    expect(g.findings.defaulted).toContain('Table of contents: not included (default)');
  });

  it('metric margins, Garamond 11 pt, one-and-a-half spacing, numbered headings, Chicago', () => {
    const g = extractStyleGuideRequirements(text('dissertation-guide-metric.txt'));
    expect(g.baseLayoutId).toBe('chicago');
    // 2.5 cm = 0.98 in (read as 1 in), 3.5 cm = 1.378 in (1.375), 2 cm = 0.787 in.
    expect(g.requirements.margins).toEqual({ top: 1, bottom: 1, left: 1.375, right: 0.79 });
    expect(g.requirements.font).toEqual({ family: 'Garamond', size: 11, lineHeight: 1.5 });
    expect(g.requirements.headers.numbering).toBe(true);
    expect(g.requirements.pageNumbers.position).toBe('top-right');
    const layout = styleGuideLayout(g.requirements, g.baseLayoutId, { id: 'guide-1', name: 'Engineering thesis' });
    expect(layout).toMatchObject({ id: 'guide-1', fontFamily: 'EB Garamond', fontSizePt: 11, lineHeight: 1.5, marginInsideIn: 1.375, marginOutsideIn: 0.79, mirrorMargins: false, trimSizeId: 'letter' });
    expect(layout.academic).toMatchObject({ numberedHeadings: true, titlePage: 'chicago', tableOfContents: true });
  });

  it("a press's checklist reads as a publisher's guide on a book layout", () => {
    const g = extractStyleGuideRequirements(text('publisher-manuscript-guide.txt'));
    expect(g.category).toBe('publishing');
    expect(g.baseLayoutId).toBe('kdp-nonfiction');
    expect(g.requirements.margins).toEqual({ top: 0.75, bottom: 0.75, left: 0.875, right: 0.75 });
    expect(g.requirements.font).toMatchObject({ family: 'Minion Pro', size: 11 });
    expect(g.requirements.pageNumbers.position).toBe('bottom-center');
    const layout = styleGuideLayout(g.requirements, g.baseLayoutId, { id: 'press', name: 'Press' });
    expect(layout).toMatchObject({ mirrorMargins: true, marginInsideIn: 0.875, fontFamily: 'Crimson Pro', trimSizeId: getLayout('kdp-nonfiction').trimSizeId });
  });

  it('a text that states nothing keeps the APA values and says so', () => {
    const g = extractStyleGuideRequirements('Please hand in your work on time and keep a copy for yourself.');
    expect(g.baseLayoutId).toBe('apa-7');
    expect(g.findings.found).toEqual([]);
    expect(g.findings.defaulted).toContain('Font size: 12 pt (default)');
    expect(g.requirements).toEqual(extractStyleGuideRequirements('').requirements);
  });
});

describe('readWordDocText (Word 97-2003 files made by LibreOffice)', () => {
  for (const name of ['thesis-guide-northfield', 'essay-guide-mla']) {
    it(`${name}.doc reads as the text it was made from`, () => {
      const docText = readWordDocText(new Uint8Array(fixture(`${name}.doc`)));
      // Every sentence of the source is in the extracted text.
      for (const line of text(`${name}.txt`).split('\n').filter(Boolean)) expect(docText).toContain(line.trim());
      expect(extractStyleGuideRequirements(docText)).toEqual(extractStyleGuideRequirements(text(`${name}.txt`)));
    });
  }

  it('refuses a file that is not a compound document', () => {
    expect(() => readWordDocText(new Uint8Array(fixture('thesis-guide-northfield.txt')))).toThrow(EngineError);
  });
});
