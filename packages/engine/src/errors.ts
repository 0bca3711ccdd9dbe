/**
 * Fatal engine errors: a closed set of codes. Everything that is odd but readable travels as a
 * diagnostic or a report count instead. The server maps these codes to HTTP 422 (unreadable input)
 * or 500 (a writer failed), with `message` shown to the user as written; `TIME_LIMIT` and `MEMORY_LIMIT` say the
 * input was too heavy to process and carry a message meant for the user.
 */
export type EngineErrorCode =
  /** The bytes are not text we can read (binary data, NUL bytes, unknown encoding). */
  | 'UNREADABLE_INPUT'
  /** The input has no text at all after decoding. */
  | 'EMPTY_INPUT'
  /** The format asked for is not one the registry knows. */
  | 'UNKNOWN_FORMAT'
  /**
   * The uploaded file is of a type no reader handles (an image, a spreadsheet, unknown binary data).
   * The server answers 415; the message names the supported types.
   */
  | 'UNSUPPORTED_FORMAT'
  /**
   * An archive (DOCX, EPUB) is larger than the reader's limits once unpacked (too many entries, an entry
   * or the whole above the byte limits, by declared or by actual size: a zip bomb). The server answers 413.
   */
  | 'ARCHIVE_TOO_LARGE'
  /** A writer or the typesetter failed on a document (a bug on our side, not the user's). */
  | 'WRITE_FAILED'
  /**
   * Work in a child process (a Typst compile or page rendering, a PDF's text extraction) ran past its time budget,
   * which is sized from its input and generous for any real book, or was cancelled by its caller's AbortSignal; the
   * process was killed. The message says what took too long (issue 32, point 1: a small hostile input must not
   * hold a process for minutes).
   */
  | 'TIME_LIMIT'
  /**
   * Work in a child process needed more memory than its budget (its resident set, polled while it runs, or its
   * V8 heap cap); the process was killed. The message says so and names the limit (issue 32, points 1 and 3).
   */
  | 'MEMORY_LIMIT';

/** An error the engine throws for one of the {@link EngineErrorCode}s; `message` is user-facing. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}
