import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/admin/logout: ends the admin session on the server too (204), so a token copied from memory stops
 * working at Logout rather than at its expiry. Fire and forget: the page locks whatever the answer.
 */
export function endAdminSession(token: string): void {
  apiRequest<unknown>('POST', '/api/admin/logout', undefined, { headers: { 'X-Admin-Token': token } }).catch(() => undefined);
}
