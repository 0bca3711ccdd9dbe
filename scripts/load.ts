/**
 * `npm run load` (issues 14 and 32, "Load"): autocannon against a Quire server on this machine, in three phases (see
 * load/phases.ts), then a Markdown report of each figure beside its target. It starts the server itself, on PGlite in
 * a temporary folder or, with `--postgres`, on a database it creates on that server and drops afterwards.
 *
 *   npm run load                                             # PGlite, 60 s of reads, a 10-minute soak
 *   npm run load -- --postgres postgres://postgres@127.0.0.1:5432/test
 *   npm run load -- --duration 10 --soak 0.5 --out load.md   # a short run, the report also written to load.md
 *
 * `--url http://127.0.0.1:PORT` measures a server already running on this machine instead (started with
 * QUIRE_LOAD_PROBE=1 and QUIRE_TRUST_PROXY=1, on a database of its own: the run signs up users and stores books).
 * The server it starts takes QUIRE_WORKER_THREADS, QUIRE_PDF_PROCESSES and LOG_LEVEL from the environment when set, and
 * nothing else of it. The exit status is 0 whether or not the targets were met (this is a measurement), 1 when the run
 * itself failed.
 */
import { cpus, totalmem } from 'node:os';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stopAll } from './load/cannon.ts';
import { loginFlood, readsDuringExport, setUp, soak, type Books } from './load/phases.ts';
import { referenceReads } from './load/reference.ts';
import { report } from './load/report.ts';
import { createDatabase, startServer, type RunDatabase, type ServerProcess } from './load/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const USAGE = `Usage: npm run load -- [--postgres URL | --url http://127.0.0.1:PORT] [--duration 60] [--soak 10]
                      [--connections 200] [--corpus ../shared/corpus] [--out report.md]
  --postgres     run the server on a new database of this PostgreSQL server (dropped at the end); default PGlite
  --url          measure a server already running on this machine (loopback addresses only)
  --duration     seconds of phase A's reads (default 60)
  --soak         minutes of phase C's mixed soak, fractions allowed; 0 leaves it out (default 10)
  --connections  connections reading books in phases A and B (default 200; the soak reads on a tenth of them)
  --corpus       the corpus folder (default ../shared/corpus from the repository)
  --out          also write the report to this file
The server started gets QUIRE_WORKER_THREADS, QUIRE_PDF_PROCESSES and LOG_LEVEL from the environment when set.`;

/** The corpus books the run uses, relative to the corpus folder (../shared/corpus/SOURCES.md). */
const CORPUS_BOOKS = {
  warAndPeace: 'gutenberg/pg2600-war-and-peace.txt',
  small: 'gutenberg/pg14572-spirit-of-christmas.txt',
} as const;

/** The command line's options, checked. */
interface Options {
  postgres: string | null;
  url: string | null;
  durationS: number;
  soakMin: number;
  connections: number;
  books: Books;
  out: string | null;
}

/** A number option: `text` as a number of at least `min`. */
function numberOption(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number of at least ${min}, not "${text}"`);
  return value;
}

/** Parses and checks the command line. @throws Error with a sentence for the user. */
function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'string' },
      url: { type: 'string' },
      duration: { type: 'string' },
      soak: { type: 'string' },
      connections: { type: 'string' },
      corpus: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  if (values.postgres && values.url) throw new Error('--postgres and --url exclude each other: a running server has its own database');
  if (values.url) {
    const url = new URL(values.url);
    if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      throw new Error(`--url must be a server on this machine (http://127.0.0.1, localhost or [::1]), not ${values.url}`);
    }
  }
  const corpus = values.corpus ? path.resolve(values.corpus) : path.resolve(root, '../shared/corpus');
  const books = { warAndPeace: path.join(corpus, CORPUS_BOOKS.warAndPeace), small: path.join(corpus, CORPUS_BOOKS.small) };
  for (const file of Object.values(books)) if (!existsSync(file)) throw new Error(`${file} is missing: give the corpus folder with --corpus`);
  return {
    postgres: values.postgres ?? null,
    url: values.url ? values.url.replace(/\/+$/, '') : null,
    durationS: numberOption('duration', values.duration, 60, 1),
    soakMin: numberOption('soak', values.soak, 10, 0),
    connections: Math.round(numberOption('connections', values.connections, 200, 1)),
    books,
    out: values.out ? path.resolve(values.out) : null,
  };
}

/** Progress on standard error; the report alone goes to standard output. */
const say = (line: string) => console.error(`[load ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Runs the load test; resolves the exit status. */
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

  let database: RunDatabase | null = null;
  let server: ServerProcess | null = null;
  let cleaning: Promise<void> | null = null;
  let interrupted = false;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      stopAll();
      await server?.stop();
      await database?.drop().catch((err: unknown) => say(`dropping ${database?.name} failed: ${String(err)}`));
    })());
  process.once('exit', () => server?.kill());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      say(`${signal}: stopping the server${database ? ` and dropping ${database.name}` : ''}`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    let base = options.url;
    let label = 'a running server';
    if (!base) {
      if (options.postgres) {
        database = await createDatabase(options.postgres);
        say(`created database ${database.name}`);
      }
      say('starting the server');
      server = await startServer(root, database?.url ?? null);
      base = server.url;
      label = database ? 'PostgreSQL' : 'PGlite';
    }
    const alive = () => {
      const ended = server?.exited();
      if (ended) throw new Error(`The server exited (${ended}) during the run. Its log ends with:\n${server!.logTail()}`);
    };
    const startedAt = new Date();

    say(`${base}: signing up users, importing and formatting War and Peace (a minute or more)`);
    const cast = await setUp(base, options.books);
    say(`phase A: ${options.connections} connections read books for ${options.durationS} s while War and Peace is exported as PDF`);
    const a = await readsDuringExport(base, cast, options.connections, options.durationS);
    alive();
    say(`reference: the same reads from a bare node:http server for ${options.durationS} s while War and Peace is exported again`);
    const ref = await referenceReads(base, cast, options.connections, options.durationS);
    alive();
    say('phase B: login flood');
    const b = await loginFlood(base, cast, options.connections);
    alive();
    let c = null;
    if (options.soakMin > 0) {
      say(`phase C: mixed soak for ${options.soakMin} min`);
      c = await soak(base, cast, options.books, options.soakMin, Math.max(1, Math.round(options.connections / 10)));
      alive();
    }

    const cpu = cpus();
    const machine = `${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GiB`;
    const text = report({ database: label, node: process.versions.node, machine, connections: options.connections, startedAt }, cast, a, ref, b, c);
    console.log(text);
    if (options.out) await writeFile(options.out, text);
    return 0;
  } catch (err) {
    if (interrupted) return 130;
    console.error(`The load test failed: ${err instanceof Error ? err.message : String(err)}`);
    if (server && !server.exited()) console.error(`The server's log ends with:\n${server.logTail()}`);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
