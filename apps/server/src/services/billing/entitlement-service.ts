/**
 * What a user may do under their plan (issue 12, "Plans, usage and the free trial"; accounts spec sections 6 and
 * 9): the subscription card's figures, the free trial's, and the checks the export, cover and style-guide routes
 * make before doing the work.
 *
 * A user is on exactly one footing:
 * - a live subscription (status `active` or `trialing`): the plan's features (contracts PLAN_CATALOGUE) and its
 *   documents per billing period, a document counting the first time one of its files is exported in the period;
 * - otherwise the free trial: standard's features, one free document export (the user's `free_exports_limit`), on
 *   a free-trial book; a book paid for on its own ($5.99 or the thesis package) exports in every format.
 * With billing off (no STRIPE_SECRET_KEY) nothing is for sale, so nothing is limited: every check passes.
 *
 * Checking and counting a document is one step (issue 32, point 5: five exports at once were given two documents of a
 * trial that has one): the check before the work only refuses early, and the export that is about to be delivered is
 * checked again and counted in one transaction that first locks the user's row, so concurrent exports of one user
 * take their turn at the counters and the last document goes to exactly one of them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  PLAN_CATALOGUE,
  TRIAL_WORD_LIMIT,
  subscriptionOffer,
  type ExportFormat,
  type FreeTrial,
  type PlanFeature,
  type Subscription,
  type SubscriptionPlan,
} from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { books, documentUsage, payments, userSubscriptions, users, type BookRow, type UserSubscriptionRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** Subscription statuses under which the plan's features apply (Stripe's `active`, and `trialing`). */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing'];

/** True when a subscription's plan applies now (its status is one of LIVE_STATUSES). */
export function isLive(row: Pick<UserSubscriptionRow, 'status'>): boolean {
  return LIVE_STATUSES.includes(row.status);
}

/**
 * The user's subscription as GET /api/user/subscription answers it (contracts SubscriptionSchema), from their row
 * (null: none) and whether the server takes payments.
 */
export function subscriptionView(row: UserSubscriptionRow | null, billingEnabled: boolean): Subscription {
  if (!row) {
    return { plan: null, status: null, booksUsed: 0, booksLimit: null, currentPeriodEnd: null, active: false, cancelAtPeriodEnd: false, billingEnabled };
  }
  return {
    plan: row.plan as SubscriptionPlan,
    status: row.status,
    booksUsed: row.booksUsed,
    booksLimit: row.booksLimit,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    active: isLive(row),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    billingEnabled,
  };
}

/** Features of the free trial: the standard plan's (PDF, text covers, academic formatting), DOCX and HTML. */
const TRIAL_FEATURES: readonly PlanFeature[] = subscriptionOffer('standard').features;

/** The feature an export format needs; DOCX and HTML are in every plan (issue 12). */
const FORMAT_FEATURE: Partial<Record<ExportFormat, PlanFeature>> = { pdf: 'pdf-export', epub: 'epub-export' };

/** Words people read in a feature's refusal. */
const FEATURE_NAMES: Record<PlanFeature, string> = {
  'pdf-export': 'PDF export',
  'text-cover': 'Text covers',
  'academic-formatting': 'Academic formatting',
  'epub-export': 'EPUB export',
  'ai-cover': 'AI-style covers',
  'style-guide-upload': 'Style-guide upload',
  'all-templates': 'All templates',
  batch: 'Batch import and export',
  'white-label': 'White-label output',
};

/** Plans of the catalogue that include `feature`, cheapest first. */
function plansWith(feature: PlanFeature): SubscriptionPlan[] {
  return PLAN_CATALOGUE.subscriptions.filter((s) => s.features.includes(feature)).map((s) => s.id);
}

