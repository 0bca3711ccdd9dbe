/**
 * Golden tables for cleanup passes (Standard Ebooks' golden-test idea, kept inline): each case runs one
 * pass alone on `input`, checks the output and the count, runs the pass again on its own output to check
 * that nothing more changes (idempotence), and, with `wordsSurvive`, that every word of the input is still
 * there (for passes that must only change formatting).
 */
import { describe, expect, it } from 'vitest';
import type { CleanPass, PassContext } from '../../src/clean/pass.ts';
import type { BookMeta } from '../../src/model/book-document.ts';
import { wordSurvival } from '../read-clean/corpus-helpers.ts';

/** One `input -> expected` case; `count` is what the pass reports through `ctx.count`. */
export interface PassCase {
  name: string;
  input: string;
  expected: string;
  count?: number;
  meta?: Partial<BookMeta>;
}

/** Runs `pass` once on `input`; returns its output and the count it reported. */
export function runPass(pass: CleanPass, input: string, meta: Partial<BookMeta> = {}): { text: string; count: number } {
  let count = 0;
  const ctx: PassContext = { meta, count: (n = 1) => void (count += n) };
  return { text: pass.run(input, ctx), count };
}

/** A `describe` block of one test per case. */
export function passTable(pass: CleanPass, cases: PassCase[], opts: { wordsSurvive?: boolean } = {}): void {
  describe(`pass ${pass.id}`, () => {
    for (const c of cases) {
      it(c.name, () => {
        const once = runPass(pass, c.input, c.meta);
        expect(once.text).toBe(c.expected);
        if (c.count !== undefined) expect(once.count).toBe(c.count);
        expect(runPass(pass, once.text, c.meta).text).toBe(once.text);
        if (opts.wordsSurvive) expect(wordSurvival(c.input, once.text).missing).toEqual([]);
      });
    }
  });
}
