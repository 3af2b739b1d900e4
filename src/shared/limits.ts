/**
 * Limits the server's schemas enforce and the admin's forms show before a request, declared once. No import: the
 * admin reads this file, so it must not pull in zod.
 */

/** A password's least length (a user's, a new one of the caller's own). */
export const PASSWORD_MIN = 8;

/** A saved query's name, in characters. */
export const SAVED_QUERY_NAME_MAX = 64;
/** The stored query JSON, in UTF-8 bytes. */
export const SAVED_QUERY_MAX_BYTES = 8 * 1024;
