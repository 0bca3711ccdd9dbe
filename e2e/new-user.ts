/**
 * Steps every end-to-end story starts with, as a new user takes them in the browser: registering on /register
 * (landing on the empty library) and importing a file from Start Publishing (cleaned on import, the default
 * preference, so that the workspace opens on Format).
 */
import { expect, type Page } from '@playwright/test';

/**
 * Registers a new account named Ada with a fresh e-mail address (`<prefix>-<time>@example.com`, password
 * `a-good-password`), waits for the empty library, and answers the address.
 */
export async function registerNewUser(page: Page, emailPrefix: string): Promise<string> {
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel(/First name/i).fill('Ada');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page.getByText('No books yet')).toBeVisible();
  return email;
}

/** Imports the file at `file` (an absolute path) from Start Publishing and waits for its workspace, open on Format. */
export async function importFile(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: 'Start Publishing' }).click();
  await page.locator('input[type="file"]').first().setInputFiles(file);
  await page.getByRole('button', { name: 'Import File' }).click();
  await expect(page.getByText('Book imported successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/format\/[\w-]+$/);
  await expect(page.getByRole('tab', { name: 'Format', exact: true })).toHaveAttribute('aria-selected', 'true');
}
