/**
 * A new user, in a real Chromium: registers, turns automatic cleanup off in the preferences, imports
 * a corpus book from a local HTTP server, cleans it, fills the metadata and formats it, skips covers and downloads the print PDF and the EPUB; the
 * downloads are judged by pdfinfo/pdffonts and EPUBCheck.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg11-alice-in-wonderland.txt');

let library: Server;
let bookUrl = '';

test.beforeAll(async () => {
  const bytes = readFileSync(BOOK);
  library = createServer((req, res) => {
    if (req.url === '/ebooks/alice.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(bytes);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => library.listen(0, '127.0.0.1', resolve));
  bookUrl = `http://127.0.0.1:${(library.address() as AddressInfo).port}/ebooks/alice.txt`;
});

test.afterAll(() => new Promise<void>((resolve) => library.close(() => resolve())));

test('a new user goes from a Gutenberg URL to a print PDF and an EPUB', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/register$/);

  const email = `reader-${Date.now()}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel(/First name/i).fill('Ada');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();

  // Home: the empty library. Turn automatic cleanup off in the preferences, so that this user
  // presses Clean Text themselves and sees what cleanup did.
  await expect(page.getByText('No books yet')).toBeVisible();
  await page.getByRole('button', { name: /Preferences/ }).click();
  const autoClean = page.getByRole('switch', { name: 'Clean imports automatically' });
  await expect(autoClean).toBeChecked();
  await autoClean.click();
  await expect(page.getByText('Preferences saved').first()).toBeVisible();
  await expect(autoClean).not.toBeChecked();
  await page.getByRole('button', { name: 'Start Publishing' }).click();
  await page.getByLabel(/URL/i).first().fill(bookUrl);
  await page.getByRole('button', { name: /^Import Book$/i }).click();
  await expect(page.getByText('Book imported successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/format\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: /Alice.s Adventures in Wonderland/ }).first()).toBeVisible();

  // Clean.
  await page.getByRole('button', { name: 'Clean Text' }).click();
  await expect(page.getByText('Text cleaned successfully').first()).toBeVisible();
  // A successful clean moves on to the Format tab; the Clean tab keeps the report and a spent button.
  await expect(page.getByRole('tab', { name: 'Format', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Clean', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Text Cleaned' })).toBeDisabled();
  await expect(page.getByText(/boilerplate/i).first()).toBeVisible();

  // Format → Advanced Custom: a template's settings load, and its Preview shows real rendered pages.
  await page.getByRole('tab', { name: 'Format', exact: true }).click();
  await page.getByRole('tab', { name: 'Advanced Custom' }).click();
  await page.getByRole('button', { name: /^Print Ready KDP/ }).click();
  await page.getByRole('tab', { name: 'Typography' }).click();
  await expect(page.getByRole('slider', { name: 'Font size' })).toHaveAttribute('aria-valuemin', '8');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const rendered = page.getByRole('list', { name: 'Rendered pages' }).getByRole('img');
  await expect(rendered.first()).toBeVisible();
  expect(await rendered.count()).toBeGreaterThanOrEqual(2);
  expect(await rendered.first().getAttribute('src')).toMatch(/^data:image\/(png|svg\+xml)/);
  await expect(rendered.nth(1)).toHaveAttribute('alt', /^Page 2/);

  // Format: basic metadata, then Format Book (KDP 6x9).
  await page.getByRole('tab', { name: 'Basic Metadata' }).click();
  await page.getByLabel('Genre').selectOption('literature');
  await page.getByLabel('Description').fill('A girl falls down a rabbit hole into a world of nonsense.');
  await page.getByRole('button', { name: 'Format Book' }).click();
  await expect(page.getByText('Book formatted successfully').first()).toBeVisible();

  // Covers: skip.
  await page.getByRole('button', { name: /skip covers/i }).click();
  await expect(page.getByText('Covers skipped').first()).toBeVisible();

  // Export: the print PDF and the EPUB.
  const out = testInfo.outputDir;
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /PDF/ }).first().click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('Alice_s_Adventures_in_Wonderland_KDP_Print.pdf');
  const pdfPath = path.join(out, pdf.suggestedFilename());
  await pdf.saveAs(pdfPath);

  const epubDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /^(Download )?EPUB$/ }).first().click();
  const epub = await epubDownload;
  expect(epub.suggestedFilename()).toBe('Alice_s_Adventures_in_Wonderland.epub');
  const epubPath = path.join(out, epub.suggestedFilename());
  await epub.saveAs(epubPath);

  const info = (await run('pdfinfo', [pdfPath])).stdout;
  expect(info).toMatch(/Page size:\s+432 x 648 pts/);
  expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThan(50);
  const fonts = (await run('pdffonts', [pdfPath])).stdout.split('\n').slice(2).filter((l) => l.trim());
  expect(fonts.length).toBeGreaterThan(0);
  for (const line of fonts) expect(line.trim().split(/\s+/).at(-5)).toBe('yes');

  const check = await run('java', ['-jar', '/usr/share/java/epubcheck.jar', epubPath]).catch((e: { stdout: string; stderr: string }) => e);
  expect(`${check.stdout}\n${check.stderr}`).toMatch(/No errors or warnings detected/);

  // Sign out: the landing page again; an unknown path is the 404 screen.
  await page.goto('/');
  await page.getByRole('button', { name: /log ?out|sign out/i }).click();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
});
