import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type * as Contracts from '@quire/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ConciergeOffer } from './concierge-offer.tsx';

// A catalogue with other concierge prices than the real one: the section must show these, not figures of its own.
vi.mock('@quire/contracts', async (importOriginal) => {
  const contracts = await importOriginal<typeof Contracts>();
  const { PLAN_CATALOGUE } = contracts;
  return {
    ...contracts,
    PLAN_CATALOGUE: {
      ...PLAN_CATALOGUE,
      oneTime: PLAN_CATALOGUE.oneTime.map((o) => (o.id === 'concierge' ? { ...o, priceCents: 34900, listPriceCents: 89900 } : o)),
    },
  };
});

describe('ConciergeOffer', () => {
  it("shows the catalogue's concierge price under its struck-through list price, and leads to /academic-concierge", () => {
    renderWithProviders(<ConciergeOffer />);
    expect(screen.getByRole('heading', { name: 'Rather have it done for you?' })).toBeInTheDocument();
    expect(screen.getByText('$899', { selector: 's' })).toHaveTextContent('was $899');
    expect(screen.getByText('$349')).toHaveTextContent('now $349');
    expect(screen.queryByText(/\$299|\$799/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /About the concierge/ })).toHaveAttribute('href', '/academic-concierge');
  });
});
