/**
 * Moving image bytes across the worker-thread boundary without copying them (issue 3: a book's images go from the
 * reader to the server and from the server to the writers). A `Uint8Array` is transferred by handing its
 * `ArrayBuffer` over, which detaches it on the sending side; these helpers make that safe.
 */
import { Piscina } from 'piscina';

/**
 * The buffers to transfer for `files`, each once. A view that does not own the whole of its buffer (a slice of
 * an archive, of Node's shared Buffer pool, or a second view of a buffer already listed) is first replaced by a
 * copy of its bytes, so that transferring never detaches memory someone else still uses.
 * Changes `files[i].bytes` in place where it copies.
 * @returns the ArrayBuffers to put in a transfer list; empty for no files.
 */
export function transferListOf(files: readonly { bytes: Uint8Array }[]): ArrayBuffer[] {
  const list = new Set<ArrayBuffer>();
  for (const file of files) {
    const { buffer, byteOffset, byteLength } = file.bytes;
    const ownsBuffer = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
    if (!ownsBuffer || list.has(buffer)) {
      (file as { bytes: Uint8Array }).bytes = file.bytes.slice();
    }
    list.add(file.bytes.buffer as ArrayBuffer);
  }
  return [...list];
}

/**
 * Wraps a worker task's result so that piscina transfers `transferList` instead of cloning it
 * (piscina's movable protocol: `transferableSymbol` and `valueSymbol`, marked by `Piscina.move`).
 * Only for results returned from a worker thread; the pool's caller receives `value` itself.
 */
export function movable<T>(value: T, transferList: ArrayBuffer[]): T {
  if (transferList.length === 0) return value;
  const wrapped = {
    get [Piscina.transferableSymbol]() {
      return transferList;
    },
    get [Piscina.valueSymbol]() {
      return value;
    },
  };
  return Piscina.move(wrapped as never) as unknown as T;
}
