import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.ts';
import { ApiError, apiRequest } from '../api-client.ts';
import { inFlightCount, subscribeInFlight, trackRequest } from '../in-flight.ts';
import { setNavigator } from '../navigation.ts';

describe('trackRequest', () => {
  it('counts a request up when it starts and down when it ends', () => {
    const base = inFlightCount();
    const endA = trackRequest();
    const endB = trackRequest();
    expect(inFlightCount()).toBe(base + 2);
    endA();
    expect(inFlightCount()).toBe(base + 1);
    endB();
    expect(inFlightCount()).toBe(base);
  });

  it('ends a request once, however often its end function is called', () => {
    const base = inFlightCount();
    const endA = trackRequest();
    const endB = trackRequest();
    endA();
    endA();
    endA();
    expect(inFlightCount()).toBe(base + 1);
    endB();
    expect(inFlightCount()).toBe(base);
  });

  it('notifies subscribers of each change until they unsubscribe', () => {
    const base = inFlightCount();
    const listener = vi.fn();
    const unsubscribe = subscribeInFlight(listener);
    const end = trackRequest();
    end();
    end();
    expect(listener.mock.calls).toEqual([[base + 1], [base]]);
    unsubscribe();
    trackRequest()();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('apiRequest reports its requests in flight', () => {
  let release: (response: Response | Error) => void;
  const seen: number[] = [];
  let unsubscribe: () => void;

  beforeEach(() => {
    setNavigator(vi.fn(), () => '/overview');
    seen.length = 0;
    unsubscribe = subscribeInFlight((count) => seen.push(count));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve, reject) => {
            release = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
          }),
      ),
    );
  });
  afterEach(() => {
    unsubscribe();
    setNavigator();
  });

  it('counts the request while it is in flight and releases it on success', async () => {
    const base = inFlightCount();
    const pending = apiRequest('thing');
    expect(inFlightCount()).toBe(base + 1);
    release(jsonResponse(200, { ok: true }));
    await expect(pending).resolves.toEqual({ ok: true });
    expect(inFlightCount()).toBe(base);
    expect(seen).toEqual([base + 1, base]);
  });

  it('releases it on an error status', async () => {
    const base = inFlightCount();
    const pending = apiRequest('thing');
    expect(inFlightCount()).toBe(base + 1);
    release(jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(inFlightCount()).toBe(base);
    expect(seen).toEqual([base + 1, base]);
  });

  it('releases it on a network failure', async () => {
    const base = inFlightCount();
    const pending = apiRequest('thing');
    expect(inFlightCount()).toBe(base + 1);
    release(new TypeError('Failed to fetch'));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(inFlightCount()).toBe(base);
  });

  it('counts concurrent requests separately', async () => {
    const base = inFlightCount();
    const first = apiRequest('one');
    const releaseFirst = release;
    const second = apiRequest('two');
    expect(inFlightCount()).toBe(base + 2);
    releaseFirst(jsonResponse(200, {}));
    await first;
    expect(inFlightCount()).toBe(base + 1);
    release(jsonResponse(200, {}));
    await second;
    expect(inFlightCount()).toBe(base);
  });
});
