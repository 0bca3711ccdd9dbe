import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerUser, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEFAULTS = { defaultGenre: 'general', preferredCoverStyle: 'skip', defaultExportFormat: 'pdf', autoCleanImports: true };

const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/preferences', headers: bearer(token) });
const save = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/user/preferences', headers: bearer(token), payload: payload as object });

describe('preferences', () => {
  it('answers the defaults when nothing is saved (autoCleanImports true)', async () => {
    const { token } = await registerUser(t.app);
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });

  it('saves the whole object at once and reads it back; a second save replaces it', async () => {
    const { token } = await registerUser(t.app);
    const first = { defaultGenre: 'philosophy', preferredCoverStyle: 'minimalist', defaultExportFormat: 'both', autoCleanImports: false };
    const saved = await save(token, first);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(first);
    expect((await get(token)).json()).toEqual(first);

    const second = { ...first, defaultGenre: 'devotional', autoCleanImports: true };
    expect((await save(token, second)).json()).toEqual(second);
    expect((await get(token)).json()).toEqual(second);
  });

  it('fills fields missing from a save with their defaults and ignores unknown ones', async () => {
    const { token } = await registerUser(t.app);
    const res = await save(token, { defaultGenre: 'literature', isAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULTS, defaultGenre: 'literature' });
  });

  it.each([
    [{ ...DEFAULTS, defaultGenre: 'cookery' }, 'defaultGenre'],
    [{ ...DEFAULTS, preferredCoverStyle: 'gaudy' }, 'preferredCoverStyle'],
    [{ ...DEFAULTS, defaultExportFormat: 'docx' }, 'defaultExportFormat'],
    [{ ...DEFAULTS, autoCleanImports: 'yes' }, 'autoCleanImports'],
  ])('refuses %j with 400 naming the field, and keeps what was saved', async (payload, field) => {
    const { token } = await registerUser(t.app);
    await save(token, { ...DEFAULTS, defaultGenre: 'philosophy' });
    const res = await save(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect((await get(token)).json()).toEqual({ ...DEFAULTS, defaultGenre: 'philosophy' });
  });

  it('refuses a body that is not an object', async () => {
    const { token } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/preferences',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
  });

  it("keeps each user's preferences to that user", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await save(a.token, { ...DEFAULTS, autoCleanImports: false });
    expect((await get(b.token)).json()).toEqual(DEFAULTS);
    expect((await get(a.token)).json()).toEqual({ ...DEFAULTS, autoCleanImports: false });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/preferences', payload: DEFAULTS })).statusCode).toBe(401);
  });
});
