// Entry of the worker-thread pool. The task code is TypeScript: register tsx's loader in this thread first,
// so the pool works under `node --import tsx` and under vitest alike, then expose the tasks by name
// (piscina's `run(data, { name })`).
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');

export const importFile = tasks.importFile;
export const cleanBook = tasks.cleanBook;
export const combineTexts = tasks.combineTexts;
export const measureText = tasks.measureText;
export const buildFile = tasks.buildFile;
export default tasks.importFile;
