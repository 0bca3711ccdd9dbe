import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PLAN_CATALOGUE, TRIAL_WORD_LIMIT, type PlanCatalogue } from '@quire/contracts';
import { billingKeys } from '../features/billing/api/billing-keys.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { TermsOfServicePage } from './terms-of-service-page.tsx';

/** An address no built-in text carries, so seeing it proves the page read the server's. */
const SERVER_SUPPORT_ADDRESS = 'billing-desk@quire-press.example';

/** A catalogue whose prices and allowances differ from the built-in one, to show which the page reads. */
const serverCatalogue: PlanCatalogue = {
  ...PLAN_CATALOGUE,
  subscriptions: PLAN_CATALOGUE.subscriptions.map((s) => (s.id === 'standard' ? { ...s, priceCents: 899, documentsPerPeriod: 6 } : s)),
  oneTime: PLAN_CATALOGUE.oneTime.map((o) =>
    o.id === 'document' ? { ...o, priceCents: 649 } : o.id === 'concierge' ? { ...o, priceCents: 34900, listPriceCents: 89900 } : o,
  ),
};

/** The sections a reader finds in the contents, in order, with their anchors. */
const SECTIONS = [
  ['agreement', 'Agreement'],
  ['service', 'What Quire does'],
  ['free-trial', 'The free trial'],
  ['plans', 'Plans and prices'],
  ['billing', 'Billing, documents and cancellation'],
  ['one-time', 'Paying for a single document'],
  ['concierge', 'The Academic Concierge'],
  ['your-content', 'Your content and your responsibility'],
  ['acceptable-use', 'Acceptable use'],
  ['acceptance', 'No guarantee of acceptance'],
  ['availability', 'The service as it is'],
  ['liability', 'Limitation of liability'],
  ['ending', 'Ending your use of Quire'],
  ['changes', 'Changes to these terms'],
  ['contact', 'Contact'],
] as const;

function serve({ plans, contact }: { plans: () => Response; contact?: () => Response }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/plans') return plans();
      if (url === '/api/support/contact') return (contact ?? (() => jsonResponse(200, { email: SERVER_SUPPORT_ADDRESS })))();
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
}

/** The section whose heading is `title` (headings read "4. Plans and prices"). */
function section(title: string): HTMLElement {
  const index = SECTIONS.findIndex(([, t]) => t === title);
  return screen.getByRole('region', { name: `${index + 1}. ${title}` });
}

/** The cells of the table row headed `name`, as text. */
function rowOf(table: HTMLElement, name: string): string[] {
  const row = within(table).getByRole('rowheader', { name }).closest('tr')!;
  return Array.from(row.cells, (cell) => cell.textContent ?? '');
}

afterEach(() => vi.unstubAllGlobals());

