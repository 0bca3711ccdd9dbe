/**
 * Graceful shutdown of the real process (issue 14, "Faults": on SIGTERM in-flight requests finish, new ones are
 * refused, the process exits within 10 s): `npm start`'s server is started on a fresh data directory, a request is
 * left half sent, SIGTERM arrives, and then the request completes with its real answer while a new connection is
 * refused, and the process exits with status 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts the server on a free port; resolves with the process and its port once it listens. */
async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-shutdown-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, QUIRE_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /running at http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
}

/** Whether a new TCP connection to `port` is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new connections and exits with 0 within 10 s', async () => {
    const { child, port } = await startServer();
    const exited = new Promise<{ code: number | null; atMs: number }>((resolve) => child.on('exit', (code) => resolve({ code, atMs: Date.now() })));

    // A sign-in whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const answered = new Promise<void>((resolve) => socket.on('end', () => resolve()));
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await connects(port)).toBe(false);

    socket.write(body.slice(10));
    await answered;
    // The real answer of a wrong sign-in, not a 503 or a reset connection.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('Invalid email or password');

    const { code, atMs } = await exited;
    expect(code).toBe(0);
    expect(atMs - signalledAt).toBeLessThan(10_000);
  }, 60_000);
});
