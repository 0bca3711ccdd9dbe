/**
 * `npm run fuzz`: the reader fuzz tests (`packages/engine/test/fuzz/readers-fuzz.test.ts`) with thousands of
 * mutants instead of the few hundred of `npm test`. Each run takes a fresh random seed unless one is given;
 * the seed is printed first, and fast-check prints it with the path of any failure, so a run can be replayed.
 * Failing mutants (and with `--verbose` the slowest of each format) are written to `$TMPDIR/quire-fuzz/`.
 *
 *   npm run fuzz                                     # FUZZ_RUNS=1000: 7,600 cases, 4 to 10 minutes on 2 cores
 *   npm run fuzz -- 200                              # fewer (FUZZ_RUNS=200)
 *   npm run fuzz -- 1000 --seed 14                   # replay a seed (14 is the one npm test uses, with 60)
 *   npm run fuzz -- 500 --formats docx,epub --verbose
 *
 * Case counts per format for FUZZ_RUNS=N: txt and Markdown N, HTML 1.5 N, DOCX and EPUB 2 N, PDF N / 10.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

function option(name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

const seed = option('--seed') ?? process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const formats = option('--formats') ?? process.env.FUZZ_FORMATS;
const verbose = args.includes('--verbose') || Boolean(process.env.FUZZ_VERBOSE);
const runs = args.find((a) => /^\d+$/.test(a)) ?? process.env.FUZZ_RUNS ?? '1000';
const unknown = args.filter((a) => a !== '--verbose' && a !== runs);
if (unknown.length > 0 || !(Number(runs) > 0) || !/^\d+$/.test(seed)) {
  console.error(`usage: npm run fuzz -- [runs] [--seed N] [--formats txt,markdown,html,docx,epub,pdf] [--verbose]`);
  process.exit(2);
}

const env: NodeJS.ProcessEnv = { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed };
if (formats) env.FUZZ_FORMATS = formats;
if (verbose) env.FUZZ_VERBOSE = '1';

console.log(`reader fuzzing: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}${formats ? ` FUZZ_FORMATS=${formats}` : ''}`);
const start = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', '@quire/engine', 'packages/engine/test/fuzz/readers-fuzz.test.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
console.log(`reader fuzzing ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - start) / 1000)} s (replay: npm run fuzz -- ${runs} --seed ${seed}${formats ? ` --formats ${formats}` : ''})`);
process.exit(result.status ?? 1);
