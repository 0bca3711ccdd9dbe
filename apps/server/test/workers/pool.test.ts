import { afterAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../src/workers/pool.ts';

const jobs = createJobRunner({ threads: 1 });
afterAll(async () => {
  await jobs.close();
});

describe('job runner (worker threads)', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  const limit = 5 * 1024 * 1024;

  it('reads text in a worker thread, and cleans it when asked', async () => {
    const text = [
      'CHAPTER I',
      '',
      'It was a bright cold day in April, and the clocks were striking thirteen; the',
      'reader turned the page with quiet care and smiled at what the author had done.',
      '',
      'CHAPTER II',
      '',
      'The end came quickly, as ends do; nobody in the whole town was surprised by it.',
    ].join('\n');
    const raw = await jobs.importFile({ bytes: bytes(text), fileName: 'a.txt', clean: false, maxTextBytes: limit });
    expect(raw).toMatchObject({ format: 'txt', cleaned: null, text });
    const cleaned = await jobs.importFile({ bytes: bytes(text), fileName: 'a.txt', clean: true, maxTextBytes: limit });
    expect(cleaned.cleaned?.markdown).toContain('thirteen; the reader turned');
    expect(cleaned.cleaned?.report.chaptersFound).toBe(2);
    expect(cleaned.wordCount).toBe(cleaned.cleaned?.report.wordCount);
    // What the Clean tab says was found, computed in the thread with the cleanup.
    expect(cleaned.cleaned?.report.structure).toMatchObject({ found: ['2 chapters'], warnings: [] });
  });

  it('cleans a book in a worker thread and says when its structure looks unreliable', async () => {
    // A long text with no chapter heading: 40 paragraphs of 540 words, 21,600 words.
    const paragraph = 'The road ran on through the fields and the woods, and the travellers walked on without a word. '.repeat(30);
    const out = await jobs.cleanBook(Array.from({ length: 40 }, () => paragraph).join('\n\n'));
    expect(out.report.structure?.counts.chapters).toBe(1);
    expect(out.report.structure?.warnings).toEqual([
      expect.objectContaining({ code: 'one-division', message: expect.stringMatching(/^No chapters were found: the text will be set as one long chapter of 2\d,\d{3} words/) }),
    ]);
  });

  it('applies the charset of the Content-Type to text', async () => {
    const koi8 = Uint8Array.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4, 0x2e]); // "Привет."
    const out = await jobs.importFile({ bytes: koi8, fileName: 'a.txt', contentType: 'text/plain; charset=koi8-r', clean: false, maxTextBytes: limit });
    expect(out.text).toBe('Привет.');
  });

  it('turns engine input errors into AppErrors: 422 unreadable, 415 unsupported, 413 over the text limit', async () => {
    await expect(jobs.importFile({ bytes: new Uint8Array(0), fileName: 'empty.txt', clean: true, maxTextBytes: limit })).rejects.toMatchObject({
      code: 'UNREADABLE_INPUT',
      statusCode: 422,
    });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await expect(jobs.importFile({ bytes: png, fileName: 'a.png', contentType: 'image/png', clean: true, maxTextBytes: limit })).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
      statusCode: 415,
    });
    await expect(jobs.importFile({ bytes: bytes('Twelve bytes'), fileName: 'a.txt', clean: true, maxTextBytes: 11 })).rejects.toMatchObject({
      code: 'TEXT_TOO_LARGE',
      statusCode: 413,
    });
  });

  it('combines the texts of a collection into parts', async () => {
    const out = await jobs.combineTexts({
      texts: [
        { title: 'One', author: null, markdown: '# Chapter 1\n\nFirst.' },
        { title: 'Two', author: null, markdown: 'Second.' },
      ],
      reports: [null, null],
      meta: { title: 'Both', author: 'Various', language: 'en' },
    });
    expect(out.markdown).toBe('# One {.part}\n\n# Chapter 1\n\nFirst.\n\n# Two {.part}\n\n# Two\n\nSecond.\n');
    expect(out.report).toEqual({
      passes: [],
      chaptersFound: 2,
      partsFound: 2,
      wordCount: 7,
      structure: expect.objectContaining({ found: ['2 parts', '2 chapters'], warnings: [] }),
    });
  });

  it('counts words and bytes', async () => {
    expect(await jobs.measureText('# Chapter 1\n\nIt was — a dark night.')).toEqual({ wordCount: 7, textBytes: 37 });
  });

  it('refuses work once closed', async () => {
    const other = createJobRunner({ threads: 1 });
    await other.close();
    await expect(other.measureText('x')).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
