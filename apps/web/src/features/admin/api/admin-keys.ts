/** Query keys of the admin area; the session token is part of the key, so a new session never sees old data. */
export const adminKeys = {
  all: ['admin'] as const,
  analytics: (token: string) => ['admin', 'analytics', token] as const,
};
