import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jpegResponse, makeCover, wrapGeometry } from '../../../../testing/cover-fixtures.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { CoverWrapPreview } from './cover-wrap-preview.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const cover = makeCover({ id: 'c1' });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jpegResponse());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CoverWrapPreview', () => {
  it('shows the full wrap with print guides that a labelled switch turns off', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CoverWrapPreview cover={cover} geometry={wrapGeometry(154)} />);
    expect(await screen.findByRole('img', { name: 'Paperback cover of Pride and Prejudice: back, spine and front' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/books/b1/covers/c1/wrap.jpg?widthPx=1200');

    const guides = screen.getByRole('img', { name: /^Print guides/ });
    expect(within(guides).getByText('Barcode')).toBeInTheDocument();
    expect(guides.querySelectorAll('[stroke-dasharray]').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('list', { name: 'Guide legend' })).toHaveTextContent('Trim line');

    const toggle = screen.getByRole('switch', { name: 'Show guides' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('img', { name: /^Print guides/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Barcode')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('img', { name: /^Print guides/ })).toBeInTheDocument();
  });

  it('places the barcode box and the spine folds in percent of the wrap', async () => {
    renderWithProviders(<CoverWrapPreview cover={cover} geometry={wrapGeometry(154)} />);
    const guides = screen.getByRole('img', { name: /^Print guides/ });
    const geometry = wrapGeometry(154);
    const barcode = [...guides.querySelectorAll('rect')].find((r) => r.getAttribute('fill') === 'rgb(255 255 255 / 0.92)')!;
    expect(Number.parseFloat(barcode.getAttribute('x')!)).toBeCloseTo((geometry.barcode.xIn / geometry.widthIn) * 100, 2);
    expect(Number.parseFloat(barcode.getAttribute('width')!)).toBeCloseTo((2 / geometry.widthIn) * 100, 2);
    const folds = [...guides.querySelectorAll('line')].map((l) => Number.parseFloat(l.getAttribute('x1')!));
    expect(folds).toContainEqual(expect.closeTo((geometry.spine.xIn / geometry.widthIn) * 100, 2));
    expect(folds).toContainEqual(expect.closeTo(((geometry.spine.xIn + geometry.spineWidthIn) / geometry.widthIn) * 100, 2));
  });

  it('gives the figures: trim, pages, paper, spine width and spine text', () => {
    renderWithProviders(<CoverWrapPreview cover={cover} geometry={wrapGeometry(154)} />);
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Trim')).toBe('6 x 9 in');
    expect(figure('Pages')).toBe('154');
    expect(figure('Paper')).toBe('White');
    expect(figure('Spine width')).toBe('0.347 in');
    expect(figure('Spine text')).toBe('Yes: title and author run down the spine');
  });

  it('says a book under 79 pages carries no spine text', () => {
    renderWithProviders(<CoverWrapPreview cover={cover} geometry={wrapGeometry(54)} />);
    expect(screen.getByText('No: KDP allows spine text from 79 pages')).toBeInTheDocument();
  });

  it('asks for the book to be formatted first when there is no page count yet', () => {
    renderWithProviders(<CoverWrapPreview cover={cover} geometry={null} />);
    expect(screen.getByText(/The paperback cover needs the book formatted first/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
