/**
 * The relevance score is calibrated: the same passage scores the same however the topic is typed and whatever
 * book it stands in, and the threshold means "the passage treats the topic" (relevance.ts, the anchors).
 */
import { describe, expect, it } from 'vitest';
import { buildTopicIndex, RELEVANCE_THRESHOLD, searchTopic } from '../../src/extract/index.ts';
import { FARM, FORGIVENESS_SERMON, HARVEST_CHAPTER, book, SERMONS_MD, LOVE_BOOK_MD } from './fixtures.ts';

const scoreOf = (md: string, topic: string, title: string) =>
  searchTopic(buildTopicIndex(book(md)), topic).passages.find((p) => p.title === title)?.relevanceScore;

describe('relevanceScore is calibrated', () => {
  it('does not depend on how the topic is typed', () => {
    const a = scoreOf(SERMONS_MD, 'forgiveness', 'On Forgiveness');
    expect(a).toBeGreaterThan(RELEVANCE_THRESHOLD);
    expect(scoreOf(SERMONS_MD, 'Forgiveness ', 'On Forgiveness')).toBe(a);
    expect(scoreOf(SERMONS_MD, '  FORGIVENESS', 'On Forgiveness')).toBe(a);
  });

  it('does not depend on the book around the passage', () => {
    const alone = scoreOf(FORGIVENESS_SERMON + '\n', 'forgiveness', 'On Forgiveness');
    const bigger = [LOVE_BOOK_MD, HARVEST_CHAPTER, FORGIVENESS_SERMON, HARVEST_CHAPTER.replace('The Harvest', 'The Second Harvest')].join('\n\n');
    expect(alone).toBeDefined();
    expect(scoreOf(bigger, 'forgiveness', 'On Forgiveness')).toBeCloseTo(alone!, 2);
    expect(scoreOf(SERMONS_MD, 'forgiveness', 'On Forgiveness')).toBeCloseTo(alone!, 2);
  });

  it('passes a page that names the topic a few times, not one that names it once', () => {
    const page = (mentions: number) => {
      const words = FARM.join(' ').split(' ').slice(0, 300);
      for (let i = 0; i < mentions; i++) words[20 + i * 60] = 'forgiveness';
      return `# A Page\n\n${words.join(' ')}\n`;
    };
    const score = (n: number) => searchTopic(buildTopicIndex(book(page(n))), 'forgiveness').passages[0]?.relevanceScore ?? 0;
    expect(score(1)).toBe(0);
    expect(score(3)).toBeGreaterThan(RELEVANCE_THRESHOLD);
    expect(score(4)).toBeGreaterThan(score(3));
    expect(score(4)).toBeGreaterThan(0.85);
  });

  it('counts a sentence that repeats the topic, or names it with a synonym, as one mention', () => {
    const words = FARM.join(' ').replace(/[.!?;:]/g, '').split(' ').slice(0, 300);
    const page = (sentences: string[]) => `# A Page\n\n${sentences.join(' ')} ${words.join(' ')}.\n`;
    const score = (md: string) => searchTopic(buildTopicIndex(book(md)), 'forgiveness').passages[0]?.relevanceScore ?? 0;
    const apart = page(['Forgiveness is hard.', 'We ask forgiveness.', 'Forgiveness heals.']);
    const together = page(['Forgiveness asks forgiveness, and forgiveness heals.', 'The day was long.', 'The night was short.']);
    const withSynonym = page(['Forgiveness and pardon came.', 'The day was long.', 'The night was short.']);
    expect(score(apart)).toBeGreaterThan(RELEVANCE_THRESHOLD);
    expect(score(together)).toBe(0);
    expect(score(withSynonym)).toBe(0);
  });

  it('counts a heading that names the topic as its own field (BM25F): the same text scores higher under it', () => {
    const words = FARM.join(' ').replace(/[.!?;:]/g, '').split(' ').slice(0, 300);
    const body = `Forgiveness came late. They spoke of forgiveness at supper. ${words.join(' ')}.`;
    const score = (heading: string) =>
      searchTopic(buildTopicIndex(book(`# ${heading}\n\n${body}\n\n# Other\n\n${words.join(' ')}.\n`)), 'forgiveness').passages.find((p) => p.title === heading)
        ?.relevanceScore ?? 0;
    expect(score('On Forgiveness')).toBeGreaterThan(score('At Supper'));
    expect(score('On Forgiveness')).toBeGreaterThan(RELEVANCE_THRESHOLD);
  });

  it('is below 1 and rounded to three decimals', () => {
    for (const p of searchTopic(buildTopicIndex(book(LOVE_BOOK_MD)), 'love').passages) {
      expect(p.relevanceScore).toBeLessThanOrEqual(1);
      expect(Math.round(p.relevanceScore * 1000) / 1000).toBe(p.relevanceScore);
    }
  });
});
