/**
 * Every page of the site passes axe-core (@axe-core/playwright) with no serious or critical violation of WCAG 2.0
 * and 2.1 A and AA, in a real Chromium (issue "public site", "Proof"): the public pages signed out, the payment pages
 * on the server that takes payments (so that their real forms show, not 'Payments are not configured'), and the
 * signed-in pages (home, a book's workspace, the account) after registering and importing a small book. Each page is
 * checked once it has loaded what it shows; all violations are gathered and reported together, page by page.
 * On the same visits, the pages' Content-Security-Policy refuses nothing (issue 14: no `unsafe-*` in the policy, and
 * the app, Stripe's form included, still works under it).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { watchCspViolations } from './csp.ts';
import { BILLING } from './billing-server.ts';
import { importFile, registerNewUser } from './new-user.ts';
import { routeStripeJs } from './stripe/route-stripe-js.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** A short book (about 9,000 words): quick to import. */
const SMALL_BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg14572-spirit-of-christmas.txt');

/** A page to check: its address and what shows once it has loaded (its main heading, mostly). */
type PageToCheck = { path: string; ready: (page: Page) => Locator };

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

/** The public pages, signed out, on the first server. */
const PUBLIC_PAGES: PageToCheck[] = [
  { path: '/', ready: heading('From raw text to a book the stores accept.') },
  { path: '/about', ready: heading('Every book deserves to look like a book') },
  { path: '/blog', ready: (page) => page.getByRole('link', { name: /KDP Trim Sizes/ }) },
  { path: '/blog/formatting-a-thesis-in-apa-7', ready: (page) => page.getByRole('heading', { name: 'Related Articles' }) },
  { path: '/academic-concierge', ready: heading('Your thesis, published as a book in 14 days') },
  { path: '/concierge-success', ready: heading('Payment Successful!') },
  { path: '/contact', ready: (page) => page.getByRole('heading', { name: 'Frequently asked questions' }) },
  { path: '/privacy-policy', ready: heading('Privacy Policy') },
  { path: '/terms-of-service', ready: heading('Terms of Service') },
  { path: '/sitemap', ready: heading('Every page of Quire') },
  { path: '/newsletter', ready: (page) => page.getByRole('heading', { name: 'No newsletter link' }) },
  { path: '/newsletter?confirm=not-a-token', ready: (page) => page.getByRole('heading', { name: 'This link does not work' }) },
  { path: '/login', ready: heading('Welcome back') },
  { path: '/register', ready: heading('Create your account') },
  { path: '/forgot-password', ready: heading('Forgot your password?') },
  { path: '/reset-password?token=not-a-token', ready: (page) => page.getByLabel('New password', { exact: true }) },
  { path: '/success', ready: (page) => page.getByRole('heading', { name: 'No payment to show' }) },
  { path: '/admin/analytics', ready: heading('Admin analytics') },
  { path: '/no-such-page', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

/** The payment pages, signed out, on the server that takes payments. */
const PAYMENT_PAGES: PageToCheck[] = [
  { path: '/subscribe?plan=standard', ready: (page) => page.getByRole('link', { name: /Sign In/ }) },
  { path: '/subscribe-publisher', ready: (page) => page.getByRole('link', { name: /Sign In/ }) },
  { path: '/checkout', ready: heading('Welcome back') },
];

/** Visits each page in turn and answers its serious and critical violations, by page (pages without any left out). */
async function check(page: Page, pages: PageToCheck[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const { path: address, ready } of pages) {
    await page.goto(address);
    await expect(ready(page).first()).toBeVisible({ timeout: 20_000 });
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[address] = violations;
  }
  return found;
}

test('the public pages have no serious or critical accessibility violation, signed out', async ({ page }) => {
  const refused = watchCspViolations(page);
  expect(await check(page, PUBLIC_PAGES)).toEqual({});
  expect(refused).toEqual([]);
});

test.describe('on the server that takes payments', () => {
  test.use({ baseURL: BILLING.url });

  test('the payment pages have no serious or critical accessibility violation, signed out and signed in', async ({ page }) => {
    await routeStripeJs(page, BILLING.fakeStripeUrl);
    const refused = watchCspViolations(page);
    const found = await check(page, PAYMENT_PAGES);
    // Signed in: the plan's order summary and Stripe's Payment Element (the stub's form).
    await registerNewUser(page, 'a11y-pay');
    Object.assign(
      found,
      await check(page, [
        { path: '/subscribe?plan=standard', ready: (p) => p.getByText('Test payment form') },
        { path: '/subscribe-publisher', ready: (p) => p.getByText('Test payment form') },
        { path: '/account', ready: (p) => p.getByRole('heading', { level: 1 }) },
      ]),
    );
    expect(found).toEqual({});
    expect(refused).toEqual([]);
  });
});

test('the signed-in pages have no serious or critical accessibility violation', async ({ page }) => {
  const refused = watchCspViolations(page);
  await registerNewUser(page, 'a11y');
  await importFile(page, SMALL_BOOK);
  const bookId = /\/format\/([\w-]+)$/.exec(page.url())?.[1];
  expect(bookId).toBeDefined();
  // Home, reached from the workspace's logo link.
  await page.getByRole('link', { name: 'Quire home' }).click();
  await expect(page.getByRole('heading', { name: 'Turn your next text into a finished book.' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View/ }).first()).toBeVisible();
  const home = await seriousViolations(page);
  const found = await check(page, [
    { path: `/book/${bookId}`, ready: (p) => p.getByRole('tab', { name: 'Format', exact: true }) },
    { path: '/account', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/checkout', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/contact', ready: (p) => p.getByRole('heading', { name: 'Send us a message' }) },
    { path: '/blog', ready: (p) => p.getByRole('link', { name: /KDP Trim Sizes/ }) },
  ]);
  if (home.length > 0) found['/ (home)'] = home;
  // The workspace's other steps: the metadata form, then (once the book is formatted) Covers and Export.
  await page.goto(`/book/${bookId}`);
  const step = async (name: string, ready: Locator) => {
    await expect(ready).toBeVisible();
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[`/book/${bookId} (${name})`] = violations;
  };
  await page.getByRole('tab', { name: 'Basic Metadata' }).click();
  await step('Basic Metadata', page.getByLabel('Description'));
  await page.getByLabel('Genre').selectOption('literature');
  await page.getByLabel('Description').fill('A short book for the accessibility check.');
  await page.getByRole('button', { name: 'Format Book' }).click();
  await expect(page.getByText('Book formatted successfully').first()).toBeVisible();
  await step('Covers', page.getByRole('button', { name: /skip covers/i }));
  await page.getByRole('button', { name: /skip covers/i }).click();
  await step('Export', page.getByRole('button', { name: 'Download Word' }));
  expect(found).toEqual({});
  expect(refused).toEqual([]);
});
