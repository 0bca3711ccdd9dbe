import { describe, expect, it } from 'vitest';
import { FormattingSettingsSchema, FormattingTemplateSchema, SETTINGS_BOUNDS, type FormattingSettings } from '../src/index.ts';

// The settings view of the built-in KDP 6x9 layout (engine `layoutToSettings`), a valid starting point.
const valid: FormattingSettings = {
  fontSize: 11,
  lineHeight: 1.15,
  fontFamily: 'serif',
  marginTop: 0.76,
  marginBottom: 0.76,
  marginLeft: 0.9,
  marginRight: 0.6,
  pageSize: 'custom',
  trimSize: '6x9',
  chapterBreakType: 'page-break',
  chapterTitleFormat: 'centered',
  chapterNumberStyle: 'arabic',
  paragraphIndent: 0.25,
  paragraphSpacing: 0,
  dropCapital: false,
  justifyText: true,
  quoteIndent: 0.375,
  dialogueFormat: 'standard',
  emphasisStyle: 'italic',
  includeHeaders: true,
  includeFooters: false,
  includePageNumbers: true,
  pageNumberPosition: 'bottom-center',
};

const messages = (input: unknown) => FormattingSettingsSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

// Workspace spec section 5, "Advanced settings bounds".
const BOUNDS: [field: keyof typeof SETTINGS_BOUNDS, min: number, max: number, message: string][] = [
  ['fontSize', 8, 20, 'Font size must be between 8 and 20 pt'],
  ['lineHeight', 1, 3, 'Line height must be between 1 and 3'],
  ['marginTop', 0.25, 2, 'Top margin must be between 0.25 and 2 in'],
  ['marginBottom', 0.25, 2, 'Bottom margin must be between 0.25 and 2 in'],
  ['marginLeft', 0.25, 2, 'Left margin must be between 0.25 and 2 in'],
  ['marginRight', 0.25, 2, 'Right margin must be between 0.25 and 2 in'],
  ['paragraphIndent', 0, 1, 'Paragraph indent must be between 0 and 1 in'],
  ['paragraphSpacing', 0, 20, 'Paragraph spacing must be between 0 and 20 pt'],
  ['quoteIndent', 0, 2, 'Quote indent must be between 0 and 2 in'],
];

describe('FormattingSettingsSchema', () => {
  it('accepts the settings of a built-in layout (margins off the 0.125 in slider step included)', () => {
    expect(FormattingSettingsSchema.parse(valid)).toEqual(valid);
  });

  it.each(BOUNDS)('%s: accepts %f and %f, refuses just outside with a message naming the field', (field, min, max, message) => {
    expect(messages({ ...valid, [field]: min })).toEqual([]);
    expect(messages({ ...valid, [field]: max })).toEqual([]);
    const step = SETTINGS_BOUNDS[field].step;
    expect(messages({ ...valid, [field]: min - step / 2 })).toEqual([message]);
    expect(messages({ ...valid, [field]: max + step / 2 })).toEqual([message]);
    expect(messages({ ...valid, [field]: 'twelve' })).toEqual([message]);
    expect(messages({ ...valid, [field]: Number.NaN })).toEqual([message]);
  });

  it.each([
    ['pageSize', 'tabloid', 'Page size must be one of: letter, a4, kindle, custom'],
    ['fontFamily', 'cursive', 'Font family must be one of: serif, sans-serif, monospace'],
    ['chapterBreakType', 'none', 'Chapter break type must be one of: page-break, line-break, decorative'],
    ['chapterTitleFormat', 'right', 'Chapter title format must be one of: centered, left, decorated'],
    ['chapterNumberStyle', 'words', 'Chapter number style must be one of: roman, arabic, none'],
    ['dialogueFormat', 'german', 'Dialogue format must be one of: standard, french, minimal'],
    ['emphasisStyle', 'caps', 'Emphasis style must be one of: italic, bold, underline'],
    ['pageNumberPosition', 'left', 'Page number position must be one of: top-center, bottom-center, bottom-right, top-right, bottom-outside, top-outside'],
    ['dropCapital', 'yes', 'Drop capital must be true or false'],
  ])('%s: refuses %s, naming the field and the allowed values', (field, value, message) => {
    expect(messages({ ...valid, [field]: value })).toEqual([message]);
  });

  it('names a missing field', () => {
    const { fontSize: _omit, ...rest } = valid;
    expect(messages(rest)).toEqual(['Font size must be between 8 and 20 pt']);
  });

  it('checks the custom page: KDP custom range, width and height together, only with pageSize custom', () => {
    const { trimSize: _t, ...custom } = valid;
    expect(messages({ ...custom, pageWidth: 4, pageHeight: 11.69 })).toEqual([]);
    expect(messages({ ...custom, pageWidth: 3.99, pageHeight: 9 })).toEqual(['Page width must be between 4 and 8.5 in']);
    expect(messages({ ...custom, pageWidth: 6, pageHeight: 11.7 })).toEqual(['Page height must be between 6 and 11.69 in']);
    expect(messages({ ...custom, pageWidth: 6 })).toEqual(['Page width and page height must be given together']);
    expect(messages({ ...valid, pageSize: 'letter' })).toEqual(['Trim size and page width/height apply only when the page size is custom']);
    expect(messages({ ...valid, trimSize: '6x10' })[0]).toMatch(/^Trim size must be one of: 5x8, /);
  });

  it('a custom template needs a name (spec section 5)', () => {
    const body = { id: 'custom', name: '  ', genre: 'general', settings: valid };
    expect(FormattingTemplateSchema.safeParse(body).error?.issues.map((i) => i.message)).toEqual(['Please enter a name for your custom template.']);
    expect(FormattingTemplateSchema.parse({ ...body, name: 'Mine' }).description).toBe('');
  });
});
