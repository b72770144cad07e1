import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * The one query client: shared by the providers and the route loaders (session profile). A failed
 * query is tried once more, unless the session was closing when it went out (a logout): a second
 * try would leave after the logout, without a session, and be refused (401).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.sessionClosed),
      refetchOnWindowFocus: false,
    },
  },
});
