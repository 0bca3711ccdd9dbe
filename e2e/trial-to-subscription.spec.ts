/**
 * The business side as a new user meets it, in a real Chromium, on the server that takes payments (issue 12,
 * "Proof"): registers, resets a forgotten password from the e-mail, imports a long book (the free trial cuts it at
 * 12,500 words and says so), exports it as the free export, is refused a second book's export with the upgrade
 * offer, subscribes to Premium through the payment page (Stripe's Payment Element, served by a Stripe.js stub and
 * confirmed by the local fake Stripe API, whose signed webhook starts the plan), and exports again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { BILLING, billingDataDir } from './billing-server.ts';
import { importFile, registerNewUser } from './new-user.ts';
import { lastMailTo } from './outbox.ts';
import { routeStripeJs } from './stripe/route-stripe-js.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** About 75,000 words: the trial keeps the first 12,500. */
const LONG_BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg84-frankenstein.txt');
const SECOND_BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg844-importance-of-being-earnest.txt');

test.use({ baseURL: BILLING.url });

/** Formats the open book with the basic form, skips covers, and lands on Export. */
async function formatAndOpenExport(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Basic Metadata' }).click();
  await page.getByLabel('Genre').selectOption('literature');
  await page.getByLabel('Description').fill('A book formatted during the free trial.');
  await page.getByRole('button', { name: 'Format Book' }).click();
  await expect(page.getByText('Book formatted successfully').first()).toBeVisible();
  await page.getByRole('button', { name: /skip covers/i }).click();
  await expect(page.getByText('Covers skipped').first()).toBeVisible();
}

/** Downloads the Word file from the Export tab and answers its size in bytes. */
async function downloadWord(page: Page): Promise<number> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Word' }).click();
  const file = await (await download).path();
  return readFileSync(file).byteLength;
}

test('a new user resets the password, uses the free trial, is offered an upgrade, subscribes, and exports again', async ({ page }) => {
  await routeStripeJs(page, BILLING.fakeStripeUrl);
  const email = await registerNewUser(page, 'trial');
  await expect(page.getByText('Free Trial Available')).toBeVisible();

  // A forgotten password, reset from the e-mail.
  await page.getByRole('button', { name: /log ?out|sign out/i }).click();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => (link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec((await lastMailTo(billingDataDir(), email))?.text ?? '')?.[0]), { timeout: 10_000 })
    .toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('a-new-password');
  await page.getByLabel('Confirm new password').fill('a-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-new-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('No books yet')).toBeVisible();

  // A long book: the trial keeps its first 12,500 words and says so, with the way up.
  await importFile(page, LONG_BOOK);
  await expect(page.getByRole('heading', { name: 'Free-trial limit: this book was shortened' })).toBeVisible();
  await expect(page.getByText(/the trial formats the first 12,\d{3} \(up to 12,500 words\)/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Now - $5.99' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Plans' })).toBeVisible();

  // The free export.
  await formatAndOpenExport(page);
  expect(await downloadWord(page)).toBeGreaterThan(10_000);

  // A second book: its export is refused, with the offer.
  await page.goto('/');
  await expect(page.getByText('Free Trial Complete')).toBeVisible();
  await importFile(page, SECOND_BOOK);
  await formatAndOpenExport(page);
  await page.getByRole('button', { name: 'Download Word' }).click();
  const offer = page.getByRole('alert').filter({ hasText: 'Your free trial export has been used' });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('link', { name: /Pay \$5\.99/ })).toBeVisible();
  await offer.getByRole('button', { name: 'View Plans' }).click();

  // Premium, through the payment page.
  const dialog = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Most Popular')).toBeVisible();
  await dialog.getByRole('button', { name: /Premium/ }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=premium/);
  await expect(page.getByText('$15.99').first()).toBeVisible();
  await expect(page.getByText('Test payment form')).toBeVisible();
  await page.getByRole('button', { name: /^(Subscribe|Pay)/ }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByRole('heading', { name: 'Subscription Active' })).toBeVisible({ timeout: 30_000 });

  // The plan is live: the card says so, and the refused book exports now, in Word and as an EPUB.
  await page.goto('/');
  await expect(page.getByText(/Premium/).first()).toBeVisible();
  await expect(page.getByText('Free Trial Complete')).toBeHidden();
  await page.getByRole('link', { name: /View/ }).first().click();
  await page.getByRole('tab', { name: 'Export', exact: true }).click();
  expect(await downloadWord(page)).toBeGreaterThan(5_000);
  const epub = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download EPUB', exact: true }).click();
  expect((await epub).suggestedFilename()).toMatch(/\.epub$/);
});
