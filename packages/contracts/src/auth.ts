import { z } from 'zod';

/** Password rule of the spec (accounts spec section 5 and 9): at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

/** POST /api/auth/login body (accounts spec section 5: the login form's messages). */
export const LoginBodySchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z.string({ error: 'Password must be at least 6 characters' }).min(PASSWORD_MIN_LENGTH, {
    error: 'Password must be at least 6 characters',
  }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /api/auth/register body: login fields plus optional first and last name. */
export const RegisterBodySchema = LoginBodySchema.extend({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
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
