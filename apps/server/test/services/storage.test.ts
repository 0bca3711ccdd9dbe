/**
 * The local file storage (issue 14, "Faults": files written to a temp name, fsynced, renamed; a startup sweep removes
 * orphaned temp files): a reader never sees part of a file, a write leaves nothing beside it, and the temporary files
 * a crash left are removed when the server starts, the recent ones of another process kept.
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, sweepTemporaryFiles, TEMPORARY_FILE_PREFIX } from '../../src/services/storage.ts';
import { buildTestApp } from '../helpers.ts';
import { describeStorageContract } from '../storage-contract.ts';

describeStorageContract('local', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-storage-contract-'));
  return { storage: createLocalStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'quire-storage-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const HOUR_MS = 60 * 60 * 1000;

/** Makes a temporary file under `root` at `relative`, last written `ageMs` ago. */
async function leftover(relative: string, ageMs: number): Promise<string> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'half a PDF');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

describe('local storage', () => {
  it('writes a file whole and leaves nothing beside it', async () => {
    const storage = createLocalStorage(root);
    await storage.put('exports/b1/e1.pdf', new Uint8Array([1, 2, 3]));
    expect(await storage.get('exports/b1/e1.pdf')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await readdir(path.join(root, 'exports', 'b1'))).toEqual(['e1.pdf']);
  });

  it('never lets a reader see part of a file while it is replaced', async () => {
    const storage = createLocalStorage(root);
    const before = new Uint8Array(4 * 1024 * 1024).fill(1);
    const after = new Uint8Array(24 * 1024 * 1024).fill(2);
    await storage.put('exports/b1/e1.pdf', before);
    let writing = true;
    const seen = new Set<string>();
    const write = storage.put('exports/b1/e1.pdf', after).finally(() => {
      writing = false;
    });
    let reads = 0;
    while (writing || reads === 0) {
      const bytes = await storage.get('exports/b1/e1.pdf');
      const whole = bytes.every((byte) => byte === bytes[0]);
      seen.add(`${bytes.length}:${bytes[0]}:${whole}`);
      reads += 1;
    }
    await write;
    // Only the whole earlier file or the whole new one: never a short or mixed one.
    for (const state of seen) expect([`${before.length}:1:true`, `${after.length}:2:true`]).toContain(state);
    expect(await storage.get('exports/b1/e1.pdf')).toHaveLength(after.length);
  });

  it('sweeps the temporary files a crash left, and keeps recent ones and stored files', async () => {
    const old = await leftover(`exports/b1/${TEMPORARY_FILE_PREFIX}a`, 2 * HOUR_MS);
    const deep = await leftover(`books/b2/images/${TEMPORARY_FILE_PREFIX}b`, 3 * HOUR_MS);
    const recent = await leftover(`exports/b1/${TEMPORARY_FILE_PREFIX}c`, 60_000);
    const stored = await leftover('exports/b1/e1.pdf', 5 * HOUR_MS);
    expect(await sweepTemporaryFiles(root, HOUR_MS)).toBe(2);
    const left = await readdir(root, { recursive: true });
    expect(left.map((p) => path.join(root, p))).toEqual(expect.arrayContaining([recent, stored]));
    expect(left.map((p) => path.join(root, p))).not.toEqual(expect.arrayContaining([old]));
    expect(left.map((p) => path.join(root, p))).not.toEqual(expect.arrayContaining([deep]));
    expect(await sweepTemporaryFiles(path.join(root, 'no-such-folder'), HOUR_MS)).toBe(0);
  });

  it('sweeps when the server starts', async () => {
    const dataDir = root;
    const old = await leftover(`files/exports/b1/${TEMPORARY_FILE_PREFIX}a`, 2 * HOUR_MS);
    const app = await buildTestApp({ dataDir });
    try {
      await expect(readdir(path.dirname(old))).resolves.toEqual([]);
    } finally {
      await app.close();
    }
  });
});
