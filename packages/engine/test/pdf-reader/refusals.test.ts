/**
 * What the PDF reader refuses, and the sandbox it reads in: encrypted and image-only PDFs, bytes that
 * are not a PDF, the time limit, and a child process that sees none of the parent's secrets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { extractBudgetMs, runExtractChild } from '../../src/read/pdf/extract.ts';
import { readPdf } from '../../src/read/pdf/index.ts';
import { corpusBytes } from '../helpers/corpus.ts';
import { encryptedPdf, imageOnlyPdf } from './make-pdf.ts';

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('refused PDFs', () => {
  it('an encrypted PDF is refused with a message that says so', async () => {
    const error = await failure(readPdf(encryptedPdf()));
    expect(error.code).toBe('UNREADABLE_INPUT');
    expect(error.message).toBe('This PDF is encrypted (password-protected). Remove the protection and upload it again.');
  });

  it('an image-only PDF (a scan) is refused with a message that says so', async () => {
    const error = await failure(readPdf(imageOnlyPdf(3)));
    expect(error.code).toBe('UNREADABLE_INPUT');
    expect(error.message).toBe('This PDF has no text layer (it looks like a scan). Run OCR on it first, or upload the text.');
  });

  it('bytes that are not a PDF are refused', async () => {
    const error = await failure(readPdf(new TextEncoder().encode('Just some text, not a PDF at all.\n'.repeat(20))));
    expect(error.code).toBe('UNREADABLE_INPUT');
    expect(error.message).toMatch(/not a readable PDF/);
  });

  it('a PDF cut in half is refused, not crashed on', async () => {
    const bytes = corpusBytes('other/alice-ch1-excerpt-word-export.pdf');
    const error = await failure(readPdf(bytes.subarray(0, 2000)));
    expect(error.code).toBe('UNREADABLE_INPUT');
  });
});

describe('the extraction sandbox', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('stops a read that runs past the time limit', async () => {
    const error = await failure(readPdf(corpusBytes('other/pg11-alice-in-wonderland-word2007.pdf'), { timeoutMs: 50 }));
    expect(error.code).toBe('TIME_LIMIT');
    expect(error.message).toMatch(/^Reading this PDF took too long/);
  });

  it('sizes the default time limit from the PDF: 60 s, plus 6 s per MiB', () => {
    expect(extractBudgetMs(0)).toBe(60_000);
    expect(extractBudgetMs(10 * 2 ** 20)).toBe(120_000);
  });

  it('stops a read when its signal aborts, at once when it already has', async () => {
    const bytes = corpusBytes('other/pg11-alice-in-wonderland-word2007.pdf');
    const before = await failure(readPdf(bytes, { signal: AbortSignal.abort() }));
    expect(before.code).toBe('TIME_LIMIT');
    expect(before.message).toBe('Reading this PDF took too long and was stopped. Upload the text of the book instead.');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const during = await failure(readPdf(bytes, { signal: controller.signal }));
    expect(during.code).toBe('TIME_LIMIT');
  });

  it('gives the child no environment at all, so no secret of the server', async () => {
    process.env.DATABASE_URL = 'postgres://user:hunter2@db/quire';
    process.env.OPENAI_API_KEY = 'sk-test-secret';
    process.env.QUIRE_SESSION_SECRET = 'secret';
    const probe = await runExtractChild({ type: 'probe' });
    expect(probe.type).toBe('probe');
    if (probe.type !== 'probe') return;
    expect(probe.envKeys).toEqual([]);
  });

  it('caps the child V8 heap at the memory limit', async () => {
    const probe = await runExtractChild({ type: 'probe' }, { maxMemoryMb: 256 });
    if (probe.type !== 'probe') throw new Error('no probe reply');
    // heap_size_limit = old space (the cap) + the young generation's semi-spaces.
    expect(probe.heapLimitMb).toBeGreaterThanOrEqual(256);
    expect(probe.heapLimitMb).toBeLessThan(256 + 96);
    const uncapped = await runExtractChild({ type: 'probe' }, { maxMemoryMb: 1024 });
    if (uncapped.type !== 'probe') throw new Error('no probe reply');
    expect(uncapped.heapLimitMb).toBeGreaterThanOrEqual(1024);
  });

  it('stops a child whose memory passes the cap', async () => {
    // 40 MB is below what Node itself needs to start pdf.js, so the watchdog (or the heap cap) must act.
    const error = await failure(readPdf(corpusBytes('other/pg1342-pride-and-prejudice-latex-pandp12p.pdf'), { maxMemoryMb: 40 }));
    expect(error.code).toBe('MEMORY_LIMIT');
    expect(error.message).toMatch(/more than 40 MB of memory/);
  });
});
