import { describe, expect, it } from 'vitest';
import { failuresOfEmptyBatch } from './batch-failures.ts';

describe('failuresOfEmptyBatch', () => {
  it("reads each URL's reason from the server's 422 message, in the order sent", () => {
    const urls = ['https://a.example/1', 'https://a.example/10'];
    const message =
      'Failed to import any books. https://a.example/1: The address answered 404 Not Found. https://a.example/10: The file is not readable text';
    expect(failuresOfEmptyBatch(message, urls)).toEqual([
      { url: 'https://a.example/1', message: 'The address answered 404 Not Found.' },
      { url: 'https://a.example/10', message: 'The file is not readable text' },
    ]);
  });

  it('keeps a reason that itself holds a colon or a URL', () => {
    const message = 'Failed to import any books. https://a.example/x: Could not fetch https://a.example/x: timed out';
    expect(failuresOfEmptyBatch(message, ['https://a.example/x'])).toEqual([
      { url: 'https://a.example/x', message: 'Could not fetch https://a.example/x: timed out' },
    ]);
  });

  it('answers null for a message of another shape', () => {
    expect(failuresOfEmptyBatch('Something else went wrong', ['https://a.example/1'])).toBeNull();
    expect(failuresOfEmptyBatch('Failed to import any books. https://b.example/2: gone', ['https://a.example/1'])).toBeNull();
  });
});
