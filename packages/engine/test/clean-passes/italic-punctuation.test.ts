import { describe, expect, it } from 'vitest';
import { unmarkItalicPunctuationPass } from '../../src/clean/passes/unmark-italic-punctuation.ts';

function run(text: string): { text: string; count: number } {
  let count = 0;
  const out = unmarkItalicPunctuationPass.run(text, { meta: {}, count: (n = 1) => void (count += n) });
  return { text: out, count };
}

describe('italicPunctuation', () => {
  it.each([
    ['[Languidly_._] I don’t know', '[Languidly.] I don’t know', 1],
    ['he said_,_ and went', 'he said, and went', 1],
    ['_A_,_B_ stay two italic words', '_A_,_B_ stay two italic words', 0],
    ['_Hamlet_. A play', '_Hamlet_. A play', 0],
    ['a_!_ b_?_', 'a! b?', 2],
  ])('%s', (input, expected, count) => {
    const once = run(input);
    expect(once.text).toBe(expected);
    expect(once.count).toBe(count);
    expect(run(once.text).text).toBe(once.text);
  });
});
