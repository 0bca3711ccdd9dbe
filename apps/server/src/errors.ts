/**
 * Application errors: services throw `AppError(code)`, the error handler (plugins/error-handler.ts) maps the
 * code to an HTTP status and answers `{ message }`. Messages are sentences for people; the web app matches some
 * of them word for word (accounts spec section 8: "timed out", "too large", "fetch"), so keep their wording.
 */

import type { UpgradeOffer } from '@quire/contracts';

/** Status of each application error code (DESIGN.md section 3, "Errors"). */
export const APP_ERROR_STATUS = {
  /** A request field is invalid (zod message of the field). */
  VALIDATION: 400,
  /** A text field holds a NUL character, which no text column can store (PostgreSQL refuses it). */
  NUL_CHARACTER: 400,
  /** A multipart body that cannot be read: no boundary, cut off, or malformed part headers. */
  MALFORMED_UPLOAD: 400,
  /** The import URL is not an http(s) URL. */
  INVALID_URL: 400,
  /** The layout id of a Format call is unknown. */
  UNKNOWN_LAYOUT: 400,
  /** A password reset link that is unknown, already used or older than an hour (the web matches 'Invalid or expired'). */
  INVALID_RESET_TOKEN: 400,
  /** A newsletter confirmation link that is unknown, used or expired, or an unknown unsubscribe link. */
  INVALID_NEWSLETTER_LINK: 400,
  /** The password confirming an account change (change password, delete account) is wrong. */
  INCORRECT_PASSWORD: 400,
  /** No, an expired or an unknown bearer token. */
  UNAUTHORIZED: 401,
  /** Login with an unknown email or a wrong password (the two are not told apart). */
  INVALID_CREDENTIALS: 401,
  /** The import URL points to a private, loopback, link-local or otherwise non-global address. */
  PRIVATE_ADDRESS: 403,
  /** No such book for this user (another user's book is also "not found", never "forbidden"). */
  NOT_FOUND: 404,
  /** Registration with an email that already has an account. */
  EMAIL_TAKEN: 409,
  /** Format before the text was cleaned. */
  NOT_CLEANED: 409,
  /** Export before the book was formatted. */
  NOT_FORMATTED: 409,
  /** An extraction read or compiled after the book's cleaned text changed (its passage ids may point elsewhere). */
  TEXT_CHANGED: 409,
  /** A book compiled from passages the extraction's text does not have. */
  UNKNOWN_PASSAGE: 409,
  /** An uploaded or fetched file over 10 MB (accounts spec section 9). */
  FILE_TOO_LARGE: 413,
  /** Text over 5 MB after decoding or extraction (accounts spec section 9). */
  TEXT_TOO_LARGE: 413,
  /** An archive (DOCX, EPUB) over the unpacking limits: too many entries or too many bytes once inflated. */
  ARCHIVE_TOO_LARGE: 413,
  /** An uploaded image whose header declares more pixels than Quire decodes (engine MAX_IMAGE_PIXELS; issue 32). */
  IMAGE_TOO_LARGE: 413,
  /** A file of a type Quire does not read (the message names the supported ones). */
  UNSUPPORTED_FORMAT: 415,
  /** The bytes are not readable text (engine `UNREADABLE_INPUT` / `EMPTY_INPUT`). */
  UNREADABLE_INPUT: 422,
  /** The work on a file ran past its time budget (workers/task-budget.ts) and was stopped. */
  TASK_TIME_LIMIT: 422,
  /** The work on a file needed more memory than one task may have (workers/task-budget.ts) and was stopped. */
  TASK_MEMORY_LIMIT: 422,
  /** None of the URLs of a collection could be imported (the web matches 'Failed to import any books'). */
  COLLECTION_FAILED: 422,
  /** An uploaded cover artwork with too few pixels for 300 dpi at the book's trim (the message names the pixels needed). */
  ARTWORK_TOO_SMALL: 422,
  /** Paying is needed first: the free export is spent, the plan's documents are used, or there is no plan. */
  PAYMENT_REQUIRED: 402,
  /** The user's plan does not include this feature (EPUB export, AI covers, style-guide upload, ...). */
  FEATURE_NOT_IN_PLAN: 403,
  /** A Stripe webhook without a valid signature of our endpoint secret. */
  INVALID_WEBHOOK: 400,
  /** Subscribing again while a subscription is live (the plan is changed instead). */
  ALREADY_SUBSCRIBED: 409,
  /** Cancelling or resuming a plan when the user has no plan in force. */
  NO_LIVE_SUBSCRIPTION: 409,
  /** A document that was already paid for, or that the user's plan covers. */
  ALREADY_PAID: 409,
  /**
   * Too many requests of one kind from one client, for one address or by one user (sign-in, sign-up, password reset,
   * imports, extraction, support, newsletter); sent with Retry-After.
   */
  RATE_LIMITED: 429,
  /** The remote server could not be reached or answered with an error. */
  UPSTREAM_FAILED: 502,
  /** The remote server did not answer within the import time limit. */
  UPSTREAM_TIMEOUT: 504,
  /** Stripe could not be reached or refused the request (the message says so; details are logged). */
  PAYMENT_PROVIDER_FAILED: 502,
  /** This server takes no payments (no STRIPE_SECRET_KEY): said plainly, as the issue asks. */
  PAYMENTS_NOT_CONFIGURED: 503,
  /** A job failed on every try it gets (services/jobs): the message says so and what to do. */
  JOB_FAILED: 503,
  /** The process is stopping: a request waiting for a job is answered while the job carries on in another process. */
  SHUTTING_DOWN: 503,
  /** A bug or an outage on our side; details are logged, never sent. */
  INTERNAL: 500,
} as const;

