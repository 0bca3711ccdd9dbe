import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { getLayout, layouts, listStyleGuides, listTemplates } from '../../src/layout/index.ts';
import { getShippedFont } from '../../src/layout/fonts.ts';
import { applyKdpRules } from '../../src/layout/kdp-rules.ts';
import type { Layout } from '../../src/layout/layout.ts';
import { layoutToSettings } from '../../src/layout/settings.ts';
import { trimSizes } from '../../src/layout/trim-sizes.ts';

describe('registry', () => {
  it('has the six templates and seven style guides of the spec, by id', () => {
    expect(listTemplates().map((t) => t.id)).toEqual(['classic-literature', 'modern-fiction', 'devotional', 'philosophy-essays', 'kindle-optimized', 'print-ready-kdp']);
    expect(listTemplates().map((t) => t.name)).toEqual(['Classic Literature', 'Modern Fiction', 'Devotional & Religious', 'Philosophy & Essays', 'Kindle Optimized', 'Print Ready KDP']);
    expect(listStyleGuides().map((g) => g.id)).toEqual(['apa-7', 'mla-9', 'chicago', 'harvard', 'kdp-6x9', 'kdp-fiction', 'kdp-nonfiction']);
    expect(listStyleGuides().map((g) => g.name)).toEqual([
      'APA 7th Edition',
      'MLA 9th Edition',
      'Chicago Manual of Style',
      'Harvard University',
      'Amazon KDP 6x9',
      'Amazon KDP Fiction',
      'Amazon KDP Non-Fiction',
    ]);
    expect(Object.keys(layouts)).toHaveLength(13);
    for (const entry of [...listTemplates(), ...listStyleGuides()]) expect(getLayout(entry.id)).toBe(entry.layout);
  });

  it('refuses an unknown id with UNKNOWN_FORMAT, including inherited property names', () => {
    for (const id of ['kdp-5x8', 'toString', '__proto__', '']) {
      expect(() => getLayout(id)).toThrow(EngineError);
      try {
        getLayout(id);
      } catch (error) {
        expect((error as EngineError).code).toBe('UNKNOWN_FORMAT');
      }
    }
  });

  it('every template has a description, a spec genre, and its settings view', () => {
    for (const t of listTemplates()) {
      expect(t.description.length).toBeGreaterThan(20);
      expect(['literature', 'philosophy', 'devotional', 'history', 'biography', 'general']).toContain(t.genre);
      expect(t.settings.fontSize).toBe(t.layout.fontSizePt);
    }
  });
});

// Workspace spec section 9, "Built-in template values (inches, points)".
const SPEC: [id: string, top: number, bottom: number, left: number, right: number, font: string, size: number, lineHeight: number][] = [
  ['kdp-6x9', 0.76, 0.76, 0.9, 0.6, 'Times New Roman', 11, 1.15],
  ['kdp-fiction', 0.75, 0.75, 0.75, 0.75, 'Garamond', 11, 1.15],
  ['kdp-nonfiction', 1, 1, 1, 1, 'Minion Pro', 11, 1.2],
  ['apa-7', 1, 1, 1, 1, 'Times New Roman', 12, 2],
  ['mla-9', 1, 1, 1, 1, 'Times New Roman', 12, 2],
  ['chicago', 1, 1, 1.5, 1, 'Times New Roman', 12, 2],
  ['harvard', 1.5, 1, 1.5, 1, 'Times New Roman', 12, 2],
];

