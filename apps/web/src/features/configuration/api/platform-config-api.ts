/** The Configuration screen's calls (main administrator): API_PATHS.config. */
import {
  API_PATHS,
  apiPath,
  type PlatformConfig,
  type PlatformConfigCompare,
  type PlatformConfigHistory,
  type PlatformConfigRestore,
  type PlatformConfigSave,
} from '@cuepoint/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every query of this screen starts with this key (a write refreshes them all). */
const KEY = ['platform-config'] as const;

/** GET config/get?cluster= (the spec's call): the version in force. */
export const usePlatformConfig = (cluster: string) =>
  useQuery({
    queryKey: [...KEY, cluster, 'current'],
    queryFn: () => apiRequest<PlatformConfig>(apiPath(API_PATHS.config.get, undefined, { cluster })),
  });

/** GET config/versions?cluster=: the history, newest first. */
export const useConfigHistory = (cluster: string) =>
  useQuery({
    queryKey: [...KEY, cluster, 'versions'],
    queryFn: () =>
      apiRequest<PlatformConfigHistory>(apiPath(API_PATHS.config.versions, undefined, { cluster })),
  });

/** GET config/compare?cluster=&from=&to= (disabled until two versions are chosen). */
export const useConfigCompare = (cluster: string, pair: readonly [number, number] | null) =>
  useQuery({
    queryKey: [...KEY, cluster, 'compare', pair],
    queryFn: () =>
      apiRequest<PlatformConfigCompare>(
        apiPath(API_PATHS.config.compare, undefined, { cluster, from: pair![0], to: pair![1] }),
      ),
    enabled: pair !== null,
  });

const useWrite = <Body>(
  path: typeof API_PATHS.config.save | typeof API_PATHS.config.restore,
  method: string,
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<PlatformConfig>(apiPath(path), { method, body }),
    onSuccess: (config) => client.setQueryData([...KEY, config.cluster, 'current'], config),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

/** PUT config/save: a new version from the version read. */
export const useSaveConfig = () => useWrite<PlatformConfigSave>(API_PATHS.config.save, 'PUT');
/** POST config/restore: an earlier version's values as a new version. */
export const useRestoreConfig = () => useWrite<PlatformConfigRestore>(API_PATHS.config.restore, 'POST');
