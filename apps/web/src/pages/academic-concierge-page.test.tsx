import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingFetch } from '../testing/billing-fixtures.ts';
import { inquiry } from '../testing/concierge-fixtures.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { INQUIRY_STORAGE_KEY } from '../features/concierge/lib/inquiry-storage.ts';
import { AcademicConciergePage } from './academic-concierge-page.tsx';

function renderPage() {
  vi.stubGlobal('fetch', billingFetch());
  const rendered = renderWithProviders(<AcademicConciergePage />, { path: '/academic-concierge' });
  return { user: userEvent.setup(), ...rendered };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('AcademicConciergePage (accounts spec section 2)', () => {
  it('shows the catalogue price: $799 struck through, now $299', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your thesis, published as a book in 14 days' })).toBeInTheDocument();
    const was = await screen.findByText('$799', { selector: 's' });
    expect(was).toHaveTextContent('was $799');
    expect(screen.getByText('$299', { exact: false, selector: 'span' })).toHaveTextContent('now $299');
    expect(document.title).toBe('Academic Publishing Concierge — Quire');
  });

  it('lists what is included, the five steps of the 14 days and what stays with the author', () => {
    renderPage();
    const features = screen.getByRole('region', { name: 'Everything from manuscript to bookstore' });
    for (const text of ['3 cover concepts', 'Retail-platform account setup and upload', 'Book description writing', 'ISBN guidance', '2 revision rounds', '30 days of post-launch support']) {
      expect(within(features).getByText(text)).toBeInTheDocument();
    }
    const timeline = screen.getByRole('region', { name: 'From manuscript to published book' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^1Days 1–2Review/),
      expect.stringMatching(/^2Days 3–7Formatting/),
      expect.stringMatching(/^3Days 8–10Cover and marketing/),
      expect.stringMatching(/^4Days 11–12Retail-platform account setup/),
      expect.stringMatching(/^5Days 13–14Publication/),
    ]);
    const yours = screen.getByRole('region', { name: 'What stays with you' });
    for (const text of [/publishing account/, /tax information/, /banking/, /uploads/, /price/, /rights/, /Review the proofs/]) {
      expect(within(yours).getByText(text)).toBeInTheDocument();
    }
  });

  it('answers questions in an accordion', async () => {
    const { user } = renderPage();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('button');
    expect(questions.length).toBeGreaterThanOrEqual(6);
    const question = within(faq).getByRole('button', { name: 'Why do I need my own publishing account?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByText(/The book, its royalties and its tax records must be yours/)).toBeVisible();
  });

  it('saves a valid inquiry to session storage and goes to the checkout', async () => {
    const { user, location } = renderPage();
    const form = screen.getByRole('form', { name: 'Start your project' });
    await user.type(within(form).getByLabelText('Full Name'), inquiry.name);
    await user.type(within(form).getByLabelText('Email'), inquiry.email);
    await user.type(within(form).getByLabelText(/^Institution/), inquiry.institution ?? '');
    await user.type(within(form).getByLabelText('Degree'), inquiry.degree);
    await user.type(within(form).getByLabelText('Field of Study'), inquiry.fieldOfStudy);
    await user.type(within(form).getByLabelText('Thesis/Dissertation Title'), inquiry.thesisTitle);
    await user.selectOptions(within(form).getByLabelText('Current Status'), 'defense-scheduled');
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));

    expect(JSON.parse(sessionStorage.getItem(INQUIRY_STORAGE_KEY) ?? 'null')).toEqual(inquiry);
    expect(location.history?.at(-1)).toBe('/concierge-checkout');
  });

  it('stays, storing nothing, while the form is not valid', async () => {
    const { user, location } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Full Name is required')).toBeInTheDocument();
    expect(sessionStorage.getItem(INQUIRY_STORAGE_KEY)).toBeNull();
    expect(location.history?.at(-1)).toBe('/academic-concierge');
  });

  it('fills the form in again from a stored inquiry (back from the checkout)', () => {
    sessionStorage.setItem(INQUIRY_STORAGE_KEY, JSON.stringify(inquiry));
    renderPage();
    expect(screen.getByLabelText('Thesis/Dissertation Title')).toHaveValue(inquiry.thesisTitle);
  });
});
