/**
 * A parent process for the pool's orphan test: starts a long compile in a PdfProcessPool child and prints the child's
 * pid once it runs, then waits (the test kills this process with SIGKILL).
 */
import { PdfProcessPool } from '../../src/write/typst/pool.ts';

const pool = new PdfProcessPool({ size: 1 });
const section = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40);
const source = Array.from({ length: 6000 }, (_, i) => `== Section ${i}\n\n${section}`).join('\n\n');
void pool.compile(source).catch(() => {});
setInterval(() => {}, 60_000);
