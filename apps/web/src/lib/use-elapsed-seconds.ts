import { useEffect, useState } from 'react';

/**
 * Whole seconds since `running` turned true, ticking once a second; 0 while it is false. For work the server does
 * in one long request (a batch import, a ZIP of many PDFs), where the time taken is the only progress there is.
 */
export function useElapsedSeconds(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const start = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - start) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return running ? elapsed : 0;
}

/** Seconds as a clock reading: `0:07`, `2:35`, `61:00`. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
