/**
 * The timing loop of the stitcher's benchmarks (stitcher-bench.ts, xml-bench.ts): microseconds
 * per call, the median of many timed batches.
 */

/**
 * Runs `fn` in batches until about `budgetMs` is spent; returns the median µs per call. With
 * `isAsync`, each call's promise is awaited before the next.
 */
export async function measure(
  fn: () => unknown | Promise<unknown>,
  budgetMs = 1500,
  isAsync = false,
): Promise<number> {
  // warm-up and batch sizing: aim for ~5 ms per batch
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) isAsync ? await fn() : fn();
    const dt = performance.now() - t0;
    if (dt > 5 || batch > 1_000_000) break;
    batch *= 2;
  }
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (performance.now() < deadline || samples.length < 15) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) isAsync ? await fn() : fn();
    samples.push(((performance.now() - t0) * 1000) / batch);
    if (samples.length >= 400) break;
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
