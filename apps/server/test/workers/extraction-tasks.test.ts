/**
 * Topic extraction's worker tasks called directly (workers/extraction-tasks.ts): a thread builds a text's index once
 * and reuses it for searches, passages and compiles; an edited text or other metadata is indexed afresh; only the last
 * few indexes are kept.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cachedIndexCount,
  compileTask,
  indexKey,
  passageTextTask,
  searchTopicTask,
  type ExtractionText,
} from '../../src/workers/extraction-tasks.ts';

/** A small book of three chapters, one about Christmas. */
function book(extra = ''): ExtractionText {
  const markdown = [
      '# Chapter I. The Harvest',
      '',
      'The farmers brought the harvest in before the autumn rains, and the barns were full of wheat and barley.',
      '',
      '# Chapter II. Christmas Eve',
      '',
      'On Christmas Eve the children hung their stockings by the fire. The Christmas tree stood in the corner, and the carols of Christmas were sung at the door of every house until midnight, when the bells rang for Christmas morning.',
      '',
      '# Chapter III. The Voyage',
      '',
      `The ship sailed west across the grey sea for many days, and the sailors watched the horizon for land.${extra}`,
      '',
  ].join('\n');
  // The service hashes the text once for the extraction row and hands the hash on (textHashOf).
  return { markdown, textHash: createHash('sha256').update(markdown).digest('hex'), meta: { title: 'Seasons', author: 'A. Writer', language: 'en' } };
}

/** The value of a task that succeeded. */
function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('extraction tasks', () => {
  it('search, passage and compile share one index per text', async () => {
    const start = cachedIndexCount();
    const text = book(' One.');
    const found = valueOf(await searchTopicTask({ ...text, topic: 'Christmas' }));
    expect(found.passages.length).toBeGreaterThan(0);
    expect(found.passages[0]!.title).toContain('Christmas');
    expect(cachedIndexCount()).toBe(start + 1);

    const id = found.passages[0]!.passageId;
    const passage = valueOf(await passageTextTask({ ...text, passageId: id, widen: false }));
    expect(passage?.paragraphs.join(' ')).toContain('stockings');
    expect(valueOf(await passageTextTask({ ...text, passageId: 's9999', widen: false }))).toBeNull();

    const compiled = valueOf(
      await compileTask({ ...text, title: 'Christmas', topic: 'Christmas', passages: [{ passageId: id, widen: false }, { passageId: 's9999', widen: false }], source: { title: 'Seasons', author: 'A. Writer' } }),
    );
    expect(compiled.unknownPassageIds).toEqual(['s9999']);
    expect(cachedIndexCount()).toBe(start + 1);
  });

  it('indexes an edited text or other metadata afresh, and keeps the last three indexes', async () => {
    const a = book(' Two.');
    const b = book(' Three.');
    const c = { ...a, meta: { ...a.meta, language: 'de' } };
    expect(new Set([indexKey(a), indexKey(b), indexKey(c)]).size).toBe(3);
    expect(indexKey(a)).toBe(indexKey(book(' Two.')));
    for (const text of [a, b, c, book(' Four.'), book(' Five.')]) valueOf(await searchTopicTask({ ...text, topic: 'harvest' }));
    expect(cachedIndexCount()).toBe(3);
  });

  it('compiles chosen passages into Markdown with the report of a freshly cleaned book', async () => {
    const text = book(' Six.');
    const found = valueOf(await searchTopicTask({ ...text, topic: 'Christmas' }));
    const compiled = valueOf(
      await compileTask({ ...text, title: 'Yule', topic: 'Christmas', passages: [{ passageId: found.passages[0]!.passageId, widen: true }], source: { title: 'Seasons', author: 'A. Writer' } }),
    );
    expect(compiled.unknownPassageIds).toEqual([]);
    expect(compiled.markdown).toContain('stockings');
    expect(compiled.report).toMatchObject({ passes: [], wordCount: compiled.wordCount });
    expect(compiled.report.chaptersFound).toBeGreaterThanOrEqual(1);
    expect(compiled.textBytes).toBe(Buffer.byteLength(compiled.markdown, 'utf8'));
  });
});
