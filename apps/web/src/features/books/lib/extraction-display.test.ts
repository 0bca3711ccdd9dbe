import { describe, expect, it } from 'vitest';
import type { ExtractionSection, PassageSource } from '@quire/contracts';
import { countOf, defaultCompiledTitle, highlightRuns, otherSearchedTerms, passageNames, percent, relevanceLabel, sourceDetails } from './extraction-display.ts';

const source: PassageSource = {
  kind: 'window',
  sectionTitle: 'The Nativity',
  partTitle: 'Part II. Advent',
  author: 'Henry van Dyke',
  sectionIndex: 3,
  sectionCount: 28,
  positionPercent: 41.4,
  wordCount: 1240,
};

describe('extraction display', () => {
  it('writes relevance as a whole percent and in words', () => {
    expect(percent(0.873)).toBe('87%');
    expect(percent(1.2)).toBe('100%');
    expect(percent(-0.1)).toBe('0%');
    expect([0.9, 0.5, 0.2].map(relevanceLabel)).toEqual(['Strong match', 'Good match', 'Passing mention']);
  });

  it('counts with the right noun', () => {
    expect(countOf(1, 'section', 'sections')).toBe('1 section');
    expect(countOf(1204, 'word', 'words')).toBe('1,204 words');
  });

  it('cuts a preview into marked runs, clipping, dropping and merging odd offsets', () => {
    const text = 'Keep Christmas in your heart';
    expect(highlightRuns(text, [{ start: 5, end: 14 }])).toEqual([
      { text: 'Keep ', marked: false },
      { text: 'Christmas', marked: true },
      { text: ' in your heart', marked: false },
    ]);
    expect(highlightRuns(text, [{ start: 23, end: 99 }, { start: 0, end: 4 }, { start: 2, end: 9 }, { start: 7, end: 7 }])).toEqual([
      { text: 'Keep Chri', marked: true },
      { text: 'stmas in your ', marked: false },
      { text: 'heart', marked: true },
    ]);
    expect(highlightRuns('', [{ start: 0, end: 3 }])).toEqual([]);
  });

  it('says where a passage comes from', () => {
    expect(sourceDetails(source, 'The Nativity (excerpt)')).toEqual([
      'From “The Nativity”',
      'Part II. Advent',
      'Section 3 of 28',
      'at 41% of the book',
      'by Henry van Dyke',
      '1,240 words',
    ]);
    expect(sourceDetails({ ...source, kind: 'section', partTitle: undefined, author: undefined }, 'The Nativity')).toEqual([
      'Section 3 of 28',
      'at 41% of the book',
      '1,240 words',
    ]);
    expect(sourceDetails(source, 'The Nativity', { withLength: false }).at(-1)).toBe('by Henry van Dyke');
    // An excerpt widened to its whole section no longer starts where its position points.
    expect(sourceDetails(source, 'The Nativity', { withLength: false, withPosition: false })).toEqual([
      'Part II. Advent',
      'Section 3 of 28',
      'by Henry van Dyke',
    ]);
  });

  it('names passages apart when two share a title', () => {
    const section = (passageId: string, title: string, positionPercent: number) =>
      ({ passageId, title, source: { ...source, positionPercent } }) as ExtractionSection;
    const names = passageNames([section('s3:50-54', 'The Angel', 58.4), section('s3:38-45', 'The Angel', 48.4), section('s5', 'Keeping Christmas', 60)]);
    expect([...names.values()]).toEqual(['The Angel, at 58% of the book', 'The Angel, at 48% of the book', 'Keeping Christmas']);
  });

  it('lists the searched words besides the topic, each once', () => {
    expect(otherSearchedTerms(['Christmas', 'Nativity', 'nativity', 'Bethlehem', ' christmas '], 'christmas')).toEqual(['Nativity', 'Bethlehem']);
  });

  it('titles a compiled book like an anthology, within the contract’s length', () => {
    expect(defaultCompiledTitle('christmas', 'The Spirit of Christmas')).toBe('Christmas: Passages from The Spirit of Christmas');
    const long = defaultCompiledTitle('grace', 'x'.repeat(400));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});
