/** Page views are kept PAGE_VIEW_RETENTION_DAYS (90) days: older ones go on a new view, at most once an hour. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../src/db/schema/index.ts';
import { createPageViewService, PAGE_VIEW_RETENTION_DAYS } from '../../src/services/admin/page-view-service.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('page-view retention', () => {
  it('deletes views past the retention when a view comes, at most once an hour', async () => {
    let clock = Date.now();
    const service = createPageViewService({ db: t.app.db, now: () => new Date(clock) });
    const paths = async () => (await t.app.db.select({ path: pageViews.path }).from(pageViews)).map((r) => r.path).sort();
    await t.app.db.insert(pageViews).values([
      { path: '/old', createdAt: new Date(clock - (PAGE_VIEW_RETENTION_DAYS + 1) * DAY_MS) },
      { path: '/recent', createdAt: new Date(clock - 10 * DAY_MS) },
    ]);
    await service.record('/now', null);
    expect(await paths()).toEqual(['/now', '/recent']);

    await t.app.db.insert(pageViews).values({ path: '/old-again', createdAt: new Date(clock - (PAGE_VIEW_RETENTION_DAYS + 5) * DAY_MS) });
    clock += 30 * 60 * 1000;
    await service.record('/later', null);
    expect(await paths()).toContain('/old-again');
    clock += 31 * 60 * 1000;
    await service.record('/hour-later', null);
    expect(await paths()).not.toContain('/old-again');
  });
});
