/**
 * Support routes (issue 13, /contact): the team's address comes from the server's SUPPORT_EMAIL, to anyone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SupportContactSchema } from '@quire/contracts';
import { buildTestApp, type TestApp } from '../helpers.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

describe('GET /api/support/contact', () => {
  it('answers the configured SUPPORT_EMAIL to a visitor who is not signed in', async () => {
    const t = await buildTestApp({ supportEmail: 'help@press.example' });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/support/contact' });
    expect(res.statusCode).toBe(200);
    expect(SupportContactSchema.parse(res.json())).toEqual({ email: 'help@press.example' });
  });

  it('answers the default address when none is set', async () => {
    const t = await buildTestApp();
    apps.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/support/contact' })).json()).toEqual({ email: 'support@localhost' });
  });
});
