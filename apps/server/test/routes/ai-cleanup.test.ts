import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiCleanupStatus, Book } from '@quire/contracts';
import { loadConfig } from '../../src/config.ts';
import { books } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, registerUser, startServer, type LocalServer, type TestApp } from '../helpers.ts';

/** The cleaned text of the test book: two OCR-damaged paragraphs, one the fake model rewrites, one clean. */
const CLEANED = [
  '# CHAPTER I',
  '',
  'The dog walked w1th his master along the river bank.',
  '',
  'A second paragraph 0f plain prose stays here for now.',
  '',
  'The th1rd paragraph is one that the model rewrites.',
  '',
  'A clean paragraph without any damage at all.',
  '',
].join('\n');

const REPORT = { passes: [{ id: 'boilerplate', label: 'Lines of boilerplate removed', count: 4 }], chaptersFound: 1, partsFound: 0, wordCount: 38 };

/** How the fake AI service answers the next requests. */
let mode: 'fix' | 'error' | 'hold' = 'fix';
let release: () => void = () => {};
/** Bodies and authorization headers of the Chat Completions requests the fake received. */
let received: { body: { model: string; messages: { role: string; content: string }[] }; authorization: string | undefined }[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** An OpenAI-compatible Chat Completions answer with `content` as the assistant's message. */
function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

let ai: LocalServer;
let configured: TestApp;
let unconfigured: TestApp;
let owner: { token: string; userId: string };
let intruder: { token: string; userId: string };

beforeAll(async () => {
  ai = await startServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'Not found' } }));
      }
      const body = JSON.parse(text) as (typeof received)[number]['body'];
      received.push({ body, authorization: req.headers.authorization });
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error' } }));
      }
      if (mode === 'hold') await new Promise<void>((resolve) => (release = resolve));
      const { paragraphs } = JSON.parse(body.messages.at(-1)!.content) as { paragraphs: string[] };
      const answer = paragraphs.map((p) =>
        p.includes('th1rd')
          ? 'Something else entirely was written here by the model instead.'
          : p.replace('w1th', 'with').replace('0f', 'of'),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completion(body.model, '```json\n' + JSON.stringify({ paragraphs: answer }) + '\n```')));
    })();
  });
  configured = await buildTestApp({ ai: { apiKey: 'sk-test-key', baseUrl: ai.url('/v1'), model: 'quire-test-model' } });
  unconfigured = await buildTestApp();
  owner = await registerUser(configured.app);
  intruder = await registerUser(configured.app);
});
afterAll(async () => {
  await configured?.close();
  await unconfigured?.close();
  await ai?.close();
});
beforeEach(() => {
  mode = 'fix';
  received = [];
});

/** Stores a book for `userId` directly (the cleanup pipeline is tested elsewhere). */
async function insertBook(t: TestApp, userId: string, cleanedText: string | null): Promise<string> {
  const [row] = await t.app.db
    .insert(books)
    .values({
      userId,
      title: 'A Scanned Book',
      author: 'Jane Example',
      sourceType: 'upload',
      originalText: 'CHAPTER I\n\nThe dog walked w1th his master.',
      cleanedText,
      cleanReport: cleanedText === null ? null : REPORT,
      wordCount: 38,
    })
    .returning({ id: books.id });
  return row!.id;
}

const call = (t: TestApp, method: 'GET' | 'POST', url: string, token?: string) =>
  t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}) });

