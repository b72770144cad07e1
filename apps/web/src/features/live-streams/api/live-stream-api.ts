import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The live streams' calls (/ssai/ds), for their datasource and their ad configuration alike. */
export const liveStreamApi = resourceApi(RESOURCES.liveStream);
