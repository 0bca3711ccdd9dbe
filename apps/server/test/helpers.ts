/**
 * Test helpers: an app per test file on a fresh database (in-memory PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set), users, multipart bodies, the sample book made ready to export and small local HTTP
 * servers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';

export { startServer, type LocalServer } from './local-server.ts';

/** The PostgreSQL server the suite also runs against, when set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A database created for one test file and dropped afterwards. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty PostgreSQL database on the TEST_DATABASE_URL server (so reruns never see old rows). */
export async function createTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `quire_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // pg's Pool.end() resolves once its clients were told to end, before their backends have gone; a forced
        // drop would then terminate a closing client, which reports it as an uncaught error. Wait for them
        // (at most 30 s: a machine busy with two suites can be that slow to end them).
        for (let i = 0; i < 600; i++) {
          const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A running test app and how to dispose of it. */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Which database the suite runs on, for test names. */
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

let logFiles = 0;

/**
 * Where an app logs during the suite when its test asks for no log level or stream of its own: a file in the folder
 * test/log-audit.ts audits, at `info`. Undefined outside vitest's global setup (the app stays silent).
 */
function auditedLogFile(): NodeJS.WritableStream | undefined {
  const dir = process.env.QUIRE_TEST_LOG_DIR;
  return dir ? createWriteStream(path.join(dir, `${process.pid}-${++logFiles}.log`)) : undefined;
}

/**
 * Builds the app on a temporary data directory and a fresh database. Private URLs are allowed unless
 * `overrides` says otherwise (the tests' HTTP servers listen on loopback). A `databaseUrl` in `overrides` puts the app
 * on that PostgreSQL database instead (several apps sharing one, like API processes behind a load balancer); the
 * caller created it and drops it.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, options: BuildAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quire-server-test-'));
  const logFile = overrides.logLevel === undefined && options.logStream === undefined ? auditedLogFile() : undefined;
  const database = TEST_DATABASE_URL && !overrides.databaseUrl ? await createTestDatabase(TEST_DATABASE_URL) : null;
  const config = loadConfig(
    {},
    {
      dataDir,
      dataDirLabel: dataDir,
      databaseUrl: database?.url,
      inMemoryDatabase: !database && !overrides.databaseUrl,
      allowPrivateUrls: true,
      webDistDir: null,
      logLevel: logFile ? 'info' : 'silent',
      workerThreads: 2,
      // Refusals are sent at once here; auth.test.ts checks the delay itself.
      refusalDelayMs: 0,
      ...overrides,
    },
  );
  const app = await buildApp(config, { ...options, ...(logFile ? { logStream: logFile } : {}) });
  await app.ready();
  return {
    app,
    config,
    driver: config.databaseUrl ? 'postgres' : 'pglite',
    async close() {
      await app.close();
      if (logFile) await new Promise<void>((resolve) => logFile.end(resolve));
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** Registers a new user and answers its bearer token and id. */
export async function registerUser(app: FastifyInstance, email?: string): Promise<{ token: string; userId: string; email: string }> {
  const address = email ?? `reader${++userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: address, password: 'secret123' } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email: address };
}

/** `Authorization` header of a token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A multipart/form-data body with one file field. */
export function multipartFile(
  field: string,
  fileName: string,
  content: Uint8Array | string,
  contentType = 'text/plain',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----quire${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, typeof content === 'string' ? Buffer.from(content) : Buffer.from(content), tail]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A short public-domain text with a Gutenberg-style header, two chapters and enough words to clean. */
export const SAMPLE_BOOK = [
  'The Project Gutenberg eBook of A Small Sample, by Jane Example',
  '',
  'Title: A Small Sample',
  '',
  'Author: Jane Example',
  '',
  'Language: English',
  '',
  '*** START OF THE PROJECT GUTENBERG EBOOK A SMALL SAMPLE ***',
  '',
  'CHAPTER I',
  '',
  'It was a bright cold day in April, and the clocks were striking thirteen. The',
  'reader turned the page with "quiet" care -- and smiled.',
  '',
  'A second paragraph follows here, short and plain.',
  '',
  'CHAPTER II',
  '',
  'The end came quickly, as ends do; nobody was surprised by it.',
  '',
  '*** END OF THE PROJECT GUTENBERG EBOOK A SMALL SAMPLE ***',
  '',
].join('\n');

/**
 * Imports {@link SAMPLE_BOOK} for the user of `token` (a `sample.txt` upload to POST /api/import) and answers the new
 * book's id. Expects the 201; the book is not cleaned yet, so it cannot be exported until {@link formatBookForExport}.
 */
export async function importSampleBook(app: FastifyInstance, token: string): Promise<string> {
  const { payload, headers } = multipartFile('file', 'sample.txt', SAMPLE_BOOK);
  const imported = await app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(imported.statusCode, imported.body).toBe(201);
  return (imported.json() as { id: string }).id;
}

/**
 * Makes an imported book exportable, the set-up of the export tests: cleans it, then formats it with the literature
 * layout (English, with a description). Expects a 200 from each.
 */
export async function formatBookForExport(app: FastifyInstance, token: string, bookId: string): Promise<void> {
  expect((await app.inject({ method: 'POST', url: `/api/books/${bookId}/clean`, headers: bearer(token) })).statusCode).toBe(200);
  const formatted = await app.inject({
    method: 'POST',
    url: `/api/books/${bookId}/format`,
    headers: bearer(token),
    payload: { genre: 'literature', metadata: { description: 'A short sample book for export tests.', language: 'en' } },
  });
  expect(formatted.statusCode, formatted.body).toBe(200);
}

/** Number of books in the `books` table (all users): "nothing saved" checks. */
export async function countBooks(app: FastifyInstance): Promise<number> {
  const { books } = await import('../src/db/schema/index.ts');
  const rows = await app.db.select({ id: books.id }).from(books);
  return rows.length;
}

/**
 * A file of the shared corpus of real books (`../shared/corpus` beside the repository, always there in CI).
 * @throws Error naming the missing file, so a missing corpus fails loudly instead of skipping.
 */
export function corpusFile(relativePath: string): Buffer {
  const file = fileURLToPath(new URL(`../../../../shared/corpus/${relativePath}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`Corpus file missing: ${file} (../shared/corpus beside the repository)`);
  return readFileSync(file);
}

/** A file of apps/server/test/fixtures (see its README for how each was made). */
export function fixtureFile(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
}
