import { z } from 'zod';
import { EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE, PASSWORD_INPUT_MAX_CHARS, PERSON_NAME_MAX_CHARS, TOKEN_MAX_CHARS } from './limits.ts';

/** Password rule of the spec (accounts spec section 5 and 9): at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

/** Longest password accepted by register, reset and change (a bound on the work of hashing it). */
export const PASSWORD_MAX_LENGTH = 200;

/** An account's e-mail address as the login and register forms take it, at most {@link EMAIL_MAX_CHARS} characters. */
const AccountEmailSchema = z.email({ error: 'Please enter a valid email address' }).max(EMAIL_MAX_CHARS, { error: EMAIL_TOO_LONG_MESSAGE });

/** The message of a presented password over {@link PASSWORD_INPUT_MAX_CHARS}. */
const PRESENTED_PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_INPUT_MAX_CHARS.toLocaleString('en-US')} characters`;

/** A password the user presents to confirm an action: `required` when empty, at most {@link PASSWORD_INPUT_MAX_CHARS}. */
function presentedPassword(required: string) {
  return z.string({ error: required }).min(1, { error: required }).max(PASSWORD_INPUT_MAX_CHARS, { error: PRESENTED_PASSWORD_TOO_LONG });
}

/** POST /api/auth/login body (accounts spec section 5: the login form's messages). */
export const LoginBodySchema = z.object({
  email: AccountEmailSchema,
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' })
    .max(PASSWORD_INPUT_MAX_CHARS, { error: PRESENTED_PASSWORD_TOO_LONG }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /api/auth/register body: login fields (a new password: at most {@link PASSWORD_MAX_LENGTH}) plus optional first and last name. */
export const RegisterBodySchema = LoginBodySchema.extend({
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  firstName: z
    .string()
    .trim()
    .max(PERSON_NAME_MAX_CHARS, { error: `First name must be at most ${PERSON_NAME_MAX_CHARS} characters` })
    .optional(),
  lastName: z
    .string()
    .trim()
    .max(PERSON_NAME_MAX_CHARS, { error: `Last name must be at most ${PERSON_NAME_MAX_CHARS} characters` })
    .optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The signed-in user as the API shows it (never the password hash). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Answer of login and register: a bearer token and the user (accounts spec section 3). */
export const AuthResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * POST /api/auth/forgot-password body (accounts spec sections 2, 5 and 8): the e-mail address. The answer is the
 * same whether or not an account has that address: 200 {@link ForgotPasswordResponse}.
 */
export const ForgotPasswordBodySchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, { error: 'Please enter your email address' })
    .max(EMAIL_MAX_CHARS, { error: EMAIL_TOO_LONG_MESSAGE })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The one answer of forgot-password (accounts spec section 8: a generic message). */
export const ForgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

/** How long a reset link is valid (accounts spec section 9: 1 hour), in minutes. */
export const RESET_LINK_VALID_MINUTES = 60;

/**
 * POST /api/auth/reset-password body (accounts spec sections 2, 5 and 8): the token of the e-mailed link and the new
 * password. 400 'Invalid or expired reset link' for a token that is unknown, used or older than an hour; on success
 * 200 {@link ForgotPasswordResponse}-shaped `{ message }`, and every session of the user is ended.
 */
export const ResetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'Invalid or expired reset link' })
    .min(1, { error: 'Invalid or expired reset link' })
    .max(TOKEN_MAX_CHARS, { error: 'Invalid or expired reset link' }),
  password: z
    .string({ error: 'Please enter a new password' })
    .min(1, { error: 'Please enter a new password' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters long' })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** PATCH /api/user/profile body: first and last name (empty clears). Answers the {@link User}. */
export const UpdateProfileBodySchema = z.object({
  firstName: z.string().trim().max(PERSON_NAME_MAX_CHARS, { error: `First name must be at most ${PERSON_NAME_MAX_CHARS} characters` }),
  lastName: z.string().trim().max(PERSON_NAME_MAX_CHARS, { error: `Last name must be at most ${PERSON_NAME_MAX_CHARS} characters` }),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/**
 * POST /api/user/change-password body: the current password and the new one. 400 'Current password is incorrect'
 * when the current one is wrong; on success the user's other sessions end and this one stays: 200 `{ message }`.
 */
export const ChangePasswordBodySchema = z.object({
  currentPassword: presentedPassword('Please enter your current password'),
  newPassword: z
    .string({ error: 'Please enter a new password' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters long' })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/**
 * DELETE /api/user body: the password, to confirm (a signed-in device left open must not be enough to delete an
 * account). 400 'Password is incorrect' otherwise; on success 204 and everything of the user is gone (books, their
 * files, covers, exports, extractions, templates, style guides, sessions).
 */
export const DeleteAccountBodySchema = z.object({
  password: presentedPassword('Please enter your password'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
