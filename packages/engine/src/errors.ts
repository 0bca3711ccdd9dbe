/**
 * Fatal engine errors: a closed set of codes. Everything that is odd but readable travels as a
 * diagnostic or a report count instead. The server maps these codes to HTTP 422 (unreadable input)
 * or 500 (a writer failed), with `message` shown to the user as written.
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
  | 'WRITE_FAILED';

/** An error the engine throws for one of the {@link EngineErrorCode}s; `message` is user-facing. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}
