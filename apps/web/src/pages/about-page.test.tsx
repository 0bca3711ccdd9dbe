import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PLAN_CATALOGUE, type PlanCatalogue } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { AboutPage } from './about-page.tsx';

/** A catalogue whose prices differ from the built-in one, to show which the page reads. */
const serverCatalogue: PlanCatalogue = {
  ...PLAN_CATALOGUE,
  subscriptions: PLAN_CATALOGUE.subscriptions.map((s) => (s.id === 'standard' ? { ...s, priceCents: 899, documentsPerPeriod: 6 } : s)),
  oneTime: PLAN_CATALOGUE.oneTime.map((o) => (o.id === 'document' ? { ...o, priceCents: 649 } : o)),
};

function serve(plans: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/plans' ? plans() : jsonResponse(404, { message: 'Not found' }))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AboutPage (accounts spec section 2, "About")', () => {
  it('has the mission, three audience cards, the story, what sets Quire apart, and calls to /register and /contact', () => {
    serve(() => jsonResponse(200, PLAN_CATALOGUE));
    renderWithProviders(<AboutPage />, { path: '/about' });
    expect(screen.getByRole('heading', { level: 1, name: 'Every book deserves to look like a book' })).toBeInTheDocument();
    for (const section of ['Professional formatting for everyone who writes', 'It started with one public-domain book', 'Craft you can measure']) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    const audiences = within(screen.getByRole('region', { name: 'Made for three kinds of books' })).getAllByRole('heading', { level: 3 });
    expect(audiences.map((h) => h.textContent)).toEqual(['Graduate students and academics', 'Independent authors', 'Publishers of public-domain texts']);
    // The 6x9 margins of the KDP layout, as the spec's claim (0.9 in inside, 0.6 in outside, 0.76 in top and bottom).
    expect(screen.getByText(/0\.9 in inside margin for the binding, 0\.6 in outside and 0\.76 in at top and bottom/)).toBeInTheDocument();
    const cta = screen.getByRole('region', { name: 'See your text as a book' });
    expect(within(cta).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    expect(within(cta).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(document.title).toBe('About Quire — Book formatting for authors, academics and publishers');
  });

  it('quotes the prices of the server’s catalogue, beside the $300–800 of a traditional service', async () => {
    serve(() => jsonResponse(200, serverCatalogue));
    renderWithProviders(<AboutPage />, { path: '/about' });
    const costs = screen.getByRole('group', { name: 'What formatting costs' });
    expect(await within(costs).findByText('$6.49')).toBeInTheDocument();
    expect(within(costs).getByText('$8.99')).toBeInTheDocument();
    expect(within(costs).getByText('Quire Standard, 6 documents a month')).toBeInTheDocument();
    expect(within(costs).getByText('$300–800')).toBeInTheDocument();
    expect(screen.getByText(/\$6\.49 for a document, or \$8\.99 a month for 6 documents on the Standard plan/)).toBeInTheDocument();
  });

  it('shows the built-in catalogue’s prices until the server answers, and when it cannot', async () => {
    serve(() => jsonResponse(500, { message: 'Down' }));
    renderWithProviders(<AboutPage />, { path: '/about' });
    expect(screen.getByText(/for \$5\.99 a document instead of the \$300–800/)).toBeInTheDocument();
    expect(await screen.findByText(/\$7\.99 a month for 5 documents on the Standard plan/)).toBeInTheDocument();
    expect(screen.getByText(/The thesis package is \$19\.99, once/)).toBeInTheDocument();
  });
});
