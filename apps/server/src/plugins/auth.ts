import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { createAuthService, type AuthService, type SessionUser } from '../services/auth-service.ts';
import { UUID } from '../db/uuid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and sessions. */
    auth: AuthService;
    /** onRequest hook: answers 401 unless the request carries a live bearer token; sets `request.user`. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user's id (set by `requireUser`); the account itself is read where a route needs it. */
    user: SessionUser | null;
    /**
     * On a route whose config asks for it (`withBookRevision`), the revision of the signed-in user's book `:id`, read
     * in the same query as the session: `{ revision: null }` when they have no such book; null when not read.
     */
    bookRevision: { revision: number | null } | null;
  }
  interface FastifyContextConfig {
    /** `requireUser` also reads the revision of the user's book `:id`, in the session's query (`request.bookRevision`). */
    withBookRevision?: boolean;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Auth wiring (DESIGN.md section 3 "Auth"): decorates the app with the auth service and the `requireUser`
 * hook that route plugins add to every route needing a signed-in user.
 */
export const authPlugin = fp<{ sessionTtlMs: number }>(
  async (app, { sessionTtlMs }) => {
    const auth = createAuthService({ db: app.db, sessionTtlMs });
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    app.decorateRequest('bookRevision', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHORIZED');
      const bookId = request.routeOptions.config.withBookRevision ? (request.params as { id?: string }).id : undefined;
      if (bookId !== undefined && UUID.test(bookId)) {
        const found = await auth.authenticateWithBook(token, bookId);
        if (!found) throw new AppError('UNAUTHORIZED');
        request.user = found.user;
        request.bookRevision = { revision: found.bookRevision };
        return;
      }
      const user = await auth.authenticate(token);
      if (!user) throw new AppError('UNAUTHORIZED');
      request.user = user;
    });
  },
  { name: 'quire-auth', dependencies: ['quire-db'] },
);

/** The signed-in user's id inside a route guarded by `requireUser`. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}
