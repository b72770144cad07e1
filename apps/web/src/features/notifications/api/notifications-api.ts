/** The Notification screen's calls: API_PATHS.notification (the signed-in user's own). */
import {
  API_PATHS,
  apiPath,
  type NotificationFilter,
  type NotificationListResponse,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type NotificationReadAllResponse,
  type UserNotification,
} from '@cuepoint/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every query of this screen starts with this key (a write refreshes them all). */
const KEY = ['notifications'] as const;

export const NOTIFICATION_PAGE_SIZE = 20;
/** How often the list looks for new notifications while open. */
const REFRESH_MS = 60_000;

/** GET notification/notifications: one page, all or unread. */
export const useNotificationList = (filter: NotificationFilter, page: number) =>
  useQuery({
    queryKey: [...KEY, 'list', filter, page],
    queryFn: () =>
      apiRequest<NotificationListResponse>(
        apiPath(API_PATHS.notification.list, undefined, {
          filter,
          page,
          pageSize: NOTIFICATION_PAGE_SIZE,
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** PUT notification/notifications/:id/read. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      apiRequest<UserNotification>(apiPath(API_PATHS.notification.read, { id }), {
        method: 'PUT',
        body: { read },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST notification/notifications/read-all. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<NotificationReadAllResponse>(apiPath(API_PATHS.notification.readAll), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET notification/preferences. */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: [...KEY, 'preferences'],
    queryFn: () => apiRequest<NotificationPreferences>(apiPath(API_PATHS.notification.preferences)),
  });

/** PUT notification/preferences; the answer replaces the cached preferences. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      apiRequest<NotificationPreferences>(apiPath(API_PATHS.notification.preferences), {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => client.setQueryData([...KEY, 'preferences'], saved),
  });
}
