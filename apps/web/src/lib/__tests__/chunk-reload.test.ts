import { CHUNK_RELOAD_GUARD_MS } from '@cuepoint/core';
import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadAfterChunkError } from '../chunk-reload.ts';

describe('isChunkLoadError', () => {
  it.each([
    [
      'Chrome',
      new TypeError('Failed to fetch dynamically imported module: https://x.test/app/assets/a-1.js'),
    ],
    ['Firefox', new TypeError('error loading dynamically imported module: https://x.test/app/assets/a-1.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite (CSS preload)', new Error('Unable to preload CSS for /app/assets/x.css')],
  ])('recognises the %s message', (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('recognises an error named ChunkLoadError', () => {
    const error = new Error('Loading chunk 7 failed.');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a script error', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['an API error', new Error('Request failed with status 500')],
    ['an empty message', new Error('')],
  ])('is false for %s', (_kind, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });

  it.each([
    ['a string', 'Failed to fetch dynamically imported module: /app/assets/a.js'],
    ['a plain object', { message: 'Importing a module script failed.' }],
    ['null', null],
    ['undefined', undefined],
    ['a response-like value', { status: 404, statusText: 'Not Found' }],
  ])('is false for a non-error: %s', (_kind, value) => {
    expect(isChunkLoadError(value)).toBe(false);
  });
});

/** A Storage backed by a Map: nothing shared with the real sessionStorage. */
function fakeStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

describe('reloadAfterChunkError', () => {
  const T0 = 1_700_000_000_000;

  it('reloads the first time', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError(T0, fakeStorage(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within 60 s, and does after', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    const storage = fakeStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError(T0, storage, reload)).toBe(true);
    expect(reloadAfterChunkError(T0 + 1, storage, reload)).toBe(false);
    expect(reloadAfterChunkError(T0 + CHUNK_RELOAD_GUARD_MS - 1, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(reloadAfterChunkError(T0 + CHUNK_RELOAD_GUARD_MS, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    // The window starts again from the last reload.
    expect(reloadAfterChunkError(T0 + CHUNK_RELOAD_GUARD_MS + 10_000, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the guard in the given storage, so a reloaded page (same storage) remembers it', () => {
    const storage = fakeStorage();
    reloadAfterChunkError(T0, storage, vi.fn());
    const afterReload = vi.fn();
    expect(reloadAfterChunkError(T0 + 5_000, storage, afterReload)).toBe(false);
    expect(afterReload).not.toHaveBeenCalled();
    // Another tab (its own session storage) is not held back.
    expect(reloadAfterChunkError(T0 + 5_000, fakeStorage(), afterReload)).toBe(true);
  });

  it('is not blocked by an unreadable or future time in storage', () => {
    const storage = fakeStorage();
    const reload = vi.fn();
    reloadAfterChunkError(T0, storage, reload);
    for (const key of Array.from({ length: storage.length }, (_, i) => storage.key(i)!)) {
      storage.setItem(key, 'not a number');
    }
    expect(reloadAfterChunkError(T0 + 1, storage, reload)).toBe(true);
    // A clock set back: a stored time after now is no recent reload.
    expect(reloadAfterChunkError(T0 - 1_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