describe('TermsOfServicePage (workspace spec sections 2 and 9)', () => {
  it('has its title, the day it was last updated, and contents that link to every section', () => {
    serve({ plans: () => jsonResponse(200, PLAN_CATALOGUE) });
    renderWithProviders(<TermsOfServicePage />, { path: '/terms-of-service' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('27 November 2026')).toHaveAttribute('datetime', '2026-11-27');

    const links = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(SECTIONS.map(([, title]) => title));
    SECTIONS.forEach(([id, title], i) => {
      expect(links[i]).toHaveAttribute('href', `#${id}`);
      expect(document.getElementById(id)).toBe(section(title));
    });

    expect(document.title).toBe('Terms of Service — Quire');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/terms-of-service`);
  });

  it('shows the prices and allowances of the server’s catalogue, not the built-in ones', async () => {
    serve({ plans: () => jsonResponse(200, serverCatalogue) });
    renderWithProviders(<TermsOfServicePage />, { path: '/terms-of-service' });
    const plans = section('Plans and prices');
    const monthly = within(plans).getByRole('table', { name: 'Monthly plans' });
    expect(await within(monthly).findByText('$8.99 a month')).toBeInTheDocument();
    expect(rowOf(monthly, 'Standard').slice(0, 3)).toEqual(['Standard', '$8.99 a month', '6 documents a month']);
    expect(rowOf(monthly, 'Premium').slice(0, 3)).toEqual(['Premium', '$15.99 a month', '15 documents a month']);
    expect(rowOf(monthly, 'Publisher').slice(0, 3)).toEqual(['Publisher', '$29.99 a month', 'Unlimited documents']);

    const oneTime = within(plans).getByRole('table', { name: 'One-time purchases' });
    expect(rowOf(oneTime, 'Pay Per Document')[1]).toBe('$6.49');
    expect(rowOf(oneTime, 'Thesis Package')[1]).toBe('$19.99');
    // The concierge's list price is struck through, with words for those who hear the page.
    expect(rowOf(oneTime, 'Academic Concierge')[1]).toBe('listed at $899, now $349');
    expect(within(oneTime).getByText('$899').tagName).toBe('S');

    expect(section('Paying for a single document')).toHaveTextContent('Pay Per Document, $6.49: One book or paper under 100 pages.');
    expect(section('The Academic Concierge')).toHaveTextContent('one-time payment of listed at $899, now $349');
    expect(screen.queryByText(/\$7\.99/)).not.toBeInTheDocument();
  });

  it('shows the built-in catalogue’s prices when the server cannot answer', async () => {
    serve({ plans: () => jsonResponse(500, { message: 'Down' }) });
    const { queryClient } = renderWithProviders(<TermsOfServicePage />, { path: '/terms-of-service' });
    const monthly = () => within(section('Plans and prices')).getByRole('table', { name: 'Monthly plans' });
    expect(rowOf(monthly(), 'Standard').slice(1, 3)).toEqual(['$7.99 a month', '5 documents a month']);
    await waitFor(() => expect(queryClient.getQueryState(billingKeys.plans())?.status).toBe('error'));
    expect(rowOf(monthly(), 'Standard').slice(1, 3)).toEqual(['$7.99 a month', '5 documents a month']);
    expect(rowOf(within(section('Plans and prices')).getByRole('table', { name: 'One-time purchases' }), 'Pay Per Document')[1]).toBe('$5.99');
  });

  it('states the trial, the monthly billing, the once-a-period count and 30 days’ notice of price changes', () => {
    serve({ plans: () => jsonResponse(200, PLAN_CATALOGUE) });
    renderWithProviders(<TermsOfServicePage />, { path: '/terms-of-service' });
    const trial = section('The free trial');
    expect(trial).toHaveTextContent(`one free export, with no card needed`);
    expect(trial).toHaveTextContent(`limited to the first ${TRIAL_WORD_LIMIT.toLocaleString('en-US')} words (about 25 pages)`);
    expect(trial).toHaveTextContent('the features of the Standard plan: Print-ready PDF for paperbacks;');

    const billing = section('Billing, documents and cancellation');
    expect(billing).toHaveTextContent('A plan is paid monthly in advance through Stripe');
    expect(billing).toHaveTextContent('counts against your plan the first time one of its files is exported in a billing period');
    expect(billing).toHaveTextContent('at least 30 days before a new price applies to your plan');
    for (const link of within(billing).getAllByRole('link', { name: 'account page' })) expect(link).toHaveAttribute('href', '/account');
  });

  it('leaves the accuracy, copyright and citations of what is published with the user, and promises no acceptance', () => {
    serve({ plans: () => jsonResponse(200, PLAN_CATALOGUE) });
    renderWithProviders(<TermsOfServicePage />, { path: '/terms-of-service' });
    const content = section('Your content and your responsibility');
    for (const duty of ['copyright:', 'accuracy:', 'citations:']) expect(within(content).getByText(duty)).toBeInTheDocument();
    expect(section('What Quire does')).toHaveTextContent('Quire cleans formatting, not content.');
    expect(section('No guarantee of acceptance')).toHaveTextContent('we do not guarantee that any of them accepts a file made with Quire');
    expect(within(section('Agreement')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('gives the support address the server serves for questions, and Cancel Plan for cancelling', async () => {
    serve({ plans: () => jsonResponse(200, PLAN_CATALOGUE) });
    renderWithProviders(<TermsOfServicePage />, { path: '/terms-of-service' });
    const contact = section('Contact');
    expect(await within(contact).findByRole('link', { name: SERVER_SUPPORT_ADDRESS })).toHaveAttribute('href', `mailto:${SERVER_SUPPORT_ADDRESS}`);
    const billing = section('Billing, documents and cancellation');
    expect(billing).toHaveTextContent('To cancel a plan, use Cancel Plan on your plan’s card');
    expect(billing).toHaveTextContent('It ends at the end of the month you have paid for, you keep the plan until then, and nothing more is charged');
    expect(billing).toHaveTextContent(`If you believe a charge is wrong, write to ${SERVER_SUPPORT_ADDRESS}.`);
  });
});