/** "the Premium and Publisher plans" */
function planNames(plans: readonly SubscriptionPlan[]): string {
  const names = plans.map((p) => subscriptionOffer(p).name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `the ${list} plan${names.length > 1 ? 's' : ''}`;
}

/**
 * What {@link EntitlementService.authorizeExport} or `countExport` allowed; `counted` is true when the document had
 * already counted (the trial's own book, or a book counted in this period), so this export costs nothing.
 */
export type ExportGrant =
  | { kind: 'open' }
  | { kind: 'purchased' }
  | { kind: 'subscription'; subscriptionId: string; bookId: string; periodStart: Date; counted: boolean }
  | { kind: 'trial'; bookId: string; counted: boolean };

/** Dependencies of {@link createEntitlementService}; `enabled` is false without Stripe. */
export interface EntitlementServiceDeps {
  db: Db;
  enabled: boolean;
}

/** Entitlement checks and figures. Every method takes the signed-in user's id. */
export function createEntitlementService({ db, enabled }: EntitlementServiceDeps) {
  /** The user's subscription row (at most one a user), whatever its status, or null. */
  async function subscriptionRow(userId: string): Promise<UserSubscriptionRow | null> {
    const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).limit(1);
    return row ?? null;
  }

  /** The user's subscription row when it is live now, else null. */
  async function liveSubscription(userId: string): Promise<UserSubscriptionRow | null> {
    const row = await subscriptionRow(userId);
    return row && isLive(row) ? row : null;
  }

  /** True when the user paid for this book on its own (a succeeded `document` or `thesis` payment). */
  async function purchased(userId: string, bookId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.bookId, bookId), eq(payments.status, 'succeeded'), inArray(payments.type, ['document', 'thesis'])))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Everything an export's check reads, in one query: the user's trial counters, their subscription row (any
   * status), whether this book was paid for on its own, and whether it already counted in the subscription's
   * current period. Null when the user does not exist.
   */
  async function exportFooting(q: Db, userId: string, bookId: string) {
    const periodStart = sql`coalesce(${userSubscriptions.currentPeriodStart}, ${userSubscriptions.createdAt})`;
    const [row] = await q
      .select({
        user: {
          freeExportsUsed: users.freeExportsUsed,
          freeExportsLimit: users.freeExportsLimit,
          freeExportBookId: users.freeExportBookId,
        },
        sub: userSubscriptions,
        purchased: sql<boolean>`exists (select 1 from ${payments} where ${payments.userId} = ${userId} and ${payments.bookId} = ${bookId}
          and ${payments.status} = 'succeeded' and ${payments.type} in ('document', 'thesis'))`.mapWith(Boolean),
        countedThisPeriod: sql<boolean>`exists (select 1 from ${documentUsage} where ${documentUsage.userId} = ${userId}
          and ${documentUsage.bookId} = ${bookId} and ${documentUsage.periodStart} = ${periodStart})`.mapWith(Boolean),
      })
      .from(users)
      .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  type ExportFooting = NonNullable<Awaited<ReturnType<typeof exportFooting>>>;

  /**
   * The decision of an export from what {@link exportFooting} read: the grant, or the refusal (see `authorizeExport`).
   * Pure, so that the early check and the check under the user's lock (`countExport`) decide alike.
   */
  function decideExport(footing: ExportFooting, book: Pick<BookRow, 'id' | 'isFreeTrial'>, format: ExportFormat): ExportGrant {
    const feature = FORMAT_FEATURE[format];
    const { user, purchased: paidFor } = footing;
    const sub = footing.sub && isLive(footing.sub) ? footing.sub : null;
    if (sub) {
      const plan = sub.plan as SubscriptionPlan;
      if (feature && !subscriptionOffer(plan).features.includes(feature)) {
        if (paidFor) return { kind: 'purchased' };
        throw featureRefusal(feature, plan, true);
      }
      const periodStart = sub.currentPeriodStart ?? sub.createdAt;
      if (footing.countedThisPeriod) return { kind: 'subscription', subscriptionId: sub.id, bookId: book.id, periodStart, counted: true };
      if (paidFor) return { kind: 'purchased' };
      if (sub.booksLimit !== null && sub.booksUsed >= sub.booksLimit) {
        const name = subscriptionOffer(plan).name;
        const limit = sub.booksLimit;
        throw new AppError(
          'PAYMENT_REQUIRED',
          `You have formatted all ${limit} documents of your ${name} plan this month. Upgrade for more, or pay for this document on its own.`,
          { upgrade: { reason: 'plan-limit', plans: PLAN_CATALOGUE.subscriptions.filter((s) => s.documentsPerPeriod === null || s.documentsPerPeriod > limit).map((s) => s.id), documentPurchase: true } },
        );
      }
      return { kind: 'subscription', subscriptionId: sub.id, bookId: book.id, periodStart, counted: false };
    }

    if (paidFor) return { kind: 'purchased' };
    const allPlans = PLAN_CATALOGUE.subscriptions.map((s) => s.id);
    if (!book.isFreeTrial) {
      throw new AppError('PAYMENT_REQUIRED', 'Your plan has ended. Choose a plan or pay for this document to export it.', {
        upgrade: { reason: 'no-plan', plans: allPlans, documentPurchase: true },
      });
    }
    if (feature && !TRIAL_FEATURES.includes(feature)) throw featureRefusal(feature, null, true);
    if (user.freeExportBookId === book.id) return { kind: 'trial', bookId: book.id, counted: true };
    if (user.freeExportsUsed >= user.freeExportsLimit) {
      throw new AppError(
        'PAYMENT_REQUIRED',
        'Your free trial export has been used. Upgrade to export this book: pay for this document, or choose a plan.',
        { upgrade: { reason: 'trial-used', plans: allPlans, documentPurchase: true } },
      );
    }
    return { kind: 'trial', bookId: book.id, counted: false };
  }

  /** The features the user has now: the live plan's, else the trial's. */
  async function featuresOf(userId: string): Promise<{ plan: SubscriptionPlan | null; features: readonly PlanFeature[] }> {
    const sub = await liveSubscription(userId);
    const plan = (sub?.plan ?? null) as SubscriptionPlan | null;
    return { plan, features: plan ? subscriptionOffer(plan).features : TRIAL_FEATURES };
  }

  /** The refusal of a feature the user's footing lacks. */
  function featureRefusal(feature: PlanFeature, plan: SubscriptionPlan | null, documentPurchase: boolean): AppError {
    const plans = plansWith(feature);
    const yours = plan ? `Your ${subscriptionOffer(plan).name} plan does not include it` : 'The free trial does not include it';
    const message = `${FEATURE_NAMES[feature]} is part of ${planNames(plans)}. ${yours}: upgrade to use it.`;
    return new AppError('FEATURE_NOT_IN_PLAN', message, { upgrade: { reason: 'feature', feature, plans, documentPurchase } });
  }

  return {
    /** Whether limits apply at all (a Stripe key is configured). */
    enabled,

    /** True when the user paid for this book on its own (one document or the thesis package). */
    isPurchased: purchased,

    /** The user's subscription row whatever its status, or null (for the checkout's plan changes). */
    subscriptionRowOf: subscriptionRow,

    /** GET /api/user/subscription (contracts SubscriptionSchema). */
    async subscriptionOf(userId: string): Promise<Subscription> {
      return subscriptionView(await subscriptionRow(userId), enabled);
    },

    /** GET /api/user/free-trial (contracts FreeTrialSchema). */
    async freeTrialOf(userId: string): Promise<FreeTrial> {
      const [user] = await db
        .select({ used: users.freeExportsUsed, limit: users.freeExportsLimit })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const used = user?.used ?? 0;
      const limit = user?.limit ?? 1;
      let hasFreeTrial = false;
      if (enabled && used < limit && !(await liveSubscription(userId))) {
        const [trialBook] = await db
          .select({ id: books.id })
          .from(books)
          .where(and(eq(books.userId, userId), eq(books.isFreeTrial, true)))
          .limit(1);
        hasFreeTrial = trialBook !== undefined;
      }
      return { hasFreeTrial, exportsUsed: used, exportsLimit: limit, wordLimit: TRIAL_WORD_LIMIT, billingEnabled: enabled };
    },

    /**
     * True when a book the user imports now is a free-trial book (billing on, no live subscription): its working
     * text is then cut to TRIAL_WORD_LIMIT words.
     */
    async importsAsTrial(userId: string): Promise<boolean> {
      return enabled && (await liveSubscription(userId)) === null;
    },

    /**
     * Checks that the user may export `book` as `format` now, before the file is built: an early refusal that saves
     * the work, not the count (two exports checked at once both pass it; `countExport` decides between them).
     * @throws AppError `FEATURE_NOT_IN_PLAN` (403) for a format the plan lacks (EPUB below premium);
     *   `PAYMENT_REQUIRED` (402) when the period's documents are used, the free export is spent, or the book is
     *   neither a trial book nor paid for. Both carry the upgrade offer. `UNAUTHORIZED` (401) when the user is gone.
     */
    async authorizeExport(userId: string, book: Pick<BookRow, 'id' | 'isFreeTrial'>, format: ExportFormat): Promise<ExportGrant> {
      if (!enabled) return { kind: 'open' };
      const footing = await exportFooting(db, userId, book.id);
      if (!footing) throw new AppError('UNAUTHORIZED');
      return decideExport(footing, book, format);
    },

    /**
     * Checks the export of `book` as `format` again and counts it, inside `tx`: the transaction that records the
     * built export and completes its job (export-service.ts), so that the export is delivered if and only if it was
     * counted. The user's row is locked first (`SELECT ... FOR NO KEY UPDATE`: it excludes the other exports' counts
     * of this user until `tx` ends, but not the foreign-key checks of their other writes, such as a book imported
     * meanwhile), then the counters are read afresh and decided as `authorizeExport` decides, then the document is
     * counted: against the subscription's period once per book (a `document_usage` row, unique per user, book and
     * period), or as the free export (which remembers its book: exporting it again is free). The same on PGlite and
     * PostgreSQL: on PostgreSQL each statement after the lock sees what the previous holder committed (READ
     * COMMITTED), and PGlite runs one transaction at a time.
     * @throws the refusals of `authorizeExport` (402 `PAYMENT_REQUIRED` for the export that found the last document
     *   taken, with its upgrade offer); `tx` is then rolled back by the caller and nothing is counted or recorded.
     */
    async countExport(tx: Db, userId: string, book: Pick<BookRow, 'id' | 'isFreeTrial'>, format: ExportFormat): Promise<ExportGrant> {
      if (!enabled) return { kind: 'open' };
      const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      if (!locked) throw new AppError('UNAUTHORIZED');
      const footing = await exportFooting(tx, userId, book.id);
      if (!footing) throw new AppError('UNAUTHORIZED');
      const grant = decideExport(footing, book, format);
      if (grant.kind === 'subscription' && !grant.counted) {
        const inserted = await tx
          .insert(documentUsage)
          .values({ userId, bookId: grant.bookId, periodStart: grant.periodStart })
          .onConflictDoNothing()
          .returning({ id: documentUsage.id });
        // Already counted in this period (the unique row says so): nothing more to count.
        if (inserted.length === 0) return { ...grant, counted: true };
        await tx
          .update(userSubscriptions)
          .set({ booksUsed: sql`${userSubscriptions.booksUsed} + 1` })
          .where(eq(userSubscriptions.id, grant.subscriptionId));
      } else if (grant.kind === 'trial' && !grant.counted) {
        await tx
          .update(users)
          .set({ freeExportsUsed: sql`${users.freeExportsUsed} + 1`, freeExportBookId: grant.bookId })
          .where(eq(users.id, userId));
      }
      return grant;
    },

    /**
     * Checks a feature of the user's footing (AI covers, style-guide upload, all templates, batch, white-label).
     * @throws AppError `FEATURE_NOT_IN_PLAN` (403) with the upgrade offer.
     */
    async requireFeature(userId: string, feature: PlanFeature): Promise<void> {
      if (!enabled) return;
      const { plan, features } = await featuresOf(userId);
      if (!features.includes(feature)) throw featureRefusal(feature, plan, false);
    },
  };
}

/** The service's type. */
export type EntitlementService = ReturnType<typeof createEntitlementService>;

