import { BUNDLES_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The bundle screens' paths (relative to the router's basename): the list at /demand, and the
 * create and record pages it opens (/demand/new, /demand/{id}).
 */
export const BUNDLE_PATHS = resourcePaths(BUNDLES_PATH);
