import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The placement calls (/ssai/placement), keys and query options. */
export const placementApi = resourceApi(RESOURCES.placement);
