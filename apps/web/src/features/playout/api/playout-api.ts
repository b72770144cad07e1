import { API_PATHS, apiPath, type PlayoutChannelAnswer, type PlayoutChannels } from '@cuepoint/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** While a channel runs, the list is read again this often (now playing moves on). */
export const PLAYOUT_REFRESH_MS = 5_000;

/** GET /playout/channels: every customer's streamer channels as playout channels (main administrator). */
export const getPlayoutChannels = () => apiRequest<PlayoutChannels>(apiPath(API_PATHS.playout.channels));

export const playoutChannelsQuery = () =>
  queryOptions({ queryKey: ['playout', 'channels'], queryFn: getPlayoutChannels });

/** The channels, refreshed every few seconds while one of them runs. */
export const usePlayoutChannels = () =>
  useQuery({
    ...playoutChannelsQuery(),
    refetchInterval: (query) =>
      query.state.data?.data.some((channel) => channel.running) ? PLAYOUT_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });

const startChannel = (id: string) =>
  apiRequest<PlayoutChannelAnswer>(apiPath(API_PATHS.playout.start, { id }), { method: 'POST' });
const stopChannel = (id: string) =>
  apiRequest<PlayoutChannelAnswer>(apiPath(API_PATHS.playout.stop, { id }), { method: 'POST' });

/** Start or stop a channel; the list is read again afterwards. */
export function usePlayoutAction(action: 'start' | 'stop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action === 'start' ? startChannel : stopChannel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playoutChannelsQuery().queryKey }),
  });
}
