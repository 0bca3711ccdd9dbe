import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { LandingPage } from './landing-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('LandingPage', () => {
  it("shows the spec's sections in its order, asking the server for nothing", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LandingPage />);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Your first book is on us.',
      'See a book go through Quire',
      'One tool for every kind of book',
      'Four steps from text to bookshelf',
      'Built for people who care how a page looks',
      'The same page, before and after Quire',
      'Simple prices, no formatting invoice',
      'Rather have it done for you?',
    ]);
    expect(screen.getByRole('button', { name: 'View Demo' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('img', { name: /open book set by Quire/ })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
