// A one-off worker thread for the AI cleanup pass's two whole-book steps (choosing the paragraphs, and
// writing the accepted edits back), which take a few hundred milliseconds on the largest books and so
// must not run on the server's event loop. Registers the TypeScript loader first, as workers/worker.mjs does.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const engine = await import('@quire/engine');

/** The edited Markdown with its new word count (the same count as every other book route stores). */
function apply(markdown, edits) {
  const result = engine.applyAiEdits(markdown, edits);
  return { ...result, wordCount: engine.countWords(result.markdown) };
}

try {
  const value =
    workerData.task === 'plan' ? engine.planAiCleanup(workerData.markdown) : apply(workerData.markdown, workerData.edits);
  parentPort.postMessage({ ok: true, value });
} catch (err) {
  parentPort.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
