/**
 * How many API requests are in flight, for the loading bar at the top of the page (spec section
 * 2). The API clients report start and end; the bar subscribes. Kept free of UI code.
 */
type Listener = (count: number) => void;

let count = 0;
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener(count);
};

export const inFlightCount = () => count;

/** Marks one request as started; the returned function ends it (once, however often it is called). */
export function trackRequest(): () => void {
  count += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    count -= 1;
    emit();
  };
}

export function subscribeInFlight(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once no request is in flight, or after `limitMs` at the latest. */
export function whenIdle(limitMs: number): Promise<void> {
  if (count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const unsubscribe = subscribeInFlight((n) => {
      if (n === 0) done();
    });
  });
}
