/**
 * A new user, in a real Chromium, makes covers (issue "Covers"; workspace spec sections 2, 4, 7): registers, imports
 * a Gutenberg book (cleaned on import), formats it, generates a text cover and an AI-style cover, makes the text
 * cover the book's cover, downloads the e-book cover (JPEG) and the paperback full wrap (PDF) under their download
 * names, and finds the chosen cover inside the EPUB (the OPF's `cover-image` item).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Download } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { importFile, registerNewUser } from './new-user.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BOOK = path.resolve(root, '../shared/corpus/gutenberg/pg11-alice-in-wonderland.txt');
const TITLE_BASE = 'Alice_s_Adventures_in_Wonderland';

/** Width and height of a baseline or progressive JPEG, read from its first SOF marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    i += 2 + length;
  }
  return null;
}

async function save(download: Download, dir: string): Promise<{ file: string; bytes: Uint8Array }> {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { file, bytes: new Uint8Array(readFileSync(file)) };
}

test('a new user makes a text cover and an AI-style cover, picks one, downloads the cover files and finds it in the EPUB', async ({ page }, testInfo) => {
  await registerNewUser(page, 'covers');
  // The file is cleaned on import (the default preference), so the workspace opens on Format.
  await importFile(page, BOOK);

  // Format: Basic Metadata, then Format Book; the workspace moves on to Covers.
  await page.getByRole('tab', { name: 'Basic Metadata' }).click();
  await page.getByLabel('Genre').selectOption('literature');
  await page.getByLabel('Description').fill('A girl falls down a rabbit hole into a world of nonsense.');
  await page.getByRole('button', { name: 'Format Book' }).click();
  await expect(page.getByText('Book formatted successfully').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Covers', exact: true })).toHaveAttribute('aria-selected', 'true');

  // The AI styles say what draws their artwork: a named model, or Quire's own renderer.
  await expect(page.getByText(/No AI image model is configured|made by the AI image model/).first()).toBeVisible();
  const gallery = page.getByRole('list', { name: 'Covers' });

  // A text cover.
  await page.getByRole('button', { name: 'Generate Elegant template cover' }).click();
  await expect(page.getByText('Cover generated successfully').first()).toBeVisible();
  await expect(gallery.getByRole('listitem')).toHaveCount(1);
  const textCard = gallery.getByRole('listitem').filter({ hasText: 'Elegant template' });
  await expect(textCard.getByText('Text only')).toBeVisible();
  await expect(textCard.getByText('Book cover', { exact: true })).toBeVisible();

  // An AI-style cover: it becomes the book's cover.
  await page.getByRole('button', { name: 'Generate Vintage style cover' }).click();
  await expect(gallery.getByRole('listitem')).toHaveCount(2);
  const styleCard = gallery.getByRole('listitem').filter({ hasText: 'Vintage style' });
  await expect(styleCard.getByText('Book cover', { exact: true })).toBeVisible();
  await expect(styleCard.getByText(/^(Pattern by Quire|AI-generated artwork)$/)).toBeVisible();
  await expect(textCard.getByText('Book cover', { exact: true })).toHaveCount(0);

  // The thumbnails are the server's JPEGs, fetched with the token.
  for (const card of [textCard, styleCard]) {
    const image = card.getByRole('img', { name: /^Cover of Alice/ });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  }

  // Pick the text cover.
  await textCard.getByRole('button', { name: 'Use as book cover' }).click();
  await expect(page.getByText('Book cover chosen').first()).toBeVisible();
  await expect(textCard.getByText('Book cover', { exact: true })).toBeVisible();
  await expect(styleCard.getByText('Book cover', { exact: true })).toHaveCount(0);

  // Its paperback wrap, with the print guides and the figures it is sized from.
  await textCard.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit cover: Elegant template' })).toBeVisible();
  const wrap = page.getByRole('img', { name: /^Paperback cover of Alice/ });
  await expect.poll(() => wrap.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 90_000 }).toBe(1200);
  await expect(page.getByRole('img', { name: /^Print guides/ })).toBeVisible();
  await page.getByRole('switch', { name: 'Show guides' }).click();
  await expect(page.getByRole('img', { name: /^Print guides/ })).toHaveCount(0);
  const fullWrap = await page.locator('dt', { hasText: 'Full wrap' }).locator('xpath=following-sibling::dd').innerText();
  const [wrapWidthIn, wrapHeightIn] = (/^([\d.]+) x ([\d.]+) in/.exec(fullWrap) ?? []).slice(1).map(Number) as [number, number];

  // Export: the chosen cover's files, and the EPUB.
  await page.getByRole('button', { name: /Continue to Export/ }).click();
  await expect(page.getByRole('tab', { name: 'Export', exact: true })).toHaveAttribute('aria-selected', 'true');
  const out = testInfo.outputDir;

  const ebookEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download E-book cover (JPEG)' }).click();
  const ebookDownload = await ebookEvent;
  expect(ebookDownload.suggestedFilename()).toBe(`${TITLE_BASE}_Cover_Ebook.jpg`);
  const ebook = await save(ebookDownload, out);
  expect([...ebook.bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(jpegSize(ebook.bytes)).toEqual({ width: 1600, height: 2560 });

  const paperbackEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Paperback cover (PDF)' }).click();
  const paperbackDownload = await paperbackEvent;
  expect(paperbackDownload.suggestedFilename()).toBe(`${TITLE_BASE}_Cover_Paperback.pdf`);
  const paperback = await save(paperbackDownload, out);
  expect(strFromU8(paperback.bytes.slice(0, 5))).toBe('%PDF-');
  const info = (await run('pdfinfo', [paperback.file])).stdout;
  expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(1);
  const [widthPt, heightPt] = (/Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? []).slice(1).map(Number) as [number, number];
  expect(Math.abs(widthPt / 72 - wrapWidthIn)).toBeLessThan(0.02);
  expect(Math.abs(heightPt / 72 - wrapHeightIn)).toBeLessThan(0.02);

  const epubEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: /^(Download )?EPUB$/ }).first().click();
  const epubDownload = await epubEvent;
  const epub = await save(epubDownload, out);
  const zip = unzipSync(epub.bytes);
  const container = strFromU8(zip['META-INF/container.xml']!);
  const opfPath = /full-path="([^"]+)"/.exec(container)?.[1] ?? '';
  const opf = strFromU8(zip[opfPath]!);
  const coverItem = [...opf.matchAll(/<item\b[^>]*>/g)].map((m) => m[0]).find((item) => /properties="[^"]*\bcover-image\b/.test(item));
  expect(coverItem, 'the OPF names a cover-image item').toBeDefined();
  const href = /href="([^"]+)"/.exec(coverItem!)?.[1] ?? '';
  const coverPath = path.posix.join(path.posix.dirname(opfPath), decodeURIComponent(href));
  const coverBytes = zip[coverPath];
  expect(coverBytes, `the EPUB holds ${coverPath}`).toBeDefined();
  expect([...coverBytes!.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // The chosen cover (the text cover) is the one inside: the same bytes as its e-book download.
  expect(coverBytes!.length).toBe(ebook.bytes.length);
  const check = await run('java', ['-jar', '/usr/share/java/epubcheck.jar', epub.file]).catch((e: { stdout: string; stderr: string }) => e);
  expect(`${check.stdout}\n${check.stderr}`).toMatch(/No errors or warnings detected/);
});
