import { describe, expect, it } from 'vitest';
import { getLayout, layouts } from '../../src/layout/index.ts';
import { layoutToSettings, settingsToLayout, type FormattingSettings } from '../../src/layout/settings.ts';

describe('settingsToLayout / layoutToSettings', () => {
  it.each(Object.keys(layouts))('round-trips %s: settingsToLayout(layoutToSettings(l), l) is l', (id) => {
    const layout = getLayout(id);
    const back = settingsToLayout(layoutToSettings(layout), layout);
    const { paragraphIndentEm, ...rest } = back;
    const { paragraphIndentEm: expectedIndent, ...expectedRest } = layout;
    expect(rest).toEqual(expectedRest);
    expect(paragraphIndentEm).toBeCloseTo(expectedIndent, 10);
    expect(layoutToSettings(back)).toEqual(layoutToSettings(layout));
  });

  it('maps every spec field one to one', () => {
    const base = getLayout('kdp-6x9');
    const settings: FormattingSettings = {
      fontSize: 14,
      lineHeight: 1.8,
      fontFamily: 'sans-serif',
      marginTop: 1.25,
      marginBottom: 1.5,
      marginLeft: 1.125,
      marginRight: 0.5,
      pageSize: 'a4',
      chapterBreakType: 'decorative',
      chapterTitleFormat: 'left',
      chapterNumberStyle: 'roman',
      paragraphIndent: 0.5,
      paragraphSpacing: 6,
      dropCapital: true,
      justifyText: false,
      quoteIndent: 1,
      dialogueFormat: 'french',
      emphasisStyle: 'underline',
      includeHeaders: false,
      includeFooters: true,
      includePageNumbers: true,
      pageNumberPosition: 'bottom-right',
    };
    const l = settingsToLayout(settings, base);
    expect(l).toMatchObject({
      fontSizePt: 14,
      lineHeight: 1.8,
      fontFallback: 'sans-serif',
      fontFamily: 'Inter',
      marginTopIn: 1.25,
      marginBottomIn: 1.5,
      marginInsideIn: 1.125,
      marginOutsideIn: 0.5,
      trimSizeId: 'a4',
      chapterBreak: 'decorative',
      chapterTitleFormat: 'left',
      chapterNumberStyle: 'roman',
      paragraphSpacingPt: 6,
      dropCapLines: 3,
      justify: false,
      quoteIndentIn: 1,
      dialogueFormat: 'french',
      emphasisStyle: 'underline',
      runningHeads: false,
      runningFeet: true,
      folioPosition: 'bottom-right',
      id: 'kdp-6x9',
    });
    expect(l.trimWidthIn).toBeCloseTo(8.2677, 4);
    expect(l.trimHeightIn).toBeCloseTo(11.6929, 4);
    // 0.5 in at 14 pt is 36 pt / 14 pt em.
    expect(l.paragraphIndentEm).toBeCloseTo(36 / 14, 10);
    expect(settingsToLayout({ ...settings, includePageNumbers: false }, base).folioPosition).toBe('none');
    expect(settingsToLayout({ ...settings, dropCapital: false }, getLayout('classic-literature')).dropCapLines).toBe(0);
    expect(settingsToLayout({ ...settings, dropCapital: true }, getLayout('devotional')).dropCapLines).toBe(2);
  });

  it('keeps the base family when the generic matches, and picks the shipped default otherwise', () => {
    const classic = getLayout('classic-literature');
    const s = layoutToSettings(classic);
    expect(settingsToLayout(s, classic).fontFamily).toBe('EB Garamond');
    expect(settingsToLayout({ ...s, fontFamily: 'monospace' }, classic).fontFamily).toBe('JetBrains Mono');
  });

  it('resolves the page: a KDP trim, a custom size, the base trim, and a one-sided Kindle page', () => {
    const base = getLayout('apa-7');
    const s = layoutToSettings(base);
    expect(s.pageSize).toBe('letter');
    expect(settingsToLayout({ ...s, pageSize: 'custom', trimSize: '5x8' }, base)).toMatchObject({ trimSizeId: '5x8', trimWidthIn: 5, trimHeightIn: 8 });
    expect(settingsToLayout({ ...s, pageSize: 'custom', pageWidth: 4.25, pageHeight: 7 }, base)).toMatchObject({ trimSizeId: 'custom', trimWidthIn: 4.25, trimHeightIn: 7 });
    expect(settingsToLayout({ ...s, pageSize: 'custom' }, getLayout('kdp-6x9'))).toMatchObject({ trimSizeId: '6x9' });
    expect(settingsToLayout({ ...s, pageSize: 'custom' }, base)).toMatchObject({ trimSizeId: 'custom', trimWidthIn: 8.5, trimHeightIn: 11 });
    expect(layoutToSettings(getLayout('kdp-6x9'))).toMatchObject({ pageSize: 'custom', trimSize: '6x9' });
    const kindle = settingsToLayout({ ...layoutToSettings(getLayout('kdp-6x9')), pageSize: 'kindle', trimSize: undefined }, getLayout('kdp-6x9'));
    expect(kindle).toMatchObject({ trimSizeId: 'kindle', mirrorMargins: false, chapterOpensRecto: false, bleedIn: 0 });
  });
});
