/**
 * The public API calls the load test makes outside autocannon: sign up, sign in, import, read, edit, format and export
 * a book, and read the load probe. A session is the bearer token register and login answer; each user acts from an
 * address of its own (`X-Forwarded-For`, which the server trusts under the load test: see server.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import type { AuthResponse, Book, BookJobsResponse, ExportFormat, FormatBody, ImportResponse, Job } from '@quire/contracts';
import type { LoadProbe } from '../../apps/server/src/routes/load-probe.ts';

/** A signed-up user of the run. */
export interface User {
  /** Its user id. */
  id: string;
  email: string;
  password: string;
  /** The bearer token of its session. */
  token: string;
  /** The client address it sends in `X-Forwarded-For`. */
  client: string;
}

/**
 * The `n`th simulated client's address, in 198.18.0.0/15 (RFC 2544: set aside for benchmarks, never a real visitor).
 * `n` from 0 to 65,535.
 */
export function clientAddress(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** Options of one {@link call}. */
interface CallOptions {
  method?: string;
  /** Who sends it: the bearer token, when there is one, and the client address. */
  as?: { token?: string; client: string };
  /** A JSON body, or a form. */
  json?: unknown;
  body?: FormData;
}

/**
 * Sends one request to `base` + `route` and resolves the response once it answered 2xx.
 * @throws Error naming the route, the status and the server's message otherwise.
 */
async function call(base: string, route: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.json !== undefined || options.body ? 'POST' : 'GET');
  const headers: Record<string, string> = {};
  if (options.as?.token) headers.authorization = `Bearer ${options.as.token}`;
  if (options.as) headers['x-forwarded-for'] = options.as.client;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + route, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** Signs up user `n` of the run (a random password; its own client address, `clientAddress(n)`). */
export async function register(base: string, n: number): Promise<User> {
  const email = `load-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const password = `load-${randomBytes(12).toString('hex')}`;
  const client = clientAddress(n);
  const res = await call(base, '/api/auth/register', { as: { client }, json: { email, password, firstName: 'Load', lastName: `User ${n}` } });
  const { token, user } = (await res.json()) as AuthResponse;
  return { id: user.id, email, password, token, client };
}

/** Signs `user` in again from its address; resolves the new session's token. */
export async function signIn(base: string, user: User): Promise<string> {
  const res = await call(base, '/api/auth/login', { as: { client: user.client }, json: { email: user.email, password: user.password } });
  return ((await res.json()) as AuthResponse).token;
}

/** Uploads the file at `file` as a new book of `user` (cleaned at import, the default); resolves its id. */
export async function importFile(base: string, user: User, file: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([await readFile(file)], { type: 'text/plain' }), path.basename(file));
  const res = await call(base, '/api/import', { as: user, body: form });
  return ((await res.json()) as ImportResponse).id;
}

/** The whole book (its texts included). */
export async function getBook(base: string, user: User, id: string): Promise<Book> {
  return (await call(base, `/api/books/${id}`, { as: user })).json() as Promise<Book>;
}

/** One book read as the server answered it: its headers (those of the connection and the request's own left out) and body bytes. */
export interface WireRead {
  headers: Record<string, string>;
  body: Buffer;
}

/** The headers of an answer that belong to its connection or its request, not to what it answers. */
const PER_ANSWER_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding', 'x-request-id']);

/**
 * GET /api/books/{id} as `user` with `acceptEncoding`, its body kept as sent (compressed when the server compressed it:
 * node:http decodes nothing). @throws Error for an answer other than 200.
 */
export function readOnTheWire(base: string, user: User, id: string, acceptEncoding: string): Promise<WireRead> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      `${base}/api/books/${id}`,
      { headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.client, 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`GET /api/books/${id} answered ${response.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string' && !PER_ANSWER_HEADERS.has(name)) headers[name] = value;
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on('error', reject);
  });
}

/** Replaces the book's edited text (and its formatted text, once formatted) with `text`. */
export async function saveText(base: string, user: User, id: string, text: string): Promise<void> {
  await (await call(base, `/api/books/${id}/save-text`, { as: user, json: { text } })).arrayBuffer();
}

/** Formats the book in its default layout (Amazon KDP 6x9), which sets it whole to count its pages. */
export async function formatBook(base: string, user: User, id: string): Promise<void> {
  const body: FormatBody = { genre: 'literature', metadata: { description: 'A book formatted by the load test.' } };
  await (await call(base, `/api/books/${id}/format`, { as: user, json: body })).arrayBuffer();
}

/** Exports the book in `format` and reads the whole file; resolves its size in bytes. */
export async function exportBook(base: string, user: User, id: string, format: ExportFormat): Promise<number> {
  const res = await call(base, `/api/books/${id}/export/${format}`, { as: user, method: 'POST' });
  return (await res.arrayBuffer()).byteLength;
}

/** An answer read whole: its status and body (the crash test judges failures itself rather than throwing). */
export interface RawAnswer {
  status: number;
  body: Uint8Array;
}

/**
 * POST /api/books/{id}/export/{format} as `user`, read whole whatever its status; `signal` gives up waiting.
 * @throws when the connection fails (the server was killed) or `signal` aborts.
 */
export async function requestExport(base: string, user: User, id: string, format: ExportFormat, signal?: AbortSignal): Promise<RawAnswer> {
  const res = await fetch(`${base}/api/books/${id}/export/${format}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.client },
    signal: signal ?? null,
  });
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
}

/** The book's jobs (GET /api/books/{id}/jobs: those not ended and those ended in the last day, newest first, at most 20). */
export async function bookJobs(base: string, user: User, id: string): Promise<Job[]> {
  return ((await (await call(base, `/api/books/${id}/jobs`, { as: user })).json()) as BookJobsResponse).jobs;
}

/** One job of `user` (GET /api/jobs/{id}). */
export async function getJob(base: string, user: User, jobId: string): Promise<Job> {
  return (await call(base, `/api/jobs/${jobId}`, { as: user })).json() as Promise<Job>;
}

/** GET `route` (a download URL the API answered) as `user`, read whole whatever its status. */
export async function download(base: string, user: User, route: string): Promise<RawAnswer> {
  const res = await fetch(base + route, { headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.client } });
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
}

/** Reads the server's load probe (GET /api/load-probe), then restarts its delay measurement when `reset`. */
export async function readProbe(base: string, reset = false): Promise<LoadProbe> {
  return (await call(base, `/api/load-probe${reset ? '?reset=1' : ''}`)).json() as Promise<LoadProbe>;
}

/** How long `work` took, in milliseconds, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}
