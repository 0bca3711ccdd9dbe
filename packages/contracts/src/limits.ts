/**
 * Longest strings a request may carry, by kind of field (issue 14, Security: every string field of every request has
 * a maximum length). They bound request schemas only: answers show stored data, which the request limits already
 * kept short, and older rows are never refused on the way out. Limits of one field family live here; a field's own
 * limit stays beside its schema (COVER_TEXT_LIMITS, TOPIC_MAX_CHARS, SUPPORT_MESSAGE_MAX_CHARS, ...).
 * Lengths are in characters as JavaScript counts them (UTF-16 code units), which is what zod's `max` checks.
 */

/**
 * Longest e-mail address: 254 characters. RFC 5321 section 4.5.3.1.3 limits a path to 256 octets including its
 * angle brackets, so the address inside is at most 254 (RFC 3696 erratum 1690).
 */
export const EMAIL_MAX_CHARS = 254;

/**
 * Longest password a user presents (login, confirming a change or a deletion, the admin password): 1024 characters.
 * A bound on the work of hashing it (argon2id hashes any length); generous so that no account whose password was
 * set before new passwords were limited (auth.ts PASSWORD_MAX_LENGTH) is locked out.
 */
export const PASSWORD_INPUT_MAX_CHARS = 1024;

/**
 * Longest token of a mailed link or an admin session: 64 characters. The server makes them of 32 random bytes in
 * base64url, 43 characters (password-reset, newsletter and admin-session services).
 */
export const TOKEN_MAX_CHARS = 64;

/**
 * Longest id in a path or body: 64 characters. Rows have uuids (36 characters, RFC 9562); built-in layouts,
 * templates and style guides have slugs (`classic-literature`, 18 characters at most); genres are short words.
 */
export const ID_MAX_CHARS = 64;

/**
 * Longest URL to import: 2048 characters, the limit of the sitemaps protocol (sitemaps.org: "less than 2,048
 * characters") and long the practical limit of browsers and proxies; a book's address is far shorter.
 */
export const URL_MAX_CHARS = 2048;

/** Longest book title typed by a user: 200 characters (KDP: title and subtitle together under 200 characters). */
export const TITLE_MAX_CHARS = 200;

/** Longest first or last name of an account: 100 characters (the profile form's limit since issue 12). */
export const PERSON_NAME_MAX_CHARS = 100;

/** Longest full name or author credit (a support sender, a concierge client, a collection's author): 200 characters. */
export const FULL_NAME_MAX_CHARS = 200;

/** Longest book description: 4000 characters, the limit of the description field of KDP's book details. */
export const DESCRIPTION_MAX_CHARS = 4000;

/**
 * Longest keyword or category of a book's metadata: 200 characters. KDP's keyword boxes take 50; subjects read from
 * an imported EPUB or DOCX (BISAC headings such as `FICTION / Classics`) run longer and come back in the form.
 */
export const METADATA_TERM_MAX_CHARS = 200;

/** Longest ISBN as typed: 17 characters, an ISBN-13's 13 digits and its 4 separators (ISO 2108). */
export const ISBN_MAX_CHARS = 17;

/** Longest file name in a path: 255 characters, the NAME_MAX of Linux file systems (ext4, XFS, Btrfs). */
export const FILE_NAME_MAX_CHARS = 255;

/**
 * JSON body limit of POST /api/books/:id/save-text, in bytes: 16 MiB, room for 5 MB of text (MAX_TEXT_BYTES,
 * accounts spec section 9) once JSON-escaped. Other JSON bodies stay under the server's 1 MiB default.
 */
export const SAVE_TEXT_BODY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Longest text save-text takes, in characters: what its body limit lets through (a JSON string of n characters takes
 * at least n bytes). The 5 MB rule itself is on UTF-8 bytes, which only the server measures: 413 'The text is too
 * large. Text must be less than 5MB.' for any text over it, however many characters it has.
 */
export const SAVE_TEXT_MAX_CHARS = SAVE_TEXT_BODY_MAX_BYTES;

/** `Email must be at most 254 characters`: the message of an over-long address, in every form. */
export const EMAIL_TOO_LONG_MESSAGE = `Email must be at most ${EMAIL_MAX_CHARS} characters`;
