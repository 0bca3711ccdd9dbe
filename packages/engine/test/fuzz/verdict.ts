/**
 * What one read of a mutant came to, and whether that breaks the readers' contract. Shared by the
 * reading child (`read-child.ts`, which classifies) and the test (which judges).
 */
import type { EngineErrorCode } from '../../src/errors.ts';

/** The codes `readBook` documents; a subset of {@link EngineErrorCode} (checked below). */
export const READ_BOOK_CODES = ['UNSUPPORTED_FORMAT', 'UNREADABLE_INPUT', 'ARCHIVE_TOO_LARGE', 'EMPTY_INPUT'] as const satisfies readonly EngineErrorCode[];

/** A thrown value in a few words: its name, message and where it was thrown. */
export interface ErrorSummary {
  name: string;
  message: string;
  /** The top frame of its stack, if any. */
  frame?: string;
  /** True when it was thrown in the engine's own sources rather than a library's (by its top frame). */
  ours: boolean;
}

/**
 * One read:
 * - `resolved`: `readBook` gave a result; `problems` lists what does not match {@link ReadOutput}'s shape;
 * - `engine-error`: it rejected with an EngineError; `cause` is what a reader threw before `readBook`
 *   wrapped it (a library's error on a malformed file), when it did;
 * - `untyped`: it rejected with anything else (a contract violation);
 * - `hang`: no answer within the time limit (the reading process was killed);
 * - `crashed`: the reading process died (out of memory above its heap cap, or killed above the memory cap).
 */
export type Verdict =
  | { outcome: 'resolved'; ms: number; kind: string; format: string; problems: string[] }
  | { outcome: 'engine-error'; ms: number; code: string; message: string; cause?: ErrorSummary }
  | { outcome: 'untyped'; ms: number; error: ErrorSummary }
  | { outcome: 'hang'; ms: number }
  | { outcome: 'crashed'; ms: number; detail: string };

/** Why a verdict breaks the contract of `readBook`, or undefined when it keeps it. */
export function contractBreach(v: Verdict): string | undefined {
  switch (v.outcome) {
    case 'resolved':
      return v.problems.length > 0 ? `resolved with a malformed result: ${v.problems.join('; ')}` : undefined;
    case 'engine-error':
      return (READ_BOOK_CODES as readonly string[]).includes(v.code) ? undefined : `EngineError with a code readBook does not document: ${v.code}`;
    case 'untyped':
      return `rejected with a non-EngineError: ${v.error.name}: ${v.error.message} (${v.error.frame ?? 'no frame'})`;
    case 'hang':
      return `did not settle within ${v.ms} ms`;
    case 'crashed':
      return `the reading process died: ${v.detail}`;
  }
}

/**
 * A reader bug hidden behind a typed error, though the contract holds: a programming error (TypeError,
 * RangeError, ReferenceError, SyntaxError) thrown in the engine's own sources and turned by `readBook`'s
 * catch-all into "damaged", or the PDF extraction process dying of an uncaught error (reported as "could not
 * be read" for a file pdf.js may read fine).
 */
export function maskedEngineBug(v: Verdict): string | undefined {
  if (v.outcome !== 'engine-error' || !v.cause) return undefined;
  // The PDF extraction process crashing on an error nobody caught (not its memory cap, not its time limit).
  if (/^PDF extraction process exited with code [1-9]/.test(v.cause.message) && /ERR_UNHANDLED_REJECTION|Uncaught|triggerUncaughtException/.test(v.cause.message)) {
    return `the PDF extraction process crashed, reported as "could not be read": ${v.cause.message}`;
  }
  if (!v.cause.ours) return undefined;
  if (!/^(TypeError|RangeError|ReferenceError|SyntaxError)$/.test(v.cause.name)) return undefined;
  return `a ${v.cause.name} in the engine's own code, reported as "damaged": ${v.cause.message} (${v.cause.frame})`;
}
