// Entry of the worker-thread pool. The task code is TypeScript: register tsx's loader in this thread first,
// so the pool works under `node --import tsx` and under vitest alike, then expose the tasks by name
// (piscina's `run(data, { name })`). Results that carry bytes (a book's images, a built file) are transferred
// to the main thread rather than copied (transfer.ts).
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');
const { movable, transferListOf } = await import('./transfer.ts');
const extraction = await import('./extraction-tasks.ts');
const pages = await import('./page-tasks.ts');

export async function importFile(input) {
  const result = await tasks.importFile(input);
  return result.ok ? movable(result, transferListOf(result.value.assets)) : result;
}
export const cleanBook = tasks.cleanBook;
export const combineTexts = tasks.combineTexts;
export const measureText = tasks.measureText;
export const cutAtWordLimit = tasks.cutAtWordLimitTask;
export const readStyleGuide = tasks.readStyleGuide;
export async function buildFile(input) {
  const result = await tasks.buildFile(input);
  if (!result.ok) return result;
  return movable(result, transferListOf(result.value.kind === 'bytes' ? [result.value] : result.value.assets));
}
export async function buildOpeningTypst(input) {
  const result = await tasks.buildOpeningTypst(input);
  return result.ok ? movable(result, transferListOf(result.value.assets)) : result;
}
export const searchTopic = extraction.searchTopicTask;
export const passageText = extraction.passageTextTask;
export const compileExtraction = extraction.compileTask;
export const renderPublicPage = pages.renderPublicPage;
export default importFile;
