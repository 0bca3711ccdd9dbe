/**
 * The processes the crash test kills, found through /proc (Linux): the server it started and the Typst children that
 * server forked (the engine's PdfProcessPool runs `pdf-child` in child processes). Only descendants of the server this
 * test started are ever looked at or killed.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** What names a Typst child in its command line (packages/engine/src/write/typst/pdf-child.ts). */
const TYPST_CHILD = 'pdf-child';

/** The direct children of process `pid` (from every thread's `children` list); none when it is gone. */
export function childrenOf(pid: number): number[] {
  const found = new Set<number>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  for (const task of tasks) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/)) {
        if (child) found.add(Number(child));
      }
    } catch {
      // The thread ended meanwhile.
    }
  }
  return [...found];
}

/** Process `pid`'s command line, its arguments joined by spaces ('' when it is gone). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Every descendant of `pid`, children before grandchildren. */
export function descendantsOf(pid: number): number[] {
  const all: number[] = [];
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const next = queue.shift()!;
    all.push(next);
    queue.push(...childrenOf(next));
  }
  return all;
}

/** The Typst children of the server `serverPid` (its children whose command line runs `pdf-child`). */
export function typstChildrenOf(serverPid: number): number[] {
  return childrenOf(serverPid).filter((pid) => commandOf(pid).includes(TYPST_CHILD));
}

/** True while process `pid` runs (a zombie, dead but not yet reaped, counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    // The state is the field after the parenthesised command name: `pid (comm) S ...`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Sends SIGKILL to `pid`; false when it was already gone. */
export function killHard(pid: number): boolean {
  try {
    process.kill(pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/** How a watched process ended: how long it lived on after the watch began, and whether the watch had to kill it. */
export interface Outlived {
  ms: number;
  killed: boolean;
}

/**
 * Watches process `pid` (a Typst child whose server was killed) until it is gone; past `limitMs` it is killed, if its
 * command line still names `pdf-child` (the pid was not taken by another process).
 */
export async function watchUntilGone(pid: number, limitMs: number): Promise<Outlived> {
  const start = performance.now();
  while (isAlive(pid)) {
    if (performance.now() - start > limitMs) {
      const killed = commandOf(pid).includes(TYPST_CHILD) && killHard(pid);
      return { ms: performance.now() - start, killed };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ms: performance.now() - start, killed: false };
}
