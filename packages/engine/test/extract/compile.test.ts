/** compileExtraction: a new book of chosen passages, in order, credited, with their notes, never a paragraph twice. */
import { describe, expect, it } from 'vitest';
import { buildTopicIndex, compileExtraction, searchTopic } from '../../src/extract/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { blockWordCount, inlineText } from '../../src/model/book-document.ts';
import { book, LOVE_BOOK_MD, SERMONS_MD } from './fixtures.ts';

const source = { title: 'Sermons of the Valley', author: 'A. Vicar' };
const meta = { title: 'Gathered', author: 'A. Vicar', language: 'en' };

describe('compileExtraction', () => {
  const index = buildTopicIndex(book(SERMONS_MD));

  it('makes one chapter per passage, in the order given, each with a credit line', () => {
    const out = compileExtraction(index, { title: 'Gathered', topic: 'faith', passages: [{ passageId: 's4' }, { passageId: 's1' }, { passageId: 's3' }], source });
    expect(out.unknownPassageIds).toEqual([]);
    const doc = parseMarkdown(out.markdown, meta);
    expect(doc.body.map((d) => inlineText(d.title))).toEqual(['Of Prayer', 'On Forgiveness', 'The Night at Bethlehem']);
    expect(out.markdown).toContain('_From “On Forgiveness”, in Sermons of the Valley by A. Vicar_');
    const first = doc.body[0]!;
    expect(first.type === 'chapter' && first.blocks[0]).toEqual({
      type: 'paragraph',
      children: [{ type: 'emphasis', children: [{ type: 'text', value: 'From “Of Prayer”, in Sermons of the Valley by A. Vicar' }] }],
    });
    const passageWords = doc.body.reduce((n, d) => n + (d.type === 'chapter' ? blockWordCount(d.blocks.slice(1)) : 0), 0);
    expect(out.wordCount).toBe(passageWords);
  });

  it('carries the footnotes of the chosen blocks, relabelled per chapter', () => {
    const out = compileExtraction(index, { title: 'Gathered', topic: 'x', passages: [{ passageId: 's4' }, { passageId: 's1' }], source });
    expect(out.markdown).toContain('[^c2-1]');
    expect(out.markdown).toContain("[^c2-1]: Compare the Lord's Prayer in the sixth chapter of Matthew.");
    const doc = parseMarkdown(out.markdown, meta);
    expect(Object.keys(doc.footnotes)).toEqual(['fn-c2-1']);
  });

  it('merges overlapping choices, so no paragraph is printed twice', () => {
    const love = buildTopicIndex(book(LOVE_BOOK_MD));
    const windows = searchTopic(love, 'love').passages.filter((p) => p.source.kind === 'window');
    const w = windows[0]!.passageId;
    const [, a, b] = /:(\d+)-(\d+)$/.exec(w)!.map(Number) as [number, number, number];
    const overlapping = `s1:${a + 1}-${b + 1}`;
    const out = compileExtraction(love, {
      title: 'Love',
      topic: 'love',
      passages: [{ passageId: w }, { passageId: overlapping }, { passageId: 's2' }, { passageId: w, widen: true }],
      source,
    });
    const doc = parseMarkdown(out.markdown, meta);
    expect(doc.body).toHaveLength(2);
    const paragraphs = out.markdown.split('\n\n').filter((p) => !p.startsWith('#') && !p.startsWith('_From'));
    const farm = paragraphs.filter((p) => p.startsWith('The spring came late'));
    // The widened section holds the farm's year five times, the window no more: the union is the section once.
    expect(farm).toHaveLength(5);
  });

  it('lists and skips unknown ids', () => {
    const out = compileExtraction(index, { title: 'G', topic: 'x', passages: [{ passageId: 's9' }, { passageId: 's1' }, { passageId: 'nope' }, { passageId: 's9' }], source });
    expect(out.unknownPassageIds).toEqual(['s9', 'nope']);
    expect(parseMarkdown(out.markdown, meta).body).toHaveLength(1);
  });

  it('credits the part and its author in a collection', () => {
    const md = '# The Spirit of Christmas {.part author="Henry van Dyke"}\n\n# Keeping Christmas {.piece}\n\nIt is a good thing to observe Christmas day.\n';
    const collection = buildTopicIndex(parseMarkdown(md, { title: 'A Christmas Treasury', author: 'Various', language: 'en' }));
    const out = compileExtraction(collection, { title: 'G', topic: 'Christmas', passages: [{ passageId: 's1' }], source: { title: 'A Christmas Treasury', author: 'Various' } });
    expect(out.markdown).toContain('_From “Keeping Christmas”, in “The Spirit of Christmas” by Henry van Dyke, in A Christmas Treasury_');
  });
});
