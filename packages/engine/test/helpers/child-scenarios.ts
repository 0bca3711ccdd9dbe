/**
 * What the reaping worker (`child-worker.mjs`) runs: one engine call that forks a child process, answered in the
 * worker thread, which ends in the same tick as the answer.
 */
import { rasterizeVectorImage } from '../../src/read/vector-images.ts';
import { runExtractChild } from '../../src/read/pdf/extract.ts';
import { PdfProcessPool } from '../../src/write/typst/pool.ts';

/** A Typst source that never ends: a loop over a range Typst does not cap (a `while` loop stops at 10,000 turns). */
export const ENDLESS_TYPST = '#let n = 0\n#for i in range(1000000000000) { n += 1 }\n#n';

export type Scenario = 'pool-budget' | 'extract-probe' | 'vector-svg';

export async function runScenario(scenario: Scenario): Promise<string> {
  switch (scenario) {
    case 'pool-budget': {
      // The pool is not closed: the thread ends with the engine's rejection, as a terminated worker would.
      const pool = new PdfProcessPool({ size: 1 });
      await pool.compile(ENDLESS_TYPST, undefined, { timeoutMs: 1500 });
      return 'compiled';
    }
    case 'extract-probe':
      return (await runExtractChild({ type: 'probe' })).type;
    case 'vector-svg': {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="red"/></svg>';
      const png = await rasterizeVectorImage(new TextEncoder().encode(svg));
      return png ? 'png' : 'none';
    }
  }
}
