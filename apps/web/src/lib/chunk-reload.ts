import { CHUNK_RELOAD_GUARD_MS } from '@cuepoint/core';

/**
 * A screen's code failed to load (usually a deployment replaced the hashed files this page
 * knew). Spec sections 8 and 9: the page reloads at most once per 60 s; after that the error
 * page shows.
 */
const RELOADED_AT = 'cuepoint.chunkReloadAt';

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

/** Reloads unless a reload for this reason happened in the last 60 s; answers whether it did. */
export function reloadAfterChunkError(
  now = Date.now(),
  storage: Storage = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(RELOADED_AT) ?? 0);
  if (Number.isFinite(last) && now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}
