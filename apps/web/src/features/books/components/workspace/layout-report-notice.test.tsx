import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { LayoutReport } from '@quire/contracts';
import { LayoutReportLine, LayoutReportNotice } from './layout-report-notice.tsx';

const report: LayoutReport = {
  layoutId: 'print-ready-kdp',
  trimSizeId: '6x9',
  pageCount: 412,
  pageLimit: 828,
  adjustments: [{ field: 'marginInsideIn', label: 'Inside (gutter) margin', fromIn: 0.5, toIn: 0.625, reason: 'KDP asks for at least 0.625 in for 301-500 pages.' }],
  warnings: ['Kindle pages are for e-books; a paperback needs a KDP trim.'],
  fontLabel: 'Times New Roman (set in Tinos, metric-compatible)',
  measuredAt: '2025-03-05T00:00:00Z',
};

describe('LayoutReportNotice', () => {
  it('gives the page count at the trim, the font, each margin raised and the warnings', () => {
    render(<LayoutReportNotice report={report} />);
    expect(screen.getByRole('heading', { name: 'Your book is set: 412 pages at 6 x 9 in' })).toBeInTheDocument();
    expect(screen.getByText('Set in Times New Roman (set in Tinos, metric-compatible). KDP prints up to 828 pages at this trim.')).toBeInTheDocument();
    const notes = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(notes).toEqual([
      'Inside (gutter) margin raised from 0.5 in to 0.625 in. KDP asks for at least 0.625 in for 301-500 pages.',
      'Kindle pages are for e-books; a paperback needs a KDP trim.',
    ]);
    // A calm notice: not an alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves out the page limit of a trim that has none, and the notes when there are none', () => {
    render(<LayoutReportNotice report={{ ...report, trimSizeId: 'letter', pageCount: 1, pageLimit: null, adjustments: [], warnings: [] }} />);
    expect(screen.getByRole('heading', { name: 'Your book is set: 1 page at US Letter (8.5 x 11 in)' })).toBeInTheDocument();
    expect(screen.getByText('Set in Times New Roman (set in Tinos, metric-compatible).')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('sums it up in one line for the Export tab', () => {
    render(<LayoutReportLine report={report} />);
    expect(screen.getByText(/412 pages at 6 x 9 in/)).toHaveTextContent(
      '412 pages at 6 x 9 in, set in Times New Roman (set in Tinos, metric-compatible). 2 layout notes in the Format tab.',
    );
  });
});
