/**
 * A book given as several files through POST /api/import (issue 31, "Markdown: images resolved relative to the
 * file ... in the web an upload of a .zip of a Markdown project or several files at once"): a real senior thesis
 * zipped with its figures and metadata, files sent together as several `file` parts, and what the import could not
 * keep (a figure missing from the upload) reported in the book's clean report.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, countBooks, multipartFile, registerUser, type TestApp } from '../helpers.ts';
import { solidPng } from '../image-files.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

/** A multipart body with one `file` part per file, as a browser sends files chosen together. */
function multipartFiles(files: readonly { name: string; bytes: Uint8Array; type: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----quire${randomBytes(8).toString('hex')}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function post(payload: Buffer, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

interface StoredBook {
  title: string;
  author: string;
  cleanedText: string | null;
  cleanReport: { diagnostics?: { code: string; message: string }[] } | null;
}

async function bookOf(id: unknown): Promise<StoredBook> {
  const res = await t.app.inject({ method: 'GET', url: `/api/books/${String(id)}`, headers: bearer(token) });
  return res.json() as StoredBook;
}

/** Every file of a corpus folder, by its path inside it. */
function corpusFolder(relative: string): Record<string, Uint8Array> {
  const root = fileURLToPath(new URL(`../../../../../shared/corpus/${relative}`, import.meta.url));
  const out: Record<string, Uint8Array> = {};
  const walk = (sub: string): void => {
    for (const name of readdirSync(path.join(root, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else out[rel] = new Uint8Array(readFileSync(path.join(root, rel)));
    }
  };
  walk('');
  return out;
}

describe('a book of several files', () => {
  it('imports a zipped Markdown thesis with its metadata, tables, equations and every figure', async () => {
    const zip = zipSync(corpusFolder('academic/md-neeson-renewable-ml-senior-thesis'), { level: 0 });
    const { payload, headers } = multipartFile('file', 'neeson-thesis.zip', zip, 'application/zip');
    const r = await post(payload, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const book = await bookOf(r.body.id);
    // The title and author come from the project's config.yaml.
    expect(book.title).toMatch(/Machine Learning Models/i);
    expect(book.author).toMatch(/Neeson/);
    const text = book.cleanedText ?? '';
    // All 12 figures kept as the book's own images, the 8 tables as tables, the equations as TeX math.
    expect(new Set(text.match(/\]\(images\/img-\d+\.png\)/g)).size).toBe(12);
    expect(text.match(/^\|(?: *:?-+:? *\|)+$/gm)?.length ?? 0).toBe(8);
    expect(text).toMatch(/\$\$[\s\S]+?\$\$/);
    const images = await t.app.inject({ method: 'GET', url: `/api/books/${String(r.body.id)}/images/img-12.png`, headers: bearer(token) });
    expect(images.statusCode).toBe(200);
    expect(images.headers['content-type']).toBe('image/png');
  });

  it('imports Markdown and its picture chosen together as one book', async () => {
    const png = solidPng(40, 30, [20, 90, 200]);
    const md = strToU8('---\ntitle: Blue Squares\nauthor: A. Student\n---\n\n# Method\n\nSee @fig:blue.\n\n![A blue square](figures/blue.png){#fig:blue}\n');
    const { payload, headers } = multipartFiles([
      { name: 'paper.md', bytes: md, type: 'text/markdown' },
      { name: 'blue.png', bytes: png, type: 'image/png' },
    ]);
    const r = await post(payload, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const book = await bookOf(r.body.id);
    expect(book.title).toBe('Blue Squares');
    // A browser sends names without folders: `figures/blue.png` is found by its name.
    expect(book.cleanedText).toContain('](images/img-1.png){#fig:blue}');
    expect(book.cleanedText).toContain('@fig:blue');
  });

  it('says which figure the upload lacks, keeping its caption', async () => {
    const md = strToU8('# Results\n\n![The accuracy of each model](plots/accuracy.png)\n\nThe rest of the text.\n');
    const { payload, headers } = multipartFiles([
      { name: 'results.md', bytes: md, type: 'text/markdown' },
      { name: 'notes.txt', bytes: strToU8('not a figure'), type: 'text/plain' },
    ]);
    const r = await post(payload, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const book = await bookOf(r.body.id);
    expect(book.cleanedText).toContain('The accuracy of each model');
    const missing = book.cleanReport?.diagnostics?.filter((d) => d.code === 'image-missing') ?? [];
    expect(missing.map((d) => d.message).join(' ')).toContain('plots/accuracy.png');
  });

  it('refuses files chosen together past 10 MB in all, and stores nothing', async () => {
    const before = await countBooks(t.app);
    const big = new Uint8Array(6 * 1024 * 1024);
    const { payload, headers } = multipartFiles([
      { name: 'a.md', bytes: strToU8('# A\n\nText.\n'), type: 'text/markdown' },
      { name: 'b.png', bytes: big, type: 'image/png' },
      { name: 'c.png', bytes: big, type: 'image/png' },
    ]);
    const r = await post(payload, headers);
    expect(r.status).toBe(413);
    expect(await countBooks(t.app)).toBe(before);
  });
});
