import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_CATALOGUE } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { ContactPage } from './contact-page.tsx';

type Answer = (init: RequestInit) => Response | Promise<Response>;

/** A fetch stand-in: the catalogue, the support address, a signed-in user when `user` is set, and `send` for the form. */
function serve({ send, user }: { send?: Answer; user?: object } = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/plans') return jsonResponse(200, PLAN_CATALOGUE);
    if (url === '/api/support/contact') return jsonResponse(200, { email: 'help@press.example' });
    if (url === '/api/auth/user') return user ? jsonResponse(200, user) : jsonResponse(401, { message: 'Unauthorized' });
    if (url === '/api/support/messages' && init.method === 'POST' && send) return send(init);
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = () => jsonResponse(201, { id: '3f1c8a52-0a0e-4f4e-9a49-8b1b2f0c9d11', message: "Message sent successfully! We'll get back to you within 24 hours." });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ContactPage (workspace spec sections 2, 4, 5 and 8)', () => {
  it('has the FAQ in the six categories of the spec, each an anchor, with answers that open', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const categories = ['Getting Started', 'Formatting & Templates', 'Export & Files', 'Covers & Design', 'Academic Use', 'Billing & Plans'];
    const nav = within(faq).getByRole('navigation', { name: 'FAQ categories' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(categories);
    for (const link of within(nav).getAllByRole('link')) {
      // Each link leads to its category's section.
      const section = within(faq).getByRole('region', { name: link.textContent! });
      expect(link).toHaveAttribute('href', `#${section.id}`);
    }
    expect(within(nav).getByRole('link', { name: 'Billing & Plans' })).toHaveAttribute('href', '#billing');
    await user.click(within(faq).getByRole('button', { name: 'What do the plans cost?' }));
    expect(within(faq).getByText(/Standard is \$7\.99 a month for 5 documents, Premium \$15\.99 a month for 15 documents/)).toBeVisible();
  });

  it("validates with the spec's messages and sends nothing until the form is right", async () => {
    const fetchMock = serve({ send: sent });
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    const form = screen.getByRole('form', { name: 'Send us a message' });
    // The spec's defaults: subject technical, priority normal.
    expect(within(form).getByLabelText('Subject')).toHaveValue('technical');
    expect(within(form).getByLabelText('Priority')).toHaveValue('normal');
    await user.type(within(form).getByLabelText('Name'), 'A');
    await user.type(within(form).getByLabelText('Email'), 'ada@');
    await user.type(within(form).getByLabelText('Message'), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/support/messages')).toHaveLength(0);
  });

  it("sends the message, says 'Message sent successfully!', and 'Send Another Message' brings back an empty form", async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = serve({ send: () => new Promise((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    const form = screen.getByRole('form', { name: 'Send us a message' });
    await user.type(within(form).getByLabelText('Name'), 'Ada Lovelace');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.selectOptions(within(form).getByLabelText('Subject'), 'billing');
    await user.selectOptions(within(form).getByLabelText('Priority'), 'high');
    await user.type(within(form).getByLabelText('Message'), 'Please move me to the Premium plan.');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/support/messages')!;
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'billing',
      priority: 'high',
      message: 'Please move me to the Premium plan.',
    });
    release(sent());
    expect(await screen.findByRole('heading', { name: 'Message sent successfully!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    const again = screen.getByRole('form', { name: 'Send us a message' });
    expect(within(again).getByLabelText('Name')).toHaveValue('');
    expect(within(again).getByLabelText('Message')).toHaveValue('');
  });

  it("says 'Failed to send message' with the server's reason and the team's address, keeping what was written", async () => {
    serve({ send: () => jsonResponse(429, { message: 'Too many requests. Please try again later.' }) });
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    const form = screen.getByRole('form', { name: 'Send us a message' });
    await user.type(within(form).getByLabelText('Name'), 'Ada Lovelace');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Message'), 'My EPUB fails on the store.');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    const alert = await within(form).findByText(/Failed to send message\. Too many requests/);
    expect(within(alert).getByRole('link', { name: 'help@press.example' })).toHaveAttribute('href', 'mailto:help@press.example');
    expect(within(form).getByLabelText('Message')).toHaveValue('My EPUB fails on the store.');
  });

  it('fills in the name and e-mail of a signed-in user', async () => {
    localStorage.setItem('auth_token', 'tok');
    serve({ user: { id: 'u1', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', freeExportsUsed: 0, freeExportsLimit: 1, createdAt: '2026-01-01T00:00:00Z' } });
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper'));
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
  });
});
