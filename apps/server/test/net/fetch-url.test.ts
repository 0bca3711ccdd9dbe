import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy, type AddressPolicy } from '../../src/net/address-policy.ts';
import { BlockedAddressError, createGuardedConnector, fetchUrl, type FetchUrlOptions } from '../../src/net/fetch-url.ts';
import { startServer, type LocalServer } from '../local-server.ts';

let server: LocalServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/book.txt':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('Call me Ishmael.');
      case '/redirect':
        res.writeHead(302, { location: to ?? '/book.txt' });
        return res.end();
      case '/loop':
        res.writeHead(301, { location: '/loop' });
        return res.end();
      case '/missing':
        res.writeHead(404);
        return res.end('nope');
      case '/big-declared':
        res.writeHead(200, { 'content-length': String(2000) });
        return res.end(Buffer.alloc(2000, 97));
      case '/big-streamed':
        // No content-length: the cap must cut the stream.
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 10; i++) res.write(Buffer.alloc(500, 98));
        return res.end();
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('starting...');
        return; // never ends
      case '/hang':
        return; // never answers
      default:
        res.writeHead(500);
        return res.end();
    }
  });
});

afterAll(async () => {
  await server.close();
});

const open = createAddressPolicy({ allowAll: true });
const strict = createAddressPolicy();
const firstHopOnly = createAddressPolicy({ allowCidrs: ['127.0.0.1/32'] });
const opts = (policy: AddressPolicy, extra: Partial<FetchUrlOptions> = {}): FetchUrlOptions => ({
  policy,
  timeoutMs: 2000,
  maxBytes: 1000,
  maxRedirects: 5,
  ...extra,
});

describe('fetchUrl', () => {
  it('downloads a file and reports the final URL and content type', async () => {
    const file = await fetchUrl(server.url('/redirect'), opts(open));
    expect(Buffer.from(file.bytes).toString()).toBe('Call me Ishmael.');
    expect(file.finalUrl).toBe(server.url('/book.txt'));
    expect(file.contentType).toBe('text/plain; charset=utf-8');
  });

  it.each([
    ['127.0.0.1', () => server.url('/book.txt', '127.0.0.1')],
    ['::1', () => server.url('/book.txt', '::1')],
    ['::ffff:127.0.0.1', () => server.url('/book.txt', '::ffff:127.0.0.1')],
    ['64:ff9b::7f00:1', () => `http://[64:ff9b::7f00:1]:${server.port}/book.txt`],
    ['::127.0.0.1 (IPv4-compatible)', () => `http://[::127.0.0.1]:${server.port}/book.txt`],
    ['10.0.0.1', () => 'http://10.0.0.1/book.txt'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['2130706433 (decimal 127.0.0.1)', () => `http://2130706433:${server.port}/book.txt`],
    ['localhost (a name that resolves to loopback)', () => server.url('/book.txt', 'localhost')],
  ])('refuses %s with the check on, without sending a request', async (_label, url) => {
    const before = server.requests.length;
    await expect(fetchUrl(url(), opts(strict))).rejects.toMatchObject({ code: 'PRIVATE_ADDRESS', statusCode: 403 });
    expect(server.requests.length).toBe(before);
  });

  it('checks every redirect hop: a public-looking first hop may not lead to a private address', async () => {
    for (const target of [
      server.url('/book.txt', '127.0.0.2'),
      server.url('/book.txt', '::1'),
      'http://10.0.0.1/',
      'http://[::ffff:192.168.0.1]/',
    ]) {
      const before = server.requests.length;
      await expect(fetchUrl(server.url(`/redirect?to=${encodeURIComponent(target)}`), opts(firstHopOnly))).rejects.toMatchObject({
        code: 'PRIVATE_ADDRESS',
      });
      // Only the first hop reached the server.
      expect(server.requests.length).toBe(before + 1);
    }
  });

  it('follows at most maxRedirects redirects', async () => {
    await expect(fetchUrl(server.url('/loop'), opts(open))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'Could not fetch the URL (it redirects too many times).',
    });
  });

  it('refuses redirects to other schemes', async () => {
    await expect(fetchUrl(server.url('/redirect?to=file:///etc/passwd'), opts(open))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });

  it('refuses non-http URLs', async () => {
    await expect(fetchUrl('ftp://example.com/book.txt', opts(open))).rejects.toMatchObject({ code: 'INVALID_URL' });
    await expect(fetchUrl('not a url', opts(open))).rejects.toMatchObject({ code: 'INVALID_URL' });
  });

  it('answers an upstream error status as a failed fetch', async () => {
    await expect(fetchUrl(server.url('/missing'), opts(open))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      statusCode: 502,
      message: 'Could not fetch the URL (the server answered 404 Not Found).',
    });
  });

  it('answers a refused connection and an unknown host as failed fetches', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(fetchUrl(`http://127.0.0.1:${port}/`, opts(open))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'Could not fetch the URL (the connection was refused).',
    });
    await expect(fetchUrl('http://no-such-host.invalid/', opts(open))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/^Could not fetch the URL \(the host name could not be (found|resolved)\)\.$/),
    });
  });

  it('refuses a body over the size cap, declared or streamed', async () => {
    await expect(fetchUrl(server.url('/big-declared'), opts(open))).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', statusCode: 413 });
    await expect(fetchUrl(server.url('/big-streamed'), opts(open))).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('times out cleanly when the server never answers or never finishes', async () => {
    for (const path of ['/hang', '/slow']) {
      const started = Date.now();
      await expect(fetchUrl(server.url(path), opts(open, { timeoutMs: 300 }))).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        statusCode: 504,
        message: 'The import timed out while fetching the URL',
      });
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
});

describe('createGuardedConnector', () => {
  it('classifies the address actually connected to, after the connect and before any byte is sent', async () => {
    // A policy that lets the pre-connect check pass and refuses the second look (the connected socket):
    // stands for a name whose DNS answer changed between the lookup and the connect.
    const seen: string[] = [];
    const flipping: AddressPolicy = {
      isAllowed(address) {
        seen.push(address);
        return seen.length === 1;
      },
    };
    let received = 0;
    const raw = net.createServer((socket) => socket.on('data', (d) => (received += d.length)));
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const port = (raw.address() as net.AddressInfo).port;
    const connect = createGuardedConnector(flipping, 2000);
    const err = await new Promise<Error | null>((resolve) =>
      connect({ hostname: '127.0.0.1', protocol: 'http:', port: String(port) }, (e, socket) => {
        socket?.destroy();
        resolve(e);
      }),
    );
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toBe(0);
    await new Promise<void>((r) => raw.close(() => r()));
  });
});
