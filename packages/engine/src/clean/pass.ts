/**
 * The shape of a cleanup pass (Standard Ebooks' one-operation-per-module idea): a pure
 * `(text, ctx) => text` function with an id and a label, counting what it changed through `ctx`.
 */
import type { BookMeta } from '../model/book-document.ts';

/** What a pass may read and report while it runs. */
export interface PassContext {
  /** Book metadata known so far (Gutenberg header, caller's options); passes read, never write it. */
  readonly meta: Readonly<Partial<BookMeta>>;
  /** Adds `n` (default 1) to this pass's count in the {@link CleanReport}. */
  count(n?: number): void;
  /**
   * Records book details the text itself states (the source's title page: subtitle, translator, edition ...);
   * they are set over `meta` for the passes after and returned by `cleanText`. The pass decides what may
   * replace what is known (it reads `meta`). Absent where nobody collects them (a pass run alone).
   */
  record?(found: Partial<BookMeta>): void;
}

/**
 * A cleanup pass.
 * - `id`: stable key (report, tests, `CleanOptions.skip`).
 * - `label`: sentence fragment the UI shows before the count ("Lines of Project Gutenberg boilerplate removed").
 * - `run`: pure `(text, ctx) => text` on `\n`-separated text; must be idempotent.
 */
export interface CleanPass {
  readonly id: string;
  readonly label: string;
  run(text: string, ctx: PassContext): string;
}
