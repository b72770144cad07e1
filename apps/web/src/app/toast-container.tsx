import { TOAST_DURATION_MS } from '@cuepoint/core';
import { Notifications } from '@mantine/notifications';

/** The toast container (loaded with the first toast, see toasts.tsx). */
export default function ToastContainer() {
  return <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS.default} />;
}