/** Polls the status until the pass is no longer running. */
async function waitForEnd(t: TestApp, bookId: string, token: string): Promise<AiCleanupStatus> {
  for (;;) {
    const res = await call(t, 'GET', `/api/books/${bookId}/ai-clean`, token);
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json() as AiCleanupStatus;
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function getBook(t: TestApp, bookId: string, token: string): Promise<Book> {
  return (await call(t, 'GET', `/api/books/${bookId}`, token)).json() as Book;
}

describe('AI cleanup with a configured (fake) OpenAI-compatible service', () => {
  it('says the pass is available, to signed-in users only', async () => {
    expect((await call(configured, 'GET', '/api/ai-cleanup/status', owner.token)).json()).toEqual({ available: true });
    expect((await call(configured, 'GET', '/api/ai-cleanup/status')).statusCode).toBe(401);
  });

  it('keeps the character fixes, refuses the rewrite, and reports both', async () => {
    const id = await insertBook(configured, owner.userId, CLEANED);
    const before = (await call(configured, 'GET', `/api/books/${id}/ai-clean`, owner.token)).json();
    expect(before).toMatchObject({ available: true, state: 'idle', chunksDone: 0, chunksTotal: 0 });

    const start = await call(configured, 'POST', `/api/books/${id}/ai-clean`, owner.token);
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json()).toMatchObject({ available: true, state: 'running' });

    const end = await waitForEnd(configured, id, owner.token);
    expect(end).toMatchObject({ state: 'done', chunksDone: 1, chunksTotal: 1, paragraphsChanged: 2, paragraphsRejected: 1 });

    // Only the damaged prose paragraphs were sent (not the heading, not the clean paragraph), with the
    // configured key and model.
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer sk-test-key');
    expect(received[0]!.body.model).toBe('quire-test-model');
    expect(JSON.parse(received[0]!.body.messages.at(-1)!.content)).toEqual({
      paragraphs: [
        'The dog walked w1th his master along the river bank.',
        'A second paragraph 0f plain prose stays here for now.',
        'The th1rd paragraph is one that the model rewrites.',
      ],
    });

    const book = await getBook(configured, id, owner.token);
    expect(book.cleanedText).toBe(
      CLEANED.replace('walked w1th his', 'walked with his').replace('paragraph 0f plain', 'paragraph of plain'),
    );
    expect(book.cleanReport?.passes).toEqual([
      ...REPORT.passes,
      { id: 'aiCorrected', label: 'Paragraphs corrected by the AI pass', count: 2 },
      { id: 'aiRejected', label: 'AI edits refused (more than a character fix)', count: 1 },
    ]);
  });

  it('ends as failed with a clear message when the service answers an error, and changes nothing', async () => {
    mode = 'error';
    const id = await insertBook(configured, owner.userId, CLEANED);
    expect((await call(configured, 'POST', `/api/books/${id}/ai-clean`, owner.token)).statusCode).toBe(202);
    const end = await waitForEnd(configured, id, owner.token);
    expect(end).toMatchObject({ state: 'failed', paragraphsChanged: 0 });
    expect(end.message).toBe('AI cleanup failed: the AI service answered with an error (HTTP 500).');
    expect(received).toHaveLength(1);
    const book = await getBook(configured, id, owner.token);
    expect(book.cleanedText).toBe(CLEANED);
    expect(book.cleanReport).toEqual(REPORT);
  });

  it('refuses a second run while one is running, and a book not cleaned yet', async () => {
    mode = 'hold';
    const id = await insertBook(configured, owner.userId, CLEANED);
    expect((await call(configured, 'POST', `/api/books/${id}/ai-clean`, owner.token)).statusCode).toBe(202);
    const again = await call(configured, 'POST', `/api/books/${id}/ai-clean`, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'AI cleanup is already running for this book.' });
    while (received.length === 0) await new Promise((r) => setTimeout(r, 10));
    release();
    expect(await waitForEnd(configured, id, owner.token)).toMatchObject({ state: 'done', paragraphsChanged: 2 });

    const raw = await insertBook(configured, owner.userId, null);
    const res = await call(configured, 'POST', `/api/books/${raw}/ai-clean`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Clean the text first' });
  });

  it("answers 404 for another user's book and sends nothing", async () => {
    const id = await insertBook(configured, owner.userId, CLEANED);
    expect((await call(configured, 'POST', `/api/books/${id}/ai-clean`, intruder.token)).statusCode).toBe(404);
    expect((await call(configured, 'GET', `/api/books/${id}/ai-clean`, intruder.token)).statusCode).toBe(404);
    expect((await call(configured, 'GET', `/api/books/${id}/ai-clean`)).statusCode).toBe(401);
    expect(received).toHaveLength(0);
    expect((await getBook(configured, id, owner.token)).cleanedText).toBe(CLEANED);
  });
});

describe('AI cleanup configuration', () => {
  it('is off unless OPENAI_API_KEY or OPENAI_BASE_URL is set; the model defaults to gpt-4o-mini', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(loadConfig({ OPENAI_API_KEY: 'sk-1' }).ai).toEqual({ apiKey: 'sk-1', baseUrl: undefined, model: 'gpt-4o-mini' });
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', QUIRE_AI_MODEL: 'llama3' }).ai).toEqual({
      apiKey: undefined,
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
    });
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });
});

describe('AI cleanup without an AI service', () => {
  it('says unavailable, answers 503 to a run, and never sends the text', async () => {
    const user = await registerUser(unconfigured.app);
    const id = await insertBook(unconfigured, user.userId, CLEANED);
    expect((await call(unconfigured, 'GET', '/api/ai-cleanup/status', user.token)).json()).toEqual({ available: false });
    expect((await call(unconfigured, 'GET', `/api/books/${id}/ai-clean`, user.token)).json()).toEqual({
      available: false,
      state: 'idle',
      chunksDone: 0,
      chunksTotal: 0,
      paragraphsChanged: 0,
      paragraphsRejected: 0,
      message: 'AI cleanup is not available: no AI service is configured.',
    });
    const res = await call(unconfigured, 'POST', `/api/books/${id}/ai-clean`, user.token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'AI cleanup is not available: no AI service is configured.' });
    expect(received).toHaveLength(0);
  });
});