describe('style guides have the spec values (section 9)', () => {
  it.each(SPEC)('%s: margins %f/%f/%f/%f, %s %i pt, line height %f', (id, top, bottom, left, right, font, size, lineHeight) => {
    const guide = listStyleGuides().find((g) => g.id === id)!;
    const r = guide.requirements;
    expect(r.margins).toEqual({ top, bottom, left, right });
    expect(r.font).toEqual({ family: font, size, lineHeight });
    const l = guide.layout;
    expect([l.marginTopIn, l.marginBottomIn, l.marginInsideIn, l.marginOutsideIn]).toEqual([top, bottom, left, right]);
    expect([l.fontSizePt, l.lineHeight]).toEqual([size, lineHeight]);
    // The layout sets the required face in the shipped font that stands in for it.
    expect(getShippedFont(l.fontFamily).standsInFor).toBe(font);
    expect(r.pageNumbers.position).toBe(l.folioPosition);
    expect(guide.isBuiltIn).toBe(true);
  });

  it('academic guides: US Letter, one-sided, double-spaced, every paragraph indented 0.5 in, flags as required', () => {
    const flags = (id: string) => {
      const r = listStyleGuides().find((g) => g.id === id)!.requirements;
      return [r.titlePage, r.tableOfContents, r.abstract, r.acknowledgments, r.appendices];
    };
    for (const g of listStyleGuides().filter((x) => x.category === 'academic')) {
      const l = g.layout;
      expect(l.trimSizeId).toBe('letter');
      expect([l.trimWidthIn, l.trimHeightIn]).toEqual([8.5, 11]);
      expect(l.mirrorMargins).toBe(false);
      expect(l.chapterOpensRecto).toBe(false);
      expect(l.indentFirstParagraph).toBe(true);
      expect((l.paragraphIndentEm * l.fontSizePt) / 72).toBe(0.5);
      expect(g.requirements.spacing.line).toBe(2);
      expect(l.academic?.guide).toBe(g.id);
      expect([g.requirements.titlePage, g.requirements.abstract, g.requirements.tableOfContents]).toEqual([
        l.academic!.titlePage !== 'none',
        l.academic!.abstract,
        l.academic!.tableOfContents,
      ]);
    }
    expect(flags('mla-9')).toEqual([false, false, false, false, false]);
    expect(flags('apa-7')).toEqual([true, false, true, false, true]);
  });

  it('APA 7: student title page, page number top right on every page, five heading levels (2.27)', () => {
    const apa = getLayout('apa-7');
    expect(apa.academic?.titlePage).toBe('apa-student');
    expect(apa.folioPosition).toBe('top-right');
    expect(apa.folioOnOpeningPage).toBe(true);
    expect(apa.runningHeads).toBe(false);
    expect(apa.academic?.headingLevels.map((h) => [h.align, h.bold, h.italic, h.runIn])).toEqual([
      ['center', true, false, false],
      ['left', true, false, false],
      ['left', true, true, false],
      ['indent', true, false, true],
      ['indent', true, true, true],
    ]);
    expect(apa.academic?.bibliographyTitle).toBe('References');
  });

  it('MLA 9: no title page, a heading block, surname and page number top right 0.5 in from the top', () => {
    const mla = getLayout('mla-9');
    expect(mla.academic).toMatchObject({ titlePage: 'none', headingBlock: true, citations: 'author-page', bibliographyTitle: 'Works Cited' });
    expect([mla.runningHeads, mla.runningHeadRecto, mla.runningHeadVerso, mla.folioPosition, mla.headerDistanceIn]).toEqual([true, 'author-surname', 'author-surname', 'top-right', 0.5]);
  });

  it('Chicago: notes-bibliography with footnotes and a title page; KDP guides are books, not papers', () => {
    expect(getLayout('chicago').academic).toMatchObject({ titlePage: 'chicago', citations: 'notes-bibliography', notes: 'footnotes', bibliographyTitle: 'Bibliography' });
    for (const id of ['kdp-6x9', 'kdp-fiction', 'kdp-nonfiction']) {
      const l = getLayout(id);
      expect(l.academic).toBeNull();
      expect(l.mirrorMargins).toBe(true);
      expect(trimSizes[l.trimSizeId].kind).toBe('kdp');
    }
  });

  it('keeps kdp-6x9 as the writers knew it', () => {
    expect(getLayout('kdp-6x9')).toMatchObject({
      trimWidthIn: 6,
      trimHeightIn: 9,
      fontFamily: 'Tinos',
      fontFallback: 'serif',
      paragraphIndentEm: 1.5,
      paragraphSpacingPt: 0,
      justify: true,
      mirrorMargins: true,
      chapterOpensRecto: true,
      runningHeads: true,
      folioPosition: 'bottom-center',
    });
  });
});

// Workspace spec section 5, "Advanced settings bounds".
const BOUNDS: [field: string, min: number, max: number][] = [
  ['fontSize', 8, 20],
  ['lineHeight', 1, 3],
  ['marginTop', 0.25, 2],
  ['marginBottom', 0.25, 2],
  ['marginLeft', 0.25, 2],
  ['marginRight', 0.25, 2],
  ['paragraphIndent', 0, 1],
  ['paragraphSpacing', 0, 20],
  ['quoteIndent', 0, 2],
];

describe('every built-in layout', () => {
  it.each(Object.keys(layouts))('%s: its settings view is within the spec bounds', (id) => {
    const settings = layoutToSettings(getLayout(id));
    for (const [field, min, max] of BOUNDS) {
      const value = settings[field as keyof typeof settings] as number;
      expect(value, field).toBeGreaterThanOrEqual(min);
      expect(value, field).toBeLessThanOrEqual(max);
    }
  });

  it.each(Object.keys(layouts))('%s: meets KDP rules at 24 pages, and heads and folios sit inside the margins', (id) => {
    const layout: Layout = getLayout(id);
    if (trimSizes[layout.trimSizeId].kind === 'reflowable') return;
    const { adjustments, warnings } = applyKdpRules(layout, 24);
    expect(adjustments).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('templates are six distinct designs', () => {
    const design = (l: Layout) => [l.fontFamily, l.headingFontFamily, l.trimSizeId, l.chapterTitleFormat, l.chapterNumberStyle, l.dropCapLines, l.folioPosition, l.ornament, l.lineHeight];
    const templates = listTemplates();
    for (const a of templates) {
      for (const b of templates) {
        if (a === b) continue;
        const differing = design(a.layout).filter((v, i) => v !== design(b.layout)[i]).length;
        expect(differing, `${a.id} vs ${b.id}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
