/**
 * A new user, in a real Chromium, gathers a book's passages on a topic into a new book (issue "Topic extraction";
 * workspace spec sections 2, 3, 8, 9): registers, imports The Spirit of Christmas (cleaned on import), opens the
 * Extract tab, finds that the empty topic cannot be sent, extracts "Christmas" with its chip, reads a passage, leaves
 * one passage out, creates the book, formats it and downloads its print PDF, judged by pdfinfo and pdftotext: the
 * chosen passages are in it, the one left out is not.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { importFile, registerNewUser } from './new-user.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg14572-spirit-of-christmas.txt');

/** Text of a PDF as pdftotext reads it, with whitespace runs made single spaces (lines are justified and hyphenated). */
async function pdfWords(file: string): Promise<string> {
  return (await run('pdftotext', [file, '-'])).stdout.replace(/-\n/g, '').replace(/\s+/g, ' ');
}

test('a new user extracts "Christmas", leaves a passage out, makes a book of the rest and downloads its PDF', async ({ page }, testInfo) => {
  await registerNewUser(page, 'extract');
  await importFile(page, BOOK);

  // The Extract tab is open once the text is cleaned; an empty topic cannot be sent.
  await page.getByRole('tab', { name: 'Extract', exact: true }).click();
  const topic = page.getByLabel('Topic', { exact: true });
  const extract = page.getByRole('button', { name: 'Extract', exact: true });
  await expect(topic).toHaveValue('');
  await expect(extract).toBeDisabled();
  await expect(page.getByText('No extractions yet')).toBeVisible();

  // The Christmas chip runs the search.
  await page.getByRole('button', { name: 'Christmas', exact: true }).click();
  await expect(page.getByText('Content extracted successfully').first()).toBeVisible();
  await expect(topic).toHaveValue('Christmas');
  const list = page.getByRole('list', { name: 'Passages on “Christmas”' });
  const cards = list.getByRole('listitem');
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
  const found = await cards.count();
  await expect(page.getByText(`${found} sections found`)).toBeVisible();
  // The matched words are marked in the previews.
  await expect(list.locator('mark').first()).toBeVisible();

  // Read the first passage in full.
  await cards.first().getByRole('button', { name: /Read passage/ }).click();
  const reader = page.getByRole('dialog');
  await expect(reader.getByLabel('Passage text')).toContainText(/Christmas/);
  await reader.getByRole('button', { name: 'Close' }).first().click();
  await expect(reader).toHaveCount(0);

  // Leave the last passage out; remember its section's title and those of the passages that stay.
  const titles = (await cards.getByRole('heading').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, '').trim());
  const leftTitle = titles.at(-1)!;
  const keptTitles = titles.slice(0, -1);
  // Eight whole words from the middle of the left-out passage's preview (its ends may be cut with an ellipsis).
  const leftWords = (await cards.last().locator('blockquote').innerText()).replace(/…/g, ' ').split(/\s+/).filter(Boolean);
  const leftPhrase = leftWords.slice(2, 10).join(' ');
  expect(leftPhrase.split(' ')).toHaveLength(8);
  await cards.last().getByRole('checkbox').uncheck();
  await expect(page.getByText(`${found - 1} of ${found}`)).toBeVisible();

  // Create the book; the new book's workspace opens.
  await page.getByRole('button', { name: 'Create a book from these passages' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a book from these passages' });
  await dialog.getByLabel('Title of the new book').fill('Christmas Passages');
  await expect(dialog.getByRole('list', { name: 'Passages of the new book' }).getByRole('listitem')).toHaveCount(found - 1);
  await dialog.getByRole('button', { name: 'Create book' }).click();
  await expect(page).toHaveURL(/\/book\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Christmas Passages' })).toBeVisible();
  await expect(page.getByText('Passages on a topic')).toBeVisible();

  // Format it like any book, skip covers, download the print PDF.
  await page.getByRole('tab', { name: 'Format', exact: true }).click();
  await page.getByRole('tab', { name: 'Basic Metadata' }).click();
  await page.getByLabel('Genre').selectOption('devotional');
  await page.getByRole('button', { name: 'Format Book' }).click();
  await expect(page.getByText('Book formatted successfully').first()).toBeVisible();
  await page.getByRole('button', { name: /skip covers/i }).click();
  await expect(page.getByText('Covers skipped').first()).toBeVisible();

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /PDF/ }).first().click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('Christmas_Passages_KDP_Print.pdf');
  const pdfPath = path.join(testInfo.outputDir, pdf.suggestedFilename());
  await pdf.saveAs(pdfPath);

  const info = (await run('pdfinfo', [pdfPath])).stdout;
  expect(info).toMatch(/Page size:\s+432 x 648 pts/);
  const words = (await pdfWords(pdfPath)).toLowerCase();
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  for (const title of keptTitles) expect(words).toContain(squash(title));
  expect(words).toContain('the spirit of christmas');
  // The words of the passage left out are not in the book.
  expect(words).not.toContain(squash(leftPhrase));
  // A section whose only passage was left out is not in the new book (its title is in no heading or credit line).
  if (!keptTitles.includes(leftTitle)) expect(words).not.toContain(squash(leftTitle));
});
