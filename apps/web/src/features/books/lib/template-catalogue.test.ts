import { describe, expect, it } from 'vitest';
import type { StyleGuideTemplate } from '@quire/contracts';
import { apaGuide } from '../../../testing/format-fixtures.ts';
import {
  filterStyleGuides,
  filterTemplates,
  marginsLabel,
  styleGuideFlags,
  styleGuideLines,
} from './template-catalogue.ts';

// The shared APA fixture, with the requirement values these summaries are checked against.
const apa: StyleGuideTemplate = {
  ...apaGuide,
  requirements: {
    ...apaGuide.requirements,
    headers: { style: 'APA levels', numbering: false },
    citations: { style: 'APA 7', inText: '(Author, Year)', bibliography: 'References' },
    appendices: false,
  },
};
const harvard: StyleGuideTemplate = { ...apa, id: 'harvard', name: 'Harvard University', styleGuide: 'Harvard', university: 'Harvard University' };

describe('template catalogue', () => {
  it('summarises a style guide: margins, font and size, spacing, page numbers and flags', () => {
    expect(styleGuideLines(apa)).toEqual([
      { label: 'Margins', value: '1 in all sides' },
      { label: 'Font', value: 'Times New Roman (set in Tinos, metric-compatible), 12\u00a0pt' },
      { label: 'Spacing', value: 'Double-spaced' },
      { label: 'Page numbers', value: 'top right' },
    ]);
    expect(styleGuideFlags(apa)).toEqual(['Title page', 'Abstract']);
    expect(marginsLabel({ top: 0.76, bottom: 0.76, left: 0.9, right: 0.6 })).toBe('0.76 in top, 0.76 in bottom, 0.9 in left, 0.6 in right');
  });

  it('filters by name and description, case-insensitively; a blank query keeps everything', () => {
    const items = [
      { name: 'Classic Literature', description: 'Garamond, ornaments' },
      { name: 'Modern Fiction', description: 'Clean and airy' },
    ];
    expect(filterTemplates(items, 'CLASSIC').map((t) => t.name)).toEqual(['Classic Literature']);
    expect(filterTemplates(items, 'airy').map((t) => t.name)).toEqual(['Modern Fiction']);
    expect(filterTemplates(items, '  ')).toHaveLength(2);
    expect(filterTemplates(items, 'zebra')).toEqual([]);
    expect(filterStyleGuides([apa, harvard], 'harv').map((g) => g.id)).toEqual(['harvard']);
  });
});
