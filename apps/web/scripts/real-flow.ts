/**
 * A new user's path against a running Quire server, with screenshots of each step:
 * register, upload a .txt, clean, format, export. Usage:
 *   QUIRE_API_URL=http://localhost:5055 node --import tsx apps/web/scripts/real-flow.ts <file.txt> [outDir]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const file = process.argv[2];
if (!file) throw new Error('Give a .txt file to import.');
const outDir = path.resolve(process.argv[3] ?? '/tmp/quire-real');
mkdirSync(outDir, { recursive: true });

const server = await createServer({ root: webRoot, server: { port: 5183 }, logLevel: 'error' });
await server.listen();
const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5183';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage });
  console.log('shot', name);
};

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto(base + '/register');
  await page.waitForTimeout(3000);
  await page.goto(base + '/register');
  await page.getByLabel(/First name/).fill('Eleanor');
  await page.getByLabel('Email').fill(`eleanor+${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: /Start Publishing/ }).waitFor();
  await shot(page, '01-home-empty');
  await page.getByRole('button', { name: /Start Publishing/ }).click();
  await page.locator('input[type=file]').setInputFiles(file);
  await shot(page, '02-file-chosen');
  await page.getByRole('button', { name: 'Import File' }).click();
  await page.waitForURL(/\/format\//, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Clean Text' }).waitFor();
  await shot(page, '03-workspace-imported');
  await page.getByRole('button', { name: 'Clean Text' }).click();
  await page.getByText('Text cleaned successfully', { exact: true }).waitFor({ timeout: 120_000 });
  await shot(page, '04-format-tab');
  await page.getByRole('tab', { name: 'Clean' }).click();
  await shot(page, '05-clean-report', true);
  await page.getByRole('tab', { name: 'Format' }).click();
  await page.getByRole('tab', { name: 'Basic Metadata' }).click();
  await page.getByLabel('Genre').selectOption('literature');
  await page.getByLabel('Description').fill('A trivial comedy for serious people, in three acts.');
  await page.getByRole('button', { name: 'Format Book' }).click();
  await page.getByText('Book formatted successfully', { exact: true }).waitFor({ timeout: 120_000 });
  await shot(page, '06-covers');
  await page.getByRole('button', { name: /Skip covers/ }).click();
  await shot(page, '07-export');
  for (const label of ['Print PDF', 'EPUB', 'Word', 'Print-ready HTML', 'EPUB-ready HTML']) {
    const download = page.waitForEvent('download', { timeout: 180_000 });
    await page.getByRole('button', { name: `Download ${label}`, exact: true }).click();
    const d = await download;
    const target = path.join(outDir, d.suggestedFilename());
    await d.saveAs(target);
    console.log('downloaded', target);
  }
  await page.goto(base + '/');
  await page.getByText(/books? processed/).waitFor();
  await shot(page, '08-home-with-book');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/login$/);
  console.log('logged out; token:', await page.evaluate(() => localStorage.getItem('auth_token')));
} finally {
  await browser.close();
  await server.close();
}
