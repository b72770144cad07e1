import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The VOD assets' calls: GET/POST /ssai/vod, GET/PUT/POST/DELETE /ssai/vod/{id}. */
export const vodApi = resourceApi(RESOURCES.vod);
