import { describe, expect, it } from 'vitest';
import { CleanReportSchema } from '../src/index.ts';

const older = { passes: [{ id: 'boilerplate', label: 'Lines of boilerplate removed', count: 312 }], chaptersFound: 61, partsFound: 0, wordCount: 121_533 };
const structure = {
  counts: { parts: 0, chapters: 61, poems: 0, pieces: 0, acts: 0, scenes: 0, speeches: 0, letters: 0, footnotes: 0 },
  front: [{ kind: 'preface', title: 'Preface' }],
  back: [],
  words: 121_533,
  found: ['61 chapters', 'Preface'],
  warnings: [{ code: 'one-division', message: 'Only one chapter was found.' }],
};

describe('CleanReportSchema', () => {
  it('reads a report saved before the structure summary was kept, and one with it', () => {
    expect(CleanReportSchema.parse(older)).toEqual(older);
    expect(CleanReportSchema.parse({ ...older, structure }).structure).toEqual(structure);
  });

  it('refuses a structure warning of no known kind', () => {
    const bad = { ...structure, warnings: [{ code: 'made-up', message: 'x' }] };
    expect(CleanReportSchema.safeParse({ ...older, structure: bad }).success).toBe(false);
  });
});
