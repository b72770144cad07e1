import type { userSearchResponseSchema } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type UserSearchResult = z.infer<typeof userSearchResponseSchema>[number];

/** GET /user/search?q=: a main administrator's pick of users to act as. */
export const searchUsers = (q: string) =>
  apiRequest<UserSearchResult[]>(apiPath(API_PATHS.user.search, undefined, { q, limit: 20 }));

export const userSearchQuery = (q: string) =>
  queryOptions({ queryKey: ['user', 'search', q], queryFn: () => searchUsers(q), staleTime: 10_000 });

export const useUserSearch = (q: string, enabled: boolean) =>
  useQuery({ ...userSearchQuery(q), enabled, retry: false, placeholderData: keepPreviousData });
