import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from '../../src/clean/ai/edit-distance.ts';
import { judgeAiEdit } from '../../src/clean/ai/judge-edit.ts';
import { corpusDir } from '../helpers/corpus.ts';

/** Plain dynamic-programming Levenshtein, the reference for the banded one. */
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const curr = [i];
    for (let j = 1; j <= b.length; j++) {
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = curr;
  }
  return prev[b.length]!;
}

describe('boundedEditDistance', () => {
  it('gives the Levenshtein distance up to the bound, and bound + 1 beyond it', () => {
    expect(boundedEditDistance('kitten', 'sitting', 5)).toBe(3);
    expect(boundedEditDistance('kitten', 'sitting', 2)).toBe(3);
    expect(boundedEditDistance('', 'abc', 10)).toBe(3);
    expect(boundedEditDistance('same', 'same', 0)).toBe(0);
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.nat(12), (a, b, max) => {
        const d = levenshtein(a, b);
        expect(boundedEditDistance(a, b, max)).toBe(d <= max ? d : max + 1);
      }),
      { numRuns: 500 },
    );
  });
});

const LINE = 'It was tbe best of times, it was tlie worst of times, it was the age of wisdom.';

describe('judgeAiEdit: character-level corrections pass', () => {
  it.each([
    ['misread letters', LINE, 'It was the best of times, it was the worst of times, it was the age of wisdom.'],
    ['a digit read for I', '"Yes," said 1, "the carriage is at the door."', '"Yes," said I, "the carriage is at the door."'],
    ['a word split by the scan', 'The sud den noise woke every sleeper in the house.', 'The sudden noise woke every sleeper in the house.'],
    ['two words run together', 'He walked tothe window and looked out at the rain.', 'He walked to the window and looked out at the rain.'],
    ['a long s and a ligature', 'The princeſs found the ﬁeld of flowers quite empty.', 'The princess found the field of flowers quite empty.'],
    ['scan debris removed', 'The letter was sealed ~Fc~ and sent at once to London.', 'The letter was sealed and sent at once to London.'],
  ])('%s', (_name, original, edited) => {
    expect(judgeAiEdit(original, edited)).toMatchObject({ verdict: 'accepted', text: edited });
  });

  it('an identical answer (up to surrounding spaces) is unchanged, not an edit', () => {
    expect(judgeAiEdit(LINE, `  ${LINE}\n`)).toEqual({ verdict: 'unchanged' });
  });
});

describe('judgeAiEdit: rewrites of the author are refused', () => {
  const base = 'The old house stood on a cold hill above the village, and nobody lived there in 1835.';
  it.each([
    ['a synonym', base.replace('cold', 'bleak'), 'word-replaced'],
    ['another word of the same length', base.replace('cold', 'warm'), 'word-replaced'],
    ['an added word', base.replace('old house', 'old grey house'), 'word-added'],
    ['a removed word', base.replace('old house', 'house'), 'word-removed'],
    ['a changed number', base.replace('1835', '1853'), 'number-changed'],
    ['a rephrased sentence', 'Nobody lived in the old house on the cold hill above the village in 1835.', 'too-many-changes'],
    ['a heading', `# ${base}`, 'structure'],
    ['two paragraphs', base.replace(', and ', ',\n\nand '), 'structure'],
    ['an empty answer', '  ', 'empty'],
  ])('%s', (_name, edited, reason) => {
    expect(judgeAiEdit(base, edited)).toEqual({ verdict: 'rejected', reason });
  });

  it('keeps emphasis, escapes and footnote references', () => {
    const marked = 'She read _Marmion_ twice,[^3] and tbe book fell \\- at last.';
    expect(judgeAiEdit(marked, 'She read Marmion twice,[^3] and the book fell \\- at last.')).toEqual({ verdict: 'rejected', reason: 'markup' });
    expect(judgeAiEdit(marked, 'She read _Marmion_ twice, and the book fell \\- at last.')).toEqual({ verdict: 'rejected', reason: 'markup' });
    expect(judgeAiEdit(marked, 'She read _Marmion_ twice,[^3] and the book fell \\- at last.')).toMatchObject({ verdict: 'accepted' });
  });

  it('never throws, and a paragraph judged against itself is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        const v = judgeAiEdit(a, b);
        expect(['unchanged', 'accepted', 'rejected']).toContain(v.verdict);
        expect(judgeAiEdit(a, a).verdict).toBe('unchanged');
      }),
      { numRuns: 500 },
    );
  });
});

describe('judgeAiEdit on the ICDAR 2017 post-OCR pairs (corpus)', () => {
  const rows = readFileSync(path.join(corpusDir(), 'ocr/icdar2017-eng-monograph-dev-ocr-gt-pairs.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));

  it('accepts most human corrections of light OCR damage (character error rate <= 8%)', () => {
    // The gold side also expands speaker names and restores dropped words, which the AI pass must not
    // do, so not every pair passes; most do.
    const light = rows.filter((r) => Number(r[3]) <= 0.08 && r[1] !== r[2]);
    const accepted = light.filter((r) => judgeAiEdit(r[1]!, r[2]!).verdict === 'accepted').length;
    expect(light.length).toBeGreaterThan(1500);
    expect(accepted / light.length).toBeGreaterThan(0.55);
  });

  it('never accepts another sentence in place of the one sent', () => {
    let tried = 0;
    for (let i = 0; i + 1 < rows.length; i++) {
      const [a, b] = [rows[i]![2]!, rows[i + 1]![2]!];
      if (a === b) continue;
      tried++;
      expect(judgeAiEdit(a, b).verdict, `${a}\n${b}`).not.toBe('accepted');
    }
    expect(tried).toBeGreaterThan(2500);
  });
});
