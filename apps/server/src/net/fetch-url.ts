/**
 * Fetching a book from a public URL (DESIGN.md section 3, "Import by URL"; accounts spec section 9):
 * http(s) only, redirects followed by hand (at most `maxRedirects`, each hop checked again), one total time
 * limit, a streaming size cap, and an address check on every connection:
 * 1. an IP-literal host is classified before connecting (no DNS lookup happens for it);
 * 2. a host name is resolved through a guarded DNS lookup that refuses any non-allowed answer;
 * 3. after the TCP connect, `socket.remoteAddress` (the address actually connected to) is classified again,
 *    before any byte of the request is written; this also defeats DNS rebinding between 2 and the connect.
 */
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';
import { AppError } from '../errors.ts';
import type { AddressPolicy } from './address-policy.ts';

/** A connection was refused because its address is not allowed by the {@link AddressPolicy}. */
export class BlockedAddressError extends Error {
  readonly address: string;
  constructor(address: string) {
    super(`Connection to ${address} refused by the address policy`);
    this.name = 'BlockedAddressError';
    this.address = address;
  }
}

/** Options of {@link fetchUrl}. Durations in milliseconds, sizes in bytes. */
export interface FetchUrlOptions {
  policy: AddressPolicy;
  /** Total time limit: all hops, headers and body. */
  timeoutMs: number;
  /** Largest body accepted; a longer one is cut off and refused. */
  maxBytes: number;
  /** Redirects followed before giving up. */
  maxRedirects: number;
}

/** A fetched file. */
export interface FetchedFile {
  bytes: Uint8Array;
  /** The URL of the last hop (after redirects). */
  finalUrl: string;
  /** `Content-Type` of the answer, if any. */
  contentType: string | null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `net.connect` lookup function that resolves like `dns.lookup` but fails with {@link BlockedAddressError}
 * when any answer is not allowed (a name that resolves to a private address is refused even if it also has
 * public ones). Supports `all: true`, which Node uses for happy-eyeballs connects.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const blocked = addresses.find((a) => !policy.isAllowed(a.address));
      if (blocked) return callback(new BlockedAddressError(blocked.address), '');
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** Removes `[...]` around an IPv6 literal. */
function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * An undici connector that enforces `policy` on every connection (steps 1 to 3 of the module comment).
 * `connectTimeoutMs` bounds the TCP (and TLS) connect.
 */
export function createGuardedConnector(policy: AddressPolicy, connectTimeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(policy) } as buildConnector.BuildOptions);
  return (options, callback) => {
    const host = unbracket(options.hostname);
    if (ipaddr.isValid(host) && !policy.isAllowed(host)) {
      callback(new BlockedAddressError(host), null);
      return;
    }
    connect(options, (err, socket) => {
      if (err) {
        callback(err, null);
        return;
      }
      const remote = socket?.remoteAddress;
      if (!socket || !remote || !policy.isAllowed(remote)) {
        socket?.destroy();
        callback(new BlockedAddressError(remote ?? 'an unknown address'), null);
        return;
      }
      callback(null, socket);
    });
  };
}

/** Redirect statuses whose `Location` is followed. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Network error codes and how the import message explains them. */
const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be resolved',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was closed by the server',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed by the server',
  UND_ERR_CLOSED: 'the connection was closed by the server',
  HPE_INVALID_CONSTANT: 'the server did not answer with HTTP',
};

/** The first error in a `cause` chain that satisfies `test`. */
function findCause<T>(err: unknown, test: (e: unknown) => e is T): T | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    if (test(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps a failure of one hop to the AppError the user sees. */
function toAppError(err: unknown, signal: AbortSignal): AppError {
  if (err instanceof AppError) return err;
  if (findCause(err, (e): e is BlockedAddressError => e instanceof BlockedAddressError)) {
    return new AppError('PRIVATE_ADDRESS');
  }
  const code = findCause(err, (e): e is { code: string } => typeof (e as { code?: unknown })?.code === 'string')?.code;
  if (signal.aborted || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new AppError('UPSTREAM_TIMEOUT', undefined, { cause: err });
  }
  const reason =
    (code && NETWORK_REASONS[code]) ||
    (code && /CERT|SSL|TLS/.test(code) ? 'the secure connection failed' : 'the server could not be reached');
  return new AppError('UPSTREAM_FAILED', `Could not fetch the URL (${reason}).`, { cause: err });
}

/**
 * Downloads `url` under the rules of the module comment.
 * @throws AppError `INVALID_URL` (not http/https), `PRIVATE_ADDRESS` (a hop connects to a refused address),
 *   `FILE_TOO_LARGE` (body over `maxBytes`), `UPSTREAM_TIMEOUT` (over `timeoutMs`), `UPSTREAM_FAILED`
 *   (DNS, connection, TLS or an HTTP error status, too many redirects), each with a user-facing message.
 */
export async function fetchUrl(url: string, options: FetchUrlOptions): Promise<FetchedFile> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new AppError('INVALID_URL');
  }
  if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new AppError('INVALID_URL');

  const signal = AbortSignal.timeout(options.timeoutMs);
  const agent = new Agent({
    connect: createGuardedConnector(options.policy, Math.min(options.timeoutMs, 10_000)),
  });
  try {
    for (let hop = 0; ; hop++) {
      const res = await request(current, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: { 'user-agent': 'Quire/0.1 (book import)', accept: 'text/*, application/*;q=0.9, */*;q=0.8' },
      }).catch((err: unknown) => {
        throw toAppError(err, signal);
      });
      // Destroying a body we refuse emits an abort error; the outcome is already decided, so swallow it.
      res.body.on('error', () => {});

      if (REDIRECTS.has(res.statusCode)) {
        await res.body.dump().catch(() => {});
        const location = res.headers.location;
        const target = Array.isArray(location) ? location[0] : location;
        if (!target) throw new AppError('UPSTREAM_FAILED', 'Could not fetch the URL (a redirect had no target).');
        if (hop >= options.maxRedirects) {
          throw new AppError('UPSTREAM_FAILED', 'Could not fetch the URL (it redirects too many times).');
        }
        let next: URL;
        try {
          next = new URL(target, current);
        } catch {
          throw new AppError('UPSTREAM_FAILED', 'Could not fetch the URL (a redirect had an invalid target).');
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new AppError('UPSTREAM_FAILED', 'Could not fetch the URL (it redirects to an address that is not http or https).');
        }
        current = next;
        continue;
      }

      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump().catch(() => {});
        const text = STATUS_CODES[res.statusCode] ?? 'Error';
        throw new AppError('UPSTREAM_FAILED', `Could not fetch the URL (the server answered ${res.statusCode} ${text}).`);
      }

      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.body.destroy();
        throw new AppError('FILE_TOO_LARGE');
      }
      const chunks: Buffer[] = [];
      let total = 0;
      try {
        for await (const chunk of res.body) {
          const buf = chunk as Buffer;
          total += buf.byteLength;
          if (total > options.maxBytes) {
            res.body.destroy();
            throw new AppError('FILE_TOO_LARGE');
          }
          chunks.push(buf);
        }
      } catch (err) {
        throw toAppError(err, signal);
      }
      const contentType = res.headers['content-type'];
      return {
        bytes: new Uint8Array(Buffer.concat(chunks, total)),
        finalUrl: current.href,
        contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? null,
      };
    }
  } finally {
    agent.destroy().catch(() => {});
  }
}
