/**
 * The soak's server process (apps/server/bench/soak.ts): the real server (src/main.ts), plus an
 * IPC answer to the soak's memory probe. Started with --expose-gc, so each sample is taken after a
 * full garbage collection: heapUsed is then what the process keeps, not what it has not collected
 * yet. Not used outside the benchmark.
 */
import { writeHeapSnapshot } from 'node:v8';

interface MemorySample {
  type: 'memory';
  at: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (message) => {
  // `--heap-snapshots DIR`: a heap snapshot (after a full collection) where the soak asks for it.
  if (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'snapshot'
  ) {
    collect?.();
    const file = writeHeapSnapshot((message as { path: string }).path);
    process.send?.({ type: 'snapshot', file });
    return;
  }
  if (message !== 'sample') return;
  collect?.();
  const memory = process.memoryUsage();
  const sample: MemorySample = {
    type: 'memory',
    at: Date.now(),
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
  };
  process.send?.(sample);
});
// The IPC channel must not keep the process alive after the server closed (SIGINT).
process.channel?.unref();

await import('../src/main.ts');
