import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { CleanReport, StructureSummary } from '@quire/contracts';
import { CleanReportView } from './clean-report.tsx';

const report: CleanReport = {
  passes: [{ id: 'boilerplate', label: 'Lines of Project Gutenberg boilerplate removed', count: 352 }],
  chaptersFound: 61,
  partsFound: 2,
  wordCount: 121_533,
};

const structure: StructureSummary = {
  counts: { parts: 2, chapters: 61, poems: 0, pieces: 0, acts: 0, scenes: 0, speeches: 0, letters: 3, footnotes: 0 },
  front: [{ kind: 'preface', title: 'Preface' }],
  back: [{ kind: 'notes', title: 'Notes' }],
  words: 121_533,
  found: ['2 parts', '61 chapters', 'Preface', 'Notes', '3 letters'],
  warnings: [
    {
      code: 'long-division',
      message: 'One chapter is more than 5 times as long as the book\'s typical chapter of 2,000 words: “CHAPTER XII” (25,000 words). A heading inside may have been missed.',
    },
    { code: 'division-word-unused', message: 'The text says “Book …” at the start of 4 paragraphs, but no heading uses the word.' },
  ],
};

describe('CleanReportView: what Quire found', () => {
  it('lists what was found, one label each, and the warnings as a list of their own', () => {
    render(<CleanReportView report={{ ...report, structure }} />);
    const found = screen.getByRole('region', { name: 'What Quire found' });
    expect(within(found).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['2 parts', '61 chapters', 'Preface', 'Notes', '3 letters']);
    const warnings = screen.getByRole('region', { name: 'Check the structure before you format' });
    expect(within(warnings).getAllByRole('listitem').map((li) => li.textContent)).toEqual(structure.warnings.map((w) => w.message));
  });

  it('shows the labels and no warning notice when the structure looks sound', () => {
    render(<CleanReportView report={{ ...report, structure: { ...structure, warnings: [] } }} />);
    expect(screen.getByRole('region', { name: 'What Quire found' })).toHaveTextContent('61 chapters');
    expect(screen.queryByRole('region', { name: 'Check the structure before you format' })).toBeNull();
  });

  it('shows nothing new for a book cleaned before the summary was kept', () => {
    render(<CleanReportView report={report} />);
    expect(screen.getByRole('region', { name: 'Cleanup report' })).toHaveTextContent('Lines of Project Gutenberg boilerplate removed');
    expect(screen.queryByRole('region', { name: 'What Quire found' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Check the structure before you format' })).toBeNull();
  });
});
