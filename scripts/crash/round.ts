/**
 * One round of the crash test's work and its kill: a War and Peace PDF export is asked for (POST, not awaited) and
 * one or two corpus files are imported, then, after a random delay, `kill -9` hits either the server (the requests are
 * cut; the caller restarts it on the same data) or the Typst child compiling the export (the server stays up and the
 * job should be tried again).
 */
import path from 'node:path';
import type { Job } from '@quire/contracts';
import { bookJobs, getJob, importFile, requestExport, type RawAnswer, type User } from '../load/api.ts';
import type { ServerProcess } from '../load/server.ts';
import { isAlive, killHard, typstChildrenOf } from './processes.ts';

/** What a round does, chosen beforehand from the seeded generator. */
export interface RoundPlan {
  target: 'server' | 'typst';
  /**
   * Server rounds: ms from the export request to the kill. Typst rounds: ms from the moment the Typst compile started
   * to the kill.
   */
  delayMs: number;
  /** The corpus files imported (relative to the corpus folder) and when each request starts, ms from the export request. */
  imports: { file: string; startMs: number }[];
}

/** How the round's export request ended. */
export type ExportAnswer = { kind: 'answered'; answer: RawAnswer } | { kind: 'cut'; message: string };

/** How one import request ended. */
export interface ImportOutcome {
  file: string;
  result: 'accepted' | 'cut' | 'refused';
  bookId?: string;
  message?: string;
}

/** What happened in the round. */
export interface RoundOutcome {
  /** What was killed: the server, a Typst child, or nothing (`missed`: the compile had ended before the kill came). */
  killed: 'server' | 'typst' | 'missed';
  /** When the kill came, ms from the export request, and as `performance.now()`. */
  killAtMs: number;
  killedAt: number;
  /** The export job's state and stage at the kill, as last read ('unknown' when it was not found yet). */
  jobAtKill: string;
  /** The round's export job, when it was seen before the kill. */
  exportJobId: string | null;
  /** When its Typst compile was first seen running, and when it was first seen completed on its first try (ms from the request). */
  compileStartMs: number | null;
  completedMs: number | null;
  /** Settles once the export request ended (at once when the server was killed). */
  exportAnswer: Promise<ExportAnswer>;
  /** Gives up waiting for the export answer. */
  abortExport(): void;
  imports: ImportOutcome[];
  /** The Typst children that were running when the server was killed (to watch whether they outlive it). */
  typstAtServerKill: number[];
}

/** The people and book a round acts on. */
export interface RoundCast {
  owner: User;
  importer: User;
  warAndPeaceId: string;
  corpus: string;
}

/** How long a Typst round waits for the compile to start, ms (the export reads and builds the source first). */
const TYPESET_START_LIMIT_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `job` is running its Typst compile's stage. */
const typesetting = (job: Job | null) => job?.state === 'running' && job.stage === 'Typesetting pages';

/** Runs the round's work on `server` and kills what `plan` says; resolves once the kill is done and the imports ended. */
export async function runRound(server: ServerProcess, cast: RoundCast, plan: RoundPlan, knownJobs: ReadonlySet<string>): Promise<RoundOutcome> {
  const base = server.url;
  const { owner, importer, warAndPeaceId } = cast;
  const start = performance.now();
  const since = () => performance.now() - start;

  const abort = new AbortController();
  const exportAnswer: Promise<ExportAnswer> = requestExport(base, owner, warAndPeaceId, 'pdf', abort.signal).then(
    (answer) => ({ kind: 'answered', answer }),
    (err: unknown) => ({ kind: 'cut', message: err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : String(err) }),
  );

  // The export job, watched until the kill: its state as last read, when its compile was first seen running and when it
  // was first seen completed on its first try (ms from the request; the caller learns the export's pace from them).
  let exportJobId: string | null = null;
  let job: Job | null = null;
  let compileStartMs: number | null = null;
  let completedMs: number | null = null;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      try {
        if (!exportJobId) exportJobId = (await bookJobs(base, owner, warAndPeaceId)).find((j) => j.kind === 'export' && !knownJobs.has(j.id))?.id ?? null;
        if (exportJobId) {
          job = await getJob(base, owner, exportJobId);
          if (compileStartMs === null && typesetting(job) && typstChildrenOf(server.pid).length > 0) compileStartMs = since();
          if (completedMs === null && job.state === 'completed' && job.attempts === 1) completedMs = since();
        }
      } catch {
        // The server is being killed.
      }
      await sleep(200);
    }
  })();
  const jobState = () => (job ? `${job.state}${job.stage ? ` (${job.stage}, ${job.percent} %)` : ''}, try ${job.attempts}` : 'unknown');

  const imports: ImportOutcome[] = [];
  const importsDone = plan.imports.map(
    ({ file, startMs }) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          importFile(base, importer, path.join(cast.corpus, file)).then(
            (bookId) => imports.push({ file, result: 'accepted', bookId }),
            (err: unknown) => {
              const message = err instanceof Error ? err.message : String(err);
              // api.ts says "answered <status>" when the server answered; anything else is a cut connection.
              imports.push({ file, result: / answered \d{3}/.test(message) ? 'refused' : 'cut', message });
            },
          ).finally(resolve);
        }, startMs);
      }),
  );

  let killed: RoundOutcome['killed'];
  let typstAtServerKill: number[] = [];
  let jobAtKill: string;
  let killAtMs: number;
  if (plan.target === 'server') {
    await sleep(plan.delayMs);
    jobAtKill = jobState();
    typstAtServerKill = typstChildrenOf(server.pid);
    killAtMs = since();
    killHard(server.pid);
    await server.ended();
    killed = 'server';
  } else {
    // Wait for the compile: the job typesetting and a Typst child running.
    let compiling = false;
    const limit = performance.now() + TYPESET_START_LIMIT_MS;
    const ended = () => job?.state === 'completed' || job?.state === 'failed';
    while (performance.now() < limit) {
      compiling = typesetting(job) && typstChildrenOf(server.pid).length > 0;
      if (compiling || ended()) break;
      await sleep(100);
    }
    if (compiling) await sleep(plan.delayMs);
    jobAtKill = jobState();
    killAtMs = since();
    const children = typstChildrenOf(server.pid).filter(isAlive);
    if (typesetting(job) && children.length > 0) {
      for (const pid of children) killHard(pid);
      killed = 'typst';
    } else killed = 'missed';
  }
  watching = false;
  await watcher;
  await Promise.all(importsDone);
  return { killed, killAtMs, killedAt: start + killAtMs, jobAtKill, exportJobId, compileStartMs, completedMs, exportAnswer, abortExport: () => abort.abort(), imports, typstAtServerKill };
}
