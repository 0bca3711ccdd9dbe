/**
 * The load test's outside reference: a bare node:http server that answers every request with the bytes of one book
 * read as Quire answered it (status, headers, body), doing nothing else. Run as a child process:
 *   node scripts/load/reference-server.mjs <body file> <headers as JSON>
 * It listens on a free loopback port and prints that port on stdout.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, headersJson] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = { ...JSON.parse(headersJson), 'content-length': String(body.length) };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
