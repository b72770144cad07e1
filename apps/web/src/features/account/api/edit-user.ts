import type { ProfileFormValues, User } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/session.ts';

/** PUT /user/editUser/{id}: the profile fields (core's profileSchema); answers the user. */
export const editUser = (id: string, body: ProfileFormValues) =>
  apiRequest<User>(apiPath(API_PATHS.user.edit, { id }), { method: 'PUT', body });

/**
 * Saves a profile. The session's profile query (['user', id]) takes the answer at once, so the
 * shell shows it as soon as the router revalidates, and is marked stale.
 */
export const useEditUser = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileFormValues) => editUser(id, body),
    onSuccess: async (answer, body) => {
      queryClient.setQueryData<User>(currentUserKey(id), (old) =>
        old ? { ...old, ...body, ...(answer ?? {}) } : answer,
      );
      await queryClient.invalidateQueries({ queryKey: currentUserKey(id), refetchType: 'none' });
    },
  });
};
