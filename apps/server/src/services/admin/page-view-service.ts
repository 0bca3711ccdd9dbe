/**
 * First-party page views (accounts spec section 2: each route change is reported; issue 12: our own API, no
 * third-party tracker, no personal data beyond the user id). Only the path, the signed-in user's id (or null) and the
 * time are stored; the route has already refused paths with a query or fragment (contracts PageViewBodySchema).
 * Views older than {@link PAGE_VIEW_RETENTION_DAYS} are deleted (at most once an hour, on a new view): the dashboard
 * shows 30 days, and what is not needed is not kept.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

/** Days a page view is kept. */
export const PAGE_VIEW_RETENTION_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Dependencies of {@link createPageViewService}. */
export interface PageViewServiceDeps {
  db: Db;
  /** The clock (tests pass their own). */
  now?: () => Date;
}

/** Page-view recording. */
export function createPageViewService({ db, now = () => new Date() }: PageViewServiceDeps) {
  let prunedAt = -Infinity;
  return {
    /** Stores one view of `path` by `userId` (null: not signed in), deleting views past the retention first when due. */
    async record(path: string, userId: string | null): Promise<void> {
      const at = now().getTime();
      if (at - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at;
        await db.delete(pageViews).where(lt(pageViews.createdAt, new Date(at - PAGE_VIEW_RETENTION_DAYS * DAY_MS)));
      }
      await db.insert(pageViews).values({ path, userId });
    },
  };
}

/** The service {@link createPageViewService} returns. */
export type PageViewService = ReturnType<typeof createPageViewService>;
