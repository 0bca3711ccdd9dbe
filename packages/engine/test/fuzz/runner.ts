/**
 * The test's side of the reading child (`read-child.ts`): sends it one file at a time and waits for its
 * verdict under a time limit. A child that does not answer in time is killed (SIGKILL stops a synchronous
 * endless loop, which a timer racing the promise in the same thread could not) and the case is a `hang`;
 * one that dies (V8 heap cap) or grows past the resident-memory cap is a `crashed` case. Either way the
 * next case gets a fresh child.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildReply, ChildRequest } from './read-child.ts';
import type { Verdict } from './verdict.ts';

/** Limits of the reading child. */
export interface RunnerLimits {
  /** V8 old-space cap of the child, in MiB (`--max-old-space-size`). */
  heapMb: number;
  /** Resident-set cap of the child, in MiB (ArrayBuffers live outside the V8 heap); checked every 100 ms. */
  rssMb: number;
}

/** Resident set size of a process in bytes, from Linux's `/proc/<pid>/status`; undefined elsewhere. */
function residentBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

type Waiter = { resolve: (reply: ChildReply) => void; fail: (detail: string) => void };

/** One live child and the request it is working on. */
class Child {
  readonly proc: ChildProcess;
  readonly ready: Promise<void>;
  private waiter: Waiter | undefined;
  private output = '';
  private dead: string | undefined;
  peakRss = 0;

  constructor(limits: RunnerLimits) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    this.proc = fork(fileURLToPath(new URL('./read-child.ts', import.meta.url)), [], {
      execArgv: ['--import', tsx, '--expose-gc', `--max-old-space-size=${limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-4000);
    };
    this.proc.stdout?.on('data', keep);
    this.proc.stderr?.on('data', keep);
    let started: () => void = () => {};
    let failedToStart: (e: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failedToStart = reject;
    });
    this.proc.on('message', (reply: ChildReply) => {
      if (reply.type === 'ready') return started();
      const w = this.waiter;
      this.waiter = undefined;
      w?.resolve(reply);
    });
    this.proc.on('exit', (code, signal) => {
      const oom = /heap out of memory|allocation failed/i.test(this.output);
      this.dead ??= `${oom ? 'out of memory; ' : ''}exited with ${signal ?? `code ${code}`}: ${this.output.trim().slice(-600)}`;
      failedToStart(new Error(`the reading child did not start: ${this.dead}`));
      const w = this.waiter;
      this.waiter = undefined;
      w?.fail(this.dead);
    });
    const watchdog = setInterval(() => {
      const rss = this.proc.pid === undefined ? undefined : residentBytes(this.proc.pid);
      if (rss === undefined) return;
      this.peakRss = Math.max(this.peakRss, rss);
      if (rss > limits.rssMb * 2 ** 20) {
        this.output += `\n[runner] resident memory ${Math.round(rss / 2 ** 20)} MiB passed the cap of ${limits.rssMb} MiB`;
        this.proc.kill('SIGKILL');
      }
    }, 100);
    watchdog.unref();
    this.proc.on('exit', () => clearInterval(watchdog));
  }

  get alive(): boolean {
    return this.dead === undefined;
  }

  /** Sends a request; resolves with the reply, or with `undefined` and a reason when the child dies. */
  ask(request: ChildRequest): Promise<{ reply?: ChildReply; died?: string }> {
    return new Promise((resolve) => {
      if (this.dead) return resolve({ died: this.dead });
      this.waiter = { resolve: (reply) => resolve({ reply }), fail: (died) => resolve({ died }) };
      this.proc.send(request, (error) => {
        if (error && this.waiter) {
          this.waiter = undefined;
          resolve({ died: `could not send: ${error.message}` });
        }
      });
    });
  }

  /** Kills the child; it counts as dead at once (its `exit` event comes later). */
  kill(): void {
    this.dead ??= 'killed';
    const w = this.waiter;
    this.waiter = undefined;
    w?.fail(this.dead);
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
  }
}

/** Reads files in a child process under time and memory limits. Start with {@link ReadRunner.start}. */
export class ReadRunner {
  private child: Child;
  private nextId = 1;
  /** Children started so far (1 + one per hang or crash). */
  starts = 1;
  /** Highest resident set seen in any child, in bytes. */
  peakRss = 0;

  private constructor(
    private readonly limits: RunnerLimits,
    child: Child,
  ) {
    this.child = child;
  }

  static async start(limits: RunnerLimits): Promise<ReadRunner> {
    const child = new Child(limits);
    await child.ready;
    return new ReadRunner(limits, child);
  }

  private async fresh(): Promise<Child> {
    if (this.child.alive) return this.child;
    this.peakRss = Math.max(this.peakRss, this.child.peakRss);
    this.child = new Child(this.limits);
    this.starts++;
    await this.child.ready;
    return this.child;
  }

  /** Reads `bytes` (uploaded as `fileName`) with `readBook` in the child, waiting at most `limitMs`. */
  async read(bytes: Uint8Array, fileName: string, limitMs: number): Promise<Verdict> {
    const child = await this.fresh();
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limitMs);
    });
    const answer = await Promise.race([child.ask({ type: 'read', id: this.nextId++, bytes, fileName }), timeout]);
    clearTimeout(timer);
    const ms = Math.round(performance.now() - start);
    this.peakRss = Math.max(this.peakRss, child.peakRss);
    if (answer === 'timeout') {
      child.kill();
      return { outcome: 'hang', ms };
    }
    if (answer.reply?.type === 'verdict') return answer.reply.verdict;
    child.kill();
    return { outcome: 'crashed', ms, detail: answer.died ?? 'unexpected reply' };
  }

  /** The child's V8 heap in use and resident set, in bytes, after forced garbage collections. */
  async memory(): Promise<{ heapUsed: number; rss: number }> {
    const child = await this.fresh();
    const { reply } = await child.ask({ type: 'memory', id: this.nextId++ });
    if (reply?.type !== 'memory') throw new Error('the reading child did not report its memory');
    return { heapUsed: reply.heapUsed, rss: reply.rss };
  }

  /** Ends the child. */
  close(): void {
    this.child.kill();
  }
}
