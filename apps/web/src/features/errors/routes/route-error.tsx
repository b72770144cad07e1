import { TEXTS } from '@cuepoint/core';
import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadAfterChunkError } from '../../../lib/chunk-reload.ts';
import { ErrorPage } from '../components/error-page.tsx';

/**
 * Error boundary of the route tree: a thrown response keeps its status, anything else is a 500.
 * A screen whose code failed to load reloads the page (at most once per 60 s) instead.
 */
export function RouteError() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadAfterChunkError());
  if (reloading) return null;
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? TEXTS.pageNotFoundMessage : String(error.data || error.statusText);
    return <ErrorPage status={error.status} message={message} />;
  }
  return <ErrorPage status={500} message={error instanceof Error ? error.message : String(error)} />;
}
