import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordBodySchema,
  ConciergeInquirySchema,
  DeleteAccountBodySchema,
  EMAIL_MAX_CHARS,
  ForgotPasswordBodySchema,
  ImportCollectionBodySchema,
  ImportUrlBodySchema,
  LoginBodySchema,
  NewsletterLeadBodySchema,
  NewsletterSubscribeBodySchema,
  PASSWORD_INPUT_MAX_CHARS,
  PASSWORD_MAX_LENGTH,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SupportMessageBodySchema,
  URL_MAX_CHARS,
} from '../src/index.ts';

/** A valid address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

/** The message of the first issue, or undefined when `input` is valid. */
const firstMessage = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

const concierge = {
  name: 'Ada Lovelace',
  degree: 'PhD',
  thesisTitle: 'Notes on the Analytical Engine',
  fieldOfStudy: 'Mathematics',
  currentStatus: 'completed',
};

// Every request body with an e-mail address, with the rest of a valid body.
const EMAIL_BODIES: [name: string, schema: z.ZodType, body: (email: string) => unknown][] = [
  ['login', LoginBodySchema, (email) => ({ email, password: 'secret123' })],
  ['register', RegisterBodySchema, (email) => ({ email, password: 'secret123' })],
  ['forgot-password', ForgotPasswordBodySchema, (email) => ({ email })],
  ['support message', SupportMessageBodySchema, (email) => ({ name: 'Ada', email, subject: 'other', message: 'A question about margins.' })],
  ['newsletter subscribe', NewsletterSubscribeBodySchema, (email) => ({ email, source: 'blog' })],
  ['newsletter lead', NewsletterLeadBodySchema, (email) => ({ email, source: 'exit-intent' })],
  ['concierge inquiry', ConciergeInquirySchema, (email) => ({ ...concierge, email })],
];

describe('e-mail addresses (RFC 5321: at most 254 characters)', () => {
  it.each(EMAIL_BODIES)('%s takes 254 characters and refuses 255 with "Email must be at most 254 characters"', (_name, schema, body) => {
    expect(firstMessage(schema, body(emailOf(EMAIL_MAX_CHARS)))).toBeUndefined();
    expect(firstMessage(schema, body(emailOf(EMAIL_MAX_CHARS + 1)))).toBe('Email must be at most 254 characters');
  });

  it('counts the address once trimmed, and keeps the existing messages of a blank or invalid one', () => {
    expect(firstMessage(ForgotPasswordBodySchema, { email: ` ${emailOf(EMAIL_MAX_CHARS)} ` })).toBeUndefined();
    expect(firstMessage(ForgotPasswordBodySchema, { email: ' ' })).toBe('Please enter your email address');
    expect(firstMessage(LoginBodySchema, { email: 'ada@', password: 'secret123' })).toBe('Please enter a valid email address');
    expect(firstMessage(SupportMessageBodySchema, { name: 'Ada', email: 'ada@', subject: 'other', message: 'A question about margins.' })).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('passwords', () => {
  it('a new password (register, reset, change) is at most 200 characters', () => {
    const long = 'p'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(firstMessage(RegisterBodySchema, { email: 'ada@example.com', password: long })).toBe('Password must be at most 200 characters');
    expect(firstMessage(ResetPasswordBodySchema, { token: 't'.repeat(43), password: long })).toBe('Password must be at most 200 characters');
    expect(firstMessage(ChangePasswordBodySchema, { currentPassword: 'secret123', newPassword: long })).toBe('Password must be at most 200 characters');
  });

  it('a presented password (login, confirmation) is at most 1,024 characters, so older longer passwords still sign in', () => {
    const longest = 'p'.repeat(PASSWORD_INPUT_MAX_CHARS);
    expect(firstMessage(LoginBodySchema, { email: 'ada@example.com', password: longest })).toBeUndefined();
    expect(firstMessage(LoginBodySchema, { email: 'ada@example.com', password: `${longest}p` })).toBe('Password must be at most 1,024 characters');
    expect(firstMessage(DeleteAccountBodySchema, { password: `${longest}p` })).toBe('Password must be at most 1,024 characters');
    expect(firstMessage(ChangePasswordBodySchema, { currentPassword: `${longest}p`, newPassword: 'secret123' })).toBe(
      'Password must be at most 1,024 characters',
    );
  });

  it('a reset token longer than the server makes is an invalid link', () => {
    expect(firstMessage(ResetPasswordBodySchema, { token: 't'.repeat(200), password: 'secret123' })).toBe('Invalid or expired reset link');
  });
});

describe('URLs (at most 2,048 characters)', () => {
  const urlOf = (length: number) => `https://example.com/${'x'.repeat(length - 'https://example.com/'.length)}`;

  it('an import URL takes 2,048 characters and refuses more with a message naming the limit', () => {
    expect(firstMessage(ImportUrlBodySchema, { url: urlOf(URL_MAX_CHARS) })).toBeUndefined();
    expect(firstMessage(ImportUrlBodySchema, { url: urlOf(URL_MAX_CHARS + 1) })).toBe('URL must be at most 2,048 characters');
    expect(firstMessage(ImportCollectionBodySchema, { urls: [urlOf(40), urlOf(URL_MAX_CHARS + 1)], collectionTitle: 'Essays' })).toBe(
      'Each URL must be at most 2,048 characters',
    );
  });
});
