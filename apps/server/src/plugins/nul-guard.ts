/**
 * Refuses a request whose JSON body or query holds a NUL character (U+0000) anywhere in a string,
 * with 400 and a sentence, before any route sees it. PostgreSQL's text types cannot store NUL (PGlite alike), so such
 * a value reached the database and came back as a 500 on every endpoint that saves text (sign-up's name, support,
 * book metadata...). One check here instead of one per field; the message names the field.
 */
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** Most nesting looked into (a request body is shallow; deeper values are not walked, and are left to validation). */
const MAX_DEPTH = 16;

/** The path (`firstName`, `metadata.keywords.2`) of the first string in `value` that holds a NUL, or undefined. */
export function nulFieldOf(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  // Raw bodies (a webhook's signed bytes) are not text fields.
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    const found = nulFieldOf(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Registers the check (`preValidation`, every route). */
export const nulGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      // An unknown route answers 404 as it is.
      if (request.routeOptions.url === undefined) return;
      // Route parameters are names of things (an image's file name), not text to save: a NUL in one names nothing,
      // and its route answers 404 as for any other unknown name.
      const field = nulFieldOf(request.body) ?? nulFieldOf(request.query);
      if (field !== undefined) throw new AppError('NUL_CHARACTER', `${field}: ${new AppError('NUL_CHARACTER').message}`);
    });
  },
  { name: 'quire-nul-guard' },
);
