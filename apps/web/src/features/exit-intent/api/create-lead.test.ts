import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/render-with-providers.tsx';
import { NewsletterLeadBodySchema } from '@quire/contracts';
import { LeadEmailSchema, createLead } from './create-lead.ts';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('createLead', () => {
  it('POSTs { email, source } as JSON to /api/newsletter/leads and returns the 201 answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: 'Thanks for your interest!' }));
    await expect(createLead({ email: 'ada@example.com', source: 'exit-intent' })).resolves.toEqual({
      message: 'Thanks for your interest!',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/newsletter/leads');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com', source: 'exit-intent' });
  });

  it('throws the request helper error on a 400', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { message: 'Invalid email' }));
    await expect(createLead({ email: 'ada@example.com', source: 'exit-intent' })).rejects.toThrow(
      '400: {"message":"Invalid email"}',
    );
  });
});

describe('the lead body', () => {
  it('is what the server accepts: a trimmed address from the exit-intent popup; the form refuses a blank or invalid one', () => {
    expect(NewsletterLeadBodySchema.parse({ email: ' ada@example.com ', source: 'exit-intent' }).email).toBe('ada@example.com');
    expect(LeadEmailSchema.safeParse('').error?.issues[0]?.message).toBe('Please enter your email address');
    expect(LeadEmailSchema.safeParse('ada@').error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(LeadEmailSchema.safeParse(`${'a'.repeat(243)}@example.com`).error?.issues[0]?.message).toBe('Email must be at most 254 characters');
    expect(NewsletterLeadBodySchema.safeParse({ email: `${'a'.repeat(243)}@example.com`, source: 'exit-intent' }).success).toBe(false);
    expect(NewsletterLeadBodySchema.safeParse({ email: 'ada@example.com', source: 'footer' }).success).toBe(false);
  });
});
