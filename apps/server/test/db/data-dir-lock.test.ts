import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-lock-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second owner with a clear message naming the directory and the process', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, './data');
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir, './data')).toThrow(
      `Quire is already running with the data directory ./data (process ${process.pid}). Stop it first or set QUIRE_DATA_DIR to another folder.`,
    );
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tempDir();
    // A process id that cannot be alive (above the kernel's pid_max).
    writeFileSync(path.join(dir, LOCK_FILE_NAME), '99999999\n');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a lock held by another live process', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir, 'books')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, 'books')).toThrow(`(process ${process.ppid})`);
  });

  it('a second createDb on the same PGlite data directory fails with the message; the first keeps working', async () => {
    const dir = tempDir();
    const config = { dataDir: dir, dataDirLabel: './data', databaseUrl: undefined, inMemoryDatabase: false };
    const first = await createDb(config);
    try {
      await expect(createDb(config)).rejects.toThrow(/^Quire is already running with the data directory \.\/data \(process \d+\)/);
      const { users } = await import('../../src/db/schema/index.ts');
      expect(await first.db.select().from(users)).toEqual([]);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    expect(existsSync(path.join(dir, 'db'))).toBe(true);
  });

  it('a second `npm start` process on a locked data directory exits with the message', async () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        env: { ...process.env, QUIRE_DATA_DIR: dir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`Quire is already running with the data directory ${dir} (process ${process.pid}).`);
      expect(stderr).toContain('Stop it first or set QUIRE_DATA_DIR to another folder.');
    } finally {
      lock.release();
    }
  });
});
