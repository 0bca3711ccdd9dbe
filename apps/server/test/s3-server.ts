/**
 * A local S3-compatible server for the S3 storage tests (issue 14): `s3rver` from npm, run as a child process on a
 * free loopback port (test/s3-server-child.mjs), with one empty bucket. Its objects live in a temporary folder that
 * goes with it. A child keeps its work (and its memory) out of the test process, whose heap the streaming tests
 * measure.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Config } from '../src/config.ts';

/** The child's script. */
const CHILD = fileURLToPath(new URL('./s3-server-child.mjs', import.meta.url));

/** The access key pair s3rver checks request signatures with. */
const S3RVER_KEY = 'S3RVER';

/** S3 settings as config.ts `s3` holds them. */
export type S3Settings = NonNullable<Config['s3']>;

/** A running test S3 server. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`, for `S3_ENDPOINT`. */
  endpoint: string;
  bucket: string;
  /**
   * Settings that reach this server's bucket, under `prefix` (default: a new random folder, so that the tests of one
   * file never see one another's objects).
   */
  settings(prefix?: string): S3Settings;
  /** Stops the server; its objects are gone. */
  close(): Promise<void>;
}

/**
 * Starts s3rver in a child process and waits until it listens (at most `timeoutMs`).
 * @throws Error when it exits or stays silent first.
 */
export async function startS3Server(timeoutMs = 30_000): Promise<TestS3Server> {
  const bucket = 'quire-test';
  const child = spawn(process.execPath, ['--openssl-legacy-provider', CHILD], {
    env: { ...process.env, NODE_OPTIONS: '', S3RVER_BUCKET: bucket },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within ${timeoutMs} ms`)), timeoutMs);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const { port } = JSON.parse(line) as { port: number };
      resolve(port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited before listening (code ${code})`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings(prefix = `t-${randomBytes(4).toString('hex')}`) {
      return { endpoint, region: 'us-east-1', bucket, accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY, forcePathStyle: true, prefix };
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
