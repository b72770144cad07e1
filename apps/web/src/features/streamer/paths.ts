import { STREAMER_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/** The streamer screens' paths (relative to the router's basename). */
export const STREAMER_PATHS = resourcePaths(STREAMER_PATH);
