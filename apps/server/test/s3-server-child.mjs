/**
 * The child process of test/s3-server.ts: an S3-compatible server (the `s3rver` package) on a free loopback port,
 * keeping its objects in a temporary folder removed on exit. It prints `{"port":N}` on one line once it listens,
 * and exits when its standard input closes (the test process ended, however it ended) or on SIGTERM.
 *
 * Run with `node --openssl-legacy-provider`: s3rver makes ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 keeps in its legacy provider; without it every listing of more than one page fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const bucket = process.env.S3RVER_BUCKET || 'quire-test';
const directory = mkdtempSync(path.join(os.tmpdir(), 'quire-s3rver-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => {});
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
}

const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
