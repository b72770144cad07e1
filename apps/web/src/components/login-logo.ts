import { API_PATHS, apiPath } from '@cuepoint/core';
import { useEffect, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';

/** GET /logo/login?host=: public; the login logo of the customer served on this host. */
export const getLoginLogo = (host: string) =>
  apiRequest<{ url: string | null }>(apiPath(API_PATHS.logo.login, undefined, { host }));

/**
 * The login logo for this host, or null (none, or the look-up failed: the page works without it).
 * A plain effect rather than a query: the sign-in page is the first one most people load, and
 * this keeps the query observer out of its bundle.
 */
export function useLoginLogo(host: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    getLoginLogo(host).then(
      (answer) => current && setUrl(answer.url),
      () => current && setUrl(null),
    );
    return () => {
      current = false;
    };
  }, [host]);
  return url;
}
