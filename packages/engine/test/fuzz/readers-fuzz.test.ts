/**
 * Fuzzing the readers (issue 14): mutants of small valid files of every input format (`seeds.ts`),
 * made by fast-check recipes (`mutate.ts`: byte flips, truncation, inserted runs, markup and PDF-syntax
 * edits, and for DOCX and EPUB edits of the XML inside the ZIP, entries removed, renamed or duplicated,
 * header fields such as the declared size patched), each read by `readBook` in a child process
 * (`runner.ts`). For every mutant:
 * - `readBook` resolves with a result of the documented shape, or rejects with an EngineError of one of
 *   its documented codes (nothing else, and no programming error of ours hidden as "damaged");
 * - it settles within a time limit (a hang detector, not a speed assertion: 10 s, PDF 75 s since the PDF
 *   reader's own limit is 60 s); the child is killed and the case fails otherwise;
 * - it stays under a V8 heap cap of 1 GiB and a resident cap of 1.5 GiB (the child dies otherwise);
 * and after the whole run the child's heap, after forced collections, has grown by less than 256 MiB.
 *
 * Environment:
 * - `FUZZ_RUNS` (default 60) scales the case counts: per format txt and Markdown x1, HTML x1.5, DOCX and
 *   EPUB x2, PDF x0.1 (each PDF costs seconds of extraction process), at least 6; 60 gives 456 cases;
 * - `FUZZ_SEED` (default 14) picks the random stream; fast-check prints seed and path of a failure;
 * - `FUZZ_FORMATS` (e.g. `docx,epub`) limits the formats; `FUZZ_VERBOSE=1` also prints and saves the
 *   slowest case of each format.
 * `npm run fuzz` (`scripts/fuzz.ts`) runs thousands. Failing mutants are written to `$TMPDIR/quire-fuzz/`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputFormat } from '../../src/read/index.ts';
import { entryNames, mutate, recipeFor, type Recipe } from './mutate.ts';
import { ReadRunner } from './runner.ts';
import { makeSeeds, type Seed } from './seeds.ts';
import { contractBreach, maskedEngineBug, type Verdict } from './verdict.ts';

const BASE_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const ALL_FORMATS: readonly InputFormat[] = ['txt', 'markdown', 'html', 'docx', 'epub', 'pdf'];
const FORMATS = process.env.FUZZ_FORMATS ? ALL_FORMATS.filter((f) => process.env.FUZZ_FORMATS!.split(',').includes(f)) : ALL_FORMATS;
const WEIGHT: Record<InputFormat, number> = { txt: 1, markdown: 1, html: 1.5, docx: 2, epub: 2, pdf: 0.1 };
const runsOf = (format: InputFormat) => Math.max(6, Math.round(BASE_RUNS * WEIGHT[format]));
/** Hang detector per case; the PDF reader stops its own extraction at 60 s. */
const LIMIT_MS = (format: InputFormat) => (format === 'pdf' ? 75_000 : 10_000);
const LIMITS = { heapMb: 1024, rssMb: 1536 };
const HEAP_GROWTH_LIMIT = 256 * 2 ** 20;
const FAILURES = path.join(tmpdir(), 'quire-fuzz');

/** Outcomes of one format's cases, for the summary. */
interface Tally {
  cases: number;
  outcomes: Map<string, number>;
  causes: Map<string, number>;
  maxMs: number;
  totalMs: number;
  /** The recipe of the slowest case (shortened) and its bytes. */
  slowest: string;
  slowestBytes?: Uint8Array;
}

const tallies = new Map<InputFormat, Tally>();

