import { PLACEMENTS_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The placement screens' paths (relative to the router's basename): the list, and the create and
 * record pages it opens (/placements/new, /placements/{id}).
 */
export const PLACEMENT_PATHS = resourcePaths(PLACEMENTS_PATH);
