// A worker thread for the reaping tests (test/pdf/child-reaping.test.ts): registers tsx's loader in this thread, runs
// the scenario named in `workerData`, posts its outcome and ends the thread at once, in the same tick as the
// engine's answer, as a worker thread that piscina retires or terminates right after its task would.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runScenario } = await import('./child-scenarios.ts');
runScenario(workerData).then(
  (outcome) => {
    parentPort.postMessage({ outcome });
    process.exit(0);
  },
  (error) => {
    parentPort.postMessage({ error: { code: error?.code, message: String(error?.message ?? error) } });
    process.exit(0);
  },
);
