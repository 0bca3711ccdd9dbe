import { describe, expect, it } from 'vitest';
import { applyKdpRules, kdpMinimumGutterIn } from '../../src/layout/kdp-rules.ts';
import { getLayout } from '../../src/layout/index.ts';
import type { Layout } from '../../src/layout/layout.ts';

// A layout whose margins are all below every KDP minimum, so each rule shows in the adjustments.
const tight: Layout = {
  ...getLayout('kdp-6x9'),
  marginInsideIn: 0.25,
  marginOutsideIn: 0.2,
  marginTopIn: 0.2,
  marginBottomIn: 0.2,
  headerDistanceIn: 0.1,
  footerDistanceIn: 0.1,
};

describe('KDP gutter table (KDP Help "Set Trim Size, Bleed, and Margins")', () => {
  it.each([
    [24, 0.375],
    [150, 0.375],
    [151, 0.5],
    [300, 0.5],
    [301, 0.625],
    [500, 0.625],
    [501, 0.75],
    [700, 0.75],
    [701, 0.875],
    [828, 0.875],
    [829, 0.875],
  ])('%i pages need an inside margin of at least %f in', (pages, gutter) => {
    expect(kdpMinimumGutterIn(pages)).toBe(gutter);
    const { layout, adjustments } = applyKdpRules(tight, pages);
    expect(layout.marginInsideIn).toBe(gutter);
    const adj = adjustments.find((a) => a.field === 'marginInsideIn');
    expect(adj).toMatchObject({ fromIn: 0.25, toIn: gutter });
    expect(adj?.reason).toContain(`${pages} pages`);
  });

  it('never narrows a margin that is already wider than the rule', () => {
    const kdp = getLayout('kdp-6x9');
    for (const pages of [24, 300, 828]) {
      const { layout, adjustments } = applyKdpRules(kdp, pages);
      expect(adjustments).toEqual([]);
      expect(layout).toEqual(kdp);
    }
  });

  it('widens kdp-fiction (0.75 in inside) only past 700 pages', () => {
    expect(applyKdpRules(getLayout('kdp-fiction'), 700).adjustments).toEqual([]);
    const { layout, adjustments } = applyKdpRules(getLayout('kdp-fiction'), 701);
    expect(layout.marginInsideIn).toBe(0.875);
    expect(adjustments.map((a) => a.field)).toEqual(['marginInsideIn']);
  });

  it('does not change the layout it is given', () => {
    const before = structuredClone(tight);
    applyKdpRules(tight, 400);
    expect(tight).toEqual(before);
  });
});

describe('outside, top and bottom minimums', () => {
  it('are 0.25 in without bleed, for the margins and for heads and folios', () => {
    const { layout } = applyKdpRules(tight, 100);
    expect([layout.marginOutsideIn, layout.marginTopIn, layout.marginBottomIn]).toEqual([0.25, 0.25, 0.25]);
    expect([layout.headerDistanceIn, layout.footerDistanceIn]).toEqual([0.25, 0.25]);
  });

  it('are 0.375 in with bleed, and the bleed is KDP\'s 0.125 in', () => {
    const { layout, adjustments } = applyKdpRules({ ...tight, bleedIn: 0.2 }, 100);
    expect(layout.bleedIn).toBe(0.125);
    expect([layout.marginOutsideIn, layout.marginTopIn, layout.marginBottomIn]).toEqual([0.375, 0.375, 0.375]);
    expect([layout.headerDistanceIn, layout.footerDistanceIn]).toEqual([0.375, 0.375]);
    expect(adjustments.find((a) => a.field === 'bleedIn')).toMatchObject({ fromIn: 0.2, toIn: 0.125 });
    expect(adjustments.find((a) => a.field === 'marginTopIn')?.reason).toContain('with bleed');
  });

  it('a one-sided layout needs the gutter on both sides (its binding is on the right of versos)', () => {
    const oneSided: Layout = { ...getLayout('apa-7'), marginInsideIn: 0.5, marginOutsideIn: 0.5 };
    const { layout, adjustments } = applyKdpRules(oneSided, 600);
    expect([layout.marginInsideIn, layout.marginOutsideIn]).toEqual([0.75, 0.75]);
    expect(adjustments.find((a) => a.field === 'marginOutsideIn')?.reason).toContain('one-sided');
  });
});

describe('page-count limits (KDP Help "Print Options")', () => {
  it('warns past 828 pages on 6 x 9 in white paper, not at 828', () => {
    expect(applyKdpRules(getLayout('kdp-6x9'), 828).warnings).toEqual([]);
    const { warnings } = applyKdpRules(getLayout('kdp-6x9'), 829);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('at most 828 pages on 6 x 9 in white paper');
  });

  it('uses the paper: 776 on cream, 590 on 8.5 x 11 in white', () => {
    expect(applyKdpRules({ ...getLayout('kdp-6x9'), paper: 'cream' }, 777).warnings[0]).toContain('at most 776 pages');
    expect(applyKdpRules({ ...getLayout('kdp-6x9'), paper: 'cream' }, 776).warnings).toEqual([]);
    expect(applyKdpRules(getLayout('apa-7'), 591).warnings[0]).toContain('at most 590 pages on 8.5 x 11 in white paper');
  });

  it('warns below the minimum: 24 pages, 72 for standard color', () => {
    expect(applyKdpRules(getLayout('kdp-6x9'), 23).warnings[0]).toContain('at least 24 pages');
    expect(applyKdpRules(getLayout('kdp-6x9'), 24).warnings).toEqual([]);
    expect(applyKdpRules({ ...getLayout('kdp-6x9'), paper: 'standard-color' }, 71).warnings[0]).toContain('at least 72 pages');
  });

  it('leaves a reflowable Kindle layout alone and says why', () => {
    const kindle = getLayout('kindle-optimized');
    const result = applyKdpRules(kindle, 2000);
    expect(result.layout).toBe(kindle);
    expect(result.adjustments).toEqual([]);
    expect(result.warnings[0]).toContain('reflowable');
  });

  it('warns when a running head would print over the text', () => {
    const { warnings } = applyKdpRules({ ...getLayout('kdp-6x9'), marginTopIn: 0.5, headerDistanceIn: 0.4 }, 200);
    expect(warnings.some((w) => w.includes('running head'))).toBe(true);
  });
});
