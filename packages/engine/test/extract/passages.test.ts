/** Passage ids and passageText: ids name blocks of a section, stay the same for the same Markdown, and widen. */
import { describe, expect, it } from 'vitest';
import { buildTopicIndex, passageText, searchTopic } from '../../src/extract/index.ts';
import { windowRanges, WINDOW_WORDS } from '../../src/extract/passages.ts';
import { book, LOVE_BOOK_MD, SERMONS_MD } from './fixtures.ts';

describe('passage ids', () => {
  it('are the same for the same Markdown', () => {
    const ids = (md: string) => searchTopic(buildTopicIndex(book(md)), 'love').passages.map((p) => p.passageId);
    expect(ids(LOVE_BOOK_MD).length).toBeGreaterThan(2);
    expect(ids(LOVE_BOOK_MD)).toEqual(ids(LOVE_BOOK_MD));
    for (const id of ids(LOVE_BOOK_MD)) expect(id).toMatch(/^s[1-9]\d*(?::\d+-\d+)?$/);
  });

  it('number sections in reading order, front-matter prose included, a dedication not', () => {
    const md = `# {.front .dedication}\n\nTo my mother.\n\n# Preface {.front .preface}\n\nA word on love, love and love again before we begin.\n\n${SERMONS_MD}`;
    const index = buildTopicIndex(book(md));
    expect(passageText(index, 's1')?.title).toBe('Preface');
    expect(passageText(index, 's2')?.title).toBe('On Forgiveness');
    expect(passageText(index, 's6')).toBeUndefined();
  });
});

describe('windows', () => {
  it('cover a long section with windows of about a page that overlap by about half', () => {
    const blockWords = Array.from({ length: 40 }, () => 50);
    const ranges = windowRanges(blockWords);
    expect(ranges[0]).toEqual([0, WINDOW_WORDS / 50]);
    expect(ranges[1]![0]).toBe(3);
    expect(ranges.at(-1)![1]).toBe(40);
    for (const [a, b] of ranges) expect(b).toBeGreaterThan(a);
  });

  it('make a block longer than a window a window of its own', () => {
    expect(windowRanges([10, 900, 10, 10])).toEqual([
      [0, 2],
      [1, 2],
      [2, 4],
    ]);
  });
});

describe('passageText', () => {
  const index = buildTopicIndex(book(LOVE_BOOK_MD));
  const window = searchTopic(index, 'love').passages.find((p) => p.source.kind === 'window')!;

  it('gives a passage as its paragraphs', () => {
    const text = passageText(index, window.passageId)!;
    expect(text.passageId).toBe(window.passageId);
    expect(text.title).toBe('The Seasons of the Heart');
    expect(text.widened).toBe(false);
    expect(text.wordCount).toBe(window.source.wordCount);
    expect(text.paragraphs.join(' ')).toContain('love');
  });

  it('widens a window to its whole section', () => {
    const wide = passageText(index, window.passageId, { widen: true })!;
    const section = passageText(index, window.passageId.split(':')[0]!)!;
    expect(wide.widened).toBe(true);
    expect(wide.paragraphs).toEqual(section.paragraphs);
    expect(wide.wordCount).toBeGreaterThan(window.source.wordCount);
    expect(section.widened).toBe(false);
  });

  it('answers undefined for an id that names no passage of the text', () => {
    for (const id of ['s0', 's99', 's1:5-5', 's1:0-999', 'x1', 's1:3', '', 's01']) expect(passageText(index, id), id).toBeUndefined();
  });
});
