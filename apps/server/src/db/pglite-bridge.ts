/**
 * The main thread's side of the embedded database: PGlite runs in its own worker thread (pglite-thread.mjs) and is
 * reached through node-postgres, whose `stream` option takes any duplex stream in place of a socket. Each
 * connection is a MessageChannel; nothing listens on a port or a socket file, so no other process can reach the
 * database. With the queries off the event loop, a server on PGlite answers requests while PGlite works.
 */
import { Duplex } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';

/** The worker entry, beside this file. */
const THREAD_URL = new URL('./pglite-thread.mjs', import.meta.url);

/** What the database thread posts to the main thread. */
type ThreadMessage = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

/** A byte chunk, the end of the stream (`null`), or the thread's reason for dropping the connection. */
type PortMessage = Uint8Array | null | { error: string };

/**
 * One connection to the database thread, shaped as the socket node-postgres expects: `connect` (answered at once,
 * there being no network), `setNoDelay`/`setKeepAlive` (nothing to set) and the duplex stream itself.
 *
 * `ref`/`unref` are the socket's: node-postgres's pool refs a connection while it is checked out and, with
 * `allowExitOnIdle`, unrefs it when idle, so a script's `await db.select()` is not cut short and an idle connection
 * does not hold the process open.
 */
class ThreadConnection extends Duplex {
  readonly #port: MessagePort;
  /** Bytes written in this tick, sent together: node-postgres writes a query's messages one by one. */
  #pending: Uint8Array[] = [];

  constructor(port: MessagePort) {
    super();
    this.#port = port;
    port.on('message', (message: PortMessage) => this.#receive(message));
    port.on('close', () => this.destroy());
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.#port.ref();
    return this;
  }

  unref(): this {
    this.#port.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // One message per query, not per protocol message: the thread then runs a query's Bind, Execute and Sync in one
    // call, and another connection's statements cannot fall between them.
    if (this.#pending.length === 0) queueMicrotask(() => this.#flush());
    this.#pending.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#flush();
    this.#port.postMessage(null);
    callback();
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    // One copy into memory of its own: node-postgres writes slices of pooled buffers, which cannot be transferred.
    const bytes = new Uint8Array(this.#pending.reduce((n, chunk) => n + chunk.length, 0));
    let offset = 0;
    for (const chunk of this.#pending) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.#pending = [];
    this.#port.postMessage(bytes, [bytes.buffer]);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#port.close();
    callback(error);
  }

  #receive(message: PortMessage): void {
    if (message === null) {
      this.push(null);
      return;
    }
    if (message instanceof Uint8Array) {
      this.push(Buffer.from(message.buffer, message.byteOffset, message.byteLength));
      return;
    }
    this.destroy(new Error(`the embedded database dropped the connection: ${message.error}`));
  }
}

/** The embedded database's thread, open. */
export interface PgliteThread {
  /** A new connection, for node-postgres's `stream` option. */
  connect(): Duplex;
  /** Closes PGlite (flushing it to disk) and ends the thread. Connections should be ended first. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts PGlite on `dataDir` (or in memory when undefined) in a worker thread.
 * @throws Error with PGlite's message when the database cannot be opened (a damaged or foreign data directory).
 */
export async function startPgliteThread(dataDir: string | undefined): Promise<PgliteThread> {
  const worker = new Worker(THREAD_URL, { workerData: { dataDir } });
  const connections = new Set<ThreadConnection>();
  let closing: Promise<void> | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // A thread that dies takes its connections with it: their queries fail instead of waiting for ever.
  worker.on('error', (err) => {
    for (const connection of connections) connection.destroy(err);
  });
  worker.once('exit', () => {
    for (const connection of connections) connection.destroy(new Error('the embedded database thread stopped'));
  });

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: ThreadMessage): void => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(new Error(message.message));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    void exited.then(() => reject(new Error('the embedded database thread stopped while opening')));
  });
  worker.unref();

  return {
    connect() {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ type: 'connect', port: port2 }, [port2]);
      const connection = new ThreadConnection(port1);
      connections.add(connection);
      connection.once('close', () => connections.delete(connection));
      return connection;
    },
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => {
          worker.on('message', (message: ThreadMessage) => {
            if (message.type === 'closed') resolve();
          });
        });
        worker.ref();
        worker.postMessage({ type: 'close' });
        await Promise.race([closed, exited]);
        await worker.terminate();
      })();
      return closing;
    },
  };
}
