import { ApiError } from './api-client.ts';
import { showToast, type ToastOptions, type ToastType } from './toast.ts';

/**
 * Spec section 8: "Server errors show a toast with the response message when showMessage is
 * true, else blank (profile/account/token) or the fallback 'Sorry something went wrong while
 * upgrading plans' (8 s)". The one place that decides the words of a failed call's toast:
 *
 * - the server's message, when its answer says `showMessage: true`;
 * - when no answer came at all (network failure, time-out: status 0), the console's own words
 *   for that, which are not a server message;
 * - otherwise the caller's fallback, blank unless it names one.
 */
export function serverErrorText(error: unknown, fallback = ''): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.body?.showMessage === true && error.body.message) return error.body.message;
  if (error.status === 0) return error.message;
  return fallback;
}

export interface ServerErrorToastOptions extends ToastOptions {
  /** The words when the server's message is not for the user (default blank). */
  fallback?: string;
  /** 'error' unless a failure is only a warning. */
  type?: Extract<ToastType, 'error' | 'warning'>;
}

/**
 * Toasts a failed call with `serverErrorText`. Nothing when the API client already ended the
 * session and left the page (spec section 8): there is no one to tell.
 */
export function toastServerError(
  error: unknown,
  { fallback = '', type = 'error', ...options }: ServerErrorToastOptions = {},
) {
  if (error instanceof ApiError && error.redirectTo) return undefined;
  return showToast(type, serverErrorText(error, fallback), options);
}
