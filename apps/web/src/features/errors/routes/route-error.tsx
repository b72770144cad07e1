import { TEXTS } from '@cuepoint/core';
import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { isChunkLoadError, reloadAfterChunkError } from '../../../lib/chunk-reload.ts';
import { ErrorPage } from '../components/error-page.tsx';

/**
 * Error boundary of the route tree: a thrown response keeps its status, and so does a refused API
 * call (a 429 or a 503 while a page loads is not a 500); anything else is a 500. A screen whose
 * code failed to load reloads the page (at most once per 60 s) instead.
 */
export function RouteError() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadAfterChunkError());
  if (reloading) return null;
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? TEXTS.pageNotFoundMessage : String(error.data || error.statusText);
    return <ErrorPage status={error.status} message={message} />;
  }
  // An answer's status (never 0: no answer at all is the 500 of anything else).
  const status = error instanceof ApiError && error.status >= 400 ? error.status : 500;
  return <ErrorPage status={status} message={error instanceof Error ? error.message : String(error)} />;
}
