/**
 * The process in which the fuzz tests read mutants (started by `runner.ts` with `child_process.fork`,
 * the `tsx` loader, `--expose-gc` and a V8 heap cap). It runs the readers, so that a reader caught in a
 * synchronous endless loop can be killed from outside (a timer in the same thread would never fire) and a
 * memory blow-up ends this process, not the test runner.
 *
 * Protocol (IPC, `serialization: 'advanced'`):
 * - parent -> child: `{ type: 'read', id, bytes, fileName }` or `{ type: 'memory', id }`;
 * - child -> parent: `{ type: 'verdict', id, verdict }` (see {@link Verdict}), or `{ type: 'memory', id,
 *   heapUsed, rss }` in bytes after two forced collections; `{ type: 'ready' }` once loaded.
 */
import { EngineError } from '../../src/errors.ts';
import { isAssetPath } from '../../src/model/book-document.ts';
import { readBook, type ReadOutput } from '../../src/read/index.ts';
import type { ErrorSummary, Verdict } from './verdict.ts';

/** Request from the test to this process. */
export type ChildRequest = { type: 'read'; id: number; bytes: Uint8Array; fileName: string } | { type: 'memory'; id: number };

/** Message from this process to the test. */
export type ChildReply =
  | { type: 'ready' }
  | { type: 'verdict'; id: number; verdict: Verdict }
  | { type: 'memory'; id: number; heapUsed: number; rss: number };

function summarize(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error).slice(0, 300), ours: false };
  const frame = (error.stack ?? '').split('\n').find((l) => /^\s+at /.test(l))?.trim();
  return { name: error.name, message: error.message.slice(0, 1000), ours: frame?.includes('/packages/engine/src/') ?? false, ...(frame ? { frame } : {}) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with a result, measured against {@link ReadOutput}'s documentation (looked at as any value). */
function shapeProblems(result: ReadOutput): string[] {
  const r: Record<string, unknown> = isRecord(result) ? result : {};
  const out: string[] = [];
  if (!isRecord(r.meta)) out.push('meta is not an object');
  if (r.kind === 'raw') {
    if (r.format !== 'txt') out.push(`raw result of format ${String(r.format)}`);
    if (typeof r.text !== 'string') out.push('text is not a string');
    if (typeof r.encoding !== 'string') out.push('encoding is not a string');
    return out;
  }
  if (r.kind !== 'document') return [`unknown kind ${String(r.kind)}`];
  if (!['markdown', 'html', 'docx', 'epub', 'pdf'].includes(String(r.format))) out.push(`document of format ${String(r.format)}`);
  if (typeof r.markdown !== 'string') out.push('markdown is not a string');
  if (!Array.isArray(r.report)) out.push('report is not an array');
  else if (!r.report.every((l) => isRecord(l) && typeof l.id === 'string' && typeof l.label === 'string' && Number.isFinite(l.count))) out.push('a report line is malformed');
  if (!Array.isArray(r.assets)) out.push('assets is not an array');
  else {
    for (const a of r.assets as unknown[]) {
      if (!isRecord(a) || typeof a.path !== 'string' || !isAssetPath(a.path)) out.push(`an asset path is not of the asset shape: ${JSON.stringify(isRecord(a) ? a.path : a)}`);
      if (!isRecord(a) || !(a.bytes instanceof Uint8Array)) out.push('an asset has no bytes');
    }
  }
  return out;
}

async function read(bytes: Uint8Array, fileName: string): Promise<Verdict> {
  const start = performance.now();
  const ms = () => Math.round(performance.now() - start);
  try {
    const r = await readBook(bytes, { fileName });
    return { outcome: 'resolved', ms: ms(), kind: r.kind, format: r.format, problems: shapeProblems(r) };
  } catch (error) {
    if (error instanceof EngineError) {
      return { outcome: 'engine-error', ms: ms(), code: error.code, message: error.message, ...(error.cause !== undefined ? { cause: summarize(error.cause) } : {}) };
    }
    return { outcome: 'untyped', ms: ms(), error: summarize(error) };
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

function send(message: ChildReply): void {
  process.send?.(message);
}

process.on('message', (message: ChildRequest) => {
  if (message.type === 'read') {
    void read(message.bytes, message.fileName).then((verdict) => send({ type: 'verdict', id: message.id, verdict }));
  } else if (message.type === 'memory') {
    gc?.();
    gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    send({ type: 'memory', id: message.id, heapUsed, rss });
  }
});

process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
