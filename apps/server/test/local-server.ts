/** A small local HTTP server for URL-import tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server for URL imports; `url(path)` gives an address on it. */
export interface LocalServer {
  port: number;
  url(pathname: string, host?: string): string;
  /** Requests the server received (method and URL), in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts an HTTP server on `host` (default all interfaces, so 127.0.0.2 and ::1 reach it too) and a free port. */
export async function startServer(handler: http.RequestListener, host = '::'): Promise<LocalServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host, ipv6Only: false }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    url: (pathname, h = '127.0.0.1') => `http://${h.includes(':') ? `[${h}]` : h}:${port}${pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

