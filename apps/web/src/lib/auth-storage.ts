import type { User } from '@quire/contracts';

/** localStorage key of the bearer token (accounts spec section 9). */
export const AUTH_TOKEN_KEY = 'auth_token';
/** localStorage key of the signed-in user, kept beside the token. */
export const AUTH_USER_KEY = 'auth_user';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): behave as signed out.
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(AUTH_TOKEN_KEY) ?? null;
}

export function getStoredUser(): User | null {
  const raw = storage()?.getItem(AUTH_USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

/** Keeps the token and user of a successful login or registration. */
export function storeSession(token: string, user: User): void {
  const s = storage();
  s?.setItem(AUTH_TOKEN_KEY, token);
  s?.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

/** Forgets the token and the user (logout, expired session). */
export function clearSession(): void {
  const s = storage();
  s?.removeItem(AUTH_TOKEN_KEY);
  s?.removeItem(AUTH_USER_KEY);
}

/** Replaces the kept user (after a profile change) while a session is stored; does nothing when signed out. */
export function updateStoredUser(user: User): void {
  const s = storage();
  if (!s?.getItem(AUTH_TOKEN_KEY)) return;
  s.setItem(AUTH_USER_KEY, JSON.stringify(user));
}
