import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The live streams' calls: GET/POST /ssai/ds, GET/PUT/POST/DELETE /ssai/ds/{id}. */
export const liveStreamApi = resourceApi(RESOURCES.liveStream);
