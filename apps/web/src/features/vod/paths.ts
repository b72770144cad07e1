import { VOD_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/** The VOD screens' paths (relative to the router's basename). */
export const VOD_PATHS = {
  ...resourcePaths(VOD_PATH),
  /** The metadata view (a static path: app/screens.ts lists it before the detail's pattern). */
  metadata: `${VOD_PATH}/metadata`,
} as const;
