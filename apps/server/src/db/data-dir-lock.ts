/**
 * One owner per data directory. PGlite has no lock between processes: two processes on the same directory
 * would corrupt it (STACK-NOTES section 1, "Gotchas"). The owner writes its process id into
 * `<dataDir>/quire.lock`, created with O_EXCL; a lock whose process is gone is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Name of the lock file inside the data directory. */
export const LOCK_FILE_NAME = 'quire.lock';

/** Directories locked by this process (a second lock in the same process is refused too). */
const heldByThisProcess = new Set<string>();

/** The data directory is owned by another running Quire (or by this process already). */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dirLabel: string, pid: number) {
    super(
      `Quire is already running with the data directory ${dirLabel} (process ${pid}). ` +
        'Stop it first or set QUIRE_DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

/** A held lock; `release()` removes the lock file (idempotent). */
export interface DataDirLock {
  readonly lockPath: string;
  release(): void;
}

/** True when a process with this id exists (EPERM means it exists but belongs to another user). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id written in a lock file, or null when it is unreadable or garbled. */
function readLockPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock on `dataDir` (created if missing).
 * @param dirLabel how the directory is named in the error message (e.g. `./data`).
 * @throws DataDirLockedError when a live process (another one, or this one through an earlier call) holds it.
 */
export function acquireDataDirLock(dataDir: string, dirLabel: string = dataDir): DataDirLock {
  const dir = path.resolve(dataDir);
  const lockPath = path.join(dir, LOCK_FILE_NAME);
  if (heldByThisProcess.has(dir)) throw new DataDirLockedError(dirLabel, process.pid);
  mkdirSync(dir, { recursive: true });

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return held(dir, lockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = readLockPid(lockPath);
    // A lock naming this very process but not held by it is left over from an earlier run that had the same
    // process id (common for PID 1 in containers): stale, like a lock of a process that is gone.
    if (pid !== null && pid !== process.pid && processIsAlive(pid)) throw new DataDirLockedError(dirLabel, pid);
    // Stale: replace it atomically with a file naming us, then check that we won any race with another starter.
    const tmp = `${lockPath}.${process.pid}.tmp`;
    writeFileSync(tmp, `${process.pid}\n`);
    renameSync(tmp, lockPath);
    if (readLockPid(lockPath) === process.pid) return held(dir, lockPath);
  }
  const pid = readLockPid(lockPath) ?? 0;
  throw new DataDirLockedError(dirLabel, pid);
}

/** Registers a lock held by this process and returns its handle. */
function held(dir: string, lockPath: string): DataDirLock {
  heldByThisProcess.add(dir);
  let released = false;
  return {
    lockPath,
    release() {
      if (released) return;
      released = true;
      heldByThisProcess.delete(dir);
      if (readLockPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
    },
  };
}
