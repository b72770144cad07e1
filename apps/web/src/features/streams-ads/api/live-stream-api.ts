import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The live streams' calls (/ssai/ds), for their ad configuration; same query keys as every live stream query. */
export const streamAdsApi = resourceApi(RESOURCES.liveStream);
