import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastContainer = lazy(() => import('./toast-container.tsx'));

/**
 * Toasts bottom right, 4000 ms by default (spec section 2). The container and its transitions
 * load with the first toast (`notifications.show`), not with every page: the store keeps what was
 * shown meanwhile and the container renders it on mount.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
