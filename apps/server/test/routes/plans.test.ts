/**
 * GET /api/plans (issue 12): the one price catalogue, public, in the contract's shape, with the prices the issue fixed
 * (the spec's own figures conflict).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanCatalogueSchema } from '@quire/contracts';
import { buildTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/plans', () => {
  it('answers the catalogue to anyone, signed in or not, with the prices issue 12 chose', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const catalogue = PlanCatalogueSchema.parse(res.json());
    const price = (id: string) => [...catalogue.subscriptions, ...catalogue.oneTime].find((o) => o.id === id)?.priceCents;
    expect(catalogue.subscriptions.map((s) => [s.id, s.priceCents, s.documentsPerPeriod])).toEqual([
      ['standard', 799, 5],
      ['premium', 1599, 15],
      ['publisher', 2999, null],
    ]);
    expect(catalogue.subscriptions.filter((s) => s.mostPopular).map((s) => s.id)).toEqual(['premium']);
    expect([price('document'), price('thesis'), price('concierge')]).toEqual([599, 1999, 29900]);
    expect(catalogue.oneTime.find((o) => o.id === 'concierge')?.listPriceCents).toBe(79900);
  });

  it('gives each plan the features of the plan below it and more', async () => {
    const { subscriptions } = PlanCatalogueSchema.parse((await t.app.inject({ method: 'GET', url: '/api/plans' })).json());
    const [standard, premium, publisher] = subscriptions.map((s) => new Set(s.features));
    expect([...standard!].every((f) => premium!.has(f))).toBe(true);
    expect([...premium!].every((f) => publisher!.has(f))).toBe(true);
    expect(standard!.has('epub-export')).toBe(false);
    expect(premium!.has('epub-export')).toBe(true);
    expect(premium!.has('white-label')).toBe(false);
    expect(publisher!.has('white-label')).toBe(true);
  });
});
