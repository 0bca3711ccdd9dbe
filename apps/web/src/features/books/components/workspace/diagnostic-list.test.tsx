import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CleanReport, Diagnostic, LayoutReport } from '@quire/contracts';
import { CleanReportView } from './clean-report.tsx';
import { DiagnosticList } from './diagnostic-list.tsx';
import { LayoutReportLine } from './layout-report-notice.tsx';

const missing: Diagnostic = {
  code: 'image-missing',
  message: 'The image "graphs/cookies.png" is not in the upload, so only its caption is printed.',
  where: 'Chapter 4: Results',
};
const latex: Diagnostic = { code: 'latex-command', message: 'The LaTeX command \\vspace was left out.', count: 12 };

describe('DiagnosticList', () => {
  it('says where, what and how often, one line a note', () => {
    render(<DiagnosticList diagnostics={[missing, latex]} title="What the import could not keep as it was" />);
    const list = screen.getByRole('region', { name: 'What the import could not keep as it was' });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Chapter 4: Results: The image "graphs/cookies.png" is not in the upload, so only its caption is printed.',
      'The LaTeX command \\vspace was left out. (12 times)',
    ]);
  });

  it('shows nothing when there is nothing to say', () => {
    const { container } = render(<DiagnosticList diagnostics={[]} title="Notes" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps a long list short until asked', async () => {
    const many = Array.from({ length: 11 }, (_, i): Diagnostic => ({ code: 'crossref-unresolved', message: `No figure is named fig:${i}.` }));
    render(<DiagnosticList diagnostics={many} title="Notes" />);
    const more = screen.getByText('Show 3 more notes');
    expect(screen.getByText('No figure is named fig:7.')).toBeVisible();
    await userEvent.click(more);
    expect(screen.getByText('No figure is named fig:10.')).toBeVisible();
  });
});

describe('where the notes are shown', () => {
  it('lists the import notes in the cleanup report', () => {
    const report: CleanReport = { passes: [], chaptersFound: 3, partsFound: 0, wordCount: 1200, diagnostics: [missing] };
    render(<CleanReportView report={report} />);
    expect(screen.getByRole('region', { name: 'What the import could not keep as it was' })).toHaveTextContent('graphs/cookies.png');
  });

  it('lists the print notes in the Export tab before download', () => {
    const report: LayoutReport = {
      layoutId: 'apa-7',
      trimSizeId: 'letter',
      pageCount: 41,
      pageLimit: null,
      adjustments: [],
      warnings: [],
      fontLabel: 'Times New Roman (set in Tinos, metric-compatible)',
      measuredAt: '2026-12-01T00:00:00Z',
      contentNotes: [{ code: 'table-shrunk', message: 'The table was set in 8.5 pt type to fit the page.', where: 'Table 3' }],
    };
    render(<LayoutReportLine report={report} />);
    expect(screen.getByRole('region', { name: "Before you download: what the book's files set differently" })).toHaveTextContent(
      'Table 3: The table was set in 8.5 pt type to fit the page.',
    );
  });
});
