import { getToken } from './auth-storage.ts';

/** The HTTP methods the API uses (accounts spec section 7: the request helper's `method` argument). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `fetch` the helper sends through: the browser's, unless the server renders pages (see prerender.tsx). */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends every later request of this module through `impl`: the server, rendering a public page in its own process
 * (prerender.tsx `renderPage`), answers the page's requests without a network round trip. Never called in a browser.
 */
export function setApiTransport(impl: typeof fetch): void {
  transport = impl;
}

/** Per-request options of the helper. */
export type RequestOptions = {
  signal?: AbortSignal | undefined;
  /** Extra request headers (the admin session's `X-Admin-Token`); the helper's own are set after them. */
  headers?: Record<string, string> | undefined;
};

/**
 * The request helper of the spec (accounts spec sections 7 and 8):
 * - a JSON content type only when a body exists (a `FormData` body is sent as multipart, without it);
 * - the bearer token from localStorage `auth_token` when one is stored;
 * - a non-OK response throws `Error("<status>: <body text or status text>")`.
 * Returns the raw response, for callers that want a blob. `signal` cancels the request (a superseded preview);
 * `headers` adds request headers.
 */
export async function apiFetch(
  method: HttpMethod,
  url: string,
  body?: unknown,
  { signal, headers: extraHeaders }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;

  const res = await transport(url, { method, headers, body: payload, ...(signal ? { signal } : {}) });
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return res;
}

/** Same as {@link apiFetch}, then returns the parsed JSON answer (`undefined` for an empty body). */
export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const res = await apiFetch(method, url, body, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
