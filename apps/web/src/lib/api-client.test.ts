import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiRequest } from './api-client.ts';

type Call = { url: string; init: RequestInit };

let calls: Call[];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => new Response(JSON.stringify({ ok: true }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('apiRequest', () => {
  it('sends no content type and no body when there is no body', async () => {
    await apiRequest('GET', '/api/books');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends JSON with a JSON content type when a body exists', async () => {
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'secret' });
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co","password":"secret"}');
  });

  it('sends FormData as is, leaving the multipart content type to the browser', async () => {
    const form = new FormData();
    form.append('file', new Blob(['text']), 'book.txt');
    await apiRequest('POST', '/api/import', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
  });

  it('sends the stored token as a bearer authorization header', async () => {
    localStorage.setItem('auth_token', 'tok-123');
    await apiRequest('GET', '/api/auth/user');
    expect(headersOf(calls[0])['Authorization']).toBe('Bearer tok-123');
  });

  it('sends no authorization header without a stored token', async () => {
    await apiRequest('GET', '/api/auth/user');
    expect(headersOf(calls[0])['Authorization']).toBeUndefined();
  });

  it('adds the extra headers asked for', async () => {
    await apiRequest('GET', '/api/admin/analytics', undefined, { headers: { 'X-Admin-Token': 'adm-1' } });
    expect(headersOf(calls[0])['X-Admin-Token']).toBe('adm-1');
  });

  it('returns the parsed JSON answer, or undefined for an empty one', async () => {
    answer = () => new Response(JSON.stringify([{ id: 'b1' }]), { status: 200 });
    await expect(apiRequest('GET', '/api/books')).resolves.toEqual([{ id: 'b1' }]);
    answer = () => new Response(null, { status: 204 });
    await expect(apiRequest('POST', '/api/auth/logout')).resolves.toBeUndefined();
  });

  it('throws "<status>: <body text>" for a non-OK answer', async () => {
    answer = () => new Response('{"message":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' });
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow(
      new Error('401: {"message":"Invalid email or password"}'),
    );
  });

  it('uses the status text when the error body is empty', async () => {
    answer = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(apiRequest('GET', '/api/books')).rejects.toThrow(new Error('503: Service Unavailable'));
  });
});

describe('apiFetch', () => {
  it('returns the response itself so a caller can read a file', async () => {
    answer = () => new Response('%PDF-1.7', { status: 200 });
    const res = await apiFetch('POST', '/api/books/b1/export/pdf');
    expect(await res.text()).toBe('%PDF-1.7');
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
  });
});
