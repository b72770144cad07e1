import { Outlet } from 'react-router';
import { UnsavedChangesProvider } from '../components/resource/unsaved-changes.tsx';
import { RouteError } from '../features/errors/routes/route-error.tsx';
import { useOnlineStatus } from '../lib/online-status.ts';
import { LoadingBar } from './loading-bar.tsx';

const OFFLINE_STYLE = {
  position: 'sticky',
  top: 0,
  zIndex: 1000,
  padding: '6px 12px',
  textAlign: 'center',
  fontSize: 14,
  background: 'var(--mantine-color-dark-7)',
  color: 'var(--mantine-color-white)',
} as const;

/**
 * The root of every page: the loading bar, the offline banner, then the matched route inside the
 * console's unsaved-changes guard.
 */
export function Component() {
  const online = useOnlineStatus();
  return (
    <>
      <LoadingBar />
      {!online && (
        <div role="status" style={OFFLINE_STYLE}>
          You are offline. Changes cannot be saved until the connection is back.
        </div>
      )}
      <UnsavedChangesProvider>
        <Outlet />
      </UnsavedChangesProvider>
    </>
  );
}

export const ErrorBoundary = RouteError;
