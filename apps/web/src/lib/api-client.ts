import type { ErrorResponse } from '@cuepoint/core';
import { runtimeConfig } from './runtime-config.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorResponse> | undefined,
  ) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** Joins the configured base URL (the spec's BASE_URL) and a path. */
export const apiUrl = (path: string, base = runtimeConfig().BASE_URL) =>
  `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/** A JSON request with the UI_TIMEOUT time-out; non-2xx answers throw an ApiError. */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(apiUrl(path), {
    method: init.method ?? 'GET',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(runtimeConfig().UI_TIMEOUT),
  });
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, data as Partial<ErrorResponse> | undefined);
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
