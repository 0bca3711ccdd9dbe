/**
 * A user who forgot their password resets it from the e-mail, in a real Chromium (accounts spec sections 2, 4, 5, 8;
 * issue "Accounts, plans, free trial, payments, e-mail and admin"): registers, signs out, asks for a reset link on
 * /forgot-password, opens the link of the mail the server sent through SMTP (to the suite's mail server,
 * smtp-sink.ts), sets a new password, and signs in with it; the old password and the used link no longer work.
 */
import { expect, test } from '@playwright/test';
import { registerNewUser } from './new-user.ts';
import { lastSentMail } from './outbox.ts';

test('a user resets a forgotten password from the e-mail and signs in with the new one', async ({ page }) => {
  const email = await registerNewUser(page, 'reset');
  await page.getByRole('button', { name: /log ?out|sign out/i }).click();

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // The mail: from Quire, to the user, with a link to /reset-password in both its text and its HTML.
  // The server writes it after answering, so it may take a moment.
  let mail: Awaited<ReturnType<typeof lastSentMail>>;
  await expect.poll(async () => (mail = await lastSentMail(email)) !== undefined, { timeout: 10_000 }).toBe(true);
  expect(mail!.subject).toMatch(/Quire/);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail!.text ?? '')?.[0];
  expect(link).toBeDefined();
  expect(String(mail!.html)).toContain(link);
  const resetPath = new URL(link!).pathname + new URL(link!).search;

  // Set a new password.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('a-new-password');
  await page.getByLabel('Confirm new password').fill('a-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).or(page.getByRole('button', { name: 'Go to Login' })).click();

  // The old password is refused; the new one signs in.
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText(/invalid|incorrect/i).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a-new-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('No books yet')).toBeVisible();

  // The link was used: opening it again ends on the invalid-link view.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Confirm new password').fill('another-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
});
