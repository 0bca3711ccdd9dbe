/**
 * `npm run crash-test` (issue 14, "Faults"): random `kill -9`s of the server and of its Typst child during War and
 * Peace PDF exports and during imports, on PGlite or PostgreSQL, with the invariants checked after each restart
 * (crash/invariants.ts): the database opens, every accepted job ends completed or failed exactly once, no export is
 * duplicated, no partial file is visible, every book is whole or absent. Prints a Markdown report of the counts.
 *
 *   npm run crash-test                                  # PGlite, 20 kills
 *   npm run crash-test -- --postgres postgres://postgres@127.0.0.1:5432/test --kills 20 --seed 7 --out crash.md
 *
 * One data directory (a temporary folder) is kept across every restart; with `--postgres`, one database created for
 * the run on that server and dropped at its end (the files directory is the data directory's, as on PGlite).
 * Each round starts the server, asks for the export and imports, kills, restarts the server on the same data after a
 * server kill, waits until no job is active, downloads the new exports, stops the server cleanly and reads the database
 * and the files directly. Exit status: 0 when no invariant was broken, 1 otherwise or when the run failed, 2 for a bad
 * command line, 130 on Ctrl-C.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getJob, register, type User } from './load/api.ts';
import { createDatabase, startServer, type RunDatabase, type ServerProcess } from './load/server.ts';
import { openCheckDb, type CheckDb } from './crash/check-db.ts';
import { checkInvariants, readBaseline, type Baseline, type Endings, type Snapshot, type Violation } from './crash/invariants.ts';
import { descendantsOf, isAlive, killHard, watchUntilGone } from './crash/processes.ts';
import { createRandom, type Random } from './crash/random.ts';
import { judgeExportAnswer, verifyDownloads, waitUntilIdle } from './crash/recovery.ts';
import { report, type RoundRecord, type Tally } from './crash/report.ts';
import { runRound, type RoundOutcome, type RoundPlan } from './crash/round.ts';
import { readServerLog } from './crash/server-log.ts';
import { setUp, timeExport, type Cast } from './crash/setup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const USAGE = `Usage: npm run crash-test -- [--postgres URL] [--kills 20] [--seed N] [--corpus ../shared/corpus] [--out report.md] [--keep]
  --postgres  run the server on a new database of this PostgreSQL server (dropped at the end); default PGlite
  --kills     rounds, one kill -9 each (default 20; about a quarter hit the Typst child, the rest the server)
  --seed      seed of the random choices (default: a new one, printed in the report)
  --corpus    the corpus folder (default ../shared/corpus from the repository)
  --out       also write the report to this file
  --keep      keep the data directory, the server log and the database for inspection
The server started gets QUIRE_WORKER_THREADS, QUIRE_PDF_PROCESSES and LOG_LEVEL from the environment when set.`;

/** The book exported in every round, relative to the corpus folder (../shared/corpus/SOURCES.md). */
const WAR_AND_PEACE = 'gutenberg/pg2600-war-and-peace.txt';

/** The files the rounds import (each imported once cleanly first: the baseline every later import must equal). */
const IMPORT_FILES = [
  'gutenberg/pg11-alice-in-wonderland.txt',
  'gutenberg/pg14572-spirit-of-christmas.txt',
  'gutenberg/pg844-importance-of-being-earnest.txt',
  'gutenberg/pg2229-faust-de.txt',
  'gutenberg/pg84-frankenstein.txt',
  'gutenberg/pg2680-meditations.txt',
  'gutenberg/pg1342-pride-and-prejudice.txt',
  'gutenberg/pg2701-moby-dick.txt',
] as const;

/** Share of rounds that kill the Typst child rather than the server. */
const TYPST_SHARE = 0.25;

/** Rounds each importing user serves (imports are limited to 30 an hour per user; a round sends at most 2). */
const ROUNDS_PER_IMPORTER = 10;

/** How long the jobs may take to end after a restart, ms: PostgreSQL's sweep waits 30 s, and a job has 3 tries. */
const RECOVERY_LIMIT_MS = 8 * 60_000;

/** The back-off before a job's second try (apps/server/src/services/jobs/job-queue.ts `retryDelayMs`), ms. */
const RETRY_BACKOFF_MS = 2_000;

