/**
 * A Typst child busy in a compile dies with its parent (pool.ts `childRunner`: `setpriv --pdeathsig KILL` on Linux):
 * after a `kill -9` of the process that started it, the compile does not run on, orphaned, slowing the restarted
 * server (issue 14, "Faults"; `npm run crash-test` measured such orphans living up to 17 s before).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PdfProcessPool } from '../../src/write/typst/pool.ts';

const parentScript = fileURLToPath(new URL('../helpers/pool-parent.ts', import.meta.url));

/** The direct children of `pid` (from each of its threads). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** True while `pid` runs (a zombie, dead but not reaped, counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux' && existsSync('/usr/bin/setpriv'))('a pool child whose parent is killed', () => {
  it('dies within a second, in the middle of its compile', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', parentScript], { stdio: 'ignore' });
    try {
      let child: number | undefined;
      for (let i = 0; i < 200 && child === undefined; i++) {
        await sleep(50);
        child = childrenOf(parent.pid!).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pdf-child'));
      }
      expect(child, 'the pool started its child').toBeDefined();
      // Let the compile begin (the child has read its job), then kill the parent as a crash would.
      await sleep(1500);
      expect(alive(child!)).toBe(true);
      parent.kill('SIGKILL');
      let gone = false;
      for (let i = 0; i < 20 && !gone; i++) {
        await sleep(50);
        gone = !alive(child!);
      }
      expect(gone, 'the child died with its parent').toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  }, 30_000);
});

describe.runIf(process.platform === 'linux')('a pool asked for a niceness', () => {
  it('runs its children at that nice value, yielding the CPU to the process that answers requests', async () => {
    const pool = new PdfProcessPool({ size: 1, niceness: 10 });
    try {
      const compiling = pool.compile('#set page(width: 100pt, height: 100pt)\nHello.');
      let child: number | undefined;
      for (let i = 0; i < 200 && child === undefined; i++) {
        child = childrenOf(process.pid).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pdf-child'));
        if (child === undefined) await sleep(10);
      }
      expect(child, 'the pool started its child').toBeDefined();
      // Field 19 of /proc/<pid>/stat, counted after the parenthesised command name.
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])).toBe(10);
      expect((await compiling).subarray(0, 5)).toEqual(new TextEncoder().encode('%PDF-'));
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('refuses a niceness outside 0 to 19', () => {
    expect(() => new PdfProcessPool({ niceness: 20 })).toThrow(/niceness must be a whole number from 0 to 19/);
    expect(() => new PdfProcessPool({ niceness: -1 })).toThrow(RangeError);
  });
});
