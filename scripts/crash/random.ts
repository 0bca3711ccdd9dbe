/**
 * The crash test's randomness: a small seeded generator (mulberry32), so that a run's choices (which process is killed
 * when, which files are imported) come back the same with the same `--seed`. Timings still vary from run to run: the
 * seed fixes the choices, not how long the server takes.
 */

/** A seeded source of random choices. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of `items` (not empty). */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements of `items`, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** The generator of `seed` (any integer; only its low 32 bits count). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample(items, count) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
  return random;
}
