import { TOAST_DURATION_MS } from '@cuepoint/core';
import { notifications } from '@mantine/notifications';

/**
 * Toasts (spec sections 2 and 9): bottom right, 4000 ms unless the spec names another duration
 * (6, 8 or 60 s), one variant per type. Errors are announced assertively to screen readers.
 */
export type ToastType = 'success' | 'error' | 'warning' | 'info';
export type ToastDuration = keyof typeof TOAST_DURATION_MS;

const COLOURS: Record<ToastType, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};
const TITLES: Record<ToastType, string> = {
  success: 'Done',
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
};

export interface ToastOptions {
  /** One of the spec's durations; default 4000 ms. */
  duration?: ToastDuration;
  title?: string;
}

/** The name of a toast's close button. */
export const TOAST_CLOSE_LABEL = 'Close notification';

export function showToast(
  type: ToastType,
  message: string,
  { duration = 'default', title }: ToastOptions = {},
) {
  return notifications.show({
    message,
    title: title ?? TITLES[type],
    color: COLOURS[type],
    autoClose: TOAST_DURATION_MS[duration],
    withBorder: true,
    // The close button is an icon: it needs a name for screen readers.
    closeButtonProps: { 'aria-label': TOAST_CLOSE_LABEL },
    role: type === 'error' ? 'alert' : 'status',
    'data-toast-type': type,
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => showToast('success', message, options),
  error: (message: string, options?: ToastOptions) => showToast('error', message, options),
  warning: (message: string, options?: ToastOptions) => showToast('warning', message, options),
  info: (message: string, options?: ToastOptions) => showToast('info', message, options),
};
