/**
 * First-party page views (accounts spec section 2: each route change is reported; issue 12: our own API, no
 * third-party tracker, no personal data beyond the user id). Only the path, the signed-in user's id (or null) and the
 * time are stored; the route has already refused paths with a query or fragment (contracts PageViewBodySchema).
 */
import type { Db } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

/** Dependencies of {@link createPageViewService}. */
export interface PageViewServiceDeps {
  db: Db;
}

/** Page-view recording. */
export function createPageViewService({ db }: PageViewServiceDeps) {
  return {
    /** Stores one view of `path` by `userId` (null: not signed in). */
    async record(path: string, userId: string | null): Promise<void> {
      await db.insert(pageViews).values({ path, userId });
    },
  };
}

/** The service {@link createPageViewService} returns. */
export type PageViewService = ReturnType<typeof createPageViewService>;
