import {
  API_PATHS,
  apiPath,
  type ReportResponse,
  type SavedReport,
  type SavedReportInput,
} from '@cuepoint/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /reports/run with the URL's parameters (only once the period is valid); the previous answer stays while the next loads. */
export const useReport = (params: Record<string, string> | null) =>
  useQuery({
    queryKey: ['reports', 'run', params],
    queryFn: () => apiRequest<ReportResponse>(apiPath(API_PATHS.reports.run, undefined, params ?? {})),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

const SAVED_KEY = ['reports', 'saved'] as const;

export const useSavedReports = () =>
  useQuery({
    queryKey: SAVED_KEY,
    queryFn: () => apiRequest<{ data: SavedReport[] }>(apiPath(API_PATHS.reports.saved)),
  });

/** Creates (no id) or replaces a saved report. */
export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SavedReportInput }) =>
      id
        ? apiRequest<SavedReport>(apiPath(API_PATHS.reports.savedItem, { id }), {
            method: 'PUT',
            body: input,
          })
        : apiRequest<SavedReport>(apiPath(API_PATHS.reports.saved), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ _id: string }>(apiPath(API_PATHS.reports.savedItem, { id }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}
