import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PricingSection } from './pricing-section.tsx';

describe('PricingSection', () => {
  it('shows the catalogue: three plans a month, Premium the most popular, and the one-time purchases', () => {
    render(<PricingSection renderAction={(plan) => <button type="button">Choose {plan.name}</button>} />);
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('li'));
    const plan = (name: string) => within(cards.find((c) => c && within(c).queryByRole('heading', { name }))!);

    expect(plan('Standard').getByText('$7.99')).toBeInTheDocument();
    expect(plan('Standard').getByText('5 documents a month')).toBeInTheDocument();
    expect(plan('Premium').getByText('$15.99')).toBeInTheDocument();
    expect(plan('Premium').getByText('Most Popular')).toBeInTheDocument();
    expect(plan('Premium').getByText('EPUB for e-book stores')).toBeInTheDocument();
    expect(plan('Publisher').getByText('$29.99')).toBeInTheDocument();
    expect(plan('Publisher').getByText('Unlimited documents')).toBeInTheDocument();
    expect(plan('Publisher').getByText('Everything in Premium, and:')).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Choose Premium' })).toBeInTheDocument();

    const once = screen.getByRole('heading', { name: 'Or pay once' }).nextElementSibling as HTMLElement;
    expect(within(once).getByText('Pay Per Document').nextElementSibling).toHaveTextContent('$5.99');
    expect(within(once).getByText('Thesis Package').nextElementSibling).toHaveTextContent('$19.99');
    expect(within(once).getByText('Academic Concierge').nextElementSibling).toHaveTextContent('$299was $799');
  });
});
