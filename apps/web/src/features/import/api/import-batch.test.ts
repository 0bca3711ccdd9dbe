import { describe, expect, it } from 'vitest';
import { BatchFormSchema, batchLines } from './import-batch.ts';

function problem(text: string): string | undefined {
  const parsed = BatchFormSchema.safeParse({ urls: text });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('batchLines', () => {
  it('keeps each address once, trimmed, with the line it is on', () => {
    expect(batchLines(' https://a.example/1\r\n\nhttps://a.example/2\nhttps://a.example/1  \n')).toEqual([
      { url: 'https://a.example/1', line: 1 },
      { url: 'https://a.example/2', line: 3 },
    ]);
  });
});

describe('BatchFormSchema', () => {
  it('hands over the URLs', () => {
    expect(BatchFormSchema.parse({ urls: 'https://a.example/1\nhttp://a.example/2' })).toEqual({ urls: ['https://a.example/1', 'http://a.example/2'] });
  });

  it('quotes up to three bad lines, shortening a long one', () => {
    const long = `www.a.example/${'x'.repeat(60)}`;
    expect(problem(`https://a.example/1\n${long}`)).toBe(`Each URL must be valid: check line 2 (“${long.slice(0, 39)}…”).`);
    expect(problem('a\nb\nc\nd\ne')).toBe('Each URL must be valid: check line 1 (“a”), line 2 (“b”), line 3 (“c”) and 2 more.');
  });

  it("speaks the API's words for an empty or too long list", () => {
    expect(problem(' \n \n')).toBe('Please enter at least one URL');
    expect(problem(Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`).join('\n'))).toBe('At most 20 URLs at once: this list has 21.');
  });
});
