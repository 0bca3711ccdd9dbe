/**
 * The server under load: Quire started as a child process on a free loopback port, on a fresh temporary data
 * directory and, with PostgreSQL, on a fresh database created for the run and dropped after it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** How long the server may take to answer GET /api/ready (PGlite's first start runs initdb), in milliseconds. */
const READY_TIMEOUT_MS = 180_000;

/** How long the server may take to exit on SIGTERM before it is killed, in milliseconds. */
const STOP_TIMEOUT_MS = 15_000;

/** A running server child. */
export interface ServerProcess {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string;
  /** Its process id. */
  pid: number;
  /** The file its standard output and error go to. */
  logFile: string;
  /** Null while it runs, else how it ended (`code 1`, `SIGKILL`). */
  exited(): string | null;
  /** The last `lines` lines of its log. */
  logTail(lines?: number): string;
  /** Stops it (SIGTERM, then SIGKILL after 15 s) and removes its data directory (unless the caller gave it). */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL), for `process.on('exit')`. */
  kill(): void;
  /** Resolves how it ended (`code 0`, `SIGKILL`) once it has exited. */
  ended(): Promise<string>;
}

/** Where {@link startServer} keeps the server's data and log, when the caller keeps them across restarts. */
export interface ServerPlace {
  /** The `QUIRE_DATA_DIR` to start on (kept by `stop`). */
  dataDir: string;
  /** The file the server's output is appended to (kept by `stop`). */
  logFile: string;
  /** Called with the server as soon as it is spawned, before it is ready (so that the caller can kill it meanwhile). */
  onSpawn?: (server: ServerProcess) => void;
}

/** A free TCP port on 127.0.0.1 (asked of the system, then released for the server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node --import tsx apps/server/src/server.ts` from `root` with the load probe on and the proxy headers
 * trusted (each simulated client names its own address in `X-Forwarded-For`, so the per-address rate limits treat
 * them as the different people they stand for), and resolves once GET /api/ready answers 200.
 * `databaseUrl` puts it on PostgreSQL; without it, on PGlite in the temporary data directory. `place` starts it on a
 * data directory and log file of the caller's instead (the crash test restarts the server on the same data).
 * @throws when the server exits or is not ready within 3 minutes (the message ends with its log).
 */
export async function startServer(root: string, databaseUrl: string | null, place?: ServerPlace): Promise<ServerProcess> {
  const dir = place ? null : mkdtempSync(path.join(tmpdir(), 'quire-load-'));
  const logFile = place?.logFile ?? path.join(dir!, 'server.log');
  const dataDir = place?.dataDir ?? path.join(dir!, 'data');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Only what the server needs, and the sizing the caller may choose: a DATABASE_URL, S3_* or STRIPE_* of the caller's
  // shell must not change what is measured.
  const passed = ['PATH', 'HOME', 'QUIRE_WORKER_THREADS', 'QUIRE_PDF_PROCESSES', 'LOG_LEVEL'].filter((name) => process.env[name] !== undefined);
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(passed.map((name) => [name, process.env[name]])),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    QUIRE_DATA_DIR: dataDir,
    QUIRE_LOAD_PROBE: '1',
    QUIRE_TRUST_PROXY: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const log = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env, stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
  let ended: string | null = null;
  const exit = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = signal ?? `code ${code}`;
      resolve(ended);
    });
  });

  const server: ServerProcess = {
    url,
    pid: child.pid ?? 0,
    logFile,
    exited: () => ended,
    ended: () => exit,
    logTail: (lines = 30) => readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n'),
    kill: () => {
      if (ended === null) child.kill('SIGKILL');
    },
    async stop() {
      if (ended === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exit;
        clearTimeout(timer);
      }
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };

  place?.onSpawn?.(server);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (ended !== null) break;
    const ready = await fetch(`${url}/api/ready`).then((res) => res.ok, () => false);
    if (ready) return server;
    await sleep(250);
  }
  const why = ended !== null ? `exited (${ended})` : `was not ready within ${READY_TIMEOUT_MS / 1000} s`;
  const tail = server.logTail();
  await server.stop();
  throw new Error(`The server ${why}. Its log ends with:\n${tail}`);
}

/** A database made for one run. */
export interface RunDatabase {
  url: string;
  name: string;
  /** Drops it (the server must have stopped). */
  drop(): Promise<void>;
}

/** Creates an empty database `<prefix>_<timestamp>` (`quire_load_...` by default) on the PostgreSQL server of `baseUrl`. */
export async function createDatabase(baseUrl: string, prefix = 'quire_load'): Promise<RunDatabase> {
  const name = `${prefix}_${Date.now()}`;
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
    name,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
