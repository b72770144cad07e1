import { STREAM_ADS_PATH, STREAMER_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/** The screens a playout channel links to: its streamer channel, and its live stream's ad configuration. */
export const PLAYOUT_LINKS = {
  channel: resourcePaths(STREAMER_PATH).detail,
  adConfiguration: resourcePaths(STREAM_ADS_PATH).detail,
};