function tally(format: InputFormat, v: Verdict, recipe: Recipe, bytes: Uint8Array): void {
  const t: Tally = tallies.get(format) ?? { cases: 0, outcomes: new Map(), causes: new Map(), maxMs: 0, totalMs: 0, slowest: '' };
  tallies.set(format, t);
  t.cases++;
  if (v.ms > t.maxMs) {
    const json = JSON.stringify(recipe, (_k, x: unknown) => (x instanceof Uint8Array ? `<${x.length} bytes>` : x));
    t.slowest = json.length > 400 ? `${json.slice(0, 400)}...` : json;
    t.slowestBytes = bytes;
  }
  t.maxMs = Math.max(t.maxMs, v.ms);
  t.totalMs += v.ms;
  const key = v.outcome === 'engine-error' ? v.code : v.outcome === 'resolved' ? `read as ${v.format}` : v.outcome;
  t.outcomes.set(key, (t.outcomes.get(key) ?? 0) + 1);
  if (v.outcome === 'engine-error' && v.cause) {
    const where = v.cause.frame?.replace(/^.*?\/(node_modules|packages)\//, '$1/').replace(/\)$/, '') ?? '?';
    const cause = `${v.cause.name}: ${v.cause.message.replace(/\s+/g, ' ').slice(0, 70)} (${where})`;
    t.causes.set(cause, (t.causes.get(cause) ?? 0) + 1);
  }
}

function saveFailure(seed: Seed, bytes: Uint8Array, prefix = ''): string {
  mkdirSync(FAILURES, { recursive: true });
  const file = path.join(FAILURES, `${prefix}${seed.format}-${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}${path.extname(seed.fileName)}`);
  writeFileSync(file, bytes);
  return file;
}

describe(`readers under fuzzing (FUZZ_RUNS=${BASE_RUNS}, FUZZ_SEED=${SEED})`, () => {
  let runner: ReadRunner;
  let seeds: Seed[];
  let baseline: { heapUsed: number; rss: number };

  beforeAll(async () => {
    [seeds, runner] = await Promise.all([makeSeeds(), ReadRunner.start(LIMITS)]);
  });

  afterAll(() => {
    runner?.close();
    const lines = [...tallies].map(([format, t]) => {
      const outcomes = [...t.outcomes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
      const causes = [...t.causes].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `\n      ${n} x ${k}`).join('');
      return `  ${format}: ${t.cases} cases, mean ${Math.round(t.totalMs / t.cases)} ms, max ${t.maxMs} ms: ${outcomes}${causes ? `\n    wrapped causes:${causes}` : ''}${process.env.FUZZ_VERBOSE ? `\n    slowest: ${t.slowest}\n    saved to ${saveFailure(seeds.find((x) => x.format === format)!, t.slowestBytes!, 'slowest-')}` : ''}`;
    });
    const cases = [...tallies.values()].reduce((n, t) => n + t.cases, 0);
    console.log(
      `reader fuzzing, seed ${SEED}: ${cases} cases, ${runner?.starts ?? 0} reading process(es), peak resident ${Math.round((runner?.peakRss ?? 0) / 2 ** 20)} MiB\n${lines.join('\n')}`,
    );
  });

  it('reads every seed as its own format', async () => {
    for (const seed of seeds) {
      const v = await runner.read(seed.bytes, seed.fileName, LIMIT_MS(seed.format));
      expect(v, seed.fileName).toMatchObject({ outcome: 'resolved', format: seed.format, problems: [] });
    }
    baseline = await runner.memory();
  });

  it('builds the same seeds, byte for byte, a second time (runs replay exactly)', async () => {
    const again = await makeSeeds();
    const digest = (list: Seed[]) => list.map((s) => `${s.fileName} ${createHash('sha1').update(s.bytes).digest('hex')}`);
    expect(digest(again)).toEqual(digest(seeds));
  });

  for (const format of FORMATS) {
    const runs = runsOf(format);
    it(`${format}: ${runs} mutants each resolve or reject with an EngineError, in time and memory`, { timeout: 600_000 + runs * LIMIT_MS(format) }, async () => {
      const seed = seeds.find((s) => s.format === format)!;
      const names = format === 'docx' || format === 'epub' ? entryNames(seed.bytes) : [];
      await fc.assert(
        fc.asyncProperty(fc.limitShrink(recipeFor(format, names), 40), async (recipe: Recipe) => {
          const bytes = mutate(format, seed.bytes, recipe);
          const verdict = await runner.read(bytes, seed.fileName, LIMIT_MS(format));
          tally(format, verdict, recipe, bytes);
          const breach = contractBreach(verdict) ?? maskedEngineBug(verdict);
          if (breach) {
            const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${BASE_RUNS} FUZZ_FORMATS=${format}`;
            throw new Error(`${seed.fileName} mutant (${bytes.length} bytes, saved to ${saveFailure(seed, bytes)}; replay with ${replay}): ${breach}`);
          }
        }),
        { numRuns: runs, seed: SEED + ALL_FORMATS.indexOf(format) },
      );
    });
  }

  it(`leaves the reading process's heap less than ${HEAP_GROWTH_LIMIT / 2 ** 20} MiB larger than after the seeds`, async () => {
    expect(runner.starts, 'a reading process was restarted after a hang or a crash').toBe(1);
    const after = await runner.memory();
    console.log(
      `reading process after the run: heap ${Math.round(after.heapUsed / 2 ** 20)} MiB (after the seeds ${Math.round(baseline.heapUsed / 2 ** 20)} MiB), resident ${Math.round(after.rss / 2 ** 20)} MiB`,
    );
    expect(after.heapUsed - baseline.heapUsed).toBeLessThan(HEAP_GROWTH_LIMIT);
  });
});
