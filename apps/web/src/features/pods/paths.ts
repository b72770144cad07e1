import { PODS_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The pod template screens' paths (relative to the router's basename): the list, and the create
 * and record pages it opens (/pods/new, /pods/{id}).
 */
export const POD_PATHS = resourcePaths(PODS_PATH);
