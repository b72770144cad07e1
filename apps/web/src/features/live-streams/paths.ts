import { LIVE_STREAMS_PATH, STREAM_ADS_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/** The live stream screens' paths: the datasource (relative to the router's basename). */
export const LIVE_PATHS = resourcePaths(LIVE_STREAMS_PATH);

/** The ad configuration view of the streams: its list and one stream's Ads section. */
export const ADS_PATHS = resourcePaths(STREAM_ADS_PATH);
