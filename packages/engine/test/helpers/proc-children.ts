/**
 * What Linux's /proc says of this test process's children: which are running and whether one has been reaped. The
 * tests of the engine's child processes (Typst, PDF reading) use it to prove that no child is left behind or defunct.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** A process's state letter from /proc (`Z`: a zombie, dead but not reaped), or `gone` once reaped. */
export function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return 'gone';
  }
}

/** The direct children of this process, from any of its threads, whose command line names `entry`. */
export function childrenRunning(entry: string): number[] {
  return readdirSync(`/proc/${process.pid}/task`)
    .flatMap((t) => {
      try {
        return readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return []; // the thread ended meanwhile
      }
    })
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry);
      } catch {
        return false;
      }
    });
}
