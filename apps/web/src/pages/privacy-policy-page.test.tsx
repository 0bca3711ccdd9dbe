import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { INQUIRY_STORAGE_KEY } from '../features/concierge/lib/inquiry-storage.ts';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '../lib/auth-storage.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { PrivacyPolicyPage } from './privacy-policy-page.tsx';

/** An address no built-in text carries, so seeing it proves the page read the server's. */
const SERVER_SUPPORT_ADDRESS = 'privacy-desk@quire-press.example';

/** The sections a reader finds in the contents, in order, with their anchors. */
const SECTIONS = [
  ['summary', 'The short version'],
  ['what-we-keep', 'What we keep and why'],
  ['where', 'Where it is kept'],
  ['others', 'Who else handles it'],
  ['page-views', 'Page views and server logs'],
  ['browser-storage', 'Cookies and browser storage'],
  ['retention', 'How long we keep it'],
  ['delete-account', 'Deleting your account'],
  ['your-choices', 'Your choices'],
  ['security', 'How we protect it'],
  ['children', 'Children'],
  ['changes', 'Changes to this policy'],
  ['contact', 'Contact'],
] as const;

function serveContact(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/support/contact' ? answer() : jsonResponse(404, { message: 'Not found' }))),
  );
}

/** The section whose heading is `title` (headings read "3. Where it is kept"). */
function section(title: string): HTMLElement {
  const index = SECTIONS.findIndex(([, t]) => t === title);
  return screen.getByRole('region', { name: `${index + 1}. ${title}` });
}

afterEach(() => vi.unstubAllGlobals());

describe('PrivacyPolicyPage (workspace spec section 2, "Other pages")', () => {
  it('has its title, the day it was last updated, and contents that link to every section', () => {
    serveContact(() => jsonResponse(200, { email: SERVER_SUPPORT_ADDRESS }));
    renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const updated = screen.getByText('27 November 2026');
    expect(updated.tagName).toBe('TIME');
    expect(updated).toHaveAttribute('datetime', '2026-11-27');
    expect(updated.parentElement).toHaveTextContent('Last updated 27 November 2026');

    const links = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(SECTIONS.map(([, title]) => title));
    SECTIONS.forEach(([id, title], i) => {
      expect(links[i]).toHaveAttribute('href', `#${id}`);
      // The anchor is the section itself, named by its numbered heading.
      expect(document.getElementById(id)).toBe(section(title));
    });

    expect(document.title).toBe('Privacy Policy — Quire');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/privacy-policy`);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/deleting your account/);
  });

  it('tells how to delete the account from /account, what goes with it and what stays', () => {
    serveContact(() => jsonResponse(200, { email: SERVER_SUPPORT_ADDRESS }));
    renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const deletion = section('Deleting your account');
    expect(within(deletion).getByRole('link', { name: 'account page (/account)' })).toHaveAttribute('href', '/account');
    expect(within(deletion).getByText('Delete my account')).toBeInTheDocument();
    expect(deletion).toHaveTextContent('your books with all their texts, images, covers, exports and extractions');
    expect(deletion).toHaveTextContent('cancelled at Stripe first, with immediate effect');
    expect(deletion).toHaveTextContent('support messages you sent, which lose the link to your account');
    // The summary promises the same, and points to the same page.
    expect(within(section('The short version')).getByRole('link', { name: 'account page' })).toHaveAttribute('href', '/account');
  });

  it('names each item kept in the browser under the key the code uses, and says no cookie is set', () => {
    serveContact(() => jsonResponse(200, { email: SERVER_SUPPORT_ADDRESS }));
    renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const storage = section('Cookies and browser storage');
    expect(storage).toHaveTextContent('Quire sets no cookies.');
    const table = within(storage).getByRole('table', { name: 'What Quire keeps in your browser' });
    const keys = within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(keys).toEqual([AUTH_TOKEN_KEY, AUTH_USER_KEY, INQUIRY_STORAGE_KEY, 'quire.exitIntent.shown']);
  });

  it('says what others handle, that cards never reach our server, and how long page views are kept', () => {
    serveContact(() => jsonResponse(200, { email: SERVER_SUPPORT_ADDRESS }));
    renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const others = section('Who else handles it');
    expect(others).toHaveTextContent('goes from your browser to Stripe and never reaches our server');
    expect(others).toHaveTextContent('Without a configured AI service nothing is sent');
    const views = section('Page views and server logs');
    expect(views).toHaveTextContent('Page views are deleted after 90 days.');
    expect(views).toHaveTextContent('Quire has no third-party analytics, advertising or tracking scripts');
    expect(section('How long we keep it')).toHaveTextContent('A password reset link works once, for 1 hour after it is sent.');
  });

  it('gives the support address the server serves', async () => {
    serveContact(() => jsonResponse(200, { email: SERVER_SUPPORT_ADDRESS }));
    renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const contact = section('Contact');
    expect(await within(contact).findByRole('link', { name: SERVER_SUPPORT_ADDRESS })).toHaveAttribute('href', `mailto:${SERVER_SUPPORT_ADDRESS}`);
    expect(within(section('Your choices')).getByRole('link', { name: SERVER_SUPPORT_ADDRESS })).toBeInTheDocument();
  });

  it('offers the contact page when the server cannot give the address', async () => {
    serveContact(() => jsonResponse(500, { message: 'Down' }));
    renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    const contact = section('Contact');
    expect(await within(contact).findByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
    expect(contact).toHaveTextContent('write to us from the contact page.');
  });
});