/** How long a killed server's Typst child is watched before the test kills it, ms. */
const ORPHAN_LIMIT_MS = 5 * 60_000;

/** The jobs not ended yet, of any kind. */
const ACTIVE_JOBS = "select id, user_id from jobs where state in ('queued', 'running')";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SHA-256 of `bytes`, in hex. */
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The command line's options, checked. */
interface Options {
  postgres: string | null;
  kills: number;
  seed: number;
  corpus: string;
  out: string | null;
  keep: boolean;
}

/** Parses and checks the command line; null for --help. @throws Error with a sentence for the user. */
function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'string' },
      kills: { type: 'string' },
      seed: { type: 'string' },
      corpus: { type: 'string' },
      out: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  const integer = (name: string, text: string | undefined, fallback: number, min: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, not "${text}"`);
    return value;
  };
  const corpus = values.corpus ? path.resolve(values.corpus) : path.resolve(root, '../shared/corpus');
  for (const file of [WAR_AND_PEACE, ...IMPORT_FILES]) {
    if (!existsSync(path.join(corpus, file))) throw new Error(`${path.join(corpus, file)} is missing: give the corpus folder with --corpus`);
  }
  return {
    postgres: values.postgres ?? null,
    kills: integer('kills', values.kills, 20, 1),
    seed: integer('seed', values.seed, Math.floor(Math.random() * 1_000_000), 0),
    corpus,
    out: values.out ? path.resolve(values.out) : null,
    keep: values.keep ?? false,
  };
}

/** Progress on standard error; the report alone goes to standard output. */
const say = (line: string) => console.error(`[crash ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A round's choices, drawn from the seeded generator before the rounds; its times follow from the export's pace. */
interface RoundDraw {
  target: 'server' | 'typst';
  /** When the kill comes: this fraction of the export's duration (server rounds) or of its compile's (Typst rounds). */
  fraction: number;
  /**
   * The files imported, each started early (`u` second into the round) or late (shortly before the kill: 0.3 s plus
   * `u` times 4.7 s before it, so that some are cut while they are read and cleaned); in Typst rounds at `u` of the
   * time to the kill.
   */
  imports: { file: string; late: boolean; u: number }[];
}

/** How long a War and Peace PDF export takes now, and when its Typst compile starts, ms from the request. */
interface Pace {
  exportMs: number;
  compileStartMs: number;
}

/** The rounds' choices: about a quarter kill the Typst child. */
function drawRounds(random: Random, kills: number): RoundDraw[] {
  const typstRounds = new Set(random.sample([...Array(kills).keys()], Math.round(kills * TYPST_SHARE)));
  return [...Array(kills).keys()].map((i) => {
    const target = typstRounds.has(i) ? 'typst' : 'server';
    // Server kills from the export's start to a little past its end (then the completed export must stay whole);
    // Typst kills within the compile.
    const fraction = target === 'server' ? random.between(0.05, 1.15) : random.between(0.05, 0.8);
    const files = random.sample(IMPORT_FILES, random.chance(0.5) ? 2 : 1);
    return { target, fraction, imports: files.map((file) => ({ file, late: random.chance(0.5), u: random.next() })) };
  });
}

/** The round's times at the export's current `pace`. */
function planRound(draw: RoundDraw, pace: Pace): RoundPlan {
  if (draw.target === 'typst') {
    const delayMs = draw.fraction * Math.max(1_000, pace.exportMs - pace.compileStartMs);
    return { target: 'typst', delayMs, imports: draw.imports.map(({ file, u }) => ({ file, startMs: u * (pace.compileStartMs + delayMs) })) };
  }
  const delayMs = draw.fraction * pace.exportMs;
  const imports = draw.imports.map(({ file, late, u }) => ({ file, startMs: late ? Math.max(0, delayMs - 300 - u * 4_700) : u * 1_000 }));
  return { target: 'server', delayMs, imports: imports.map((imp) => ({ ...imp, startMs: Math.min(imp.startMs, delayMs - 50) })) };
}

/** The mean of the last three of `seen`, or `fallback` when there is none. */
function recent(seen: readonly number[], fallback: number): number {
  const last = seen.slice(-3);
  return last.length === 0 ? fallback : last.reduce((a, b) => a + b, 0) / last.length;
}

/** Runs the crash test; resolves the exit status. */
async function main(): Promise<number> {
  let options: Options | null;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const opts = options;
  const random = createRandom(opts.seed);
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-crash-'));
  // The server being started is tracked from its spawn, so that Ctrl-C during a start kills it too.
  const place = { dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'server.log'), onSpawn: (spawned: ServerProcess) => (server = spawned) };
  const filesDir = path.join(place.dataDir, 'files');

  let database: RunDatabase | null = null;
  let server: ServerProcess | null = null;
  let checkDb: CheckDb | null = null;
  let round: RoundOutcome | null = null;
  const orphans = new Set<number>();
  const orphanWatches: Promise<void>[] = [];
  let interrupted = false;
  let cleaning: Promise<void> | null = null;

  /** Kills the server and everything it started (its Typst children), at once. */
  const killServerTree = () => {
    if (!server || server.exited()) return;
    const tree = descendantsOf(server.pid);
    server.kill();
    for (const pid of tree) killHard(pid);
  };
  const cleanUp = () =>
    (cleaning ??= (async () => {
      round?.abortExport();
      killServerTree();
      await server?.ended();
      for (const pid of orphans) if (isAlive(pid)) killHard(pid);
      await checkDb?.close().catch(() => {});
      if (opts.keep) {
        say(`kept ${dir} (data directory and server.log)${database ? ` and the database ${database.name}` : ''}`);
        return;
      }
      await database?.drop().catch((err: unknown) => say(`dropping ${database?.name} failed: ${String(err)}`));
      await rm(dir, { recursive: true, force: true });
    })());
  process.once('exit', () => {
    killServerTree();
    for (const pid of orphans) if (isAlive(pid)) killHard(pid);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      say(`${signal}: killing the server and cleaning up`);
      if (tally.rounds.length > 0) console.log(report({ ...tally, abortedBecause: `stopped by ${signal} after round ${tally.rounds.length}` }));
      void cleanUp().finally(() => process.exit(130));
    });
  }

  const cpu = cpus();
  const tally: Tally = {
    database: opts.postgres ? 'PostgreSQL' : 'PGlite',
    seed: opts.seed,
    plannedRounds: opts.kills,
    startedAt: new Date(),
    machine: `${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.versions.node}`,
    setup: null,
    rounds: [],
    cleanStartsMs: [],
    restartsMs: [],
    imports: { sent: 0, accepted: 0, refused: 0, cut: 0, landedUnanswered: 0, absent: 0 },
    exportAnswers: { whole: 0, cut: 0, failed: new Map(), unanswered: 0 },
    typstOrphans: { count: 0, longestMs: 0, killedByTest: 0 },
    last: null,
    log: null,
    violations: [],
    abortedBecause: null,
  };
  const broke = (label: string, found: readonly Violation[]) => {
    for (const v of found) {
      tally.violations.push({ invariant: v.invariant, text: `${label}: ${v.text}` });
      say(`BROKEN (${v.invariant}) ${label}: ${v.text}`);
    }
  };

  /** Starts the server on the run's data; `afterKill` counts it as a restart after a kill -9. */
  const start = async (afterKill: boolean): Promise<ServerProcess> => {
    const begun = performance.now();
    server = await startServer(root, database?.url ?? null, place);
    (afterKill ? tally.restartsMs : tally.cleanStartsMs).push(performance.now() - begun);
    return server;
  };
  /**
   * Removes War and Peace's stored typeset PDFs (the server is stopped): a server keeps the PDFs it set in the storage
   * (apps/server typeset-pdf-store.ts), where the next export would find one instead of typesetting; each timed
   * export and each round must typeset, so that there is a compile to kill.
   */
  const forgetTypesetPdfs = async (): Promise<void> => {
    await rm(path.join(filesDir, 'books', cast!.warAndPeaceId, 'typeset'), { recursive: true, force: true });
  };
  const endings: Endings = new Map();
  const accepted = new Set<string>();
  const users = new Map<string, User>();
  let baseline: Baseline | null = null;
  let uploads: Set<string> | null = null;
  /** Reads the invariants on the open `checkDb`. */
  const check = async (label: string, db: CheckDb): Promise<Snapshot> => {
    baseline ??= await readBaseline(db, cast!.baselineFiles);
    uploads ??= new Set(await Promise.all(IMPORT_FILES.map(async (file) => sha256Of(await readFile(path.join(opts.corpus, file))))));
    const snapshot = await checkInvariants(db, { filesDir, baseline, endings, accepted, uploads });
    broke(label, snapshot.violations);
    tally.last = snapshot;
    return snapshot;
  };
  /**
   * Waits until no job at all is active (imports may run after the book's exports ended), at most until `limitAt`
   * (`performance.now()` time), stops the server cleanly (SIGTERM) and reads the invariants. On PostgreSQL the jobs
   * are read while the server runs; on PGlite the server is stopped to read them and, while some are active, started
   * again and their ends awaited through GET /api/jobs/{id}.
   */
  const settleAndCheck = async (label: string, limitAt: number): Promise<Snapshot> => {
    if (database) {
      const db = await openCheckDb(database.url, place.dataDir);
      try {
        while ((await db.query(ACTIVE_JOBS)).length > 0 && performance.now() < limitAt) await sleep(1_000);
      } finally {
        await db.close();
      }
    }
    for (;;) {
      await server?.stop();
      server = null;
      checkDb = await openCheckDb(database?.url ?? null, place.dataDir);
      const active = await checkDb.query<{ id: string; user_id: string }>(ACTIVE_JOBS);
      if (active.length === 0 || database || performance.now() > limitAt) {
        try {
          return await check(label, checkDb);
        } finally {
          await checkDb.close();
          checkDb = null;
        }
      }
      await checkDb.close();
      checkDb = null;
      say(`${label}: ${active.length} job(s) (imports) still active; starting the server again to let them end`);
      const live = await start(false);
      for (const job of active) {
        const user = users.get(job.user_id);
        if (!user) throw new Error(`job ${job.id} belongs to a user the test does not know`);
        while (performance.now() < limitAt) {
          const { state } = await getJob(live.url, user, job.id);
          if (state === 'completed' || state === 'failed') break;
          await sleep(1_000);
        }
      }
    }
  };

  let cast: Cast | null = null;
  try {
    if (opts.postgres) {
      database = await createDatabase(opts.postgres, 'quire_crash');
      say(`created database ${database.name}`);
    }
    say(`seed ${opts.seed}; data directory ${place.dataDir}; ${tally.database}`);
    say('starting the server; signing up, importing and formatting War and Peace, importing the baseline files');
    let live = await start(false);
    cast = await setUp(live.url, opts.corpus, WAR_AND_PEACE, IMPORT_FILES);
    const owner = cast.owner;
    users.set(owner.id, owner);
    await live.stop();
    server = null;
    say('timing a War and Peace PDF export on a fresh server');
    await forgetTypesetPdfs();
    live = await start(false);
    const timing = await timeExport(live.url, live.pid, owner, cast.warAndPeaceId);
    tally.setup = { importMs: cast.importMs, formatMs: cast.formatMs, exportMs: timing.exportMs, typesetStartMs: timing.typesetStartMs, pdfBytes: timing.byteSize };
    say(`the export took ${(timing.exportMs / 1000).toFixed(1)} s (Typst from ${(timing.typesetStartMs / 1000).toFixed(1)} s)`);
    const knownJobs = new Set<string>();
    const verified = new Set<string>();
    const idle = await waitUntilIdle(live, owner, cast.warAndPeaceId, knownJobs, RECOVERY_LIMIT_MS);
    broke('setup', await verifyDownloads(live.url, owner, idle.jobs, verified));
    let before = await settleAndCheck('setup', performance.now() + RECOVERY_LIMIT_MS);
    if (tally.violations.length > 0) throw new Error('the invariants were broken before any kill (see above)');

    // The kills are spread over the export's duration as the last rounds measured it (a round's imports, and other work
    // on the machine, make it slower or faster than the timed export alone).
    const draws = drawRounds(random, opts.kills);
    const exportsSeen: number[] = [];
    const compilesSeen: number[] = [];
    const importers: User[] = [];
    for (const [i, draw] of draws.entries()) {
      const n = i + 1;
      const label = `round ${n}`;
      const pace = { exportMs: recent(exportsSeen, timing.exportMs), compileStartMs: recent(compilesSeen, timing.typesetStartMs) };
      const plan = planRound(draw, pace);
      await forgetTypesetPdfs();
      live = await start(false);
      const importerIndex = Math.floor(i / ROUNDS_PER_IMPORTER);
      if (!importers[importerIndex]) {
        importers[importerIndex] = await register(live.url, 100 + importerIndex);
        users.set(importers[importerIndex].id, importers[importerIndex]);
      }
      say(`${label}: ${plan.target === 'server' ? `kill the server at ${(plan.delayMs / 1000).toFixed(1)} s` : `kill Typst ${(plan.delayMs / 1000).toFixed(1)} s into its compile`}; import ${plan.imports.map((imp) => path.basename(imp.file)).join(', ')}`);
      round = await runRound(live, { owner, importer: importers[importerIndex]!, warAndPeaceId: cast.warAndPeaceId, corpus: opts.corpus }, plan, knownJobs);
      say(`${label}: killed ${round.killed} at ${(round.killAtMs / 1000).toFixed(1)} s; export job ${round.exportJobId ?? 'not seen'} was ${round.jobAtKill}`);
      if (round.compileStartMs !== null) compilesSeen.push(round.compileStartMs);
      for (const pid of round.typstAtServerKill) {
        orphans.add(pid);
        orphanWatches.push(
          watchUntilGone(pid, ORPHAN_LIMIT_MS).then(({ ms, killed }) => {
            if (ms > 1_000) {
              tally.typstOrphans.count++;
              tally.typstOrphans.longestMs = Math.max(tally.typstOrphans.longestMs, ms);
            }
            if (killed) tally.typstOrphans.killedByTest++;
            orphans.delete(pid);
          }),
        );
      }

      let readyMs: number | null = null;
      const limitAt = performance.now() + RECOVERY_LIMIT_MS;
      if (round.killed === 'server') {
        const begun = performance.now();
        try {
          live = await start(true);
        } catch (err) {
          broke(label, [{ invariant: 'opens', text: `the database did not open after the kill: ${err instanceof Error ? err.message : String(err)}` }]);
          tally.abortedBecause = `the server did not start again after round ${n}'s kill`;
          break;
        }
        readyMs = performance.now() - begun;
        say(`${label}: ready again after ${(readyMs / 1000).toFixed(1)} s`);
      }
      const recovered = await waitUntilIdle(live, owner, cast.warAndPeaceId, knownJobs, RECOVERY_LIMIT_MS);
      // What the round says of the export's pace: a first try seen completed took `completedMs`; a try after a Typst
      // kill (after its back-off) and, on PGlite, the try a restart queues again at once are whole exports too; a
      // server kill that found the first try still running past the expected end says it takes longer than that.
      if (round.completedMs !== null) exportsSeen.push(round.completedMs);
      else if (round.killed === 'typst') exportsSeen.push(performance.now() - round.killedAt - RETRY_BACKOFF_MS);
      else if (round.killed === 'server' && !database) exportsSeen.push(recovered.ms);
      else if (round.killed === 'server' && round.killAtMs > recent(exportsSeen, timing.exportMs)) exportsSeen.push(round.killAtMs * 1.1);
      for (const job of recovered.stuck) broke(label, [{ invariant: 'ended', text: `job ${job.id} still ${job.state} (try ${job.attempts}) ${RECOVERY_LIMIT_MS / 60_000} min after the restart` }]);
      const answer = await judgeExportAnswer(round, recovered.jobs, 60_000);
      broke(label, answer.problems);
      if (answer.kind === 'whole') tally.exportAnswers.whole++;
      else if (answer.kind === 'cut') tally.exportAnswers.cut++;
      else if (answer.kind === 'waited') tally.exportAnswers.unanswered++;
      else tally.exportAnswers.failed.set(answer.status!, (tally.exportAnswers.failed.get(answer.status!) ?? 0) + 1);
      broke(label, await verifyDownloads(live.url, owner, recovered.jobs, verified));

      for (const imp of round.imports) if (imp.bookId) accepted.add(imp.bookId);
      const after = await settleAndCheck(label, limitAt);
      // Books and jobs this round added: the accepted imports, perhaps some cut ones; one export job, one job per import
      // where imports run as jobs.
      const added = [...after.books.ids].filter((id) => !before.books.ids.has(id));
      const acceptedHere = round.imports.filter((imp) => imp.result === 'accepted').length;
      const cutHere = round.imports.filter((imp) => imp.result === 'cut').length;
      const landed = added.length - acceptedHere;
      if (landed > cutHere) broke(label, [{ invariant: 'books', text: `${added.length} books appeared for ${acceptedHere + cutHere} imports` }]);
      const newJobs = (kind: string) => (after.jobs.byKind.get(kind) ?? 0) - (before.jobs.byKind.get(kind) ?? 0);
      if (newJobs('export') > 1) broke(label, [{ invariant: 'once', text: `one export request created ${newJobs('export')} export jobs` }]);
      if (newJobs('import') > round.imports.length) broke(label, [{ invariant: 'once', text: `${round.imports.length} import requests created ${newJobs('import')} import jobs` }]);
      tally.imports.sent += round.imports.length;
      tally.imports.accepted += acceptedHere;
      tally.imports.cut += cutHere;
      tally.imports.refused += round.imports.filter((imp) => imp.result === 'refused').length;
      tally.imports.landedUnanswered += Math.max(0, landed);
      tally.imports.absent += Math.max(0, cutHere - Math.max(0, landed));
      for (const imp of round.imports) if (imp.result === 'refused') say(`${label}: import of ${imp.file} refused: ${imp.message}`);

      const record: RoundRecord = {
        n,
        target: plan.target,
        killed: round.killed,
        planned: `${Math.round(draw.fraction * 100)} % of ${((draw.target === 'server' ? pace.exportMs : pace.exportMs - pace.compileStartMs) / 1000).toFixed(1)} s${draw.target === 'typst' ? ' (compile)' : ''}`,
        killAtMs: round.killAtMs,
        jobAtKill: round.jobAtKill,
        readyMs,
        recoveryMs: recovered.ms,
        imports: `${round.imports.length} sent: ${acceptedHere} accepted${cutHere ? `, ${cutHere} cut (${Math.max(0, landed)} stored anyway)` : ''}${round.imports.length - acceptedHere - cutHere ? `, ${round.imports.length - acceptedHere - cutHere} refused` : ''}`,
        exportAnswer: answer.kind === 'whole' ? '200, whole PDF' : answer.kind === 'failed' ? `answered ${answer.status}` : answer.kind === 'cut' ? 'cut by the kill' : 'unanswered',
        broken: tally.violations.filter((v) => v.text.startsWith(`${label}:`)).length,
      };
      tally.rounds.push(record);
      say(`${label}: jobs ended ${(recovered.ms / 1000).toFixed(1)} s after; ${after.jobs.total} jobs (${after.jobs.completed} completed, ${after.jobs.failed} failed), ${after.books.ids.size} books; ${record.broken} broken`);
      round = null;
      before = after;
    }

    await Promise.all(orphanWatches);
    tally.log = await readServerLog(place.logFile);
    for (const [jobId, n] of tally.log.completedTwice) broke('server log', [{ invariant: 'once', text: `job ${jobId} completed ${n} times` }]);
    const text = report(tally);
    console.log(text);
    if (opts.out) await writeFile(opts.out, text);
    return tally.violations.length === 0 && !tally.abortedBecause ? 0 : 1;
  } catch (err) {
    if (interrupted) return 130;
    console.error(`The crash test failed: ${err instanceof Error ? err.message : String(err)}`);
    if (server && !server.exited()) console.error(`The server's log ends with:\n${server.logTail()}`);
    if (tally.rounds.length > 0 || tally.violations.length > 0) {
      tally.abortedBecause ??= err instanceof Error ? err.message : String(err);
      console.log(report(tally));
    }
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
