/**
 * Ranking, the threshold, expansion, diversity, themes and previews of `searchTopic` on small hand-written books
 * (`fixtures.ts`) whose right answers are plain.
 */
import { describe, expect, it } from 'vitest';
import { buildTopicIndex, RELEVANCE_THRESHOLD, searchTopic } from '../../src/extract/index.ts';
import { Analyzer } from '../../src/extract/analyze.ts';
import { book, LOVE_BOOK_MD, SERMONS_MD } from './fixtures.ts';

const sermons = buildTopicIndex(book(SERMONS_MD));
const sectionOf = (passageId: string) => passageId.split(':')[0];

describe('searchTopic ranks the passages that treat a topic', () => {
  it('puts the sermon on forgiveness first, above the threshold', () => {
    const r = searchTopic(sermons, 'forgiveness');
    expect(r.passages[0]?.passageId).toBe('s1');
    expect(r.passages[0]?.title).toBe('On Forgiveness');
    expect(r.passages[0]!.relevanceScore).toBeGreaterThan(0.9);
    expect(r.searchedTerms[0]).toEqual({ term: 'forgiveness', weight: 1, source: 'topic' });
    expect(r.searchedTerms.map((t) => t.term)).toContain('pardon');
  });

  it('does not count a passing mention in a long chapter', () => {
    // The Harvest (section 2) says "forgive" once, in a jest, among 900 words about farming.
    const r = searchTopic(sermons, 'forgiveness');
    expect(r.passages.map((p) => sectionOf(p.passageId))).not.toContain('s2');
    for (const p of r.passages) expect(p.relevanceScore).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
  });

  it('returns nothing for a topic the book does not treat', () => {
    for (const topic of ['railways', 'whaling', 'Easter']) {
      const r = searchTopic(sermons, topic);
      expect(r.passages, topic).toEqual([]);
      expect(r.averageRelevance).toBe(0);
      expect(r.themes).toEqual([]);
    }
  });

  it('gives an empty result for a topic of stop words or punctuation, without throwing', () => {
    for (const topic of ['the of and', '  ...!?  ', '', '12']) {
      const r = searchTopic(sermons, topic);
      expect(r.passages).toEqual([]);
      expect(r.searchedTerms).toEqual([]);
    }
  });

  it('finds the Nativity for Christmas through the curated expansion (the chapter never says Christmas)', () => {
    const r = searchTopic(sermons, 'Christmas');
    expect(r.passages.map((p) => p.passageId)).toEqual(['s3']);
    const terms = r.searchedTerms.map((t) => t.term);
    expect(terms).toEqual(expect.arrayContaining(['Nativity', 'manger', 'Bethlehem', 'Magi', 'shepherds']));
    expect(r.searchedTerms.find((t) => t.term === 'manger')?.source).toBe('curated');
  });

  it('expands an English topic from WordNet when no curated list has it', () => {
    const harvest = searchTopic(sermons, 'harvest');
    expect(harvest.searchedTerms.find((t) => t.term === 'crop')?.source).toBe('lexicon');
    // A noun's noun senses only: `suffering` is not the verb's `get` or `sustain`.
    const suffering = searchTopic(sermons, 'suffering').searchedTerms.map((t) => t.term);
    expect(suffering).toEqual(expect.arrayContaining(['agony', 'woe']));
    expect(suffering).not.toContain('get');
    // A curated topic is found from an inflected form too.
    const prayers = searchTopic(sermons, 'prayers');
    expect(prayers.searchedTerms.map((t) => t.term)).toContain('supplication');
    expect(prayers.passages[0]?.title).toBe('Of Prayer');
  });

  it('respects maxPassages', () => {
    const index = buildTopicIndex(book(LOVE_BOOK_MD));
    expect(searchTopic(index, 'love', { maxPassages: 2 }).passages).toHaveLength(2);
    expect(searchTopic(index, 'love', { maxPassages: 0 }).passages).toEqual([]);
  });
});

describe('searchTopic diversifies its results', () => {
  const index = buildTopicIndex(book(LOVE_BOOK_MD));
  const r = searchTopic(index, 'love');

  it('returns the short chapters about love among the first, not only windows of the long one', () => {
    const firstFour = r.passages.slice(0, 4).map((p) => sectionOf(p.passageId));
    expect(firstFour).toContain('s2');
    expect(firstFour).toContain('s3');
    expect(r.passages.filter((p) => sectionOf(p.passageId) === 's1').length).toBeLessThan(r.passages.length);
  });

  it('never returns two passages that overlap', () => {
    const ranges = r.passages.map((p) => {
      const m = /^s(\d+)(?::(\d+)-(\d+))?$/.exec(p.passageId)!;
      return { s: m[1], from: m[2] === undefined ? 0 : Number(m[2]), to: m[3] === undefined ? Infinity : Number(m[3]) };
    });
    for (const [i, a] of ranges.entries())
      for (const b of ranges.slice(i + 1)) expect(a.s !== b.s || a.to <= b.from || b.to <= a.from, `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(true);
  });

  it('finds the three stretches of the long chapter as windows, and no window of pure farm text', () => {
    const windows = r.passages.filter((p) => p.source.kind === 'window');
    expect(windows.length).toBeGreaterThanOrEqual(3);
    for (const w of windows) expect(w.title).toBe('The Seasons of the Heart');
    for (const w of windows) expect(w.highlights.length).toBeGreaterThan(0);
  });
});

describe('themes and previews', () => {
  const analyzer = new Analyzer('en');
  const r = searchTopic(sermons, 'forgiveness');
  const searched = new Set(r.searchedTerms.map((t) => analyzer.term(t.term)));

  it('names salient words of the passage, not the searched words', () => {
    const first = r.passages[0]!;
    expect(first.themes.length).toBeGreaterThan(0);
    for (const theme of [...first.themes, ...r.themes]) expect(searched.has(analyzer.term(theme)), theme).toBe(false);
    expect(first.themes).toEqual(expect.arrayContaining(['debt']));
  });

  it('highlights the matched words inside the preview', () => {
    const first = r.passages[0]!;
    expect(first.contentPreview.length).toBeGreaterThan(200);
    expect(first.contentPreview.length).toBeLessThanOrEqual(400);
    expect(first.highlights.length).toBeGreaterThan(2);
    for (const h of first.highlights) {
      const word = first.contentPreview.slice(h.start, h.end);
      expect(word).toMatch(/^[\p{L}]+$/u);
      // A searched word, or a form of one that the stemmer keeps apart (`forgiven` beside `forgiv-`).
      const stem = analyzer.term(word)!;
      expect([...searched].some((s) => s !== undefined && stem.startsWith(s)), word).toBe(true);
    }
  });

  it('fills the source: section, position and words', () => {
    const first = r.passages[0]!;
    expect(first.source).toMatchObject({ kind: 'section', sectionTitle: 'On Forgiveness', sectionIndex: 1, sectionCount: 4, positionPercent: 0 });
    expect(first.source.wordCount).toBeGreaterThan(150);
    const nativity = searchTopic(sermons, 'Christmas').passages[0]!;
    expect(nativity.source.sectionIndex).toBe(3);
    expect(nativity.source.positionPercent).toBeGreaterThan(50);
  });
});
