/**
 * The publisher plan's batch work (issue 12): many URLs imported as many books, and many books exported as one zip;
 * refused below publisher with the upgrade offer; a zip only of the caller's formatted books.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS_PER_USER_PER_HOUR } from '../../src/services/import-limit.ts';
import { bearer, registerUser, SAMPLE_BOOK, startServer, type LocalServer } from '../helpers.ts';
import { buildBillingApp, confirmPayment, formatBook, importText, type BillingApp } from './billing-app.ts';

let t: BillingApp;
let site: LocalServer;
beforeAll(async () => {
  t = await buildBillingApp();
  site = await startServer((req, res) => {
    const n = /\/book-(\d)\.txt$/.exec(req.url ?? '')?.[1];
    if (!n) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(SAMPLE_BOOK.replaceAll('A Small Sample', `Sample Number ${n}`));
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function subscribed(plan: 'premium' | 'publisher') {
  const { token } = await registerUser(t.app);
  const url = plan === 'publisher' ? '/api/create-publisher-subscription' : '/api/get-or-create-subscription';
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload: plan === 'premium' ? { plan } : undefined });
  await confirmPayment(t.stripe, (res.json() as { clientSecret: string }).clientSecret);
  return token;
}

describe('batch import and zip export', () => {
  it('a publisher imports three URLs as three books, is told which failed, and exports them as one zip', async () => {
    const token = await subscribed('publisher');
    const urls = [site.url('/book-1.txt'), site.url('/book-2.txt'), site.url('/missing.txt'), site.url('/book-3.txt')];
    const res = await t.app.inject({ method: 'POST', url: '/api/import-batch', headers: bearer(token), payload: { urls } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { books: { id: string; title: string }[]; failedImports: { url: string }[] };
    expect(body.books.map((b) => b.title)).toEqual(['Sample Number 1', 'Sample Number 2', 'Sample Number 3']);
    expect(body.failedImports.map((f) => f.url)).toEqual([site.url('/missing.txt')]);

    const ids = body.books.map((b) => b.id);
    const early = await t.app.inject({ method: 'POST', url: '/api/books/export-zip', headers: bearer(token), payload: { bookIds: ids, format: 'docx' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Format these books before exporting them: “Sample Number 1”, “Sample Number 2”, “Sample Number 3”.');

    for (const id of ids) await formatBook(t.app, token, id);
    const zip = await t.app.inject({ method: 'POST', url: '/api/books/export-zip', headers: bearer(token), payload: { bookIds: ids, format: 'epub' } });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="Books_EPUB_\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'Sample_Number_1.epub', 'Sample_Number_2.epub', 'Sample_Number_3.epub']);
    // Each entry is a whole EPUB (its own zip, mimetype first).
    for (const name of Object.keys(entries).filter((n) => n.endsWith('.epub'))) {
      expect(Buffer.from(entries[name]!.subarray(30, 38)).toString('latin1')).toBe('mimetype');
    }
  });

  it('a batch counts against the same import limit as single imports: past it, 429 before any URL is fetched', async () => {
    const token = await subscribed('publisher');
    // Failed imports count as much as successful ones, and cost nothing to make here.
    for (let i = 1; i < IMPORTS_PER_USER_PER_HOUR; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/import', headers: bearer(token), payload: { url: site.url('/missing.txt') } });
      expect(res.statusCode, res.body).toBe(502);
    }
    const batch = () => t.app.inject({ method: 'POST', url: '/api/import-batch', headers: bearer(token), payload: { urls: [site.url('/book-1.txt')] } });
    expect((await batch()).statusCode).toBe(201);
    const fetches = site.requests.length;
    const refused = await batch();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.json().message).toMatch(/^You have started too many imports in the last hour\./);
    const single = await t.app.inject({ method: 'POST', url: '/api/import', headers: bearer(token), payload: { url: site.url('/book-2.txt') } });
    expect(single.statusCode).toBe(429);
    expect(site.requests.length).toBe(fetches);
  });

  it('refuses below the publisher plan, and another user’s book', async () => {
    const premium = await subscribed('premium');
    const refused = await t.app.inject({ method: 'POST', url: '/api/import-batch', headers: bearer(premium), payload: { urls: [site.url('/book-1.txt')] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Batch import and export is part of the Publisher plan. Your Premium plan does not include it: upgrade to use it.',
      upgrade: { reason: 'feature', feature: 'batch', plans: ['publisher'], documentPurchase: false },
    });
    const { id } = await importText(t.app, premium, SAMPLE_BOOK);
    const zipRefused = await t.app.inject({ method: 'POST', url: '/api/books/export-zip', headers: bearer(premium), payload: { bookIds: [id], format: 'pdf' } });
    expect(zipRefused.statusCode).toBe(403);

    const publisher = await subscribed('publisher');
    const foreign = await t.app.inject({ method: 'POST', url: '/api/books/export-zip', headers: bearer(publisher), payload: { bookIds: [id], format: 'pdf' } });
    expect(foreign.statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: '/api/books/export-zip', headers: bearer(publisher), payload: { bookIds: [], format: 'pdf' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please choose the books to export');
  });
});
