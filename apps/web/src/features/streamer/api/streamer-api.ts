import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The streamer channels' calls: GET/POST /ssai/streamer, GET/PUT/POST/DELETE /ssai/streamer/{id}. */
export const streamerApi = resourceApi(RESOURCES.streamer);
