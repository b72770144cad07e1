import { QueryClient } from '@tanstack/react-query';

/** The one query client: shared by the providers and the route loaders (session profile). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
