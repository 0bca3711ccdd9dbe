/**
 * The admin dashboard's figures (accounts spec section 3, "Admin analytics response"; issue 12), all read from the
 * database with SQL aggregates that run the same on PGlite and PostgreSQL. Money is stored in cents and answered in
 * USD; days are UTC calendar days.
 */
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_PLANS, type AdminAnalytics, type AnalyticsDay } from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { books, exportsTable, pageViews, payments, userSubscriptions, users } from '../../db/schema/index.ts';

/** Subscription statuses the dashboard counts as live: paying, or in a trial that will become paying. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'];

/** The only payment status that counts as revenue (the provider confirmed the money). */
const SUCCEEDED = 'succeeded';

/** Days of the dashboard's charts, today included. */
export const ANALYTICS_DAYS = 30;

/** Rows of the recent users, recent books and top pages lists. */
const LIST_LENGTH = 10;

/** Dependencies of {@link createAnalyticsService}. */
export interface AnalyticsServiceDeps {
  db: Db;
  /** The clock (tests pass their own): "today" is its UTC day. */
  now?: () => Date;
}

/** `YYYY-MM-DD` of a time's UTC day. */
function utcDay(t: Date): string {
  return t.toISOString().slice(0, 10);
}

/** The UTC calendar day of a timestamptz column as `YYYY-MM-DD`, whatever the session's time zone. */
function dayOf(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** Cents as USD, rounded to the cent (sums of integers, so only the division needs care). */
function centsToUsd(cents: number): number {
  return Math.round(cents) / 100;
}

/** Analytics reads. */
export function createAnalyticsService({ db, now = () => new Date() }: AnalyticsServiceDeps) {
  /** Rows per UTC day of `table` since `since`, as a map from `YYYY-MM-DD`. */
  async function perDay(table: PgTable, createdAt: PgColumn, since: Date, where?: SQL): Promise<Map<string, number>> {
    const day = dayOf(createdAt);
    const rows = await db
      .select({ day, n: count() })
      .from(table)
      .where(where ? and(gte(createdAt, since), where) : gte(createdAt, since))
      .groupBy(day);
    return new Map(rows.map((r) => [r.day, r.n]));
  }

  /** Succeeded revenue in cents per UTC day since `since`. */
  async function revenuePerDay(since: Date): Promise<Map<string, number>> {
    const day = dayOf(payments.createdAt);
    const rows = await db
      .select({ day, cents: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(gte(payments.createdAt, since), eq(payments.status, SUCCEEDED)))
      .groupBy(day);
    return new Map(rows.map((r) => [r.day, r.cents]));
  }

  return {
    /** Everything GET /api/admin/analytics answers (contracts AdminAnalyticsSchema). */
    async analytics(): Promise<AdminAnalytics> {
      const today = now();
      // Midnight UTC of the first of the ANALYTICS_DAYS days, so the oldest day is counted whole.
      const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (ANALYTICS_DAYS - 1)));
      const live = inArray(userSubscriptions.status, LIVE_SUBSCRIPTION_STATUSES);

      const [
        [userTotal],
        [bookTotal],
        [subscriptionTotal],
        [revenue],
        [documentPurchases],
        perPlan,
        recentUsers,
        recentBooks,
        signUps,
        imports,
        exportsMade,
        revenueDays,
        views,
        topPages,
      ] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(books),
        db.select({ n: count() }).from(userSubscriptions).where(live),
        db
          .select({ cents: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
          .from(payments)
          .where(eq(payments.status, SUCCEEDED)),
        db
          .select({ n: count() })
          .from(payments)
          .where(and(eq(payments.status, SUCCEEDED), inArray(payments.type, ['document', 'thesis']))),
        db.select({ plan: userSubscriptions.plan, n: count() }).from(userSubscriptions).where(live).groupBy(userSubscriptions.plan),
        db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            status: userSubscriptions.status,
            plan: userSubscriptions.plan,
            booksUsed: userSubscriptions.booksUsed,
            createdAt: users.createdAt,
          })
          .from(users)
          .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(LIST_LENGTH),
        db
          .select({
            id: books.id,
            title: books.title,
            author: books.author,
            status: books.status,
            userEmail: users.email,
            createdAt: books.createdAt,
          })
          .from(books)
          .innerJoin(users, eq(users.id, books.userId))
          .orderBy(desc(books.createdAt), desc(books.id))
          .limit(LIST_LENGTH),
        perDay(users, users.createdAt, since),
        perDay(books, books.createdAt, since),
        perDay(exportsTable, exportsTable.createdAt, since),
        revenuePerDay(since),
        perDay(pageViews, pageViews.createdAt, since),
        db
          .select({ path: pageViews.path, views: count() })
          .from(pageViews)
          .where(gte(pageViews.createdAt, since))
          .groupBy(pageViews.path)
          .orderBy(desc(count()), pageViews.path)
          .limit(LIST_LENGTH),
      ]);

      const plans = new Map(perPlan.map((r) => [r.plan, r.n]));
      const daily: AnalyticsDay[] = [];
      for (let i = 0; i < ANALYTICS_DAYS; i++) {
        const date = utcDay(new Date(since.getTime() + i * 86_400_000));
        daily.push({
          date,
          signUps: signUps.get(date) ?? 0,
          imports: imports.get(date) ?? 0,
          exports: exportsMade.get(date) ?? 0,
          revenue: centsToUsd(revenueDays.get(date) ?? 0),
          pageViews: views.get(date) ?? 0,
        });
      }

      return {
        totalUsers: userTotal?.n ?? 0,
        totalBooks: bookTotal?.n ?? 0,
        activeSubscriptions: subscriptionTotal?.n ?? 0,
        totalRevenue: centsToUsd(revenue?.cents ?? 0),
        subscriptionStats: {
          ...(Object.fromEntries(SUBSCRIPTION_PLANS.map((p) => [p, plans.get(p) ?? 0])) as Record<(typeof SUBSCRIPTION_PLANS)[number], number>),
          payPerDocument: documentPurchases?.n ?? 0,
        },
        // A user without a subscription row is on the free trial: both badges say 'free'.
        recentUsers: recentUsers.map((u) => ({
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          status: u.status ?? 'free',
          plan: u.plan ?? 'free',
          booksUsed: u.booksUsed ?? 0,
          createdAt: u.createdAt.toISOString(),
        })),
        recentBooks: recentBooks.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
        daily,
        topPages,
      };
    },
  };
}

/** The service {@link createAnalyticsService} returns. */
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
