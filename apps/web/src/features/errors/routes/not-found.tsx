import { TEXTS } from '@cuepoint/core';
import { ErrorPage } from '../components/error-page.tsx';

export function Component() {
  return <ErrorPage status={404} message={TEXTS.pageNotFoundMessage} />;
}
