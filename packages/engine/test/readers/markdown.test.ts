/**
 * Markdown reader: a user's Markdown is brought to Quire's convention (`model/README.md`).
 */
import { describe, expect, it } from 'vitest';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readMarkdown } from '../../src/read/markdown.ts';

async function read(text: string): Promise<{ md: string; meta: object; report: { id: string; count: number }[] }> {
  const r = await readMarkdown(text);
  return { md: serializeMarkdown(r.doc), meta: r.meta, report: r.report };
}

describe('readMarkdown', () => {
  it('a lone top heading is the title; the repeated level below holds the chapters', async () => {
    const r = await read('# My Novel\n\n## Chapter 1\n\nOne.\n\n## Chapter 2\n\nTwo.\n\n### A scene\n\nThree.\n');
    expect(r.meta).toEqual({ title: 'My Novel' });
    expect(r.md).toBe('# Chapter 1\n\nOne.\n\n# Chapter 2\n\nTwo.\n\n## A scene\n\nThree.\n');
    expect(r.report).toEqual([expect.objectContaining({ id: 'titleLines', count: 1 })]);
  });

  it('parts above chapters, setext headings, YAML front matter', async () => {
    const text = ['---', 'title: "War"', 'author: L. T.', 'lang: ru', '---', 'BOOK ONE', '========', '', '## CHAPTER I', '', 'a', '', '## CHAPTER II', '', 'b', '', 'BOOK TWO', '========', '', '## CHAPTER I', '', 'c', '', '## CHAPTER II', '', 'd'].join('\n');
    const r = await read(text);
    expect(r.meta).toEqual({ title: 'War', author: 'L. T.', language: 'ru' });
    expect(r.md).toBe('# BOOK ONE {.part}\n\n# CHAPTER I\n\na\n\n# CHAPTER II\n\nb\n\n# BOOK TWO {.part}\n\n# CHAPTER I\n\nc\n\n# CHAPTER II\n\nd\n');
  });

  it('removes raw HTML and keeps its text; scripts and comments go whole', async () => {
    const r = await read('# One\n\nSome <b>bold</b> text<br> here.<!-- hidden --><script>alert(1)</script>\n\n<div class="x">Block</div>\n');
    expect(r.md).toBe('# One\n\nSome bold text here.\n\nBlock\n');
    expect(r.report.find((l) => l.id === 'rawHtml')!.count).toBe(7); // <b> </b> <br> comment script <div> </div>
  });

  it('keeps code fences as they are (HTML inside them is text, not markup)', async () => {
    const r = await read('# One\n\n```\n<b>x</b>\n```\n');
    expect(r.md).toContain('<b>x</b>');
  });

  it('leaves Quire Markdown unchanged', async () => {
    const quire = '# Preface {.front .preface}\n\nWhy.\n\n# BOOK ONE {.part}\n\n# CHAPTER I\n\nText with _emphasis_ and a note.[^1]\n\n::: verse\nA line\n  indented\n:::\n\n# Notes {.back .notes}\n\nEnd.\n\n[^1]: The note.\n';
    expect((await read(quire)).md).toBe(quire);
  });

  it('reads emphasis, footnotes, lists and quotes in any common spelling', async () => {
    const r = await read('## A\n\n*one* __two__[^n]\n\n* a\n* b\n\n> q\n\n## B\n\nx\n\n[^n]: note\n');
    expect(r.md).toBe('# A\n\n_one_ **two**[^n]\n\n- a\n- b\n\n> q\n\n# B\n\nx\n\n[^n]: note\n');
  });
});