/** One of the closed set of application error codes. */
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Default message of each code; a service may pass a more precise one. */
const DEFAULT_MESSAGES: Record<AppErrorCode, string> = {
  VALIDATION: 'The request is not valid.',
  INVALID_URL: 'Please enter a valid URL',
  UNKNOWN_LAYOUT: 'Unknown layout',
  INVALID_RESET_TOKEN: 'Invalid or expired reset link',
  INVALID_NEWSLETTER_LINK: 'This link is invalid or has expired.',
  INCORRECT_PASSWORD: 'Password is incorrect',
  UNAUTHORIZED: 'Unauthorized',
  INVALID_CREDENTIALS: 'Invalid email or password',
  PRIVATE_ADDRESS: 'This URL points to a private or local network address, which cannot be imported.',
  NOT_FOUND: 'Book not found',
  EMAIL_TAKEN: 'An account with this email already exists',
  NOT_CLEANED: 'Clean the text before formatting',
  NOT_FORMATTED: 'Format the book before exporting',
  TEXT_CHANGED: 'The text has changed since this extraction; run it again',
  UNKNOWN_PASSAGE: 'Some of the chosen passages are not in this text; run the extraction again',
  NUL_CHARACTER: 'The text you entered contains an invisible NUL character, which cannot be saved. Please remove it (retype the field) and try again.',
  MALFORMED_UPLOAD: 'The upload could not be read: it was cut off or is not a valid form upload. Please choose the file and try again.',
  FILE_TOO_LARGE: 'The file is too large. Files must be smaller than 10MB.',
  TEXT_TOO_LARGE: 'The text is too large. Text must be less than 5MB.',
  ARCHIVE_TOO_LARGE: 'The file is too large once unpacked. Files must be smaller than 10MB.',
  IMAGE_TOO_LARGE: 'The image has too many pixels. Images must be at most 50 megapixels.',
  UNSUPPORTED_FORMAT:
    'This file type is not supported. Supported types: .txt, .md, .html, .xhtml, .docx, .epub, .pdf, and .zip (a Markdown or HTML book with its images).',
  UNREADABLE_INPUT: 'This file could not be read as text.',
  TASK_TIME_LIMIT: 'This file took too long to process and was stopped, so that other books are not held up. Please check that the file opens and looks right, or send it to support.',
  TASK_MEMORY_LIMIT: 'This file needed more memory than one book may use and was stopped. Please check that the file opens and looks right, or send it to support.',
  COLLECTION_FAILED: 'Failed to import any books',
  ARTWORK_TOO_SMALL: 'This image has too few pixels for a printed cover (300 dpi).',
  PAYMENT_REQUIRED: 'Please choose a plan or pay for this document to continue.',
  FEATURE_NOT_IN_PLAN: 'Your plan does not include this feature.',
  INVALID_WEBHOOK: 'Invalid webhook signature',
  ALREADY_SUBSCRIBED: 'You already have a subscription: change your plan from the plan dialog instead.',
  NO_LIVE_SUBSCRIPTION: 'You have no plan in force to cancel or keep.',
  ALREADY_PAID: 'This document is already paid for.',
  PAYMENT_PROVIDER_FAILED: 'The payment service could not be reached. Please try again in a moment.',
  SHUTTING_DOWN: 'The server is restarting. Your file is still being made: find it on the Export tab in a minute.',
  JOB_FAILED: 'We could not finish this after several tries. Please try again in a few minutes; if it keeps failing, write to us from the Contact page.',
  PAYMENTS_NOT_CONFIGURED: 'Payments are not configured on this server, so every feature is open and nothing needs to be paid.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  UPSTREAM_FAILED: 'Could not fetch the URL.',
  UPSTREAM_TIMEOUT: 'The import timed out while fetching the URL',
  INTERNAL: 'Something went wrong on our side. Please try again.',
};

/**
 * An expected failure with a code from {@link APP_ERROR_STATUS}. `message` is shown to the user as written
 * (for 5xx codes other than 502/504 the handler replaces it with a generic sentence).
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;
  /** With a refusal for the user's plan (402/403): the way up, sent beside the message (contracts UpgradeOffer). */
  readonly upgrade: UpgradeOffer | undefined;
  constructor(code: AppErrorCode, message?: string, options?: { cause?: unknown; upgrade?: UpgradeOffer }) {
    super(message ?? DEFAULT_MESSAGES[code], options);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = APP_ERROR_STATUS[code];
    this.upgrade = options?.upgrade;
  }
}

/** True when `err` is an {@link AppError} (also across module copies, by name and code). */
export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
