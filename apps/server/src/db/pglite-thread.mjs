// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly: every query runs on the thread
// that owns the instance, so on the server's main thread each query stopped every other request (a book read took
// about a millisecond of the event loop, and 200 readers starved it). Here PGlite serves the PostgreSQL wire
// protocol to node-postgres clients in the main thread, one MessagePort per connection (pglite-bridge.ts): the
// main thread runs the same driver as on a PostgreSQL server, and PGlite's work runs beside it.
//
// Messages from the main thread: { type: 'connect', port } opens a connection (the port carries its bytes:
// Uint8Array chunks, and null for the end), { type: 'close' } closes the database. To the main thread:
// { type: 'ready' } once the database is open, { type: 'failed', message } if it cannot be, and
// { type: 'closed' } after close.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Startup-phase requests that have no type byte (PostgreSQL protocol 3.0, "Message Formats"). */
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Terminate ('X'): the client's last message. PGlite's main loop must not see it; it ends the connection here. */
const TERMINATE = 0x58;

const db = await openDatabase();

/** Connections served so far: each connection's prepared statements are named after its number. */
let connectionCount = 0;
/** Work not yet run: a batch of a connection's messages, or its end (`batch` null), in arrival order. */
const queue = [];
/** True while `pump` runs the queue. PGlite has a single backend: one batch at a time. */
let running = false;
/** The connection whose transaction is open, if any: only its batches run until the transaction ends. */
let transactionOwner = null;

parentPort.on('message', (message) => {
  if (message.type === 'connect') serve(message.port);
  else if (message.type === 'close') void closeDatabase();
});

async function openDatabase() {
  try {
    const instance = await PGlite.create(workerData.dataDir ?? undefined);
    parentPort.postMessage({ type: 'ready' });
    return instance;
  } catch (err) {
    parentPort.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
}

async function closeDatabase() {
  try {
    while (running || queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await db.close();
  } finally {
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  }
}

/**
 * Serves one client connection on `port`: reassembles the protocol messages from its chunks, answers the startup
 * requests PGlite has no use for (SSL and GSS encryption: 'N', cancel: nothing), and hands each run of complete
 * messages to PGlite in one call, streaming the answer back. A connection that ends inside a transaction has it
 * rolled back, as a PostgreSQL server does when a client goes away.
 */
function serve(port) {
  const connection = { port, buffer: new Uint8Array(0), ended: false, prefix: `c${++connectionCount}_`, statements: new Set() };
  port.on('message', (chunk) => {
    if (connection.ended) return;
    if (chunk === null) return end(connection);
    connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
    try {
      for (const batch of takeBatches(connection)) schedule(connection, batch);
    } catch (err) {
      void fail(connection, err);
    }
  });
  port.on('close', () => end(connection));
}

function end(connection) {
  if (connection.ended) return;
  connection.ended = true;
  schedule(connection, null);
}

/** Queues `batch` (or the connection's end, `null`) and runs the queue. */
function schedule(connection, batch) {
  queue.push({ connection, batch });
  void pump();
}

/**
 * Runs queued work in order, except that while a connection's transaction is open only that connection's work runs
 * (another connection's statements would otherwise land inside the transaction, PGlite having one backend).
 */
async function pump() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const next = queue.findIndex((item) => transactionOwner === null || item.connection === transactionOwner);
      if (next < 0) break;
      const [{ connection, batch }] = queue.splice(next, 1);
      try {
        await run(connection, batch);
      } catch (err) {
        await fail(connection, err);
      }
    }
  } finally {
    running = false;
  }
}

async function run(connection, batch) {
  if (batch === null) {
    await rollbackIfOwner(connection);
    await deallocate(connection);
    connection.port.postMessage(null);
    connection.port.close();
    return;
  }
  if (batch.reply) {
    connection.port.postMessage(batch.reply);
    return;
  }
  await db.execProtocolRawStream(batch.startup ? batch.messages : renameStatements(batch.messages, connection), {
    onRawData: (data) => {
      // `data` is a view of PGlite's own buffer, reused by the next call: send a copy.
      const copy = data.slice();
      connection.port.postMessage(copy, [copy.buffer]);
    },
  });
  transactionOwner = db.isInTransaction() ? connection : null;
}

