import { STORAGE_KEYS } from '@cuepoint/core';
import { BASENAME, PATHS } from './paths.ts';
import { queryClient } from './query-client.ts';

/**
 * Login-as (spec section 4): the administrator's own session stays stored (the original user is
 * kept); `loginasid` names the user acted as and every request carries it as Login-As. The page
 * reloads on /overview so that everything is fetched again as that user.
 */
export function startLoginAs(
  target: { _id: string; email: string },
  go: (url: string) => void = (url) => window.location.assign(url),
) {
  window.localStorage.setItem(STORAGE_KEYS.loginAsId, target._id);
  window.localStorage.setItem(STORAGE_KEYS.loginAs, JSON.stringify({ _id: target._id, email: target.email }));
  queryClient.clear();
  go(`${BASENAME}${PATHS.overview}`);
}
