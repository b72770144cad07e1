import type { TimeZoneOption } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /country/getTimeZones (spec section 7): each zone's name (`value`) and offset (`numerical_value`). */
export const getTimeZones = () => apiRequest<TimeZoneOption[]>(apiPath(API_PATHS.country.timeZones));

export const timeZonesQuery = () =>
  queryOptions({ queryKey: ['country', 'timeZones'], queryFn: getTimeZones, staleTime: 300_000 });

export const useTimeZones = () => useQuery(timeZonesQuery());