/** Rolls back the transaction `connection` left open, as a PostgreSQL server does when its client goes away. */
async function rollbackIfOwner(connection) {
  if (transactionOwner !== connection) return;
  transactionOwner = null;
  if (db.isInTransaction()) await db.exec('ROLLBACK');
}

/** Drops the prepared statements of a connection that ended, as its backend's exit would on PostgreSQL. */
async function deallocate(connection) {
  for (const name of connection.statements) await db.exec(`DEALLOCATE "${name}"`).catch(() => {});
  connection.statements.clear();
}

/**
 * `messages` with every prepared statement's name given the connection's prefix (Parse, Bind, and Describe and Close
 * of a statement; the unnamed statement stays unnamed). PGlite has one backend for all connections, and on PostgreSQL
 * each connection has its own statements: without the prefix two connections preparing one statement would clash
 * ("prepared statement already exists"). Records the names the connection holds.
 */
function renameStatements(messages, connection) {
  const parts = [];
  let changed = false;
  let at = 0;
  const view = new DataView(messages.buffer, messages.byteOffset, messages.byteLength);
  while (at < messages.length) {
    const type = messages[at];
    const end = at + 1 + view.getInt32(at + 1);
    // Where the statement name starts, for the messages that carry one.
    let nameAt = -1;
    if (type === 0x50) nameAt = at + 5; // Parse
    else if (type === 0x42) nameAt = messages.indexOf(0, at + 5) + 1; // Bind: after the portal's name
    else if ((type === 0x44 || type === 0x43) && messages[at + 5] === 0x53) nameAt = at + 6; // Describe/Close 'S'
    if (nameAt > 0 && messages[nameAt] !== 0) {
      const nameEnd = messages.indexOf(0, nameAt);
      const name = connection.prefix + Buffer.from(messages.subarray(nameAt, nameEnd)).toString('utf8');
      if (type === 0x50) connection.statements.add(name);
      else if (type === 0x43) connection.statements.delete(name);
      const head = new Uint8Array(nameAt - at);
      head.set(messages.subarray(at, nameAt));
      const nameBytes = Buffer.from(name, 'utf8');
      const tail = messages.subarray(nameEnd, end);
      new DataView(head.buffer).setInt32(1, head.length - 1 + nameBytes.length + tail.length);
      parts.push(head, nameBytes, tail);
      changed = true;
    } else {
      parts.push(messages.subarray(at, end));
    }
    at = end;
  }
  return changed ? Buffer.concat(parts) : messages;
}

/** Ends a connection whose bytes PGlite could not take: the client sees the message as a stream error. */
async function fail(connection, err) {
  connection.ended = true;
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i].connection === connection) queue.splice(i, 1);
  connection.port.postMessage({ error: err instanceof Error ? err.message : String(err) });
  connection.port.close();
  await rollbackIfOwner(connection).catch(() => {});
  await deallocate(connection);
}

/**
 * The complete messages at the front of the connection's buffer, as batches: a startup request alone (PGlite
 * handles the startup message in its own call), then runs of typed messages. Leaves a partial message buffered.
 */
function* takeBatches(connection) {
  let start = 0;
  let runStart = -1;
  const buffer = connection.buffer;
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  while (buffer.length - start >= 5) {
    if (buffer[start] === 0) {
      // A message without a type byte: only the startup phase sends these, before any typed message.
      if (buffer.length - start < 8) break;
      const length = view.getInt32(start);
      if (buffer.length - start < length) break;
      const code = view.getInt32(start + 4);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) yield { reply: Uint8Array.of(0x4e) };
      else if (code === PROTOCOL_3) yield { messages: buffer.slice(start, start + length), startup: true };
      // A cancel request has no answer: PGlite runs one statement at a time and has nothing to signal.
      else if (code !== CANCEL_REQUEST) throw new Error(`unsupported startup request ${code}`);
      start += length;
      continue;
    }
    const length = 1 + view.getInt32(start + 1);
    if (buffer.length - start < length) break;
    if (buffer[start] === TERMINATE) {
      if (runStart >= 0) yield { messages: buffer.slice(runStart, start) };
      runStart = -1;
      end(connection);
    } else if (runStart < 0) {
      runStart = start;
    }
    start += length;
  }
  if (runStart >= 0) yield { messages: buffer.slice(runStart, start) };
  connection.buffer = buffer.slice(start);
}
