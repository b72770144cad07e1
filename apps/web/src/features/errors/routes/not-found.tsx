import { TEXTS } from '@cuepoint/core';
import { resolveStoredSession } from '../../../lib/session.ts';
import { ErrorPage } from '../components/error-page.tsx';

/**
 * An unknown URL opened directly renders no protected page, so the stored session is resolved
 * here, before the page shows its 'Home page' link (spec section 2).
 */
export async function loader() {
  await resolveStoredSession();
  return null;
}

export function Component() {
  return <ErrorPage status={404} message={TEXTS.pageNotFoundMessage} />;
}
