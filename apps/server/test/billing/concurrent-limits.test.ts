/**
 * The free trial and a plan's monthly documents under concurrent exports (issue 32, point 5: "the free trial gives
 * two documents to five requests at once ... count and check in one transaction that locks the user's row"). Five
 * exports of five different books, sent at once through the app: exactly one gets its file, the others the refusal
 * a sequential export gets (402 with the same message), and the counters say one document. On PGlite always, on
 * PostgreSQL (pg-boss delivery, a pool of connections) when TEST_DATABASE_URL is set.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { documentUsage, exportsTable, userSubscriptions, users } from '../../src/db/schema/index.ts';
import { createEntitlementService } from '../../src/services/billing/entitlement-service.ts';
import type { Db } from '../../src/db/client.ts';
import { bearer, registerUser } from '../helpers.ts';
import { buildBillingApp, confirmPayment, exportBook, formatBook, importText, longText, type BillingApp } from './billing-app.ts';

/** Exports sent at once (the five, and a sixth for margin). */
const AT_ONCE = 6;

const TRIAL_USED = 'Your free trial export has been used. Upgrade to export this book: pay for this document, or choose a plan.';
const STANDARD_USED = 'You have formatted all 5 documents of your Standard plan this month. Upgrade for more, or pay for this document on its own.';

let t: BillingApp;
beforeAll(async () => {
  t = await buildBillingApp();
});
afterAll(async () => {
  await t?.close();
});

/** Imports and formats `n` short books for `token`; answers their ids. */
async function formattedBooks(token: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await importText(t.app, token, longText(3, 40), `book-${i}.txt`)).id);
  for (const id of ids) await formatBook(t.app, token, id);
  return ids;
}

/** The stored export files of a book (file storage under the data directory). */
function storedExports(bookId: string): string[] {
  const folder = path.join(t.config.dataDir, 'files', 'exports', bookId);
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Sends one DOCX export of each book at the same time. */
function exportAllAtOnce(token: string, ids: string[]): Promise<LightMyRequestResponse[]> {
  return Promise.all(ids.map((id) => exportBook(t.app, token, id, 'docx')));
}

/** The bodies of the answers other than 200 (a file's bytes would swamp the failure message). */
function bodiesOfRefusals(answers: LightMyRequestResponse[]): string {
  return answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body}`).join('\n');
}

/** Exactly one 200; every other answer is the refusal `message` with status 402 (and its upgrade offer). */
function expectOneExport(answers: LightMyRequestResponse[], message: string): void {
  const statuses = answers.map((a) => a.statusCode).sort();
  expect(statuses, bodiesOfRefusals(answers)).toEqual([200, ...Array<number>(answers.length - 1).fill(402)]);
  for (const refused of answers.filter((a) => a.statusCode === 402)) {
    expect(refused.json()).toMatchObject({ message, upgrade: { documentPurchase: true } });
  }
}

describe(`concurrent exports against the limits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`the free trial: ${AT_ONCE} trial books exported at once give one file, the others 402, and one export counted`, async () => {
    const { token, userId } = await registerUser(t.app);
    const ids = await formattedBooks(token, AT_ONCE);
    const answers = await exportAllAtOnce(token, ids);
    expectOneExport(answers, TRIAL_USED);

    const winner = ids[answers.findIndex((a) => a.statusCode === 200)]!;
    const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ freeExportsUsed: 1, freeExportBookId: winner });
    // Only the winner's export is recorded: a refused export leaves no file behind it.
    for (const id of ids) {
      expect(await t.app.db.select().from(exportsTable).where(eq(exportsTable.bookId, id))).toHaveLength(id === winner ? 1 : 0);
      expect(storedExports(id)).toHaveLength(id === winner ? 1 : 0);
    }
    // The free book may still be exported again; any other is refused as before.
    expect((await exportBook(t.app, token, winner, 'html')).statusCode).toBe(200);
    const after = await exportBook(t.app, token, ids.find((id) => id !== winner)!, 'docx');
    expect(after.statusCode).toBe(402);
    expect(after.json().message).toBe(TRIAL_USED);
  });

  it(`a standard plan with one document left: ${AT_ONCE} books exported at once give one file, the others 402`, async () => {
    const { token, userId } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: bearer(token), payload: { plan: 'standard' } });
    expect(res.statusCode, res.body).toBe(200);
    await confirmPayment(t.stripe, (res.json() as { clientSecret: string }).clientSecret);
    const ids = await formattedBooks(token, AT_ONCE);
    // Four of the plan's five documents used this month (as four earlier exports would leave it): one is left.
    await t.app.db.update(userSubscriptions).set({ booksUsed: 4 }).where(eq(userSubscriptions.userId, userId));

    const answers = await exportAllAtOnce(token, ids);
    expectOneExport(answers, STANDARD_USED);

    const winner = ids[answers.findIndex((a) => a.statusCode === 200)]!;
    const [sub] = await t.app.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
    expect(sub!.booksUsed).toBe(5);
    const usage = await t.app.db.select().from(documentUsage).where(eq(documentUsage.userId, userId));
    expect(usage.map((u) => u.bookId)).toEqual([winner]);
    // Re-exporting the counted book costs nothing and passes.
    expect((await exportBook(t.app, token, winner, 'html')).statusCode).toBe(200);
  });

  it('the same book exported several times at once counts once and every export gets its file', async () => {
    const { token, userId } = await registerUser(t.app);
    const [id] = await formattedBooks(token, 1);
    const answers = await Promise.all(['docx', 'html', 'docx', 'html'].map((format) => exportBook(t.app, token, id!, format)));
    expect(answers.map((a) => a.statusCode), bodiesOfRefusals(answers)).toEqual([200, 200, 200, 200]);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ freeExportsUsed: 1, freeExportBookId: id });
  });

  it('two exports checked before either is counted: the count under the lock gives the free export to the first only', async () => {
    const { token, userId } = await registerUser(t.app);
    const ids = await formattedBooks(token, 2);
    const entitlements = createEntitlementService({ db: t.app.db, enabled: true });
    const book = (id: string) => ({ id, isFreeTrial: true });
    // Both pass the early check: nothing is counted yet.
    for (const id of ids) expect(await entitlements.authorizeExport(userId, book(id), 'docx')).toMatchObject({ kind: 'trial', counted: false });
    const count = (id: string) => t.app.db.transaction((tx) => entitlements.countExport(tx as unknown as Db, userId, book(id), 'docx'));
    const outcomes = await Promise.allSettled(ids.map(count));
    // Whichever took the lock first counts; the other finds the free export spent.
    const won = outcomes.findIndex((o) => o.status === 'fulfilled');
    expect(won).toBeGreaterThanOrEqual(0);
    expect(outcomes[won]).toMatchObject({ value: { kind: 'trial', counted: false } });
    expect(outcomes[1 - won]).toMatchObject({ status: 'rejected', reason: { code: 'PAYMENT_REQUIRED', message: TRIAL_USED, upgrade: { reason: 'trial-used' } } });
    // The free book counts as counted from now on.
    expect(await t.app.db.transaction((tx) => entitlements.countExport(tx as unknown as Db, userId, book(ids[won]!), 'html'))).toMatchObject({ counted: true });
    const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ freeExportsUsed: 1, freeExportBookId: ids[won] });
  });
});
