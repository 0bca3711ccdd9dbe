import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAiCleanupAnswer } from '../../src/clean/ai/parse-answer.ts';
import {
  applyAiEdits,
  buildAiCleanupMessages,
  cleanText,
  planAiCleanup,
  readText,
  reviewAiChunk,
  type AiChunk,
} from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

const BOOK = [
  '# CHAPTER I',
  '',
  'It was tbe best of times, it was',
  'the worst of times.',
  '',
  '::: verse',
  'Tbe owl and the pussy-cat went to sea',
  '',
  'In a beautiful pea-green boat.',
  ':::',
  '',
  '* * *',
  '',
  '> A quoted letter witb an error.',
  '',
  '- a list item witb an error',
  '',
  '```',
  'code witb an error',
  '',
  'still code',
  '```',
  '',
  'A line with a hard break\\',
  'and its second line.',
  '',
  '![A picture](images/p.png)',
  '',
  'The second paragraph of prose, quite plain.',
  '',
  '[^1]: A note witb an error.',
  '',
].join('\n');

describe('planAiCleanup', () => {
  it('offers only prose paragraphs: no heading, verse, quote, list, code, hard break, image or note', () => {
    const plan = planAiCleanup(BOOK, { select: 'all' });
    const texts = plan.chunks.flatMap((c) => c.paragraphs.map((p) => p.text));
    expect(texts).toEqual(['It was tbe best of times, it was the worst of times.', 'The second paragraph of prose, quite plain.']);
    expect(plan.proseParagraphs).toBe(2);
  });

  it('fills chunks up to the character and paragraph limits, in book order', () => {
    const md = Array.from({ length: 30 }, (_, i) => `Paragraph number ${i} of a long and careful book.`).join('\n\n');
    const plan = planAiCleanup(md, { select: 'all', maxChunkParagraphs: 4, maxChunkChars: 10_000 });
    expect(plan.chunks.map((c) => c.paragraphs.length)).toEqual([4, 4, 4, 4, 4, 4, 4, 2]);
    expect(plan.chunks.flatMap((c) => c.paragraphs.map((p) => p.block))).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const bySize = planAiCleanup(md, { select: 'all', maxChunkChars: 120 });
    for (const chunk of bySize.chunks) expect(chunk.paragraphs.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(120);
  });

  it('sends far more of an OCR scan than of a proofread transcription (corpus)', () => {
    const share = (file: string) => {
      const md = cleanText(readText(new Uint8Array(readFileSync(path.join(corpusDir(), file)))).text).markdown;
      const plan = planAiCleanup(md);
      return plan.paragraphsSent / plan.proseParagraphs;
    };
    const ocr = share('ocr/ia-b22033294-treatise-venereal-disease_djvu.txt');
    const proofread = share('gutenberg/pg1342-pride-and-prejudice.txt');
    expect(ocr).toBeGreaterThan(0.15);
    expect(proofread).toBeLessThan(0.05);
    expect(ocr).toBeGreaterThan(4 * proofread);
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const plan = planAiCleanup(text, { select: 'all' });
        expect(plan.paragraphsSent).toBeLessThanOrEqual(plan.proseParagraphs);
      }),
      { numRuns: 500 },
    );
  });
});

describe('buildAiCleanupMessages and parseAiCleanupAnswer', () => {
  const chunk: AiChunk = { paragraphs: [{ block: 0, text: 'One "quoted" line.' }, { block: 3, text: 'Two.' }] };

  it('sends the paragraphs as JSON after the instructions', () => {
    const [system, user] = buildAiCleanupMessages(chunk);
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content).toMatch(/OCR/);
    expect(JSON.parse(user!.content)).toEqual({ paragraphs: ['One "quoted" line.', 'Two.'] });
  });

  it('reads an answer with or without fences and prose around it', () => {
    expect(parseAiCleanupAnswer('{"paragraphs":["a","b"]}', 2)).toEqual(['a', 'b']);
    expect(parseAiCleanupAnswer('Here you are:\n```json\n{"paragraphs": ["a", "b"]}\n```', 2)).toEqual(['a', 'b']);
    expect(parseAiCleanupAnswer('["a","b"]', 2)).toEqual(['a', 'b']);
  });

  it('refuses an answer with another count, non-strings or no JSON', () => {
    expect(parseAiCleanupAnswer('{"paragraphs":["a"]}', 2)).toBeNull();
    expect(parseAiCleanupAnswer('{"paragraphs":["a", 2]}', 2)).toBeNull();
    expect(parseAiCleanupAnswer('I fixed them all.', 2)).toBeNull();
    expect(parseAiCleanupAnswer('{"paragraphs": [', 2)).toBeNull();
  });
});

describe('reviewAiChunk and applyAiEdits', () => {
  const md = [
    '# CHAPTER I',
    '',
    'It was tbe best of times, it was',
    'the worst of times.',
    '',
    'Tbe second paragraph stands here in its place.',
    '',
    'A third paragraph that the model will rewrite.',
    '',
  ].join('\n');

  it('keeps corrections, refuses rewrites, and changes nothing else in the text', () => {
    const [chunk] = planAiCleanup(md, { select: 'all' }).chunks;
    const answer = JSON.stringify({
      paragraphs: [
        'It was the best of times, it was the worst of times.',
        'Tbe second paragraph stands here in its place.',
        'Here is a third paragraph, which a model has rewritten entirely.',
      ],
    });
    const review = reviewAiChunk(chunk!, answer);
    expect(review).toMatchObject({ readable: true, unchanged: 1, rejected: [{ block: 3, reason: 'too-many-changes' }] });
    expect(review.edits).toHaveLength(1);
    const result = applyAiEdits(md, review.edits);
    expect(result).toMatchObject({ applied: 1, stale: 0 });
    expect(result.markdown).toBe(md.replace('It was tbe best of times, it was\nthe worst of times.', 'It was the best of times, it was the worst of times.'));
  });

  it('an unreadable answer gives nothing', () => {
    const [chunk] = planAiCleanup(md, { select: 'all' }).chunks;
    expect(reviewAiChunk(chunk!, 'Sorry, I cannot help.')).toEqual({ readable: false, edits: [], rejected: [], unchanged: 0 });
  });

  it('skips an edit whose paragraph the user changed in the meantime', () => {
    const edits = [
      { block: 1, original: 'It was tbe best of times, it was the worst of times.', text: 'It was the best of times, it was the worst of times.' },
      { block: 2, original: 'Tbe second paragraph stands here in its place.', text: 'The second paragraph stands here in its place.' },
    ];
    const edited = md.replace('Tbe second', 'The user wrote this second');
    const result = applyAiEdits(edited, edits);
    expect(result).toMatchObject({ applied: 1, stale: 1 });
    expect(result.markdown).toContain('The user wrote this second paragraph');
    expect(applyAiEdits(md, [])).toEqual({ markdown: md, applied: 0, stale: 0 });
  });
});
