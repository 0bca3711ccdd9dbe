/**
 * White-label output (issue 12, publisher plan: "white-label output without Quire's name in any file"): a
 * publisher's book, exported in every format, carries Quire's name nowhere: not in the text, the metadata, the
 * package files of the EPUB and DOCX, nor the PDF's information dictionary.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '@quire/contracts';
import { bearer, registerUser, SAMPLE_BOOK } from '../helpers.ts';
import { buildBillingApp, confirmPayment, exportBook, formatBook, importText, type BillingApp } from './billing-app.ts';

let t: BillingApp;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-white-label-'));
beforeAll(async () => {
  t = await buildBillingApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Every text a file holds that a reader or a tool could see: zip entries inflated, a PDF's text and metadata. */
function visibleTexts(format: string, bytes: Buffer): string[] {
  if (format === 'epub' || format === 'docx') {
    return Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => `${name}\n${Buffer.from(data).toString('utf8')}`);
  }
  if (format === 'pdf') {
    const file = path.join(scratch, 'book.pdf');
    writeFileSync(file, bytes);
    return [execFileSync('pdfinfo', [file], { encoding: 'utf8' }), execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), bytes.toString('latin1')];
  }
  return [bytes.toString('utf8')];
}

describe('white-label output', () => {
  it('a publisher’s exports carry no trace of Quire in any format', async () => {
    const { token } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/create-publisher-subscription', headers: bearer(token) });
    await confirmPayment(t.stripe, (res.json() as { clientSecret: string }).clientSecret);
    // A book with a note, so that the notes section and its anchors are written too.
    const { id } = await importText(t.app, token, `${SAMPLE_BOOK}\n\nA sentence with a note.[^1]\n\n[^1]: The note.\n`, 'sample.md');
    await formatBook(t.app, token, id);
    for (const format of EXPORT_FORMATS) {
      const file = await exportBook(t.app, token, id, format);
      expect(file.statusCode, `${format}: ${file.body.slice(0, 200)}`).toBe(200);
      for (const text of visibleTexts(format, file.rawPayload)) expect(text, format).not.toMatch(/quire/i);
    }
  });
});
