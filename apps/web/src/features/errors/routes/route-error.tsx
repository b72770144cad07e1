import { TEXTS } from '@cuepoint/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';

/** Error boundary of the route tree: a thrown response keeps its status, anything else is a 500. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? TEXTS.pageNotFoundMessage : String(error.data || error.statusText);
    return <ErrorPage status={error.status} message={message} />;
  }
  return <ErrorPage status={500} message={error instanceof Error ? error.message : String(error)} />;
}
