/**
 * Topic extraction on a real book: Henry van Dyke's The Spirit of Christmas (Project Gutenberg 14572), read and
 * cleaned as the app does. "Christmas" finds its Christmas pieces; "whaling" and "Easter", which it never treats,
 * find nothing.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { buildTopicIndex, compileExtraction, RELEVANCE_THRESHOLD, searchTopic } from '../../src/extract/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { readText } from '../../src/read/index.ts';
import { corpusBytes } from '../helpers/corpus.ts';

const read = readText(corpusBytes('gutenberg/pg14572-spirit-of-christmas.txt'));
const cleaned = cleanText(read.text, { meta: read.meta });
const meta = { title: cleaned.meta.title ?? 'The Spirit of Christmas', author: cleaned.meta.author ?? 'Henry van Dyke', language: 'en' };
const index = buildTopicIndex(parseMarkdown(cleaned.markdown, meta));

describe('The Spirit of Christmas', () => {
  it('answers "Christmas" with its Christmas pieces, all above the threshold', () => {
    const r = searchTopic(index, 'Christmas');
    const titles = r.passages.map((p) => p.title.toLowerCase());
    expect(titles).toEqual(expect.arrayContaining(['christmas-giving and christmas-living', 'keeping christmas', 'a christmas prayer for the home', 'a christmas prayer for lonely folks']));
    expect(titles.some((t) => t.includes('angel'))).toBe(true);
    for (const p of r.passages) {
      expect(p.relevanceScore).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
      expect(p.highlights.length).toBeGreaterThan(0);
      expect(p.source.sectionCount).toBe(index.seg.sections.length);
    }
    expect(r.averageRelevance).toBeGreaterThan(0.7);
    expect(r.themes.length).toBeGreaterThan(3);
    expect(r.themes.map((t) => t.toLowerCase())).not.toContain('christmas');
  });

  it('answers "whaling" and "Easter" with nothing', () => {
    expect(searchTopic(index, 'whaling').passages).toEqual([]);
    expect(searchTopic(index, 'Easter').passages).toEqual([]);
  });

  it('compiles the passages found into a book that parses back, one chapter each', () => {
    const found = searchTopic(index, 'Christmas').passages;
    const out = compileExtraction(index, { title: 'Christmas Readings', topic: 'Christmas', passages: found.map((p) => ({ passageId: p.passageId })), source: { title: meta.title, author: meta.author } });
    const doc = parseMarkdown(out.markdown, { ...meta, title: 'Christmas Readings' });
    expect(doc.body).toHaveLength(found.length);
    expect(out.wordCount).toBeGreaterThan(1000);
    expect(out.markdown).toContain(`, in ${meta.title} by ${meta.author}_`);
  });
});
