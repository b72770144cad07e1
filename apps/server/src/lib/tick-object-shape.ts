import { createHook } from 'node:async_hooks';

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process (docs/scale-out.md,
 * "Node's nextTick on V8's slow path").
 *
 * Node's nextTick builds each queued tick as an object literal whose first keys are computed
 * (`{ [async_id_symbol]: asyncId, [trigger_async_id_symbol]: triggerAsyncId, callback, args }`;
 * Node 24 adds a third symbol).
 * V8 records one object shape for each of those keys and, on the first other shape it meets, gives
 * up for good: every later tick defines its keys through the runtime (about 5 µs a request of a
 * bare Fastify, 49,000 against 39,000 answers a second). A second shape appears when the ids'
 * field changes representation (small integer, then a boxed number) after nextTick has started
 * recording, which loading PGlite's pg_trgm extension (many ticks early in start-up) brings about.
 *
 * Built here first, with boxed numbers in both id fields, the shared shape has its final field
 * representations before nextTick records anything, so it never sees a second one. The symbols
 * are Node's own, read from one tick through an async hook switched on for that single call.
 */
const settled: object[] = [];

function noop() {}

/** A named field as nextTick fills it: its callback (functions of both kinds), its arguments. */
function namedValue(name: string, i: number, sampled: unknown): unknown {
  if (name === 'callback') return i % 2 ? () => {} : noop;
  if (name === 'args') return i % 3 ? undefined : [i];
  return sampled;
}

function settleTickObjectShape(): void {
  let tick: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') tick = resource as object;
    },
  });
  hook.enable();
  process.nextTick(noop);
  hook.disable();
  if (!tick) return;
  // Node's literal, key for key: its computed (symbol) keys, then its named ones (Node 20 has two
  // of each; Node 24 adds a third symbol, the async context frame).
  const symbols = Object.getOwnPropertySymbols(tick);
  const names = Object.getOwnPropertyNames(tick);
  if (symbols.length < 2 || names.some((name) => !/^[A-Za-z_$][\w$]*$/.test(name))) return;
  const entries = [
    ...symbols.map((_, i) => `[keys[${i}]]: values[${i}]`),
    ...names.map((name, i) => `${name}: values[${symbols.length + i}]`),
  ];
  let tickLike: (values: unknown[]) => object;
  try {
    tickLike = new Function('keys', `return (values) => ({ ${entries.join(', ')} });`)(symbols);
  } catch {
    // Code generation from strings switched off (--disallow-code-generation-from-strings).
    return;
  }
  const sample = tick as Record<PropertyKey, unknown>;
  // Enough runs for V8 to give this literal its feedback and its boilerplate, so that the shape it
  // builds is the one nextTick's literal shares. Ids as boxed numbers (not small integers), the
  // other fields as nextTick fills them.
  for (let i = 0; i < 64; i++) {
    const values = [
      ...symbols.map((key, k) => (typeof sample[key] === 'number' ? i + k + 0.5 : sample[key])),
      ...names.map((name) => namedValue(name, i, sample[name])),
    ];
    // Kept: a shape no object holds can be collected, and nextTick would build it again.
    settled.push(tickLike(values));
  }
}

// Once, when main.ts imports this module first, before anything starts the database.
settleTickObjectShape();
